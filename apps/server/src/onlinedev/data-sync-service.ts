/**
 * Data sync (系统数据 › 数据同步, docs/data-sync.md): a tenant's copies of a data source's table or a
 * dataset into a data model. Saving checks the mapping against the source as it is now and the
 * model's current version; a run is a job of the runner (retried per the sync's policy, scheduled
 * by its cron), one per sync at a time, logged from queued to its end with what it read and wrote;
 * a dry run compares without writing. Reading is data-sync-run.ts, the rules data-sync-logic.ts.
 */
import {
  DATA_SYNC_DRY_RUN_ROWS,
  DATA_SYNC_RUNS_KEPT,
  DATA_SYNCS_PER_TENANT,
  type DataModelDefinition,
  type DataSync,
  type DataSyncDiff,
  type DataSyncModelProposal,
  type DataSyncPropose,
  type DataSyncRun,
  type DataSyncSave,
  type DataSyncTrigger,
  DEFAULT_TASK_TIME_ZONE,
  type Locale,
  type Page,
  validationMessage,
} from '@srm/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { AuthInfo, Deps } from '../core/context';
import { AppError, fieldError, notFound } from '../core/errors';
import { isMessageKey, type MessageKey, type MessageParams, storedLocale, t } from '../core/i18n';
import { createContext, type ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import type { JobMeta, JobRunner } from '../jobs/runner';
import { currentModelOf, userName } from './data-model-service';
import { savedSourceConnection } from './data-source-service';
import {
  fieldForColumn,
  type Problem,
  proposeWatermark,
  type ShapeColumn,
  shapeProblems,
} from './data-sync-logic';
import { describeSyncTable, SyncFailure, type SyncSpec, syncPass, toDiff } from './data-sync-run';
import { type describeTable, fieldCodes } from './data-sync-source';
import { runDataset } from './dataset-service';

declareUnique('dm_data_sync_tenant_id_code_key', { field: 'code', key: 'dataSync.codeTaken' });

/** The runner's job of a sync's run: one queue, one schedule per scheduled sync (key = sync id). */
export const DATA_SYNC_JOB = 'systemData.dataSync';

export interface DataSyncJobData {
  tenantId: string;
  syncId: string;
  /** A run queued by "run now"; a schedule's occurrence makes its own. */
  runId?: string;
  trigger: DataSyncTrigger;
}

type SyncRow = Selectable<Database['dm_data_sync']>;
type RunRow = Selectable<Database['dm_data_sync_run']>;
const ID = /^\d{1,18}$/;
const ACTIVE = ['queued', 'running', 'retrying'] as const;
/** A run still active this long after it started was lost with its process: it no longer blocks. */
const STALE_MS = 6 * 3_600_000;
const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);

// ---------------------------------------------------------------------------------------------------
// Messages of the run log, kept as keys and said in the reader's language

