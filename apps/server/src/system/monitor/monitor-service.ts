import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MONITOR_HISTORY_MAX, type MonitorInfo, type MonitorSample } from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import si from 'systeminformation';
import type { Cluster } from '../../core/cluster';
import type { Database } from '../../db/types';
import type { ProcessRegistry } from './processes';

/** `df` is a process spawn: the disks are read at most this often. */
const DISK_TTL_MS = 30_000;
/** A sample joins the history at most this often, however many screens refresh. */
const HISTORY_STEP_MS = 2_000;
const SLOW_STATEMENTS = 5;

export interface MonitorContext {
  db: Kysely<Database>;
  dbKind: 'pglite' | 'pg';
  cluster: Cluster;
  processes: ProcessRegistry;
  now: () => number;
}

type Disks = MonitorInfo['system']['disks'];

/**
 * One sample of the machine (systeminformation), this Node process, the database, Redis and the
 * connected processes; samples are kept in a ring for the screen's charts. Concurrent refreshes
 * share one sample being taken.
 */
export class Monitor {
  private readonly loop: ReturnType<typeof monitorEventLoopDelay> = monitorEventLoopDelay({ resolution: 20 });
  private readonly history: MonitorSample[] = [];
  private disks: { at: number; value: Promise<Disks> } | null = null;
  private statics: Promise<{ cpuModel: string; cores: number; os: string }> | null = null;
  private pending: Promise<MonitorInfo> | null = null;

  constructor(private readonly ctx: MonitorContext) {
    this.loop.enable();
  }

  close(): void {
    this.loop.disable();
  }

  sample(): Promise<MonitorInfo> {
    this.pending ??= this.take().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private staticInfo() {
    this.statics ??= Promise.all([si.cpu(), si.osInfo()]).then(([cpu, info]) => ({
      cpuModel: `${cpu.manufacturer} ${cpu.brand}`.trim(),
      cores: cpu.cores,
      os: `${info.distro} ${info.release} (${info.arch})`.trim(),
    }));
    return this.statics;
  }

  private diskInfo(now: number): Promise<Disks> {
    if (!this.disks || now - this.disks.at > DISK_TTL_MS) {
      const value = si
        .fsSize()
        .then((list) =>
          list
            .filter((d) => d.size > 0)
            .slice(0, 8)
            .map((d) => ({ mount: d.mount, size: d.size, used: d.used })),
        )
        .catch(() => []);
      this.disks = { at: now, value };
    }
    return this.disks.value;
  }

  private async take(): Promise<MonitorInfo> {
    const now = this.ctx.now();
    const [statics, load, mem, disks, database, redis, processes] = await Promise.all([
      this.staticInfo(),
      si.currentLoad(),
      si.mem(),
      this.diskInfo(now),
      this.database(),
      this.redis(),
      this.ctx.processes.list(),
    ]);
    const usage = process.memoryUsage();
    const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
    const loopMean = ms(this.loop.mean);
    const loopP99 = ms(this.loop.percentile(99));
    this.loop.reset();
    const cpu = Math.round(load.currentLoad * 10) / 10;
    const memUsed = mem.total - mem.available;
    const last = this.history.at(-1);
    if (!last || now - last.time >= HISTORY_STEP_MS) {
      this.history.push({
        time: now,
        cpu,
        memUsed,
        heapUsed: usage.heapUsed,
        rss: usage.rss,
        loopDelayP99: loopP99,
      });
      if (this.history.length > MONITOR_HISTORY_MAX) this.history.shift();
    }
    return {
      time: now,
      system: { ...statics, cpu, memTotal: mem.total, memUsed, load: os.loadavg(), disks },
      node: {
        version: process.version,
        pid: process.pid,
        uptimeSec: Math.round(process.uptime()),
        heapUsed: usage.heapUsed,
        heapTotal: usage.heapTotal,
        rss: usage.rss,
        loopDelayMeanMs: loopMean,
        loopDelayP99Ms: loopP99,
      },
      database,
      redis,
      processes,
      history: [...this.history],
    };
  }

  private async database(): Promise<MonitorInfo['database']> {
    const { db, dbKind } = this.ctx;
    const size = sql<{ size: string }>`select pg_database_size(current_database())::text as size`
      .execute(db)
      .then(
        (r) => Number(r.rows[0]?.size ?? 0),
        () => null,
      );
    // The embedded database has one connection: this process's.
    const connections =
      dbKind === 'pglite'
        ? Promise.resolve(1)
        : sql<{
            n: number;
          }>`select count(*)::int as n from pg_stat_activity where datname = current_database()`
            .execute(db)
            .then(
              (r) => Number(r.rows[0]?.n ?? 0),
              () => null,
            );
    return {
      kind: dbKind,
      sizeBytes: await size,
      connections: await connections,
      slowStatements: await this.slow(),
    };
  }

  /** The slowest statements by mean time, when pg_stat_statements is installed (normalised text: no values). */
  private async slow(): Promise<MonitorInfo['database']['slowStatements']> {
    const { db } = this.ctx;
    try {
      const ext = await sql<{
        ok: boolean;
      }>`select exists (select 1 from pg_extension where extname = 'pg_stat_statements') as ok`.execute(db);
      if (!ext.rows[0]?.ok) return null;
      const rows = await sql<{ query: string; calls: string; mean: number; total: number }>`
        select query, calls::text as calls, mean_exec_time as mean, total_exec_time as total
        from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
        order by mean_exec_time desc limit ${SLOW_STATEMENTS}`.execute(db);
      return rows.rows.map((r) => ({
        query: r.query.slice(0, 500),
        calls: Number(r.calls),
        meanMs: Number(r.mean),
        totalMs: Number(r.total),
      }));
    } catch {
      // Installed but not preloaded (shared_preload_libraries): the view cannot be read.
      return null;
    }
  }

  private async redis(): Promise<MonitorInfo['redis']> {
    const redis = this.ctx.cluster.redis;
    if (!redis) return null;
    const text = await redis.info().catch(() => '');
    const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(text)?.[1]?.trim() ?? '';
    return {
      usedMemory: Number(field('used_memory')) || 0,
      clients: Number(field('connected_clients')) || 0,
      version: field('redis_version'),
    };
  }
}
