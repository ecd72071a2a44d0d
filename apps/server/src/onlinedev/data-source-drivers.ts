/**
 * Connecting to a data source's database (docs/data-sources.md): PostgreSQL through `pg`,
 * MySQL/MariaDB through `mysql2`, each with the product's settings only — a connect and statement
 * timeout, a read-only session, no local files, no multiple statements, no TLS or other options of
 * the user's. Every failure becomes a `SourceError` naming what went wrong, in the caller's words.
 */
import {
  DATA_SOURCE_TABLES_MAX,
  type DataSourceColumnType,
  type DataSourceKind,
  type DataSourceTable,
} from '@srm/contracts';
import mysql from 'mysql2/promise';
import pg from 'pg';

export interface SourceConnection {
  kind: DataSourceKind;
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
}

/** What went wrong, as a message key of `dataSource.*` and the form field it belongs to. */
export class SourceError extends Error {
  constructor(
    readonly key: 'unreachable' | 'accessDenied' | 'noDatabase' | 'failed',
    readonly field: 'host' | 'password' | 'database' | null,
    readonly detail: string,
  ) {
    super(`${key}: ${detail}`);
    this.name = 'SourceError';
  }
}

export interface SourceClient {
  version(): Promise<string>;
  tables(): Promise<DataSourceTable[]>;
  /**
   * Runs one statement the product wrote (never a user's text) with its values bound: `$1, $2…`
   * on PostgreSQL, `?` on MySQL. Read-only like the whole session.
   */
  query(text: string, values: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

const NETWORK = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

function sourceError(error: unknown): SourceError {
  if (error instanceof SourceError) return error;
  const e = error as { code?: unknown; errno?: unknown; message?: unknown };
  const code = String(e.code ?? '');
  const message = String(e.message ?? error).slice(0, 300);
  if (NETWORK.has(code) || /timeout|timed out/i.test(message))
    return new SourceError('unreachable', 'host', message);
  // PostgreSQL: invalid password / authorization; MySQL: access denied.
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR')
    return new SourceError('accessDenied', 'password', message);
  // MySQL answers a database the user may not read as access denied to it: to him it is not there.
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR')
    return new SourceError('noDatabase', 'database', message);
  return new SourceError('failed', null, message);
}

function pgType(dataType: string): DataSourceColumnType {
  if (/^(smallint|integer|bigint|numeric|real|double precision|decimal)$/.test(dataType)) return 'number';
  if (dataType === 'boolean') return 'boolean';
  if (dataType === 'date') return 'date';
  if (dataType.startsWith('timestamp')) return 'datetime';
  if (dataType === 'json' || dataType === 'jsonb') return 'json';
  return 'text';
}

function mysqlType(dataType: string, columnType: string): DataSourceColumnType {
  if (columnType === 'tinyint(1)') return 'boolean';
  if (/^(tinyint|smallint|mediumint|int|integer|bigint|decimal|numeric|float|double|real)$/.test(dataType))
    return 'number';
  if (dataType === 'date') return 'date';
  if (dataType === 'datetime' || dataType === 'timestamp') return 'datetime';
  if (dataType === 'json') return 'json';
  return 'text';
}

/** Rows of (schema, table, column, type) in order, as tables with their columns, at most the cap. */
function grouped(
  rows: { schema: string; table: string; column: string; type: DataSourceColumnType; dbType: string }[],
): DataSourceTable[] {
  const out: DataSourceTable[] = [];
  for (const row of rows) {
    let last = out.at(-1);
    if (!last || last.schema !== row.schema || last.name !== row.table) {
      if (out.length >= DATA_SOURCE_TABLES_MAX) break;
      last = { schema: row.schema, name: row.table, columns: [] };
      out.push(last);
    }
    last.columns.push({ name: row.column, type: row.type, dbType: row.dbType });
  }
  return out;
}

async function openPostgres(c: SourceConnection, timeoutMs: number): Promise<SourceClient> {
  const client = new pg.Client({
    host: c.host,
    port: c.port,
    database: c.database,
    user: c.username,
    password: c.password,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    application_name: 'srm-data-source',
    // Every transaction of the session is read-only: what a data source is, whatever is asked.
    options: '-c default_transaction_read_only=on',
    ssl: false,
  });
  // A server that drops the connection later must not take the process down.
  client.on('error', () => undefined);
  await client.connect();
  return {
    async version() {
      const r = await client.query<{ v: string }>('select version() as v');
      return r.rows[0]?.v ?? '';
    },
    async tables() {
      const r = await client.query<{ schema: string; table: string; column: string; data_type: string }>(
        `select c.table_schema as schema, c.table_name as table, c.column_name as column, c.data_type
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%'
         order by c.table_schema, c.table_name, c.ordinal_position`,
      );
      return grouped(r.rows.map((x) => ({ ...x, type: pgType(x.data_type), dbType: x.data_type })));
    },
    async query(text, values) {
      const r = await client.query<Record<string, unknown>>(text, [...values]);
      return r.rows;
    },
    close: () => client.end().catch(() => undefined),
  };
}

async function openMysql(c: SourceConnection, timeoutMs: number): Promise<SourceClient> {
  const connection = await mysql.createConnection({
    host: c.host,
    port: c.port,
    database: c.database,
    user: c.username,
    password: c.password,
    connectTimeout: timeoutMs,
    multipleStatements: false,
    // A server asking for a local file gets none (LOAD DATA LOCAL INFILE).
    flags: ['-LOCAL_FILES'],
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
  });
  connection.on('error', () => undefined);
  await connection.query('SET SESSION TRANSACTION READ ONLY');
  // MariaDB's statement limit is in seconds, MySQL's in ms; each ignores the other's.
  await connection
    .query(`SET SESSION max_statement_time = ${Math.ceil(timeoutMs / 1000)}`)
    .catch(() => undefined);
  await connection.query(`SET SESSION max_execution_time = ${Math.floor(timeoutMs)}`).catch(() => undefined);
  return {
    async version() {
      const [rows] = await connection.query({ sql: 'select version() as v', timeout: timeoutMs });
      return String((rows as { v?: unknown }[])[0]?.v ?? '');
    },
    async tables() {
      const [rows] = await connection.query({
        sql: `select table_schema as \`schema\`, table_name as \`table\`, column_name as \`column\`,
                data_type as data_type, column_type as column_type
              from information_schema.columns where table_schema = database()
              order by table_name, ordinal_position`,
        timeout: timeoutMs,
      });
      return grouped(
        (
          rows as { schema: string; table: string; column: string; data_type: string; column_type: string }[]
        ).map((x) => ({
          schema: x.schema,
          table: x.table,
          column: x.column,
          type: mysqlType(String(x.data_type).toLowerCase(), String(x.column_type).toLowerCase()),
          dbType: String(x.column_type),
        })),
      );
    },
    async query(text, values) {
      const [rows] = await connection.query({ sql: text, values: [...values], timeout: timeoutMs });
      return rows as Record<string, unknown>[];
    },
    close: () => connection.end().catch(() => undefined),
  };
}

/**
 * Opens the connection and runs `work` on it, closing it after; the whole within `timeoutMs` (a
 * server that accepts the connection and then says nothing is given up on, not waited for).
 */
export async function withSource<T>(
  c: SourceConnection,
  timeoutMs: number,
  work: (client: SourceClient) => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let opened: SourceClient | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SourceError('unreachable', 'host', `no answer within ${timeoutMs} ms`)),
      timeoutMs * 2,
    );
  });
  try {
    return await Promise.race([
      (async () => {
        opened = await (c.kind === 'postgres' ? openPostgres(c, timeoutMs) : openMysql(c, timeoutMs));
        return work(opened);
      })(),
      deadline,
    ]);
  } catch (error) {
    throw sourceError(error);
  } finally {
    clearTimeout(timer);
    await opened?.close();
  }
}
