import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { TENANT_BACKUP_NAME_PATTERN, type TenantBackup } from '@srm/contracts';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { AppError } from '../../core/errors';
import type { FileStore } from '../../core/file-store';
import { migrations } from '../../db/migrate';
import { transaction } from '../../db/transaction';
import type { Database } from '../../db/types';
import { type TenantSchema, type TenantTable, tenantFilter, tenantSchema } from './tenant-tables';
import { stamp } from './whole-database';

/**
 * A tenant administrator's backup: a logical export of his tenant's rows (every tenant table,
 * `tenant-tables.ts`) and of its uploads (the file store's keys under `{tenantId}/`), as gzipped
 * JSON lines kept in the file store under `backups/{tenantId}/`. It holds nothing of another
 * tenant. A restore replaces exactly those rows, keeping their ids, in one transaction (applied at
 * once: no server restart, no other tenant touched), then those files.
 *
 * Lines: a header `{format, version, tenantId, createdAt, migration, tables, kept}`, then
 * `{table, rows}` chunks (each row as PostgreSQL's `to_jsonb`), `{file, data}` (base64), and a
 * trailer `{end, rows, files}` that tells a complete file from a cut one.
 */
export interface TenantBackupContext {
  db: Kysely<Database>;
  tenantId: string;
  files: FileStore;
}

/**
 * The runner's schedules of the tenant's tasks: `ready` before the transaction (the runner
 * started), `sync` inside it, from the restored tasks (`before`: the task ids until then).
 */
export interface TenantSchedules {
  ready(): Promise<void>;
  sync(tx: Transaction<Database>, before: string[]): Promise<void>;
}

const FORMAT = 'srm-tenant-backup';
const VERSION = 1;
const CHUNK = 500;

interface Meta {
  source: 'manual' | 'schedule';
  createdAt: number;
  size: number;
  rows: number;
  files: number;
}

interface Header {
  format: string;
  version: number;
  tenantId: string;
  createdAt: number;
  migration: string;
  tables: string[];
  kept: string[];
}

type Row = Record<string, unknown>;

const folder = (tenantId: string) => `backups/${tenantId}`;
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The newest migration: a backup restores only into the schema it was taken from. */
function schemaVersion(): string {
  return Object.keys(migrations).sort().at(-1) ?? '';
}

