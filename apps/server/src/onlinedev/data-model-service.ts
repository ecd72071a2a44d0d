import {
  type DataModel,
  type DataModelDefinition,
  type DataModelLoss,
  type DataModelSummary,
  type DataModelVersion,
  DM_MODELS_PER_TENANT,
  dataModelDefinitionSchema,
} from '@srm/contracts';
import { CompiledQuery, type Kysely, type Selectable, sql } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { type DdlPlan, dropModelDdl, planModelDdl } from './model-ddl';

// Two identical creates at once: the one that loses the race answers as the check below does.
declareUnique('dm_model_tenant_id_code_key', { field: 'code', key: 'dataModel.codeTaken' });

export type DataModelContext = Pick<ServiceContext, 'db' | 'tenantId' | 'userId' | 'locale'>;

type ModelRow = Selectable<Database['dm_model']>;

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);

const namesOf = (row: ModelRow) => ({
  'zh-CN': row.full_name,
  ...(row.full_name_en ? { 'en-US': row.full_name_en } : {}),
  ...(row.full_name_tw ? { 'zh-TW': row.full_name_tw } : {}),
});

/** A stored version read back through the schema (a version written by an older product still parses). */
const definitionOf = (json: unknown): DataModelDefinition => dataModelDefinitionSchema.parse(json);

async function currentDefinition(db: Kysely<Database>, row: ModelRow): Promise<DataModelDefinition> {
  const version = await db
    .selectFrom('dm_model_version')
    .select('definition')
    .where('model_id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirstOrThrow();
  return definitionOf(version.definition);
}

async function modelRow(db: Kysely<Database>, tenantId: string, id: string, lock = false): Promise<ModelRow> {
  if (!/^\d{1,18}$/.test(id)) throw notFound();
  let query = db.selectFrom('dm_model').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

function toModel(row: ModelRow, definition: DataModelDefinition): DataModel {
  return {
    id: String(row.id),
    code: row.code,
    names: namesOf(row),
    tableName: row.table_name,
    version: row.version,
    definition,
    createdAt: ms(row.created_at),
    updatedAt: ms(row.updated_at),
  };
}

export async function listDataModels(
  ctx: DataModelContext,
  q: { keyword?: string | undefined },
): Promise<DataModelSummary[]> {
  let query = ctx.db
    .selectFrom('dm_model as m')
    .innerJoin('dm_model_version as v', (j) =>
      j.onRef('v.model_id', '=', 'm.id').onRef('v.version', '=', 'm.version'),
    )
    .selectAll('m')
    .select(sql<number>`jsonb_array_length(${sql.ref('v.definition')} -> 'fields')`.as('field_count'))
    .select(sql<boolean>`coalesce((${sql.ref('v.definition')} ->> 'isTree')::boolean, false)`.as('is_tree'))
    .select(sql<boolean>`coalesce((${sql.ref('v.definition')} ->> 'isLines')::boolean, false)`.as('is_lines'))
    // The current version's author is who changed the model last (or made it).
    .select('v.created_by_name')
    .where('m.tenant_id', '=', ctx.tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or([
        eb('m.code', 'ilike', like),
        eb('m.full_name', 'ilike', like),
        eb('m.full_name_en', 'ilike', like),
      ]),
    );
  }
  const rows = await query.orderBy('m.code').execute();
  return rows.map((row) => ({
    id: String(row.id),
    code: row.code,
    names: namesOf(row),
    version: row.version,
    isTree: Boolean(row.is_tree),
    isLines: Boolean(row.is_lines),
    fieldCount: Number(row.field_count),
    updatedByName: row.created_by_name,
    updatedAt: ms(row.updated_at ?? row.created_at),
  }));
}

/** The tenant's model by id at its current version, or null (a foreign or unknown id). */
export async function currentModelOf(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<{ id: string; code: string; version: number; definition: DataModelDefinition } | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const row = await db
    .selectFrom('dm_model')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: String(row.id),
    code: row.code,
    version: row.version,
    definition: await currentDefinition(db, row),
  };
}

