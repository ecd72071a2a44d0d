/**
 * One pass of a data sync (docs/data-sync.md): reads the source in batches — in the watermark's
 * order for an incremental sync, in the key's order for a full one — turns each row into the
 * model's values, compares them with the model's rows of the same key and, unless it is a dry
 * run, writes each batch in a transaction of its own with the watermark it reached, so a failing
 * batch leaves the model and the watermark as the last committed batch left them.
 */
import {
  DATA_SOURCE_CONNECT_TIMEOUT_MS,
  DATA_SYNC_SAMPLE_ROWS,
  type DataModelDefinition,
  type DataModelField,
  type DataSyncDiff,
  type DataSyncMapping,
  type DataSyncMode,
  type DataSyncRowChange,
  type DataSyncWatermarkType,
} from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { AppError } from '../core/errors';
import type { MessageParams } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { SourceError, withSource } from './data-source-drivers';
import { savedSourceConnection } from './data-source-service';
import {
  batchEnd,
  type Canonical,
  canonicalValue,
  diffRows,
  type IncomingRow,
  keyText,
  rowsAfter,
  type StoredRow,
} from './data-sync-logic';
import { batchStatement, type DescribedTable, describeTable, WATERMARK_ALIAS } from './data-sync-source';
import { runDataset } from './dataset-service';
import { columnType, modelTableName } from './model-ddl';

type Row = Record<string, unknown>;

/**
 * A run's failure as a message key and its values (`inner`: a value's own problem, said inside),
 * so the run log says it in each reader's language.
 */
export class SyncFailure extends Error {
  constructor(
    readonly key: string,
    readonly params: MessageParams = {},
    readonly inner?: { key: string; params?: MessageParams },
  ) {
    super(key);
    this.name = 'SyncFailure';
  }
}

export interface SyncSpec {
  tenantId: string;
  userId: string;
  sourceKind: 'table' | 'dataset';
  sourceId: string;
  sourceSchema: string;
  sourceTable: string;
  modelCode: string;
  model: DataModelDefinition;
  mapping: readonly DataSyncMapping[];
  keyColumns: readonly string[];
  mode: DataSyncMode;
  watermarkColumn: string | null;
  watermarkType: DataSyncWatermarkType | null;
  batchSize: number;
  timeZone: string;
}

/** Reading the source: after a watermark, at one watermark value, or a page in the key's order. */
interface Reader {
  after(after: string | null, limit: number): Promise<{ rows: Row[]; watermarks: string[] }>;
  equal(value: string, limit: number): Promise<Row[]>;
  page(offset: number, limit: number): Promise<Row[]>;
}

/** Runs `work` on the sync's source table, each refusal of its server a `SyncFailure`. */
async function onTable<T>(
  ctx: ServiceContext,
  spec: SyncSpec,
  work: (client: Parameters<Parameters<typeof withSource>[2]>[0]) => Promise<T>,
): Promise<T> {
  // Another tenant's or a deleted source: the 404 of a request, the run log's "source gone".
  const connection = await savedSourceConnection(ctx, spec.sourceId);
  try {
    return await withSource(connection, DATA_SOURCE_CONNECT_TIMEOUT_MS, work);
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    throw new SyncFailure(`dataSource.${error.key}`, {
      host: connection.host,
      port: String(connection.port),
      database: connection.database,
      detail: error.detail,
    });
  }
}

/** The sync's source table as described by the source now (a `SyncFailure` when it is gone). */
export async function describeSyncTable(ctx: ServiceContext, spec: SyncSpec): Promise<DescribedTable> {
  const table = await onTable(ctx, spec, async (client) => {
    const connection = await savedSourceConnection(ctx, spec.sourceId);
    return describeTable(client, connection.kind, spec.sourceSchema, spec.sourceTable);
  });
  if (!table) throw new SyncFailure('dataSync.tableGone', { table: spec.sourceTable });
  return table;
}

