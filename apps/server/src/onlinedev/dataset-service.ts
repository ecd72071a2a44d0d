/**
 * Datasets (在线开发 › 数据集, docs/datasets.md): the tenant's named, parameterised queries, and
 * running one. Saving checks the definition as running would (the guard, the visual builder's
 * names), so a stored dataset always reads what it may; running binds the values, makes each table
 * it reads a CTE scoped to the caller (dataset-catalog.ts) and runs it READ ONLY with a statement
 * timeout and a row cap.
 */
import {
  DATASET_PREVIEW_ROWS,
  DATASET_ROW_CAP,
  DATASETS_PER_TENANT,
  type Dataset,
  type DatasetDefinition,
  type DatasetParam,
  type DatasetResult,
  type DatasetResultColumn,
  type DatasetSave,
  type DatasetSummary,
  type DatasetTable,
  datasetDefinitionSchema,
} from '@srm/contracts';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import { type MessageKey, t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { userName } from './data-model-service';
import { type CatalogTable, datasetCatalog } from './dataset-catalog';
import { DatasetSqlError, type GuardedSql, guardSql, PARAM_CASTS } from './dataset-guard';
import { checkOnSource, runOnSource, sourceTables } from './dataset-source';
import { compileVisual, valueSuits } from './dataset-visual';

declareUnique('dm_dataset_tenant_id_code_key', { field: 'code', key: 'dataset.codeTaken' });

type DatasetRow = Selectable<Database['dm_dataset']>;

const ID = /^\d{1,18}$/;
/**
 * The embedded database has no statement timeout (PGlite runs in this process, without the
 * signal that cancels a statement): there a plan whose estimated cost passes this is refused
 * before it runs. About a full pass over several million rows.
 */
export const EMBEDDED_COST_MAX = 5_000_000;

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);
const namesOf = (row: DatasetRow) => ({
  'zh-CN': row.full_name,
  ...(row.full_name_en ? { 'en-US': row.full_name_en } : {}),
  ...(row.full_name_tw ? { 'zh-TW': row.full_name_tw } : {}),
});

function summaryOf(row: DatasetRow): DatasetSummary {
  return {
    id: String(row.id),
    code: row.code,
    names: namesOf(row),
    kind: row.kind === 'sql' ? 'sql' : 'visual',
    updatedAt: ms(row.updated_at ?? row.created_at),
    updatedByName: row.updated_by_name,
  };
}

function toDataset(row: DatasetRow): Dataset {
  return { ...summaryOf(row), definition: datasetDefinitionSchema.parse(row.definition) };
}

export async function listDatasets(ctx: ServiceContext, q: { keyword?: string | undefined }) {
  let query = ctx.deps.db.selectFrom('dm_dataset').selectAll().where('tenant_id', '=', ctx.auth.tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or([eb('code', 'ilike', like), eb('full_name', 'ilike', like), eb('full_name_en', 'ilike', like)]),
    );
  }
  const rows = await query.orderBy('code').execute();
  const sourceIds = [...new Set(rows.flatMap((r) => (sourceIdOf(r) ? [sourceIdOf(r) as string] : [])))];
  const sources = sourceIds.length
    ? new Map(
        (
          await ctx.deps.db
            .selectFrom('dm_data_source')
            .select(['id', 'full_name'])
            .where('tenant_id', '=', ctx.auth.tenantId)
            .where('id', 'in', sourceIds)
            .execute()
        ).map((s) => [String(s.id), s.full_name]),
      )
    : new Map<string, string>();
  return rows.map((row) => {
    const source = sourceIdOf(row);
    const summary = summaryOf(row);
    return source ? { ...summary, sourceName: sources.get(source) ?? '' } : summary;
  });
}

const sourceIdOf = (row: DatasetRow) => (row.definition as { sourceId?: string } | null)?.sourceId;

/** Every dataset of the tenant with its definition (what the report designer picks from). */
export async function listDatasetsWithDefinitions(ctx: ServiceContext): Promise<Dataset[]> {
  const rows = await ctx.deps.db
    .selectFrom('dm_dataset')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .orderBy('code')
    .execute();
  return rows.map(toDataset);
}

