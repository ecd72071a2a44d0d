import os from 'node:os';
import { REDIS_CACHE_NAME, type ServerProcess } from '@srm/contracts';
import { ALL_CACHES, CACHE_CLEAR_TOPIC } from '../../core/cache-source';
import type { Cluster } from '../../core/cluster';

/** Announcements older than this are a stopped or crashed process's. */
const STALE_MS = 45_000;
const REFRESH_MS = 10_000;

interface Announcement {
  pid: number;
  host: string;
  nodeVersion: string;
  startedAt: number;
  lastSeen: number;
}

/**
 * Each server process announces itself in a Redis hash under the prefix (field: its process id),
 * refreshed every 10 s and removed when it stops; the monitor lists the fresh ones. Without Redis
 * there is one process: this one.
 */
export class ProcessRegistry {
  private readonly startedAt = Date.now();
  private readonly timer: NodeJS.Timeout | null;
  private readonly key: string;

  constructor(private readonly cluster: Cluster) {
    this.key = `${cluster.prefix}:processes`;
    this.timer = cluster.redis
      ? setInterval(() => void this.announce().catch(() => undefined), REFRESH_MS)
      : null;
    this.timer?.unref();
    // The cache screen may delete the Redis keys under the prefix: announce again at once.
    this.unsubscribe = cluster.subscribe(CACHE_CLEAR_TOPIC, (data) => {
      const name = (data as { name?: unknown })?.name;
      if (name === ALL_CACHES || name === REDIS_CACHE_NAME) void this.announce().catch(() => undefined);
    });
  }
  private readonly unsubscribe: () => void;

  private me(now = Date.now()): Announcement {
    return {
      pid: process.pid,
      host: os.hostname(),
      nodeVersion: process.version,
      startedAt: this.startedAt,
      lastSeen: now,
    };
  }

  async announce(): Promise<void> {
    await this.cluster.redis?.hset(this.key, this.cluster.processId, JSON.stringify(this.me()));
  }

  async list(): Promise<ServerProcess[]> {
    const self = { id: this.cluster.processId, ...this.me(), current: true };
    const redis = this.cluster.redis;
    if (!redis) return [self];
    const now = Date.now();
    const all = await redis.hgetall(this.key);
    const out: ServerProcess[] = [self];
    const stale: string[] = [];
    for (const [id, text] of Object.entries(all)) {
      if (id === this.cluster.processId) continue;
      try {
        const a = JSON.parse(text) as Announcement;
        if (now - a.lastSeen > STALE_MS) stale.push(id);
        else out.push({ id, ...a, current: false });
      } catch {
        stale.push(id);
      }
    }
    if (stale.length) await redis.hdel(this.key, ...stale);
    return out.sort((a, b) => a.startedAt - b.startedAt);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe();
    await this.cluster.redis?.hdel(this.key, this.cluster.processId).catch(() => undefined);
  }
}