export async function getDataModel(ctx: DataModelContext, id: string): Promise<DataModel> {
  const row = await modelRow(ctx.db, ctx.tenantId, id);
  return toModel(row, await currentDefinition(ctx.db, row));
}

export async function listDataModelVersions(ctx: DataModelContext, id: string): Promise<DataModelVersion[]> {
  const row = await modelRow(ctx.db, ctx.tenantId, id);
  const versions = await ctx.db
    .selectFrom('dm_model_version')
    .selectAll()
    .where('model_id', '=', row.id)
    .orderBy('version', 'desc')
    .execute();
  return versions.map((v) => ({
    version: v.version,
    definition: definitionOf(v.definition),
    statements: v.statements as string[],
    createdBy: v.created_by === null ? null : String(v.created_by),
    createdByName: v.created_by_name,
    createdAt: new Date(v.created_at).getTime(),
  }));
}

/**
 * What the server checks beyond the schema: the dictionary types exist in the tenant, a reference
 * or lines field names a model of the tenant (a lines field one made as lines). `prefix` is where
 * the definition sits in the body, so the 400 names the path of the bad part.
 */
async function assertTargets(
  ctx: DataModelContext,
  db: Kysely<Database>,
  model: DataModelDefinition,
  prefix: string,
): Promise<void> {
  const dictTypes = [...new Set(model.fields.flatMap((f) => ('dictType' in f ? [f.dictType] : [])))];
  const targets = [
    ...new Set(model.fields.flatMap((f) => ('model' in f && f.model !== model.code ? [f.model] : []))),
  ];
  const [types, models] = await Promise.all([
    dictTypes.length
      ? db
          .selectFrom('sys_dict_type')
          .select('en_code')
          .where('tenant_id', '=', ctx.tenantId)
          .where('en_code', 'in', dictTypes)
          .execute()
      : [],
    targets.length ? modelsByCode(db, ctx.tenantId, targets) : new Map<string, DataModelDefinition>(),
  ]);
  const knownTypes = new Set(types.map((r) => r.en_code));
  const fields: Record<string, string> = {};
  model.fields.forEach((field, i) => {
    if ('dictType' in field && !knownTypes.has(field.dictType))
      fields[`${prefix}fields.${i}.dictType`] = t(ctx.locale, 'dataModel.unknownDictType');
    if (field.kind === 'reference' && field.model !== model.code && !models.has(field.model))
      fields[`${prefix}fields.${i}.model`] = t(ctx.locale, 'dataModel.unknownModel');
    if (field.kind === 'lines') {
      const target = models.get(field.model);
      if (!target) fields[`${prefix}fields.${i}.model`] = t(ctx.locale, 'dataModel.unknownModel');
      else if (!target.isLines) fields[`${prefix}fields.${i}.model`] = t(ctx.locale, 'dataModel.notLines');
    }
  });
  if (Object.keys(fields).length) throw fieldError(fields);
}

export async function modelsByCode(
  db: Kysely<Database>,
  tenantId: string,
  codes?: string[],
): Promise<Map<string, DataModelDefinition>> {
  let query = db
    .selectFrom('dm_model as m')
    .innerJoin('dm_model_version as v', (j) =>
      j.onRef('v.model_id', '=', 'm.id').onRef('v.version', '=', 'm.version'),
    )
    .select(['m.code', 'v.definition'])
    .where('m.tenant_id', '=', tenantId);
  if (codes) query = query.where('m.code', 'in', codes);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.code, definitionOf(r.definition)]));
}

export async function userName(db: Kysely<Database>, userId: string): Promise<string> {
  const user = await db
    .selectFrom('sys_user')
    .select('real_name')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.real_name ?? '';
}

