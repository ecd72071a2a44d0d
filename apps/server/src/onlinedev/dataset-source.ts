/**
 * Datasets over a data source (docs/datasets.md): the tables of a tenant's data source as the
 * visual builder's catalog, and a run there. What runs is the builder's own statement in the
 * source's dialect with every value bound (dataset-visual.ts), on the source's read-only session
 * with its timeouts (data-source-drivers.ts), cut at the row cap. A source's rows are outside the
 * product's tenant boundary and data rules, so they are the tenant's staff's only: a supplier's
 * user never reads them.
 */
import type {
  DatasetDefinition,
  DatasetParam,
  DatasetResult,
  DatasetResultColumn,
  DatasetSourceChoice,
  DatasetTable,
  DatasetTableColumn,
  VisualDataset,
} from '@srm/contracts';
import { notFound } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import type { SourceClient } from './data-source-drivers';
import { withSavedSource } from './data-source-service';
import { compileVisual, sourceDialect, type VisualBind, type VisualProblems } from './dataset-visual';
import { supplierEnt } from './supplier-rows';

/** The names the visual builder can write (contracts' dataset schema): others are not offered. */
const NAME = /^[A-Za-z_][A-Za-z0-9_$]{0,63}$/;

/** The data sources a dataset may read, without their connection details. */
export async function datasetSources(ctx: ServiceContext): Promise<DatasetSourceChoice[]> {
  if (supplierEnt(ctx)) return [];
  const rows = await ctx.deps.db
    .selectFrom('dm_data_source')
    .select(['id', 'code', 'full_name', 'kind'])
    .where('tenant_id', '=', ctx.auth.tenantId)
    .orderBy('code')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    code: r.code,
    name: r.full_name,
    kind: r.kind === 'mysql' ? 'mysql' : 'postgres',
  }));
}

/** The source's tables the builder can name, keyed by their name in the dataset. */
async function catalogOf(client: SourceClient, kind: 'postgres' | 'mysql') {
  const out = new Map<string, DatasetTable>();
  for (const table of await client.tables()) {
    if (!NAME.test(table.name) || !NAME.test(table.schema)) continue;
    // A MySQL source is one database; PostgreSQL's `public` is what an unqualified name reads.
    const name = kind === 'mysql' || table.schema === 'public' ? table.name : `${table.schema}.${table.name}`;
    const columns: DatasetTableColumn[] = table.columns
      .filter((c) => NAME.test(c.name))
      .map((c) => ({ name: c.name, names: { 'zh-CN': c.name }, type: c.type }));
    if (columns.length) out.set(name, { name, names: { 'zh-CN': name }, source: 'source', columns });
  }
  return out;
}

/** 404 for a supplier's user: a source's rows are the staff's. */
function assertStaff(ctx: ServiceContext) {
  if (supplierEnt(ctx)) throw notFound();
}

/** The tables of the tenant's source `sourceId` (404 for another tenant's). */
export async function sourceTables(ctx: ServiceContext, sourceId: string): Promise<DatasetTable[]> {
  assertStaff(ctx);
  return withSavedSource(ctx, sourceId, async (client, kind) => [
    ...(await catalogOf(client, kind)).values(),
  ]);
}

export type SourceCompileProblems = { problems: VisualProblems };

/**
 * Checks a definition over a source against its tables as they are now: the builder's problems,
 * or nothing. Connects to the source (its errors answer as the data source's do).
 */
export async function checkOnSource(
  ctx: ServiceContext,
  definition: DatasetDefinition,
): Promise<SourceCompileProblems | null> {
  assertStaff(ctx);
  return withSavedSource(ctx, definition.sourceId ?? '', async (client, kind) => {
    const compiled = compileVisual(
      definition.visual as VisualDataset,
      definition.params,
      await catalogOf(client, kind),
      sourceDialect(kind, []),
    );
    return 'problems' in compiled ? compiled : null;
  });
}

type Bound = ReadonlyMap<string, string | boolean | null>;

/** A bound value as the driver takes it: MySQL has no booleans, only 1 and 0. */
function bindValue(
  kind: 'postgres' | 'mysql',
  bind: VisualBind,
  values: Bound,
  params: readonly DatasetParam[],
) {
  let value: string | boolean | null;
  let type: string;
  if ('param' in bind) {
    value = values.get(bind.param) ?? null;
    type = params.find((p) => p.code === bind.param)?.type ?? 'text';
  } else {
    value = bind.value;
    type = bind.type;
  }
  if (type === 'boolean' && value !== null) {
    const truth = value === true || value === 'true';
    return kind === 'mysql' ? (truth ? 1 : 0) : truth;
  }
  return value;
}

/** What each output column holds, read off the builder's definition (the drivers answer text). */
function outputTypes(visual: VisualDataset, tables: ReadonlyMap<string, DatasetTable>) {
  const columns = new Map(tables.get(visual.table)?.columns.map((c) => [c.name, c.type]));
  return new Map<string, DatasetTableColumn['type']>(
    visual.columns.map((c) => {
      if (c.aggregate === 'count' || c.aggregate === 'countDistinct') return [c.alias, 'number'];
      if (c.aggregate === 'sum' || c.aggregate === 'avg') return [c.alias, 'number'];
      if (c.bucket) return [c.alias, 'date'];
      return [c.alias, columns.get(c.column) ?? 'text'];
    }),
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A driver's value as the product's JSON answers it: numbers as numbers, days as `YYYY-MM-DD`. */
function normalised(value: unknown, type: DatasetTableColumn['type'] | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    // `pg` reads a date column as local midnight; a moment as the moment.
    if (type === 'date') return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
    return value.toISOString();
  }
  if (type === 'number' && (typeof value === 'string' || typeof value === 'bigint')) {
    const n = Number(value);
    return Number.isFinite(n) ? n : String(value);
  }
  if (type === 'boolean' && typeof value !== 'boolean') return value === 1 || value === '1';
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return value;
}

const resultType = (type: DatasetTableColumn['type'] | undefined): DatasetResultColumn['type'] =>
  type === 'number' ? 'number' : type === 'boolean' ? 'boolean' : 'text';

/**
 * Runs a definition over its source for the caller: at most `limit` rows, `truncated` when there
 * were more; the builder's problems as `{ problems }` for the caller to place.
 */
export async function runOnSource(
  ctx: ServiceContext,
  definition: DatasetDefinition,
  values: Bound,
  limit: number,
): Promise<DatasetResult | SourceCompileProblems> {
  assertStaff(ctx);
  const visual = definition.visual as VisualDataset;
  return withSavedSource(ctx, definition.sourceId ?? '', async (client, kind) => {
    const tables = await catalogOf(client, kind);
    const binds: VisualBind[] = [];
    const compiled = compileVisual(visual, definition.params, tables, sourceDialect(kind, binds));
    if ('problems' in compiled) return compiled;
    const rows = await client.query(
      `select * from (${compiled.sql}) as u limit ${Math.floor(limit) + 1}`,
      binds.map((b) => bindValue(kind, b, values, definition.params)),
    );
    const types = outputTypes(visual, tables);
    const truncated = rows.length > limit;
    const kept = (truncated ? rows.slice(0, limit) : rows).map((row) =>
      Object.fromEntries(visual.columns.map((c) => [c.alias, normalised(row[c.alias], types.get(c.alias))])),
    );
    return {
      columns: visual.columns.map((c) => ({ name: c.alias, type: resultType(types.get(c.alias)) })),
      rows: kept,
      truncated,
      statement: compiled.sql,
    };
  });
}