async function tableReader(ctx: ServiceContext, spec: SyncSpec): Promise<Reader> {
  const { kind } = await savedSourceConnection(ctx, spec.sourceId);
  const table = await describeSyncTable(ctx, spec);
  const columns = [...new Set([...spec.mapping.map((m) => m.column), ...spec.keyColumns])];
  const read = {
    kind,
    table,
    columns,
    keyColumns: spec.keyColumns,
    watermarkColumn: spec.mode === 'incremental' ? spec.watermarkColumn : null,
  };
  const run = (at: Parameters<typeof batchStatement>[1]) =>
    onTable(ctx, spec, (client) => {
      const { text, values } = batchStatement(read, at);
      return client.query(text, values);
    });
  return {
    async after(after, limit) {
      const rows = await run({ after, limit });
      return { rows, watermarks: rows.map((r) => String(r[WATERMARK_ALIAS])) };
    },
    equal: (value, limit) => run({ equal: value, limit }),
    page: (offset, limit) => run({ offset, limit }),
  };
}

/** A dataset read once (its row cap applies), then served in batches like a table. */
async function datasetReader(ctx: ServiceContext, spec: SyncSpec): Promise<Reader> {
  let rows: Row[];
  try {
    rows = (await runDataset(ctx, spec.sourceId, {})).rows;
  } catch (error) {
    if (error instanceof AppError && error.code === 404) throw new SyncFailure('dataSync.sourceGone');
    if (error instanceof AppError)
      throw new SyncFailure('dataSync.datasetFailed', { detail: String(error.params?.detail ?? error.key) });
    throw error;
  }
  const ordered =
    spec.mode === 'incremental' && spec.watermarkColumn && spec.watermarkType
      ? rowsAfter(rows, spec.watermarkColumn, spec.watermarkType, null, spec.timeZone)
      : rows.map((row) => ({ row, watermark: '' }));
  return {
    async after(after, limit) {
      const from =
        after === null || !spec.watermarkType || !spec.watermarkColumn
          ? ordered
          : rowsAfter(
              ordered.map((o) => o.row),
              spec.watermarkColumn,
              spec.watermarkType,
              after,
              spec.timeZone,
            );
      const taken = from.slice(0, limit);
      return { rows: taken.map((o) => o.row), watermarks: taken.map((o) => o.watermark) };
    },
    async equal(value, limit) {
      return ordered
        .filter((o) => o.watermark === value)
        .slice(0, limit)
        .map((o) => o.row);
    },
    async page(offset, limit) {
      return ordered.slice(offset, offset + limit).map((o) => o.row);
    },
  };
}

interface Mapped {
  field: DataModelField;
  column: string;
}

/** The read rows as the model's values, keyed; a value the field cannot take fails the run. */
function incomingRows(spec: SyncSpec, mapped: readonly Mapped[], rows: readonly Row[]): IncomingRow[] {
  const keyFields = spec.keyColumns.map((c) => mapped.find((m) => m.column === c)?.field.code ?? c);
  return rows.map((row) => {
    const values: Record<string, Canonical> = {};
    for (const m of mapped) {
      const result = canonicalValue(m.field, row[m.column], spec.timeZone);
      if ('problem' in result) {
        const key = spec.keyColumns.map((c) => String(row[c] ?? '')).join(' / ');
        throw new SyncFailure(
          'dataSync.rowProblem',
          { key, column: m.column, field: m.field.code },
          result.problem,
        );
      }
      values[m.field.code] = result.value;
    }
    const key = keyFields.map((f) => values[f] ?? null);
    if (key.some((v) => v === null || v === ''))
      throw new SyncFailure('dataSync.keyEmpty', { columns: spec.keyColumns.join(', ') });
    return { key: keyText(key), values };
  });
}

