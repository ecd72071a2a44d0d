import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';

/** PGlite reads the parameter count as a signed 16-bit number. */
const PGLITE_MAX_PARAMS = 32_767;

import pg from 'pg';
import { isConnectionLost } from './connection-lost';
import { blockKind, DATA_CHANGED_CHANNEL, DataChanges } from './data-changes';
import { useNamedStatements } from './prepared';
import type { Database } from './types';

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'pg';
  /** The server's address, when kind is pg (the job runner opens its own small pool). */
  connectionString?: string;
  /** The embedded instance, when kind is pglite. */
  pglite?: PGlite;
  /** Whether data may have changed since a given moment (db/data-changes.ts; the session cache). */
  changes: DataChanges;
  close(): Promise<void>;
}

/** int8 (ids, counts) as text on both drivers: ids are strings on the wire. */
const INT8 = 20;
const pgliteParsers = { [INT8]: (value: string) => value };

export interface OpenDbOptions {
  databaseUrl?: string;
  /** PGlite data folder; in memory when absent. */
  pgliteDir?: string;
  /** A PGlite dump (`dumpDataDir`) to start from, in memory. */
  loadDataDir?: Blob;
  poolSize?: number;
  /** Errors of idle pooled connections (logged by the server). */
  onIdleError?: (error: Error) => void;
}

/**
 * Marks a statement to be prepared on the server (`prepared.ts`, the job runner's sends): on
 * PostgreSQL each pooled connection parses and plans it once and then only binds and runs it (a
 * named statement of node-postgres), which saves most of the database's CPU of a short statement.
 * Only fixed texts may carry it (each text becomes one named statement per connection); on the
 * embedded database it is a comment.
 */
export const PREPARE_MARK = '/* prepared */ ';

const statementNames = new Map<string, string>();

/**
 * The one name of a marked text in this process, whichever path runs it (a pooled client's query
 * below, or `prepared()` outside a transaction): a connection prepares each text once.
 */