async function readAll(files: FileStore, key: string): Promise<Buffer | null> {
  const found = await files.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function readMeta(ctx: TenantBackupContext, name: string): Promise<Meta | null> {
  const bytes = await readAll(ctx.files, `${folder(ctx.tenantId)}/${name}.json`).catch(() => null);
  if (!bytes) return null;
  try {
    return JSON.parse(bytes.toString('utf8')) as Meta;
  } catch {
    return null;
  }
}

/** The tenant's backups, newest first. */
export async function listTenantBackups(ctx: TenantBackupContext): Promise<TenantBackup[]> {
  const stored = await ctx.files.list(folder(ctx.tenantId));
  const out: TenantBackup[] = [];
  for (const { key } of stored) {
    const name = key.slice(key.lastIndexOf('/') + 1);
    if (!TENANT_BACKUP_NAME_PATTERN.test(name)) continue;
    const meta = await readMeta(ctx, name);
    if (meta) out.push({ name, ...meta });
  }
  return out.sort((a, b) => b.createdAt - a.createdAt || b.name.localeCompare(a.name));
}

/** The stored bytes of one of the tenant's backups; null for a name it has none of. */
export async function tenantBackupFile(ctx: TenantBackupContext, name: string): Promise<Buffer | null> {
  if (!TENANT_BACKUP_NAME_PATTERN.test(name) || !(await readMeta(ctx, name))) return null;
  return readAll(ctx.files, `${folder(ctx.tenantId)}/${name}`);
}

/** The tenant's rows of one table, as PostgreSQL writes them (exact types, ids kept). */
async function rowsOf(db: Kysely<Database>, schema: TenantSchema, table: TenantTable, tenantId: string) {
  const order = table.key.length ? table.key : table.columns;
  const result = await sql<{ r: Row }>`select to_jsonb(t) as r from ${sql.table(table.name)} as t
    where ${tenantFilter(schema, table.name, 't', tenantId)}
    order by ${sql.join(order.map((c) => sql.ref(`t.${c}`)))}`.execute(db);
  const keep = new Set(table.columns);
  return result.rows.map(({ r }) => {
    const row = typeof r === 'string' ? (JSON.parse(r) as Row) : r;
    for (const column of Object.keys(row)) if (!keep.has(column)) delete row[column];
    return row;
  });
}

/**
 * Backs the tenant up now: its rows read in one repeatable-read transaction (one moment of the
 * data), its files, written under a temporary name first so a listed backup is always whole.
 * Keeps the tenant's newest `keep` scheduled backups.
 */
export async function takeTenantBackup(
  ctx: TenantBackupContext,
  source: 'manual' | 'schedule',
  keep?: number,
): Promise<TenantBackup> {
  const now = new Date();
  const schema = await tenantSchema(ctx.db);
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    tenantId: ctx.tenantId,
    createdAt: now.getTime(),
    migration: schemaVersion(),
    tables: schema.tables.map((t) => t.name),
    kept: schema.kept,
  };
  const lines: string[] = [JSON.stringify(header)];
  let rows = 0;
  await transaction(ctx.db, async (tx) => {
    lines.length = 1;
    rows = 0;
    await sql`set transaction isolation level repeatable read`.execute(tx);
    for (const table of schema.tables) {
      const list = await rowsOf(tx, schema, table, ctx.tenantId);
      rows += list.length;
      for (let i = 0; i < list.length; i += CHUNK) {
        lines.push(JSON.stringify({ table: table.name, rows: list.slice(i, i + CHUNK) }));
      }
    }
  });
  const stored = await ctx.files.list(ctx.tenantId);
  let files = 0;
  for (const { key } of stored) {
    const bytes = await readAll(ctx.files, key);
    if (!bytes) continue;
    lines.push(JSON.stringify({ file: key, data: bytes.toString('base64') }));
    files++;
  }
  lines.push(JSON.stringify({ end: true, rows, files }));
  const body = await gzipAsync(Buffer.from(`${lines.join('\n')}\n`));
  const name = `tenant-${stamp(now)}-${randomBytes(3).toString('hex')}.ndjson.gz`;
  const meta: Meta = { source, createdAt: now.getTime(), size: body.length, rows, files };
  await ctx.files.put(`${folder(ctx.tenantId)}/${name}`, body, 'application/gzip');
  await ctx.files.put(
    `${folder(ctx.tenantId)}/${name}.json`,
    Buffer.from(JSON.stringify(meta)),
    'application/json',
  );
  if (keep !== undefined && source === 'schedule') {
    const scheduled = (await listTenantBackups(ctx)).filter((b) => b.source === 'schedule');
    for (const old of scheduled.slice(keep)) await deleteTenantBackup(ctx, old.name);
  }
  return { name, ...meta };
}

/** False when the tenant has no such backup. */
export async function deleteTenantBackup(ctx: TenantBackupContext, name: string): Promise<boolean> {
  if (!TENANT_BACKUP_NAME_PATTERN.test(name) || !(await readMeta(ctx, name))) return false;
  await ctx.files.delete(`${folder(ctx.tenantId)}/${name}`);
  await ctx.files.delete(`${folder(ctx.tenantId)}/${name}.json`);
  return true;
}

interface Parsed {
  header: Header;
  rows: Map<string, Row[]>;
  files: Map<string, Buffer>;
}