/**
 * The columns each dataset's rows have, when known without running it: a visual one's aliases, a
 * SQL one's output names as the parser reads them (null for `select *` and the like, or a
 * statement the guard now refuses).
 */
export async function datasetOutputColumns(
  ctx: ServiceContext,
  datasets: readonly Dataset[],
): Promise<Map<string, string[] | null>> {
  const out = new Map<string, string[] | null>();
  let catalog: Map<string, CatalogTable> | undefined;
  for (const dataset of datasets) {
    const { definition } = dataset;
    if (definition.kind === 'visual') {
      out.set(dataset.id, definition.visual?.columns.map((c) => c.alias) ?? null);
      continue;
    }
    catalog ??= await datasetCatalog(ctx);
    try {
      out.set(dataset.id, (await checked(ctx, definition, catalog, 'definition')).outputNames);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      out.set(dataset.id, null);
    }
  }
  return out;
}

/** The datasets a designer's widget or report may read: what each asks and the columns it answers. */
export async function datasetChoices(ctx: ServiceContext) {
  const datasets = await listDatasetsWithDefinitions(ctx);
  const columns = await datasetOutputColumns(ctx, datasets);
  return datasets.map((d) => ({
    id: d.id,
    code: d.code,
    names: d.names,
    params: d.definition.params,
    columns: columns.get(d.id) ?? null,
  }));
}

/**
 * The real tables each of these datasets reads, by dataset id (empty for one the guard now
 * refuses): what a write must name for a live widget over it to read again.
 */