function storedMessage(error: unknown): string {
  if (error instanceof SyncFailure)
    return JSON.stringify({
      key: error.key,
      params: error.params,
      ...(error.inner ? { inner: error.inner } : {}),
    });
  if (error instanceof AppError && error.code === 404)
    return JSON.stringify({ key: 'dataSync.sourceGone', params: {} });
  if (error instanceof AppError) {
    const fields = (error.data as { fields?: Record<string, string> } | null)?.fields;
    if (fields)
      return JSON.stringify({ key: 'dataSync.failed', params: { detail: Object.values(fields).join('; ') } });
    return JSON.stringify({ key: error.key, params: error.params ?? {} });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return JSON.stringify({ key: 'dataSync.failed', params: { detail: detail.slice(0, 500) } });
}

/** A stored run message in a language. */
export function runMessageIn(stored: string, locale: Locale): string {
  if (!stored) return '';
  try {
    const { key, params, inner } = JSON.parse(stored) as {
      key: string;
      params?: MessageParams;
      inner?: { key: string; params?: MessageParams };
    };
    const say = (k: string, p?: MessageParams) => (isMessageKey(k) ? t(locale, k, p) : k);
    return say(key, { ...(params ?? {}), ...(inner ? { problem: say(inner.key, inner.params) } : {}) });
  } catch {
    return stored;
  }
}

/** A run's failure answered to a request (a dry run, a save's check), in the caller's language. */
function requestError(ctx: ServiceContext, error: unknown, field?: string): unknown {
  if (!(error instanceof SyncFailure)) return error;
  const message = runMessageIn(storedMessage(error), ctx.locale);
  if (field) return fieldError({ [field]: message });
  return new AppError(400, 'dataSync.failed', { detail: message });
}

// ---------------------------------------------------------------------------------------------------
// Reading

const namesOf = (row: { full_name: string; full_name_en: string; full_name_tw: string }) => ({
  'zh-CN': row.full_name,
  ...(row.full_name_en ? { 'en-US': row.full_name_en } : {}),
  ...(row.full_name_tw ? { 'zh-TW': row.full_name_tw } : {}),
});

function nextRun(jobs: JobRunner, row: SyncRow): number | null {
  if (!row.enabled || !row.cron) return null;
  try {
    return jobs.preview(row.cron, row.time_zone, 1)[0]?.getTime() ?? null;
  } catch {
    return null;
  }
}

async function toSyncs(ctx: ServiceContext, rows: SyncRow[]): Promise<DataSync[]> {
  if (!rows.length) return [];
  const db = ctx.deps.db;
  const ids = (kind: 'table' | 'dataset') => [
    ...new Set(rows.filter((r) => r.source_kind === kind).map((r) => String(r.source_id))),
  ];
  const [sources, datasets, models, runs] = await Promise.all([
    ids('table').length
      ? db.selectFrom('dm_data_source').select(['id', 'full_name']).where('id', 'in', ids('table')).execute()
      : [],
    ids('dataset').length
      ? db
          .selectFrom('dm_dataset')
          .select(['id', 'full_name', 'full_name_en', 'full_name_tw'])
          .where('id', 'in', ids('dataset'))
          .execute()
      : [],
    db
      .selectFrom('dm_model')
      .select(['id', 'code', 'full_name', 'full_name_en', 'full_name_tw'])
      .where('id', 'in', [...new Set(rows.map((r) => String(r.model_id)))])
      .execute(),
    db
      .selectFrom('dm_data_sync_run')
      .distinctOn('sync_id')
      .select(['id', 'sync_id', 'status', 'started_at', 'ended_at'])
      .where(
        'sync_id',
        'in',
        rows.map((r) => String(r.id)),
      )
      .orderBy('sync_id')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const inLocale = (n: { full_name: string; full_name_en: string; full_name_tw: string }) =>
    (ctx.locale === 'en-US' ? n.full_name_en : ctx.locale === 'zh-TW' ? n.full_name_tw : '') || n.full_name;
  const sourceName = new Map(sources.map((s) => [String(s.id), s.full_name]));
  const datasetName = new Map(datasets.map((d) => [String(d.id), inLocale(d)]));
  const modelName = new Map(models.map((m) => [String(m.id), `${inLocale(m)} (${m.code})`]));
  const lastRun = new Map(runs.map((r) => [String(r.sync_id), r]));
  return rows.map((row) => {
    const run = lastRun.get(String(row.id));
    return {
      id: String(row.id),
      code: row.code,
      names: namesOf(row),
      sourceKind: row.source_kind,
      sourceId: String(row.source_id),
      sourceName: (row.source_kind === 'table' ? sourceName : datasetName).get(String(row.source_id)) ?? '',
      sourceSchema: row.source_schema,
      sourceTable: row.source_table,
      modelId: String(row.model_id),
      modelName: modelName.get(String(row.model_id)) ?? '',
      mapping: row.mapping as unknown as DataSync['mapping'],
      keyColumns: row.key_columns as string[],
      mode: row.mode,
      watermarkColumn: row.watermark_column,
      watermarkType: row.watermark_type,
      watermark: row.watermark,
      batchSize: row.batch_size,
      maxRows: row.max_rows,
      cron: row.cron,
      timeZone: row.time_zone,
      retryLimit: row.retry_limit,
      retryDelaySeconds: row.retry_delay_seconds,
      enabled: row.enabled,
      nextRunAt: nextRun(ctx.deps.jobs, row),
      lastRun: run
        ? { id: String(run.id), status: run.status, startedAt: ms(run.started_at), endedAt: ms(run.ended_at) }
        : null,
      updatedAt: ms(row.updated_at ?? row.created_at),
      updatedByName: row.updated_by_name,
    };
  });
}

export async function listDataSyncs(ctx: ServiceContext, q: { keyword?: string | undefined }) {
  let query = ctx.deps.db.selectFrom('dm_data_sync').selectAll().where('tenant_id', '=', ctx.auth.tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or([eb('code', 'ilike', like), eb('full_name', 'ilike', like), eb('full_name_en', 'ilike', like)]),
    );
  }
  return toSyncs(ctx, await query.orderBy('code').execute());
}

async function syncRow(db: Kysely<Database>, tenantId: string, id: string, lock = false): Promise<SyncRow> {
  if (!ID.test(id)) throw notFound();
  let query = db
    .selectFrom('dm_data_sync')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getDataSync(ctx: ServiceContext, id: string): Promise<DataSync> {
  const [sync] = await toSyncs(ctx, [await syncRow(ctx.deps.db, ctx.auth.tenantId, id)]);
  if (!sync) throw notFound();
  return sync;
}

// ---------------------------------------------------------------------------------------------------
// Checking and saving

type ValidSave = DataSyncSave & {
  sourceSchema: string;
  sourceTable: string;
  batchSize: number;
  maxRows: number;
  timeZone: string;
  retryLimit: number;
  retryDelaySeconds: number;
  enabled: boolean;
};

function problemsError(ctx: ServiceContext, problems: Record<string, Problem>): AppError {
  const fields: Record<string, string> = {};
  for (const [path, p] of Object.entries(problems))
    fields[path] = isMessageKey(p.key)
      ? t(ctx.locale, p.key, p.params)
      : validationMessage(p.key, ctx.locale);
  return fieldError(fields);
}

/** The source's columns as the mapping check sees them (a 400 at the source when it cannot be read). */
async function sourceColumns(
  ctx: ServiceContext,
  input: ValidSave,
  model: { code: string; definition: DataModelDefinition },
): Promise<ShapeColumn[]> {
  if (input.sourceKind === 'table') {
    try {
      const table = await describeSyncTable(ctx, specOf(ctx, input, model));
      return table.columns.map((c) => ({ name: c.name, type: c.shape }));
    } catch (error) {
      throw requestError(
        ctx,
        error,
        error instanceof SyncFailure && error.key === 'dataSync.tableGone' ? 'sourceTable' : 'sourceId',
      );
    }
  }
  try {
    const result = await runDataset(ctx, input.sourceId, {});
    return result.columns.map((c) => ({ name: c.name, type: c.type }));
  } catch (error) {
    if (error instanceof AppError && error.code === 400) {
      const fields = (error.data as { fields?: Record<string, string> } | null)?.fields;
      throw fieldError({
        sourceId: fields ? Object.values(fields).join('; ') : t(ctx.locale, error.key, error.params),
      });
    }
    throw error;
  }
}

function specOf(
  ctx: Pick<ServiceContext, 'auth'>,
  s: {
    sourceKind: 'table' | 'dataset';
    sourceId: string;
    sourceSchema: string;
    sourceTable: string;
    mapping: DataSync['mapping'];
    keyColumns: readonly string[];
    mode: DataSync['mode'];
    watermarkColumn?: string | null | undefined;
    watermarkType?: DataSync['watermarkType'] | undefined;
    batchSize: number;
    timeZone: string;
  },
  model: { code: string; definition: DataModelDefinition },
): SyncSpec {
  return {
    tenantId: ctx.auth.tenantId,
    userId: ctx.auth.userId,
    sourceKind: s.sourceKind,
    sourceId: s.sourceId,
    sourceSchema: s.sourceSchema,
    sourceTable: s.sourceTable,
    modelCode: model.code,
    model: model.definition,
    mapping: s.mapping,
    keyColumns: s.keyColumns,
    mode: s.mode,
    watermarkColumn: s.mode === 'incremental' ? (s.watermarkColumn ?? null) : null,
    watermarkType: s.mode === 'incremental' ? (s.watermarkType ?? null) : null,
    batchSize: s.batchSize,
    timeZone: s.timeZone || DEFAULT_TASK_TIME_ZONE,
  };
}

/** The next runs of the cron, or a 400 at `cron` when the runner would refuse it. */
function checkCron(ctx: ServiceContext, cron: string | null | undefined, timeZone: string): void {
  if (!cron) return;
  try {
    ctx.deps.jobs.preview(cron, timeZone, 1);
  } catch {
    throw fieldError({ cron: validationMessage('validation.cron', ctx.locale) });
  }
}

/** Checks a sync against its tenant's source and model (404 for another tenant's), as a run would read them. */
async function checked(ctx: ServiceContext, input: ValidSave) {
  const timeZone = input.timeZone || DEFAULT_TASK_TIME_ZONE;
  checkCron(ctx, input.cron, timeZone);
  const model = await currentModelOf(ctx.deps.db, ctx.auth.tenantId, input.modelId);
  if (!model) throw notFound();
  if (input.sourceKind === 'table') await savedSourceConnection(ctx, input.sourceId);
  else {
    const dataset = await ctx.deps.db
      .selectFrom('dm_dataset')
      .select('id')
      .where('tenant_id', '=', ctx.auth.tenantId)
      .where('id', '=', input.sourceId)
      .executeTakeFirst();
    if (!dataset) throw notFound();
  }
  const columns = await sourceColumns(ctx, { ...input, timeZone }, model);
  const problems = shapeProblems(
    {
      mapping: input.mapping,
      keyColumns: input.keyColumns,
      mode: input.mode,
      watermarkColumn: input.watermarkColumn,
      watermarkType: input.watermarkType,
    },
    columns,
    model.definition.fields,
  );
  if (Object.keys(problems).length) throw problemsError(ctx, problems);
  return { model, timeZone };
}

function columnsOf(input: ValidSave, timeZone: string) {
  const incremental = input.mode === 'incremental';
  return {
    code: input.code,
    full_name: input.names['zh-CN'],
    full_name_en: input.names['en-US'] ?? '',
    full_name_tw: input.names['zh-TW'] ?? '',
    source_kind: input.sourceKind,
    source_id: input.sourceId,
    source_schema: input.sourceKind === 'table' ? input.sourceSchema : '',
    source_table: input.sourceKind === 'table' ? input.sourceTable : '',
    model_id: input.modelId,
    mapping: JSON.stringify(input.mapping),
    key_columns: JSON.stringify(input.keyColumns),
    mode: input.mode,
    watermark_column: incremental ? (input.watermarkColumn ?? null) : null,
    watermark_type: incremental ? (input.watermarkType ?? null) : null,
    batch_size: input.batchSize,
    max_rows: input.maxRows,
    cron: input.cron || null,
    time_zone: timeZone,
    retry_limit: input.retryLimit,
    retry_delay_seconds: input.retryDelaySeconds,
    enabled: input.enabled,
  };
}

const retryOf = (row: { retry_limit: number; retry_delay_seconds: number }) => ({
  retryLimit: row.retry_limit,
  retryDelay: row.retry_delay_seconds,
  retryBackoff: true,
});

/** The runner's schedule of a sync (key = its id), in the caller's transaction when given. */
function scheduleSync(jobs: JobRunner, row: SyncRow, cron: string, tx?: Transaction<Database>) {
  const data: DataSyncJobData = {
    tenantId: String(row.tenant_id),
    syncId: String(row.id),
    trigger: 'schedule',
  };
  const spec = { cron, timeZone: row.time_zone, key: String(row.id) };
  return jobs.schedule(DATA_SYNC_JOB, spec, data, tx, retryOf(row));
}

async function applySchedule(jobs: JobRunner, tx: Transaction<Database>, row: SyncRow): Promise<void> {
  if (row.enabled && row.cron) await scheduleSync(jobs, row, row.cron, tx);
  else await jobs.unschedule(DATA_SYNC_JOB, String(row.id), tx);
}

export async function createDataSync(ctx: ServiceContext, input: ValidSave): Promise<DataSync> {
  const { timeZone } = await checked(ctx, input);
  await ctx.deps.jobs.start();
  const name = await userName(ctx.deps.db, ctx.auth.userId);
  const id = await transaction(ctx.deps.db, async (tx) => {
    const taken = await tx
      .selectFrom('dm_data_sync')
      .select('id')
      .where('tenant_id', '=', ctx.auth.tenantId)
      .where('code', '=', input.code)
      .executeTakeFirst();
    if (taken) throw fieldError({ code: t(ctx.locale, 'dataSync.codeTaken') });
    const count = await tx
      .selectFrom('dm_data_sync')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', ctx.auth.tenantId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= DATA_SYNCS_PER_TENANT)
      throw new AppError(400, 'dataSync.tooMany', { max: DATA_SYNCS_PER_TENANT });
    const row = await tx
      .insertInto('dm_data_sync')
      .values({
        tenant_id: ctx.auth.tenantId,
        ...columnsOf(input, timeZone),
        owner_id: ctx.auth.userId,
        created_by: ctx.auth.userId,
        updated_by: ctx.auth.userId,
        updated_by_name: name,
        updated_at: ctx.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await applySchedule(ctx.deps.jobs, tx, row);
    return String(row.id);
  });
  return getDataSync(ctx, id);
}

/**
 * Saves a sync. A change of what is read (the source, its table, the watermark column or the mode)
 * forgets the kept watermark: the next incremental run reads from the start. The editor becomes
 * whom the runs read as (a dataset is read under his data rules).
 */
export async function updateDataSync(ctx: ServiceContext, id: string, input: ValidSave): Promise<DataSync> {
  await syncRow(ctx.deps.db, ctx.auth.tenantId, id);
  const { timeZone } = await checked(ctx, input);
  await ctx.deps.jobs.start();
  const name = await userName(ctx.deps.db, ctx.auth.userId);
  await transaction(ctx.deps.db, async (tx) => {
    const before = await syncRow(tx, ctx.auth.tenantId, id, true);
    const columns = columnsOf(input, timeZone);
    const sameRead =
      before.source_kind === columns.source_kind &&
      String(before.source_id) === String(columns.source_id) &&
      before.source_schema === columns.source_schema &&
      before.source_table === columns.source_table &&
      before.mode === columns.mode &&
      before.watermark_column === columns.watermark_column &&
      before.watermark_type === columns.watermark_type;
    const row = await tx
      .updateTable('dm_data_sync')
      .set({
        ...columns,
        ...(sameRead ? {} : { watermark: null }),
        owner_id: ctx.auth.userId,
        updated_by: ctx.auth.userId,
        updated_by_name: name,
        updated_at: ctx.now(),
      })
      .where('tenant_id', '=', ctx.auth.tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await applySchedule(ctx.deps.jobs, tx, row);
  });
  return getDataSync(ctx, id);
}

/** Deletes a sync, its schedule and its run log (a run under way finds it gone and stops). */
export async function deleteDataSync(ctx: ServiceContext, id: string): Promise<void> {
  await syncRow(ctx.deps.db, ctx.auth.tenantId, id);
  await ctx.deps.jobs.start();
  await transaction(ctx.deps.db, async (tx) => {
    await tx
      .deleteFrom('dm_data_sync')
      .where('tenant_id', '=', ctx.auth.tenantId)
      .where('id', '=', id)
      .execute();
    await ctx.deps.jobs.unschedule(DATA_SYNC_JOB, id, tx);
  });
}

// ---------------------------------------------------------------------------------------------------
// Taking a table in as a model

/** A source table as a model definition, its mapping, the columns left out and the watermark proposed. */
export async function proposeModel(
  ctx: ServiceContext,
  input: DataSyncPropose,
): Promise<DataSyncModelProposal> {
  const spec = {
    sourceId: input.sourceId,
    sourceSchema: input.schema ?? '',
    sourceTable: input.table,
  } as SyncSpec;
  let table: Awaited<ReturnType<typeof describeTable>>;
  try {
    table = await describeSyncTable(ctx, spec);
  } catch (error) {
    throw requestError(
      ctx,
      error,
      error instanceof SyncFailure && error.key === 'dataSync.tableGone' ? 'table' : 'sourceId',
    );
  }
  const codes = fieldCodes(table.columns.map((c) => c.name));
  const fields: DataModelDefinition['fields'] = [];
  const mapping: DataModelSyncMapping[] = [];
  const skipped: DataSyncModelProposal['skipped'] = [];
  const kinds: { name: string; kind: DataModelDefinition['fields'][number]['kind'] }[] = [];
  for (const column of table.columns) {
    if (fields.length >= 200) {
      skipped.push({
        column: column.name,
        dbType: column.columnType,
        reason: t(ctx.locale, 'dataSync.skip.tooMany'),
      });
      continue;
    }
    const proposed = fieldForColumn(column, codes.get(column.name) ?? column.name);
    if ('skip' in proposed) {
      skipped.push({
        column: column.name,
        dbType: column.columnType,
        reason: t(ctx.locale, `dataSync.skip.${proposed.skip}` as MessageKey),
      });
      continue;
    }
    const field = table.primaryKey.includes(column.name)
      ? { ...proposed.field, required: true, unique: table.primaryKey.length === 1 }
      : proposed.field;
    fields.push(field);
    mapping.push({ column: column.name, field: field.code });
    kinds.push({ name: column.name, kind: field.kind });
  }
  if (!fields.length) throw fieldError({ table: t(ctx.locale, 'dataSync.nothingToTake') });
  const code = fieldCodes([input.table]).get(input.table) ?? 'model';
  const indexes =
    table.primaryKey.length > 1 && table.primaryKey.every((c) => mapping.some((m) => m.column === c))
      ? [{ unique: true, fields: table.primaryKey.map((c) => codes.get(c) ?? c) }]
      : [];
  return {
    definition: {
      code,
      names: { 'zh-CN': input.table.slice(0, 50), 'en-US': input.table.slice(0, 50) },
      fields,
      ...(indexes.length ? { indexes } : {}),
    },
    mapping,
    skipped,
    primaryKey: table.primaryKey.filter((c) => mapping.some((m) => m.column === c)),
    watermark: proposeWatermark(kinds, table.primaryKey),
  };
}
type DataModelSyncMapping = DataSyncModelProposal['mapping'][number];

// ---------------------------------------------------------------------------------------------------
// Running

async function modelOfSync(db: Kysely<Database>, row: SyncRow) {
  const model = await currentModelOf(db, String(row.tenant_id), String(row.model_id));
  if (!model) throw new SyncFailure('dataSync.modelGone');
  return model;
}

function specOfRow(
  ctx: ServiceContext,
  row: SyncRow,
  model: { code: string; definition: DataModelDefinition },
) {
  return specOf(
    ctx,
    {
      sourceKind: row.source_kind,
      sourceId: String(row.source_id),
      sourceSchema: row.source_schema,
      sourceTable: row.source_table,
      mapping: row.mapping as unknown as DataSync['mapping'],
      keyColumns: row.key_columns as string[],
      mode: row.mode,
      watermarkColumn: row.watermark_column,
      watermarkType: row.watermark_type,
      batchSize: row.batch_size,
      timeZone: row.time_zone,
    },
    model,
  );
}

/** Reads and compares as a run would, writing nothing: the counts and a sample of each change. */
export async function dryRunDataSync(
  ctx: ServiceContext,
  id: string,
  input: { fromStart?: boolean | undefined },
): Promise<DataSyncDiff> {
  const row = await syncRow(ctx.deps.db, ctx.auth.tenantId, id);
  try {
    const model = await modelOfSync(ctx.deps.db, row);
    const pass = await syncPass(ctx, specOfRow(ctx, row, model), {
      watermark: input.fromStart ? null : row.watermark,
      maxRows: Math.min(row.max_rows, DATA_SYNC_DRY_RUN_ROWS),
    });
    return toDiff(pass);
  } catch (error) {
    if (error instanceof AppError && error.code === 404) throw new AppError(400, 'dataSync.sourceGone');
    throw requestError(ctx, error);
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

/** The sync's run that is queued or running, if any (one lost long ago is closed as failed first). */
async function activeRun(tx: Kysely<Database>, syncId: string): Promise<RunRow | undefined> {
  const run = await tx
    .selectFrom('dm_data_sync_run')
    .selectAll()
    .where('sync_id', '=', syncId)
    .where('status', 'in', ACTIVE)
    .executeTakeFirst();
  if (run && Date.now() - new Date(run.started_at ?? run.created_at).getTime() > STALE_MS) {
    await tx
      .updateTable('dm_data_sync_run')
      .set({
        status: 'failure',
        ended_at: new Date(),
        message: JSON.stringify({ key: 'dataSync.lost', params: {} }),
      })
      .where('id', '=', run.id)
      .execute();
    return undefined;
  }
  return run;
}

/**
 * Queues a run now and answers its id. While a run of the sync is queued or running, that run's id
 * is the answer: two identical requests at once make one run (the sync's row lock orders them; the
 * unique index of active runs is what a race would meet).
 */
export async function executeDataSync(
  ctx: ServiceContext,
  id: string,
  input: { fromStart?: boolean | undefined },
): Promise<{ runId: string; queued: boolean }> {
  await syncRow(ctx.deps.db, ctx.auth.tenantId, id);
  await ctx.deps.jobs.start();
  try {
    return await transaction(ctx.deps.db, async (tx) => {
      const row = await syncRow(tx, ctx.auth.tenantId, id, true);
      const active = await activeRun(tx, id);
      if (active) return { runId: String(active.id), queued: false };
      const run = await tx
        .insertInto('dm_data_sync_run')
        .values({
          tenant_id: ctx.auth.tenantId,
          sync_id: id,
          trigger: 'manual',
          status: 'queued',
          from_start: Boolean(input.fromStart),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const data: DataSyncJobData = {
        tenantId: ctx.auth.tenantId,
        syncId: id,
        runId: String(run.id),
        trigger: 'manual',
      };
      await ctx.deps.jobs.sendInTx(tx, DATA_SYNC_JOB, data, retryOf(row));
      return { runId: String(run.id), queued: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const active = await activeRun(ctx.deps.db, id);
    if (!active) throw error;
    return { runId: String(active.id), queued: false };
  }
}

function toRun(locale: Locale, r: RunRow): DataSyncRun {
  return {
    id: String(r.id),
    syncId: String(r.sync_id),
    trigger: r.trigger,
    status: r.status,
    attempt: r.attempt,
    startedAt: ms(r.started_at),
    endedAt: ms(r.ended_at),
    rowsRead: r.rows_read,
    inserted: r.inserted,
    updated: r.updated,
    unchanged: r.unchanged,
    watermarkBefore: r.watermark_before,
    watermarkAfter: r.watermark_after,
    message: runMessageIn(r.message, locale),
    createdAt: new Date(r.created_at).getTime(),
  };
}

/** The run log of a sync, newest first. */
export async function listDataSyncRuns(
  ctx: ServiceContext,
  id: string,
  q: { currentPage: number; pageSize: number },
): Promise<Page<DataSyncRun>> {
  await syncRow(ctx.deps.db, ctx.auth.tenantId, id);
  const base = ctx.deps.db
    .selectFrom('dm_data_sync_run')
    .where('sync_id', '=', id)
    .where('tenant_id', '=', ctx.auth.tenantId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => toRun(ctx.locale, r)),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(count.n) },
  };
}

/**
 * Whom a run reads as: the sync's owner (who saved it last), as his session would have him; null
 * when he can no longer sign in.
 */
async function ownerContext(
  deps: Deps,
  log: FastifyBaseLogger,
  row: SyncRow,
): Promise<ServiceContext | null> {
  const user = await deps.db
    .selectFrom('sys_user as u')
    .leftJoin('sys_tenant_cache_version as cv', 'cv.tenant_id', 'u.tenant_id')
    .select([
      'u.id',
      'u.tenant_id',
      'u.ent_id',
      'u.dept_id',
      'u.account',
      'u.real_name',
      'u.is_admin',
      'u.language',
      'u.theme',
      'u.enabled',
      'u.deleted',
      'cv.version',
      'cv.user_version',
      'cv.user_page_version',
      'cv.config_version',
      'cv.supplier_version',
    ])
    .where('u.id', '=', String(row.owner_id))
    .where('u.tenant_id', '=', String(row.tenant_id))
    .executeTakeFirst();
  if (!user?.enabled || user.deleted) return null;
  const auth = {
    sessionId: '0',
    userId: String(user.id),
    tenantId: String(user.tenant_id),
    entId: String(user.ent_id),
    deptId: user.dept_id === null ? null : String(user.dept_id),
    companyId: null,
    account: user.account,
    realName: user.real_name,
    isAdmin: user.is_admin,
    language: user.language,
    theme: user.theme,
    cacheVersion: user.version ?? '0',
    userVersion: user.user_version ?? '0',
    userPageVersion: user.user_page_version ?? '0',
    configVersion: user.config_version ?? '0',
    supplierVersion: user.supplier_version ?? '0',
    rowVersion: '',
  } as unknown as AuthInfo;
  return createContext(deps, auth, {
    locale: storedLocale(user.language) ?? 'zh-CN',
    ip: '',
    userAgent: 'data-sync',
    log,
  });
}

async function finishRun(
  db: Kysely<Database>,
  runId: string,
  status: 'success' | 'failure' | 'retrying',
  message: string,
) {
  await db
    .updateTable('dm_data_sync_run')
    .set({ status, message, ...(status === 'retrying' ? {} : { ended_at: new Date() }) })
    .where('id', '=', runId)
    .execute();
}

/** Keeps the newest DATA_SYNC_RUNS_KEPT runs of a sync. */
async function trimRuns(db: Kysely<Database>, syncId: string): Promise<void> {
  await sql`delete from dm_data_sync_run where sync_id = ${syncId} and id < (
      select id from dm_data_sync_run where sync_id = ${syncId} order by id desc offset ${DATA_SYNC_RUNS_KEPT - 1} limit 1)`.execute(
    db,
  );
}

/**
 * The runner's handler: one attempt of a run. A schedule's occurrence makes its run (none while
 * another is under way); the run is logged as running, each committed batch adds its counts and
 * moves the watermark, the end is logged with the failure's message. A failure is thrown again so
 * the runner retries it per the sync's policy; between attempts the run stays active (`retrying`).
 */
export async function runDataSyncJob(
  deps: Deps,
  log: FastifyBaseLogger,
  data: DataSyncJobData,
  meta: JobMeta,
): Promise<void> {
  const db = deps.db;
  const row = await db
    .selectFrom('dm_data_sync')
    .selectAll()
    .where('tenant_id', '=', data.tenantId)
    .where('id', '=', data.syncId)
    .executeTakeFirst();
  if (!row) return;
  if (data.trigger === 'schedule' && !row.enabled) return;
  let runId = data.runId;
  if (!runId) {
    // A schedule's retry comes with the same data: its run is the active one it made.
    const active = await activeRun(db, data.syncId);
    if (active && active.trigger === 'schedule' && active.status === 'retrying') runId = String(active.id);
    else if (active) return;
    else {
      try {
        const run = await db
          .insertInto('dm_data_sync_run')
          .values({ tenant_id: data.tenantId, sync_id: data.syncId, trigger: 'schedule', status: 'queued' })
          .returning('id')
          .executeTakeFirstOrThrow();
        runId = String(run.id);
      } catch (error) {
        if (isUniqueViolation(error)) return;
        throw error;
      }
    }
  }
  const run = await db.selectFrom('dm_data_sync_run').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!run || !ACTIVE.includes(run.status as (typeof ACTIVE)[number])) return;
  const fromStart = run.from_start && meta.attempt === 1;
  const watermarkBefore = fromStart || row.mode === 'full' ? null : row.watermark;
  await db
    .updateTable('dm_data_sync_run')
    .set({
      status: 'running',
      attempt: meta.attempt,
      started_at: run.started_at ?? new Date(),
      ...(meta.attempt === 1 ? { watermark_before: watermarkBefore, watermark_after: watermarkBefore } : {}),
      message: '',
    })
    .where('id', '=', runId)
    .execute();
  const id = runId;
  try {
    const ctx = await ownerContext(deps, log, row);
    if (!ctx) throw new SyncFailure('dataSync.ownerGone');
    const model = await modelOfSync(db, row);
    if (fromStart)
      await db.updateTable('dm_data_sync').set({ watermark: null }).where('id', '=', row.id).execute();
    await syncPass(ctx, specOfRow(ctx, row, model), {
      watermark: fromStart ? null : row.watermark,
      maxRows: row.max_rows,
      commit: async (tx, batch) => {
        await sql`update dm_data_sync_run set rows_read = rows_read + ${batch.counts.read},
            inserted = inserted + ${batch.counts.inserted}, updated = updated + ${batch.counts.updated},
            unchanged = unchanged + ${batch.counts.unchanged}
            ${row.mode === 'incremental' ? sql`, watermark_after = ${batch.watermark}` : sql``}
          where id = ${id}`.execute(tx);
        if (row.mode === 'incremental')
          await tx
            .updateTable('dm_data_sync')
            .set({ watermark: batch.watermark })
            .where('id', '=', row.id)
            .execute();
      },
    });
    await finishRun(db, id, 'success', '');
  } catch (error) {
    const last = meta.attempt > row.retry_limit;
    await finishRun(db, id, last ? 'failure' : 'retrying', storedMessage(error));
    log.warn(
      { syncId: data.syncId, runId: id, attempt: meta.attempt, error: (error as Error).message },
      'data sync run failed',
    );
    await trimRuns(db, data.syncId).catch(() => undefined);
    throw error;
  }
  await trimRuns(db, data.syncId).catch(() => undefined);
}

/** At start-up: the runner's schedules as the syncs say (none left for a sync deleted or paused). */
export async function reconcileDataSyncSchedules(db: Kysely<Database>, jobs: JobRunner): Promise<void> {
  const rows = await db
    .selectFrom('dm_data_sync')
    .selectAll()
    .where('enabled', '=', true)
    .where('cron', 'is not', null)
    .execute();
  const wanted = new Set(rows.map((r) => String(r.id)));
  for (const key of await jobs.scheduleKeys(DATA_SYNC_JOB))
    if (!wanted.has(key)) await jobs.unschedule(DATA_SYNC_JOB, key);
  for (const row of rows) {
    if (!row.cron) continue;
    try {
      await scheduleSync(jobs, row, row.cron);
    } catch {
      // An expression the runner no longer accepts leaves that sync unscheduled, not the server down.
    }
  }
}
