import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';

/** PGlite reads the parameter count as a signed 16-bit number. */
const PGLITE_MAX_PARAMS = 32_767;

import pg from 'pg';
import { useNamedStatements } from './prepared';
import type { Database } from './types';

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'pg';
  /** The server's address, when kind is pg (the job runner opens its own small pool). */
  connectionString?: string;
  /** The embedded instance, when kind is pglite. */
  pglite?: PGlite;
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

/** A pooled client that runs marked statements as named (server-prepared) ones. */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query() has many overloads
  override query(...args: any[]): any {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !text.startsWith(PREPARE_MARK) || typeof values === 'function')
      // biome-ignore lint/suspicious/noExplicitAny: as above
      return (super.query as (...a: any[]) => any)(...args);
    const config = { name: statementNameOf(text), text, values };
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return callback ? (super.query as (...a: any[]) => any)(config, callback) : super.query(config);
  }
}

export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      Client: PreparingClient,
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
      return ((await pool.query(query)) as unknown as pg.QueryResult).rows;
    });
    return { db, kind: 'pg', connectionString: options.databaseUrl, close: () => db.destroy() };
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
  const query = pglite.query.bind(pglite);
  pglite.query = ((text: string, params?: unknown[], options?: Parameters<typeof query>[2]) => {
    if (params && params.length > PGLITE_MAX_PARAMS)
      return Promise.reject(new Error(`PGlite takes at most ${PGLITE_MAX_PARAMS} parameters per statement`));
    return query(text, params, options);
  }) as typeof pglite.query;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export async function pingDb(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