export async function datasetReadTables(
  ctx: ServiceContext,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!ids.length) return out;
  const catalog = await datasetCatalog(ctx);
  const rows = await ctx.deps.db
    .selectFrom('dm_dataset')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', 'in', [...ids])
    .execute();
  for (const row of rows) {
    const dataset = toDataset(row);
    // A source's tables are not the product's: no write here touches them.
    if (dataset.definition.sourceId) {
      out.set(dataset.id, []);
      continue;
    }
    try {
      const guarded = await checked(ctx, dataset.definition, catalog, 'definition');
      out.set(
        dataset.id,
        [...guarded.tables].flatMap((name) => {
          const table = catalog.get(name);
          return table ? [table.table(ctx.auth.tenantId)] : [];
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      out.set(dataset.id, []);
    }
  }
  return out;
}

async function datasetRow(ctx: ServiceContext, id: string): Promise<DatasetRow> {
  if (!ID.test(id)) throw notFound();
  const row = await ctx.deps.db
    .selectFrom('dm_dataset')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getDataset(ctx: ServiceContext, id: string): Promise<Dataset> {
  return toDataset(await datasetRow(ctx, id));
}

/** The tables the caller's datasets read, with their columns (the designer's palette). */
export async function datasetTables(ctx: ServiceContext, sourceId?: string): Promise<DatasetTable[]> {
  if (sourceId) return sourceTables(ctx, sourceId);
  const catalog = await datasetCatalog(ctx);
  return [...catalog.values()].map(({ name, names, source, columns }) => ({ name, names, source, columns }));
}

/** A guard or builder refusal as a 400 at its path, in the caller's language. */
function problemsError(ctx: ServiceContext, problems: Record<string, { key: string; params?: object }>) {
  const fields: Record<string, string> = {};
  for (const [path, { key, params }] of Object.entries(problems))
    fields[path] = t(ctx.locale, key as MessageKey, params as Record<string, string>);
  return fieldError(fields);
}

/** The visual builder's problems as a 400 at their paths under `prefix`. */
const builderProblems = (ctx: ServiceContext, problems: Record<string, string>, prefix: string) =>
  problemsError(
    ctx,
    Object.fromEntries(Object.entries(problems).map(([path, key]) => [`${prefix}.${path}`, { key }])),
  );

/** Checks a definition as running would: over the product's tables or over its data source. */
async function checkDefinition(ctx: ServiceContext, definition: DatasetDefinition, prefix: string) {
  if (definition.sourceId) {
    const found = await checkOnSource(ctx, definition);
    if (found) throw builderProblems(ctx, found.problems, prefix);
    return;
  }
  await checked(ctx, definition, await datasetCatalog(ctx), prefix);
}

/** The definition checked as running would check it: its SQL, guarded, or the builder's problems. */
async function checked(
  ctx: ServiceContext,
  definition: DatasetDefinition,
  catalog: Map<string, CatalogTable>,
  prefix: string,
): Promise<GuardedSql> {
  let text: string;
  if (definition.kind === 'sql') text = definition.sql ?? '';
  else {
    const compiled = compileVisual(
      definition.visual as NonNullable<DatasetDefinition['visual']>,
      definition.params,
      catalog,
    );
    if ('problems' in compiled) throw builderProblems(ctx, compiled.problems, prefix);
    text = compiled.sql;
  }
  try {
    return await guardSql({
      sql: text,
      tables: new Set(catalog.keys()),
      params: new Map(definition.params.map((p) => [p.code, p.type])),
    });
  } catch (error) {
    if (!(error instanceof DatasetSqlError)) throw error;
    const path = definition.kind === 'sql' ? `${prefix}.sql` : `${prefix}.visual`;
    throw problemsError(ctx, { [path]: { key: error.key, params: error.params } });
  }
}

async function checkNames(ctx: ServiceContext, input: DatasetSave, exceptId?: string) {
  let query = ctx.deps.db
    .selectFrom('dm_dataset')
    .select('id')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('code', '=', input.code);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw fieldError({ code: t(ctx.locale, 'dataset.codeTaken') });
}

export async function createDataset(ctx: ServiceContext, input: DatasetSave): Promise<Dataset> {
  const definition = datasetDefinitionSchema.parse(input.definition);
  await checkDefinition(ctx, definition, 'definition');
  await checkNames(ctx, input);
  const count = await ctx.deps.db
    .selectFrom('dm_dataset')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', ctx.auth.tenantId)
    .executeTakeFirstOrThrow();
  if (count.n >= DATASETS_PER_TENANT)
    throw new AppError(400, 'dataset.tooMany', { max: DATASETS_PER_TENANT });
  const name = await userName(ctx.deps.db, ctx.auth.userId);
  const row = await ctx.deps.db
    .insertInto('dm_dataset')
    .values({
      tenant_id: ctx.auth.tenantId,
      code: input.code,
      full_name: input.names['zh-CN'],
      full_name_en: input.names['en-US'] ?? '',
      full_name_tw: input.names['zh-TW'] ?? '',
      kind: definition.kind,
      definition: JSON.stringify(definition),
      created_by: ctx.auth.userId,
      updated_by: ctx.auth.userId,
      updated_by_name: name,
      updated_at: ctx.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDataset(row);
}

export async function updateDataset(ctx: ServiceContext, id: string, input: DatasetSave): Promise<Dataset> {
  await datasetRow(ctx, id);
  const definition = datasetDefinitionSchema.parse(input.definition);
  await checkDefinition(ctx, definition, 'definition');
  await checkNames(ctx, input, id);
  const name = await userName(ctx.deps.db, ctx.auth.userId);
  const row = await ctx.deps.db
    .updateTable('dm_dataset')
    .set({
      code: input.code,
      full_name: input.names['zh-CN'],
      full_name_en: input.names['en-US'] ?? '',
      full_name_tw: input.names['zh-TW'] ?? '',
      kind: definition.kind,
      definition: JSON.stringify(definition),
      updated_by: ctx.auth.userId,
      updated_by_name: name,
      updated_at: ctx.now(),
    })
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return toDataset(row);
}

/** What reads dataset `id` among `table`'s rows, as "name (code)". */
async function readers(ctx: ServiceContext, table: 'dm_report' | 'dm_data_interface', id: string) {
  const rows = await ctx.deps.db
    .selectFrom(table)
    .select(['code', 'full_name'])
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('dataset_id', '=', id)
    .orderBy('code')
    .execute();
  return rows.map((r) => `${r.full_name} (${r.code})`).join(', ');
}

/** Deletes a dataset; refused (409, naming them) while reports or data interfaces read it. */
export async function deleteDataset(ctx: ServiceContext, id: string): Promise<void> {
  await datasetRow(ctx, id);
  const reports = await readers(ctx, 'dm_report', id);
  if (reports) throw new AppError(409, 'dataset.inUse', { users: reports });
  const interfaces = await readers(ctx, 'dm_data_interface', id);
  if (interfaces) throw new AppError(409, 'dataset.inUseByInterfaces', { users: interfaces });
  await ctx.deps.db
    .deleteFrom('dm_dataset')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .execute();
}

type ParamValue = string | number | boolean | null;

/** Each declared parameter's value, typed; 400 at `params.<code>` for a missing or unfit one. */
function boundValues(
  ctx: ServiceContext,
  params: readonly DatasetParam[],
  given: Record<string, ParamValue>,
): Map<string, string | boolean | null> {
  const out = new Map<string, string | boolean | null>();
  const problems: Record<string, string> = {};
  for (const param of params) {
    let raw: ParamValue | undefined = given[param.code];
    if (raw === undefined || raw === null || raw === '') raw = param.defaultValue ?? null;
    if (raw === null || raw === '') {
      if (param.required)
        problems[`params.${param.code}`] = t(ctx.locale, 'validation.required' as MessageKey);
      out.set(param.code, null);
      continue;
    }
    const text = String(raw).trim();
    if (!valueSuits(param.type, text) || text.length > 200) {
      problems[`params.${param.code}`] = t(ctx.locale, 'dataset.paramType', {
        type: t(ctx.locale, `dataset.paramType.${param.type}` as MessageKey),
      });
      continue;
    }
    out.set(param.code, param.type === 'boolean' ? text === 'true' : text);
  }
  if (Object.keys(problems).length) throw fieldError(problems);
  return out;
}

/** The column's kind, read off the values json_agg gave (numbers stay numbers in JSON). */
function columnsOf(rows: Record<string, unknown>[], names: string[] | null): DatasetResultColumn[] {
  const keys = rows[0] ? Object.keys(rows[0]) : (names ?? []);
  return keys.map((name) => {
    let type: DatasetResultColumn['type'] = 'text';
    for (const row of rows) {
      const value = row[name];
      if (value === null || value === undefined) continue;
      type = typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text';
      break;
    }
    return { name, type };
  });
}

const PG_TIMEOUT = '57014';

/**
 * Runs a checked definition for the caller: at most `limit` rows, `truncated` when there were more.
 * A statement PostgreSQL refuses (a column that is not there, a value of the wrong type) answers
 * 400 with its reason; one that runs past the timeout answers 400 saying so.
 */
async function execute(
  ctx: ServiceContext,
  definition: DatasetDefinition,
  given: Record<string, ParamValue>,
  limit: number,
  prefix: string,
): Promise<DatasetResult> {
  if (definition.sourceId) {
    const result = await runOnSource(ctx, definition, boundValues(ctx, definition.params, given), limit);
    if ('problems' in result) throw builderProblems(ctx, result.problems, prefix);
    return result;
  }
  const catalog = await datasetCatalog(ctx);
  const guarded = await checked(ctx, definition, catalog, prefix);
  const values = boundValues(ctx, definition.params, given);
  const ctes: RawBuilder<unknown>[] = [];
  for (const name of guarded.tables) {
    const table = catalog.get(name);
    if (table) ctes.push(sql`${sql.id(name)} as (${await table.body(ctx)})`);
  }
  const parts: RawBuilder<unknown>[] = [];
  guarded.pieces.forEach((piece, i) => {
    // A trailing semicolon ends the administrator's statement, not ours.
    const text = i === guarded.pieces.length - 1 ? piece.replace(/;\s*$/, '') : piece;
    parts.push(sql.raw(text));
    const code = guarded.params[i];
    if (code !== undefined) {
      const type = definition.params.find((p) => p.code === code)?.type ?? 'text';
      parts.push(sql`(${values.get(code) ?? null}::${sql.raw(PARAM_CASTS[type])})`);
    }
  });
  const body = sql.join(parts, sql``);
  const withClause = ctes.length ? sql`with ${sql.join(ctes)} ` : sql``;
  // The administrator's text ends on a line of its own: a closing `-- comment` stays his.
  const timeoutMs = ctx.deps.config.datasetTimeoutMs ?? 10_000;
  const query = sql<{
    rows: Record<string, unknown>[] | null;
  }>`${withClause}select coalesce(json_agg(q), '[]'::json) as rows from (select * from (${body}
) as u limit ${limit + 1}) as q`;
  try {
    const rows = await transaction(ctx.deps.db, async (tx) => {
      await sql`set transaction read only`.execute(tx);
      // PostgreSQL's own clock stops it (config.datasetTimeoutMs, a whole number).
      await sql.raw(`set local statement_timeout = ${Math.floor(timeoutMs)}`).execute(tx);
      if (ctx.deps.dbHandle.kind === 'pglite') {
        const plan = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${query}`.execute(tx);
        const first = plan.rows[0]?.['QUERY PLAN'];
        const parsed = (typeof first === 'string' ? JSON.parse(first) : first) as {
          Plan?: { 'Total Cost'?: number };
        }[];
        const cost = Number(parsed?.[0]?.Plan?.['Total Cost'] ?? 0);
        if (cost > EMBEDDED_COST_MAX) throw new AppError(400, 'dataset.tooCostly');
      }
      const result = await query.execute(tx);
      return result.rows[0]?.rows ?? [];
    });
    const truncated = rows.length > limit;
    const kept = truncated ? rows.slice(0, limit) : rows;
    return {
      columns: columnsOf(kept, guarded.outputNames),
      rows: kept,
      truncated,
      statement: guarded.pieces.reduce(
        (text, piece, i) => text + piece + (i < guarded.params.length ? `$${i + 1}` : ''),
        '',
      ),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const pg = error as { code?: unknown; message?: unknown };
    if (pg.code === PG_TIMEOUT) throw new AppError(400, 'dataset.timeout', { seconds: timeoutMs / 1000 });
    if (typeof pg.code === 'string' && /^(22|42|2F|25|54|0A)/.test(pg.code))
      throw problemsError(ctx, {
        [definition.kind === 'sql' ? `${prefix}.sql` : `${prefix}.visual`]: {
          key: 'dataset.runFailed',
          params: { message: String(pg.message ?? '') },
        },
      });
    throw error;
  }
}

/** Runs the saved dataset `id` with the caller's values (the row cap applies). */
export async function runDataset(
  ctx: ServiceContext,
  id: string,
  params: Record<string, ParamValue>,
): Promise<DatasetResult> {
  const dataset = await getDataset(ctx, id);
  return execute(ctx, dataset.definition, params, DATASET_ROW_CAP, 'definition');
}

/** How long a reader's dataset result may serve the same reader again at most (writes a request of
 * this process makes for the tenant end it at once: core/written-tables.ts). */
const READ_TTL_MS = 15_000;

/** Parameter values in one spelling, whatever order they came in. */
const paramsKey = (params: Record<string, ParamValue>) =>
  JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  );

/**
 * `runDataset` for what readers open (reports, portal widgets): the same reader asking the same
 * dataset with the same values shares one run, and its result serves him again until the dataset,
 * his permissions or data rules (the tenant's cache version), or the tenant's data written by a
 * request change, for READ_TTL_MS at most (writes of jobs and of other server processes).
 */
export async function readDataset(
  ctx: ServiceContext,
  id: string,
  params: Record<string, ParamValue>,
): Promise<DatasetResult> {
  const dataset = await getDataset(ctx, id);
  const { tenantId, userId, cacheVersion } = ctx.auth;
  const generation = ctx.deps.writtenTables.generation(tenantId);
  // Ids are per tenant and the rows per reader: both are in the key.
  const key = `datasetRows:${tenantId}:${userId}:${id}:${paramsKey(params)}`;
  const version = `${cacheVersion}.${dataset.updatedAt ?? 0}.${generation}`;
  return ctx.deps.cache.get(
    key,
    version,
    () => execute(ctx, dataset.definition, params, DATASET_ROW_CAP, 'definition'),
    READ_TTL_MS,
  );
}

/** Runs a definition as it stands in the designer, for its first rows. */
export async function previewDataset(
  ctx: ServiceContext,
  definition: DatasetDefinition,
  params: Record<string, ParamValue>,
): Promise<DatasetResult> {
  return execute(ctx, definition, params, DATASET_PREVIEW_ROWS, 'definition');
}