async function countOf(db: Kysely<Database>, query: CompiledQuery): Promise<number> {
  const result = await db.executeQuery<{ n: number }>(query);
  return Number(result.rows[0]?.n ?? 0);
}

/** Runs the plan's statements in the caller's transaction; their text is what the version keeps. */
/**
 * Runs a plan's statements. What the rows still contradict once converted (a confirmed change that
 * leaves a required field without a value, a value out of a narrowed range) is refused by the
 * database with a data or integrity error (SQLSTATE classes 22 and 23): a 400 saying so, the whole
 * change rolled back with the transaction, never a 500.
 */
async function apply(db: Kysely<Database>, plan: DdlPlan): Promise<string[]> {
  for (const statement of plan.statements) {
    try {
      await db.executeQuery(CompiledQuery.raw(statement.sql));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && /^2[23]/.test(code)) throw new AppError(400, 'dataModel.rowsRefuse');
      throw error;
    }
  }
  return plan.statements.map((s) => s.sql);
}

async function insertVersion(
  ctx: DataModelContext,
  db: Kysely<Database>,
  modelId: string,
  version: number,
  definition: DataModelDefinition,
  statements: string[],
): Promise<void> {
  await db
    .insertInto('dm_model_version')
    .values({
      tenant_id: ctx.tenantId,
      model_id: modelId,
      version,
      definition: JSON.stringify(definition),
      statements: JSON.stringify(statements),
      created_by: ctx.userId,
      created_by_name: await userName(db, ctx.userId),
    })
    .execute();
}

const nameColumns = (definition: DataModelDefinition) => ({
  full_name: definition.names['zh-CN'],
  full_name_en: definition.names['en-US'] ?? '',
  full_name_tw: definition.names['zh-TW'] ?? '',
});