/** The model's rows of the batch's keys, their mapped fields as canonical values. */
async function storedRows(
  db: Kysely<Database>,
  spec: SyncSpec,
  mapped: readonly Mapped[],
  incoming: readonly IncomingRow[],
): Promise<Map<string, StoredRow>> {
  const table = modelTableName(spec.tenantId, spec.modelCode);
  const keyFields = spec.keyColumns.map((c) => mapped.find((m) => m.column === c)?.field as DataModelField);
  const keys = [...new Set(incoming.map((r) => r.key))];
  const out = new Map<string, StoredRow>();
  const select = mapped.map((m) => sql`${sql.ref(m.field.code)}::text as ${sql.ref(m.field.code)}`);
  for (let i = 0; i < keys.length; i += 1000) {
    const tuples = keys.slice(i, i + 1000).map((k) => {
      const parts = k.split('\u0001');
      return sql`(${sql.join(parts.map((p) => sql`${p}`))})`;
    });
    const keyTuple = sql`(${sql.join(keyFields.map((f) => sql`${sql.ref(f.code)}::text`))})`;
    const res = await sql<
      Record<string, string | null> & { id: string }
    >`select id::text as id, ${sql.join(select)}
      from ${sql.table(table)} where tenant_id = ${spec.tenantId} and ${keyTuple} in (${sql.join(tuples)})`.execute(
      db,
    );
    for (const r of res.rows) {
      const values: Record<string, Canonical> = {};
      for (const m of mapped) {
        const result = canonicalValue(m.field, r[m.field.code], 'UTC');
        values[m.field.code] = 'value' in result ? result.value : (r[m.field.code] ?? null);
      }
      out.set(keyText(keyFields.map((f) => values[f.code] ?? null)), { id: r.id, values });
    }
  }
  return out;
}

const bound = (field: DataModelField, value: Canonical) => {
  if (value === null) return sql`null`;
  if (typeof value === 'boolean') return sql`${value}`;
  return sql`${value}::${sql.raw(columnType(field) ?? 'text')}`;
};

/** Writes a batch's inserts and updates; a database refusal is the run's failure, rolled back. */
async function writeBatch(
  tx: Transaction<Database>,
  spec: SyncSpec,
  mapped: readonly Mapped[],
  diff: ReturnType<typeof diffRows>,
): Promise<void> {
  const table = sql.table(modelTableName(spec.tenantId, spec.modelCode));
  try {
    if (diff.inserts.length) {
      const names = [
        sql.ref('tenant_id'),
        sql.ref('created_by'),
        ...mapped.map((m) => sql.ref(m.field.code)),
      ];
      const tuples = diff.inserts.map(
        (row) =>
          sql`(${sql.join([
            sql`${spec.tenantId}`,
            sql`${spec.userId}`,
            ...mapped.map((m) => bound(m.field, row.values[m.field.code] ?? null)),
          ])})`,
      );
      await sql`insert into ${table} (${sql.join(names)}) values ${sql.join(tuples)}`.execute(tx);
    }
    for (const update of diff.updates) {
      const sets = Object.keys(update.before).map((code) => {
        const field = mapped.find((m) => m.field.code === code)?.field as DataModelField;
        return sql`${sql.ref(code)} = ${bound(field, update.values[code] ?? null)}`;
      });
      sets.push(sql`updated_by = ${spec.userId}`, sql`updated_at = now()`);
      await sql`update ${table} set ${sql.join(sets)} where tenant_id = ${spec.tenantId} and id = ${update.id}`.execute(
        tx,
      );
    }
  } catch (error) {
    const pg = error as { code?: unknown; message?: unknown };
    if (typeof pg.code === 'string' && /^2[23]/.test(pg.code))
      throw new SyncFailure('dataSync.writeRefused', { detail: String(pg.message ?? '').slice(0, 300) });
    throw error;
  }
}

export interface PassResult {
  rowsRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  watermarkBefore: string | null;
  watermarkAfter: string | null;
  /** Rows were left for a later run (the run's or the dry run's row cap). */
  truncated: boolean;
  inserts: DataSyncRowChange[];
  updates: DataSyncRowChange[];
}

export interface PassOptions {
  /** Where an incremental read starts (null: from the first row). */
  watermark: string | null;
  maxRows: number;
  /**
   * Writes the batch and the watermark it reached in one transaction; a dry run leaves it out and
   * only counts.
   */
  commit?: (
    tx: Transaction<Database>,
    batch: { watermark: string | null; counts: BatchCounts },
  ) => Promise<void>;
}