function parse(bytes: Buffer, tenantId: string): Parsed {
  const rows = new Map<string, Row[]>();
  const files = new Map<string, Buffer>();
  let header: Header | null = null;
  let ended = false;
  for (const line of bytes.toString('utf8').split('\n')) {
    if (!line) continue;
    const item = JSON.parse(line) as Partial<Header> & {
      table?: string;
      rows?: Row[];
      file?: string;
      data?: string;
      end?: boolean;
    };
    if (!header) {
      if (item.format !== FORMAT || item.version !== VERSION) throw new AppError(409, 'backup.unreadable');
      header = item as Header;
    } else if (item.end) ended = true;
    else if (item.table && Array.isArray(item.rows)) {
      rows.set(item.table, [...(rows.get(item.table) ?? []), ...item.rows]);
    } else if (item.file && typeof item.data === 'string')
      files.set(item.file, Buffer.from(item.data, 'base64'));
  }
  if (!header || !ended) throw new AppError(409, 'backup.unreadable');
  if (header.tenantId !== tenantId) throw new AppError(409, 'backup.unreadable');
  for (const key of files.keys())
    if (!key.startsWith(`${tenantId}/`)) throw new AppError(409, 'backup.unreadable');
  return { header, rows, files };
}

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
const comparable = (table: TenantTable, alias: string, column: string): RawBuilder<unknown> =>
  table.jsonColumns.includes(column) ? sql`${ref(alias, column)}::text` : sql`${ref(alias, column)}`;