/** A new model: its row, its table and version 1, in one transaction (DDL is transactional). */
export async function createDataModel(
  ctx: DataModelContext,
  definition: DataModelDefinition,
): Promise<DataModel> {
  const id = await transaction(ctx.db, async (tx) => {
    const taken = await tx
      .selectFrom('dm_model')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('code', '=', definition.code)
      .executeTakeFirst();
    if (taken) throw fieldError({ code: t(ctx.locale, 'dataModel.codeTaken') });
    const { count } = await tx
      .selectFrom('dm_model')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenant_id', '=', ctx.tenantId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= DM_MODELS_PER_TENANT)
      throw new AppError(400, 'dataModel.tooMany', { max: DM_MODELS_PER_TENANT });
    await assertTargets(ctx, tx, definition, '');
    const plan = planModelDdl(ctx.tenantId, null, definition);
    // The row first: its unique index makes a concurrent identical create wait here and then fail
    // as a 23505 (answered as the check above), before either touches the table's name.
    const row = await tx
      .insertInto('dm_model')
      .values({
        tenant_id: ctx.tenantId,
        code: definition.code,
        ...nameColumns(definition),
        table_name: plan.tableName,
        version: 1,
        created_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const statements = await apply(tx, plan);
    await insertVersion(ctx, tx, String(row.id), 1, definition, statements);
    return String(row.id);
  });
  return getDataModel(ctx, id);
}

/** Where a check's field sits in the PUT body. */
function checkPath(definition: DataModelDefinition, field: string, kind: string): string {
  if (kind === 'uniqueDuplicates') {
    const index = (definition.indexes ?? []).findIndex((x) => x.unique && x.fields.join(',') === field);
    if (index >= 0) return `definition.indexes.${index}`;
    return `definition.fields.${definition.fields.findIndex((f) => f.code === field)}.unique`;
  }
  const at = definition.fields.findIndex((f) => f.code === field);
  return `definition.fields.${at}.${kind === 'requiredNoDefault' ? 'defaultValue' : 'required'}`;
}

/**
 * A new version of a model. What the table's rows contradict (a required field without a value, a
 * unique index over duplicates) is a 400 at the part; what the change would lose is a 409 listing
 * it (`data.losses`: per field, the rows holding values) unless `confirm` is true.
 */
export async function updateDataModel(
  ctx: DataModelContext,
  id: string,
  body: { definition: DataModelDefinition; confirm?: boolean | undefined },
): Promise<DataModel> {
  const { definition } = body;
  await transaction(ctx.db, async (tx) => {
    // The row's lock orders concurrent changes of one model: each plans from the version before it.
    const row = await modelRow(tx, ctx.tenantId, id, true);
    if (definition.code !== row.code)
      throw fieldError({ 'definition.code': t(ctx.locale, 'dataModel.codeFixed') });
    const before = await currentDefinition(tx, row);
    await assertTargets(ctx, tx, definition, 'definition.');
    if (before.isLines && !definition.isLines) await assertNotReferenced(ctx, tx, row.code, 'lines');
    const plan = planModelDdl(ctx.tenantId, before, definition);
    const fields: Record<string, string> = {};
    for (const check of plan.checks) {
      const rows = await countOf(tx, check.count);
      if (rows > 0)
        fields[checkPath(definition, check.field, check.kind)] ??= t(ctx.locale, `dataModel.${check.kind}`, {
          rows,
        });
    }
    if (Object.keys(fields).length) throw fieldError(fields);
    const losses: DataModelLoss[] = [];
    for (const loss of plan.losses)
      losses.push({ kind: loss.kind, field: loss.field, rows: await countOf(tx, loss.count) });
    if (losses.length && !body.confirm) throw new AppError(409, 'dataModel.wouldLose', undefined, { losses });
    const statements = await apply(tx, plan);
    const version = row.version + 1;
    await insertVersion(ctx, tx, String(row.id), version, definition, statements);
    await tx
      .updateTable('dm_model')
      .set({ ...nameColumns(definition), version, updated_by: ctx.userId, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
  });
  return getDataModel(ctx, id);
}

/** Refuses while another model of the tenant points at `code` (a reference, or lines when `only` says so). */
async function assertNotReferenced(
  ctx: DataModelContext,
  db: Kysely<Database>,
  code: string,
  only?: 'lines',
): Promise<void> {
  const users: string[] = [];
  for (const [other, model] of await modelsByCode(db, ctx.tenantId)) {
    if (other === code) continue;
    const points = model.fields.some(
      (f) => (f.kind === 'lines' || (f.kind === 'reference' && !only)) && f.model === code,
    );
    if (points) users.push(`${model.names[ctx.locale] || model.names['zh-CN']} (${other})`);
  }
  if (users.length) throw new AppError(409, 'dataModel.referenced', { models: users.join(', ') });
}

/** Deletes a model, its versions and its table, unless another model points at it. */
export async function deleteDataModel(ctx: DataModelContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const row = await modelRow(tx, ctx.tenantId, id, true);
    await assertNotReferenced(ctx, tx, row.code);
    const designs = await tx
      .selectFrom('dm_design')
      .select('full_name')
      .where('tenant_id', '=', ctx.tenantId)
      .where('model_id', '=', row.id)
      .execute();
    if (designs.length)
      throw new AppError(409, 'dataModel.usedByDesigns', {
        designs: designs.map((d) => d.full_name).join(', '),
      });
    // A data sync writes into it: it goes first (data-sync-service.ts).
    const syncs = await tx
      .selectFrom('dm_data_sync')
      .select('full_name')
      .where('tenant_id', '=', ctx.tenantId)
      .where('model_id', '=', row.id)
      .execute();
    if (syncs.length)
      throw new AppError(409, 'dataModel.usedBySyncs', { syncs: syncs.map((s) => s.full_name).join(', ') });
    for (const statement of dropModelDdl(ctx.tenantId, row.code))
      await tx.executeQuery(CompiledQuery.raw(statement.sql));
    await tx.deleteFrom('dm_model').where('id', '=', row.id).execute();
  });
}