function statementNameOf(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `srm_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A pooled client that runs marked statements as named (server-prepared) ones and reports each
 * statement that completes to `changes` (a write moves the data generation).
 */
function preparingClient(changes: DataChanges) {
  return class PreparingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query() has many overloads
    override query(...args: any[]): any {
      const [text, values, callback] = args;
      // biome-ignore lint/suspicious/noExplicitAny: as above
      const run = super.query as (...a: any[]) => any;
      if (typeof text !== 'string') return run.apply(this, args);
      const done = () => changes.afterStatement(text, this);
      // A connection lost under a transaction is seen here before its socket's end: ended now, the
      // client leaves the pool when the transaction releases it, instead of serving the next request.
      const lost = (error: unknown) => {
        if (isConnectionLost(error)) this.end().catch(() => undefined);
      };
      const cb = typeof values === 'function' ? values : callback;
      if (typeof cb === 'function') {
        // biome-ignore lint/suspicious/noExplicitAny: as above
        const reported = (error: unknown, result: any) => {
          if (!error) done();
          else lost(error);
          cb(error, result);
        };
        if (typeof values === 'function') args[1] = reported;
        else args[2] = reported;
      }
      const named = text.startsWith(PREPARE_MARK) && typeof values !== 'function';
      const result = named
        ? run.call(
            this,
            { name: statementNameOf(text), text, values },
            ...(typeof cb === 'function' ? [args[2]] : []),
          )
        : run.apply(this, args);
      if (typeof cb === 'function') return result;
      // biome-ignore lint/suspicious/noExplicitAny: as above
      return (result as Promise<any>).then(
        // biome-ignore lint/suspicious/noExplicitAny: as above
        (r: any) => {
          done();
          return r;
        },
        (error: unknown) => {
          lost(error);
          throw error;
        },
      );
    }
  };
}

/** How often the listening connection proves it still receives notices, and how long a proof may take. */
const PROBE_EVERY_MS = 15_000;
const PROBE_WAIT_MS = 5_000;

/**
 * Listens to the change notices of other writers (migration 0039) on a connection of its own
 * (TCP keep-alive on). The session cache trusts it only once a notice this process sent through
 * its pool came back on it, and again every 15 s: a notice that does not come back within 5 s (a
 * half-open socket, a pooler that does not keep LISTEN) turns the cache off and opens the
 * connection again, as does a lost connection (after a 2 s pause).
 */
function watchDataChanges(
  url: string,
  changes: DataChanges,
  sendNotice: (payload: string) => Promise<unknown>,
  onError?: (error: Error) => void,
) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let probeTimer: NodeJS.Timeout | null = null;
  let awaiting: string | null = null;
  // One log line per outage, not one per retry.
  let failing = false;
  const self = `probe:${randomBytes(6).toString('hex')}:`;
  let probes = 0;
  const report = (error: Error) => {
    if (stopped || failing) return;
    failing = true;
    onError?.(error);
  };
  const lost = (from: pg.Client) => {
    if (client !== from) return;
    client = null;
    awaiting = null;
    if (probeTimer) clearTimeout(probeTimer);
    changes.setWatching(false);
    from.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(connect, 2_000).unref();
  };
  const probe = (c: pg.Client) => {
    if (stopped || client !== c) return;
    const payload = `${self}${++probes}`;
    awaiting = payload;
    sendNotice(payload).catch((error: Error) => report(error));
    probeTimer = setTimeout(() => {
      if (awaiting !== payload) return;
      report(new Error('change notices do not come back on the listening connection'));
      lost(c);
    }, PROBE_WAIT_MS).unref();
  };
  const connect = async () => {
    retry = null;
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    client = c;
    c.on('notification', (notice) => {
      const payload = notice.payload ?? '';
      // Probes (ours and other processes') change nothing.
      if (!payload.startsWith('probe:')) return changes.bump();
      if (payload !== awaiting || client !== c) return;
      awaiting = null;
      failing = false;
      if (probeTimer) clearTimeout(probeTimer);
      if (!changes.trusted()) changes.setWatching(true);
      probeTimer = setTimeout(() => probe(c), PROBE_EVERY_MS).unref();
    });
    c.on('error', (error) => {
      report(error);
      lost(c);
    });
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`listen ${DATA_CHANGED_CHANNEL}`);
      probe(c);
    } catch (error) {
      report(error as Error);
      lost(c);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    if (probeTimer) clearTimeout(probeTimer);
    const c = client;
    client = null;
    changes.setWatching(false);
    await c?.end().catch(() => undefined);
  };
}

export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const changes = new DataChanges(false);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      Client: preparingClient(changes),
    });
    // An idle client losing its connection (server restart, admin kill) must not crash the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    pool.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    useNamedStatements(db, async (text, values) => {
      // A Query made from the text and named after: pg copies a config object with
      // Object.defineProperties on every call, which costs more than the rest of sending it.
      const query = new pg.Query(text, values) as pg.Query & { name: string };
      query.name = statementNameOf(text);
      const { rows } = (await pool.query(query)) as unknown as pg.QueryResult;
      changes.afterStatement(text, query);
      return rows;
    });
    const stopWatching = watchDataChanges(
      options.databaseUrl,
      changes,
      (payload) => pool.query('select pg_notify($1, $2)', [DATA_CHANGED_CHANNEL, payload]),
      options.onIdleError,
    );
    return {
      db,
      kind: 'pg',
      connectionString: options.databaseUrl,
      changes,
      close: async () => {
        await stopWatching();
        await db.destroy();
      },
    };
  }
  if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const pglite = await PGlite.create({
    dataDir: options.pgliteDir,
    loadDataDir: options.loadDataDir,
    parsers: pgliteParsers,
    // The same extensions as on a PostgreSQL server (migration 0006).
    extensions: { pg_trgm },
  });
  // A statement over PGlite's parameter limit would silently do nothing (statement-limits.ts):
  // it fails loudly instead.
  // Every write of the embedded database goes through this process: its statements are all seen.
  const changes = new DataChanges(true);
  const query = pglite.query.bind(pglite);
  pglite.query = ((text: string, params?: unknown[], options?: Parameters<typeof query>[2]) => {
    if (params && params.length > PGLITE_MAX_PARAMS)
      return Promise.reject(new Error(`PGlite takes at most ${PGLITE_MAX_PARAMS} parameters per statement`));
    return query(text, params, options).then((result) => {
      changes.afterStatement(text, pglite);
      return result;
    });
  }) as typeof pglite.query;
  // Multi-statement texts (the job queue's own blocks): a write unless they only touch the queue.
  const exec = pglite.exec.bind(pglite);
  pglite.exec = ((text: string, options?: Parameters<typeof exec>[1]) =>
    exec(text, options).then((result) => {
      if (blockKind(text) === 'write') changes.bump();
      return result;
    })) as typeof pglite.exec;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    changes,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export async function pingDb(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
