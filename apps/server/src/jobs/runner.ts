import type { Kysely, Transaction } from 'kysely';
import { type Db, fromKysely, fromPglite, type JobResult, PgBoss, type SendOptions } from 'pg-boss';
import { type DbHandle, PREPARE_MARK } from '../db/index';
import type { Database } from '../db/types';

/** What a handler gets besides the job's data. */
export interface JobMeta {
  /** pg-boss's job id. */
  id: string;
  /** 1 on the first try, 2 on the first retry … */
  attempt: number;
}

/**
 * A named job the server knows how to run. Defined once, in code, before the runner starts; the
 * queue is created with the retry policy, so every send and every schedule of it retries alike.
 */
export interface JobDefinition<T extends object> {
  name: string;
  /** Throwing fails the attempt; pg-boss retries it per the policy below, then marks it failed. */
  handler: (data: T, meta: JobMeta) => Promise<void>;
  /**
   * Runs a fetched batch of jobs at once (e.g. in one transaction). If it throws, each job of the
   * batch is run alone by `handler`, so one bad job fails only itself.
   */
  batchHandler?: (jobs: readonly { data: T; meta: JobMeta }[]) => Promise<void>;
  /** Retries after the first attempt (default 2). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30), doubled each time when `retryBackoff` (default on). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** An attempt running longer is failed (and retried): default 15 minutes. */
  expireInSeconds?: number;
}

export interface JobRunnerOptions {
  /**
   * Work the queues and fire schedules in this process (default on in the server). Off, the runner
   * still sends and schedules (rows in the `pgboss` schema) for another process to run.
   */
  workers: boolean;
  /** How often an idle worker looks for jobs (default 2 s). */
  pollingIntervalSeconds?: number;
  /** How often schedules are checked for a due occurrence (pg-boss's default 30 s; tests shorten it). */
  cronIntervalSeconds?: number;
  onError?: (error: Error) => void;
}

/** Jobs fetched at once by a worker. */
const BATCH = 20;

/** Cron schedules of the runner: at most one per (job name, key). */
export interface ScheduleSpec {
  cron: string;
  timeZone: string;
  /** Tells several schedules of one job apart (e.g. a task id). */
  key: string;
}

/**
 * The embedded database has one connection, which Kysely hands out one holder at a time. pg-boss's
 * statements take their turn the same way, so none lands inside someone else's open transaction;
 * its multi-statement blocks run through `exec` while holding that turn.
 */
function pgliteAdapter(handle: DbHandle): Db {
  if (!handle.pglite) throw new Error('embedded database without its PGlite instance');
  const inner = fromPglite(handle.pglite);
  const { listen } = inner;
  const inTurn = <T>(run: () => Promise<T>) => handle.db.connection().execute(run);
  return {
    executeSql: (text, values) => inTurn(() => inner.executeSql(text, values)),
    // LISTEN and UNLISTEN take their turn too: on the one connection, inside someone's open
    // transaction, a rollback would undo them.
    ...(listen
      ? {
          listen: async (channel, onNotification, onReconnect) => {
            const handleOf = await inTurn(() => listen(channel, onNotification, onReconnect));
            return { close: () => inTurn(() => handleOf.close()) };
          },
        }
      : {}),
  };
}

/**
 * The server's job runner: pg-boss on the product's database (its own `pgboss` schema), on
 * PostgreSQL through a small pool of its own and on the embedded database through the shared
 * connection. Jobs survive restarts (they are rows), a schedule fires once across every process
 * sharing the database, and a job sent inside a caller's transaction exists only if it commits.
 */
export class JobRunner {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private starting: Promise<void> | null = null;
  private stopped = false;

  constructor(
    handle: DbHandle,
    private readonly options: JobRunnerOptions,
  ) {
    const common = {
      schema: 'pgboss',
      supervise: options.workers,
      schedule: options.workers,
      migrate: true,
      // A job sent (its transaction committed) wakes an idle worker at once instead of at its next
      // poll: the outbox's messages and live pushes leave right after the action.
      useListenNotify: options.workers,
      ...(options.cronIntervalSeconds
        ? {
            cronMonitorIntervalSeconds: options.cronIntervalSeconds,
            cronWorkerIntervalSeconds: options.cronIntervalSeconds,
          }
        : {}),
    } as const;
    this.boss =
      handle.kind === 'pg'
        ? new PgBoss({ ...common, connectionString: handle.connectionString, max: 3 })
        : new PgBoss({ ...common, db: pgliteAdapter(handle), backend: 'pglite' });
    this.boss.on('error', (error: Error) => options.onError?.(error));
  }