/** The backup's rows in: inserted, or updated where they differ (append-only rows stay untouched). */
async function upsert(tx: Transaction<Database>, table: TenantTable, rows: Row[]): Promise<void> {
  const cols = table.columns;
  const select = cols.map((c) => (table.late.includes(c) ? sql`null` : sql.ref(`b.${c}`)));
  const overriding = table.identity ? sql`overriding system value` : sql``;
  const changed = cols.filter((c) => !table.key.includes(c));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    const source = sql`select ${sql.join(select)} from jsonb_populate_recordset(null::${sql.table(table.name)}, ${json}::jsonb) as b`;
    const into = sql`insert into ${sql.table(table.name)} (${sql.join(cols.map((c) => sql.ref(c)))}) ${overriding} ${source}`;
    if (!table.key.length || !changed.length) {
      await sql`${into} ${table.key.length ? sql`on conflict do nothing` : sql``}`.execute(tx);
      continue;
    }
    const target = table.name;
    await sql`${into} on conflict (${sql.join(table.key.map((c) => sql.ref(c)))}) do update set
      ${sql.join(changed.map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`))}
      where (${sql.join(changed.map((c) => comparable(table, target, c)))})
        is distinct from (${sql.join(changed.map((c) => comparable(table, 'excluded', c)))})`.execute(tx);
  }
}

/**
 * Replaces the tenant's rows with the backup's in one transaction, then its files: the files of
 * the backup are put back first (their keys are unique, so this overwrites nothing else), the rows
 * replaced, and after the commit the tenant's files that the backup does not hold are removed.
 * Every cache counter of the tenant moves on, so no process serves what it held before.
 */
export async function restoreTenantBackup(
  ctx: TenantBackupContext,
  name: string,
  schedules: TenantSchedules,
): Promise<{ rows: number; files: number } | null> {
  const bytes = await tenantBackupFile(ctx, name);
  if (!bytes) return null;
  let parsed: Parsed;
  try {
    parsed = parse(await gunzipAsync(bytes), ctx.tenantId);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(409, 'backup.unreadable');
  }
  if (parsed.header.migration !== schemaVersion()) throw new AppError(409, 'backup.otherVersion');
  const schema = await tenantSchema(ctx.db);
  const known = new Set(schema.tables.map((t) => t.name));
  if (parsed.header.tables.some((t) => !known.has(t))) throw new AppError(409, 'backup.otherVersion');

  await schedules.ready();
  for (const [key, content] of parsed.files) await ctx.files.put(key, content, 'application/octet-stream');
  const { tenantId } = ctx;
  let rows = 0;
  await transaction(ctx.db, async (tx) => {
    rows = 0;
    const before = await tx.selectFrom('sys_task').select('id').where('tenant_id', '=', tenantId).execute();
    // The columns that close a cycle let go first, so any row may go or come in any order.
    for (const table of schema.tables) {
      for (const column of table.late) {
        await sql`update ${sql.table(table.name)} as t set ${sql.ref(column)} = null
          where ${tenantFilter(schema, table.name, 't', tenantId)} and ${ref('t', column)} is not null`.execute(
          tx,
        );
      }
    }
    // Parents first: every row of the backup in place, with its id.
    for (const table of schema.tables) {
      const list = parsed.rows.get(table.name) ?? [];
      rows += list.length;
      if (!table.key.length) {
        await sql`delete from ${sql.table(table.name)} as t where ${tenantFilter(schema, table.name, 't', tenantId)}`.execute(
          tx,
        );
      }
      await upsert(tx, table, list);
    }
    // Children first: the tenant's rows the backup does not hold go (and what still names them).
    for (const table of [...schema.tables].reverse()) {
      if (!table.key.length) continue;
      const keys = JSON.stringify(
        (parsed.rows.get(table.name) ?? []).map((r) => Object.fromEntries(table.key.map((k) => [k, r[k]]))),
      );
      const gone = sql`${tenantFilter(schema, table.name, 't', tenantId)} and not exists (
        select 1 from jsonb_populate_recordset(null::${sql.table(table.name)}, ${keys}::jsonb) as b
        where ${sql.join(
          table.key.map((k) => sql`${ref('b', k)} = ${ref('t', k)}`),
          sql` and `,
        )})`;
      for (const r of schema.referrers.filter((x) => x.parent === table.name)) {
        await sql`delete from ${sql.table(r.table)} where ${sql.ref(r.column)} in (
          select ${ref('t', r.parentColumn)} from ${sql.table(table.name)} as t where ${gone})`.execute(tx);
      }
      await sql`delete from ${sql.table(table.name)} as t where ${gone}`.execute(tx);
    }
    // The cut columns as the backup has them.
    for (const table of schema.tables) {
      const list = parsed.rows.get(table.name) ?? [];
      if (!table.late.length || !list.length) continue;
      for (let i = 0; i < list.length; i += CHUNK) {
        const json = JSON.stringify(list.slice(i, i + CHUNK));
        await sql`update ${sql.table(table.name)} as t set
          ${sql.join(table.late.map((c) => sql`${sql.ref(c)} = ${ref('b', c)}`))}
          from jsonb_populate_recordset(null::${sql.table(table.name)}, ${json}::jsonb) as b
          where ${sql.join(
            table.key.map((k) => sql`${ref('b', k)} = ${ref('t', k)}`),
            sql` and `,
          )}`.execute(tx);
      }
    }
    // Ids stay unique for ever: no sequence may hand out an id the backup brought back.
    for (const table of schema.tables)
      if (table.identity) await keepSequenceAhead(tx, table.name, table.identity);
    await bumpCounters(tx, tenantId);
    await schedules.sync(
      tx,
      before.map((t) => String(t.id)),
    );
  });
  const wanted = new Set(parsed.files.keys());
  for (const { key } of await ctx.files.list(tenantId)) {
    if (!wanted.has(key)) await ctx.files.delete(key).catch(() => undefined);
  }
  return { rows, files: parsed.files.size };
}

/** Moves the identity's sequence past the table's highest id (sequences only move forward). */
async function keepSequenceAhead(tx: Transaction<Database>, table: string, column: string): Promise<void> {
  const found = await sql<{
    seq: string | null;
  }>`select pg_get_serial_sequence(${table}, ${column}) as seq`.execute(tx);
  const seq = found.rows[0]?.seq;
  if (!seq) return;
  const state = await sql<{ last: string; max: string | null }>`select
      (select last_value::text from ${sql.table(seq)}) as last,
      (select max(${sql.ref(column)})::text from ${sql.table(table)}) as max`.execute(tx);
  const { last, max } = state.rows[0] ?? { last: '0', max: null };
  if (max !== null && BigInt(max) > BigInt(last))
    await sql`select setval(${seq}, ${max}::bigint)`.execute(tx);
}

/** Every cache counter of the tenant one step on (they only grow: a restore never sets them back). */
async function bumpCounters(tx: Transaction<Database>, tenantId: string): Promise<void> {
  const columns = await sql<{ col: string }>`select a.attname as col from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = 'sys_tenant_cache_version'
      and a.attnum > 0 and not a.attisdropped and a.attname <> 'tenant_id'
      and format_type(a.atttypid, a.atttypmod) in ('bigint', 'integer')`.execute(tx);
  if (!columns.rows.length) return;
  await sql`update sys_tenant_cache_version set
    ${sql.join(columns.rows.map(({ col }) => sql`${sql.ref(col)} = ${sql.ref(col)} + 1`))}
    where tenant_id = ${tenantId}`.execute(tx);
}