export interface BatchCounts {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

const shown = (values: Record<string, Canonical>) => values as Record<string, string | boolean | null>;
const keyShown = (key: string) => key.split('\u0001').join(' / ');

/** One pass over the source: a run (`commit` given) or a dry run. */
export async function syncPass(
  ctx: ServiceContext,
  spec: SyncSpec,
  options: PassOptions,
): Promise<PassResult> {
  const fields = new Map(spec.model.fields.map((f) => [f.code, f]));
  const mapped: Mapped[] = spec.mapping.flatMap((m) => {
    const field = fields.get(m.field);
    return field ? [{ field, column: m.column }] : [];
  });
  if (mapped.length !== spec.mapping.length) throw new SyncFailure('dataSync.modelChanged');
  const reader = spec.sourceKind === 'table' ? await tableReader(ctx, spec) : await datasetReader(ctx, spec);
  const incremental = spec.mode === 'incremental';
  const result: PassResult = {
    rowsRead: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    watermarkBefore: options.watermark,
    watermarkAfter: options.watermark,
    truncated: false,
    inserts: [],
    updates: [],
  };
  let watermark = options.watermark;
  let offset = 0;
  for (;;) {
    const limit = Math.min(spec.batchSize, options.maxRows - result.rowsRead);
    if (limit <= 0) {
      result.truncated = true;
      break;
    }
    let rows: Row[];
    let next: string | null = watermark;
    let done: boolean;
    if (incremental) {
      const read = await reader.after(watermark, limit);
      const end = batchEnd(read.watermarks, limit, watermark);
      if (end.kind === 'tie') {
        // Every row of the batch shares one value: all its rows go together, within the cap.
        const room = options.maxRows - result.rowsRead;
        rows = await reader.equal(end.value, room + 1);
        if (rows.length > room)
          throw new SyncFailure('dataSync.tieTooLarge', { value: end.value, max: options.maxRows });
        next = end.value;
        done = false;
      } else {
        rows = read.rows.slice(0, end.take);
        next = end.watermark;
        done = end.done;
      }
    } else {
      rows = await reader.page(offset, limit);
      offset += rows.length;
      done = rows.length < limit;
    }
    if (rows.length) {
      const incoming = incomingRows(spec, mapped, rows);
      const counts: BatchCounts = { read: rows.length, inserted: 0, updated: 0, unchanged: 0 };
      const compare = async (db: Kysely<Database>) => {
        const diff = diffRows(
          mapped.map((m) => m.field.code),
          incoming,
          await storedRows(db, spec, mapped, incoming),
        );
        counts.inserted = diff.inserts.length;
        counts.updated = diff.updates.length;
        counts.unchanged = diff.unchanged;
        return diff;
      };
      let diff: ReturnType<typeof diffRows>;
      const { commit } = options;
      if (commit)
        diff = await transaction(ctx.deps.db, async (tx) => {
          const d = await compare(tx);
          await writeBatch(tx, spec, mapped, d);
          await commit(tx, { watermark: incremental ? next : null, counts });
          return d;
        });
      else diff = await compare(ctx.deps.db);
      result.rowsRead += counts.read;
      result.inserted += counts.inserted;
      result.updated += counts.updated;
      result.unchanged += counts.unchanged;
      for (const row of diff.inserts.slice(0, DATA_SYNC_SAMPLE_ROWS - result.inserts.length))
        result.inserts.push({ key: keyShown(row.key), values: shown(row.values) });
      for (const row of diff.updates.slice(0, DATA_SYNC_SAMPLE_ROWS - result.updates.length))
        result.updates.push({ key: keyShown(row.key), values: shown(row.values), before: shown(row.before) });
    }
    if (incremental) {
      watermark = next;
      result.watermarkAfter = next;
    }
    if (done) break;
  }
  return result;
}

/** A pass's answer as a dry run's difference. */
export function toDiff(pass: PassResult): DataSyncDiff {
  return {
    rowsRead: pass.rowsRead,
    toInsert: pass.inserted,
    toUpdate: pass.updated,
    unchanged: pass.unchanged,
    watermarkBefore: pass.watermarkBefore,
    watermarkAfter: pass.watermarkAfter,
    truncated: pass.truncated,
    inserts: pass.inserts,
    updates: pass.updates,
  };
}