  /** Declares a job (before `start`). A second definition of one name is a programming error. */
  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} defined twice`);
    if (this.starting) throw new Error(`job ${definition.name} defined after the runner started`);
    this.definitions.set(definition.name, definition as JobDefinition<object>);
  }

  has(name: string): boolean {
    return this.definitions.has(name);
  }

  /**
   * Starts pg-boss (creating or migrating its schema), creates each defined queue and, with
   * workers on, works them. Safe to call again: later calls wait for the first.
   */
  start(): Promise<void> {
    this.starting ??= this.doStart();
    return this.starting;
  }

  private async doStart(): Promise<void> {
    await this.boss.start();
    const existing = new Set((await this.boss.getQueues()).map((q) => q.name));
    for (const def of this.definitions.values()) {
      const policy = {
        retryLimit: def.retryLimit ?? 2,
        retryDelay: def.retryDelaySeconds ?? 30,
        retryBackoff: def.retryBackoff ?? true,
        expireInSeconds: def.expireInSeconds ?? 15 * 60,
        notify: true,
      };
      if (existing.has(def.name)) await this.boss.updateQueue(def.name, policy);
      else await this.boss.createQueue(def.name, policy);
    }
    if (!this.options.workers) return;
    for (const def of this.definitions.values()) {
      // Up to BATCH jobs per fetch and, while fetches come back full, the next fetch at once: a
      // backlog drains at the handlers' pace, not one job per polling interval. Each job settles on
      // its own (a failing one is retried alone, its neighbours stay done).
      await this.boss.work<object>(
        def.name,
        {
          pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
          // The poll stays as frequent with NOTIFY on: a retry or a timer (a job whose start time
          // comes later) sends no notification and is found only by polling.
          notifyPollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
          includeMetadata: true,
          batchSize: BATCH,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (jobs) => {
          const results: JobResult[] = [];
          if (def.batchHandler && jobs.length > 1) {
            try {
              await def.batchHandler(
                jobs.map((job) => ({ data: job.data, meta: { id: job.id, attempt: job.retryCount + 1 } })),
              );
              return jobs.map((job) => ({ id: job.id, status: 'completed' as const }));
            } catch (error) {
              this.options.onError?.(error as Error);
            }
          }
          for (const job of jobs) {
            try {
              await def.handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
              results.push({ id: job.id, status: 'completed' });
            } catch (error) {
              this.options.onError?.(error as Error);
              results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } });
            }
          }
          return results;
        },
      );
    }
  }

  /** Stops working and scheduling; jobs in flight finish first (up to 10 s). */
  async stop(): Promise<void> {
    if (!this.starting || this.stopped) return;
    this.stopped = true;
    await this.starting.catch(() => {});
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }

  private assertDefined(name: string): void {
    if (!this.definitions.has(name)) throw new Error(`job ${name} is not defined`);
  }

  /** Sends a job to run as soon as a worker is free; returns its id. */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string> {
    this.assertDefined(name);
    await this.start();
    const id = await this.boss.send(name, data, options);
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  /**
   * Sends a job inside the caller's transaction: it exists only if that transaction commits. Call
   * `start()` before opening the transaction (on the embedded database the transaction holds the
   * only connection, which starting pg-boss would wait for).
   */
  async sendInTx<T extends object>(
    tx: Transaction<Database>,
    name: string,
    data: T,
    options: Omit<SendOptions, 'db'> = {},
  ): Promise<string> {
    this.assertDefined(name);
    if (!this.starting) throw new Error('start the job runner before sending inside a transaction');
    const inTx = fromKysely(tx);
    // pg-boss's insert is one fixed text per queue: prepared on the server (db/index.ts).
    const db: Db = { executeSql: (text, values) => inTx.executeSql(PREPARE_MARK + text, values) };
    const id = await this.boss.send(name, data, { ...options, db });
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  /** Creates or replaces the schedule of (name, key); in the caller's transaction when given. */
  async schedule<T extends object>(
    name: string,
    spec: ScheduleSpec,
    data: T,
    tx?: Kysely<Database> | Transaction<Database>,
    options: Omit<SendOptions, 'db'> = {},
  ): Promise<void> {
    this.assertDefined(name);
    if (!tx) await this.start();
    await this.boss.schedule(name, spec.cron, data, {
      ...options,
      tz: spec.timeZone,
      key: spec.key,
      ...(tx ? { db: fromKysely(tx) } : {}),
    });
  }

  /** Removes the schedule of (name, key); in the caller's transaction when given. */
  async unschedule(name: string, key: string, tx?: Transaction<Database>): Promise<void> {
    if (!tx) await this.start();
    await this.boss.unschedule(name, key, tx ? { db: fromKysely(tx) } : {});
  }

  /** The keys of a job's schedules. */
  async scheduleKeys(name: string): Promise<string[]> {
    await this.start();
    return (await this.boss.getSchedules(name)).map((s) => s.key);
  }

  /**
   * The next `count` times a cron expression fires in a time zone, computed the way the runner's
   * schedules evaluate it (pg-boss's own cron parsing); throws on an expression it would refuse.
   */
  preview(cron: string, timeZone: string, count = 5, from = new Date()): Date[] {
    return this.boss.previewSchedule(cron, { tz: timeZone, count, from });
  }
}
