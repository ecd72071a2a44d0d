import {
  type DataModelDefinition,
  DESIGNS_PER_TENANT,
  type Design,
  type DesignContent,
  type DesignProblem,
  type DesignSave,
  type DesignSummary,
  type DesignVersion,
  designContentSchema,
  designProblems,
  formSchemaProblems,
  validationMessage,
} from '@srm/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import { likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { syncModuleItems } from '../system/menu-write-service';
import type { DataModelContext } from './data-model-service';
import { currentModelOf, modelsByCode, userName } from './data-model-service';

// Two identical creates at once: the loser answers as the name check below does.
declareUnique('dm_design_tenant_id_kind_full_name_key', { field: 'names.zh-CN', key: 'design.nameTaken' });

type DesignRow = Selectable<Database['dm_design']>;

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);
const ID = /^\d{1,18}$/;

const namesOf = (row: DesignRow) => ({
  'zh-CN': row.full_name,
  ...(row.full_name_en ? { 'en-US': row.full_name_en } : {}),
  ...(row.full_name_tw ? { 'zh-TW': row.full_name_tw } : {}),
});

/** A stored draft or version read back through the schema (one written by an older product still parses). */
const contentOf = (json: unknown): DesignContent => designContentSchema.parse(json);

/**
 * The registered form name of a design's form: what flows and generated code call it by. Create and
 * update set it, whatever the designer sent.
 */
export const designFormName = (id: string) => `Design${id}`;

async function designRow(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  lock = false,
): Promise<DesignRow> {
  if (!ID.test(id)) throw notFound();
  let query = db.selectFrom('dm_design').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

function summaryOf(row: DesignRow, modelCode: string): DesignSummary {
  return {
    id: String(row.id),
    names: namesOf(row),
    category: row.category,
    kind: row.kind === 'app' ? 'app' : 'web',
    modelId: String(row.model_id),
    modelCode,
    publishedVersion: row.published_version,
    changed: row.changed,
    updatedAt: ms(row.updated_at ?? row.created_at),
  };
}

export async function listDesigns(
  ctx: DataModelContext,
  q: { keyword?: string | undefined; category?: string | undefined; kind?: 'web' | 'app' | undefined },
): Promise<DesignSummary[]> {
  let query = ctx.db
    .selectFrom('dm_design as d')
    .innerJoin('dm_model as m', 'm.id', 'd.model_id')
    .selectAll('d')
    .select('m.code as model_code')
    .where('d.tenant_id', '=', ctx.tenantId);
  if (q.kind) query = query.where('d.kind', '=', q.kind);
  if (q.category) query = query.where('d.category', '=', q.category);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or([
        eb('d.full_name', 'ilike', like),
        eb('d.full_name_en', 'ilike', like),
        eb('m.code', 'ilike', like),
      ]),
    );
  }
  const rows = await query
    .orderBy('d.updated_at', (o) => o.desc().nullsLast())
    .orderBy('d.id', 'desc')
    .execute();
  return rows.map((row) => summaryOf(row, row.model_code));
}

async function modelCodeOf(db: Kysely<Database>, modelId: string | number): Promise<string> {
  const m = await db
    .selectFrom('dm_model')
    .select('code')
    .where('id', '=', String(modelId))
    .executeTakeFirst();
  return m?.code ?? '';
}

export async function getDesign(ctx: DataModelContext, id: string): Promise<Design> {
  const row = await designRow(ctx.db, ctx.tenantId, id);
  return { ...summaryOf(row, await modelCodeOf(ctx.db, row.model_id)), draft: contentOf(row.draft) };
}

/**
 * What the server checks beyond the schema, each at its path in the body: the model is the
 * tenant's, the category an item of the flow-category dictionary, the form's sections, rules and
 * filters fit the form, and the form and list fit the model (its fields, their kinds, its lines).
 */
async function checkDesign(
  ctx: DataModelContext,
  db: Kysely<Database>,
  body: DesignSave,
): Promise<{
  model: { id: string; code: string; version: number; definition: DataModelDefinition };
  draft: DesignContent;
}> {
  const model = await currentModelOf(db, ctx.tenantId, body.modelId);
  // Another tenant's model answers as a missing one does, wherever its id hides.
  if (!model) throw notFound();
  const draft = designContentSchema.parse(body.draft);
  const category = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict_type as ty', 'ty.id', 'i.type_id')
    .select('i.id')
    .where('ty.tenant_id', '=', ctx.tenantId)
    .where('ty.en_code', '=', 'flowCategory')
    .where('i.en_code', '=', body.category)
    .executeTakeFirst();
  const fields: Record<string, string> = {};
  if (!category) fields.category = t(ctx.locale, 'design.unknownCategory');
  const linesCodes = model.definition.fields.flatMap((f) => (f.kind === 'lines' ? [f.model] : []));
  const lines = linesCodes.length ? await modelsByCode(db, ctx.tenantId, linesCodes) : new Map();
  const problems: DesignProblem[] = [
    ...formSchemaProblems(draft.form).map((p) => ({ ...p, path: ['form', ...p.path] })),
    ...designProblems(draft, model.definition, Object.fromEntries(lines)),
  ];
  for (const p of problems)
    fields[['draft', ...p.path].join('.')] ??= validationMessage(p.key, ctx.locale, p.params);
  if (Object.keys(fields).length) throw fieldError(fields);
  return { model, draft };
}

const nameColumns = (body: DesignSave) => ({
  full_name: body.names['zh-CN'],
  full_name_en: body.names['en-US'] ?? '',
  full_name_tw: body.names['zh-TW'] ?? '',
});

async function assertNameFree(
  ctx: DataModelContext,
  db: Kysely<Database>,
  body: DesignSave,
  except?: string,
) {
  let query = db
    .selectFrom('dm_design')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('kind', '=', body.kind ?? 'web')
    .where('full_name', '=', body.names['zh-CN']);
  if (except) query = query.where('id', '!=', except);
  if (await query.executeTakeFirst()) throw fieldError({ 'names.zh-CN': t(ctx.locale, 'design.nameTaken') });
}

export async function createDesign(ctx: DataModelContext, body: DesignSave): Promise<Design> {
  const id = await transaction(ctx.db, async (tx) => {
    const { model, draft } = await checkDesign(ctx, tx, body);
    await assertNameFree(ctx, tx, body);
    const { count } = await tx
      .selectFrom('dm_design')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenant_id', '=', ctx.tenantId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= DESIGNS_PER_TENANT)
      throw new AppError(400, 'design.tooMany', { max: DESIGNS_PER_TENANT });
    const row = await tx
      .insertInto('dm_design')
      .values({
        tenant_id: ctx.tenantId,
        kind: body.kind ?? 'web',
        ...nameColumns(body),
        category: body.category,
        model_id: model.id,
        draft: JSON.stringify(draft),
        created_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const named = { ...draft, form: { ...draft.form, name: designFormName(String(row.id)) } };
    await tx
      .updateTable('dm_design')
      .set({ draft: JSON.stringify(named) })
      .where('id', '=', row.id)
      .execute();
    return String(row.id);
  });
  return getDesign(ctx, id);
}

/** Saves the draft; the published versions stay as they are. */
export async function updateDesign(ctx: DataModelContext, id: string, body: DesignSave): Promise<Design> {
  await transaction(ctx.db, async (tx) => {
    const row = await designRow(tx, ctx.tenantId, id, true);
    if (body.modelId !== String(row.model_id) && row.published_version > 0)
      throw fieldError({ modelId: t(ctx.locale, 'design.modelFixed') });
    const { model, draft } = await checkDesign(ctx, tx, body);
    await assertNameFree(ctx, tx, body, String(row.id));
    const named = { ...draft, form: { ...draft.form, name: designFormName(String(row.id)) } };
    await tx
      .updateTable('dm_design')
      .set({
        ...nameColumns(body),
        kind: body.kind ?? 'web',
        category: body.category,
        model_id: model.id,
        draft: JSON.stringify(named),
        changed: true,
        updated_by: ctx.userId,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .execute();
  });
  return getDesign(ctx, id);
}

/**
 * Freezes the draft as the next version, checked again against the model as it is now (the model
 * may have changed since the draft was saved). A draft without changes since the last version is
 * not published twice: the same version answers.
 */
export async function publishDesign(ctx: DataModelContext, id: string): Promise<Design> {
  await transaction(ctx.db, async (tx) => {
    const row = await designRow(tx, ctx.tenantId, id, true);
    if (!row.changed && row.published_version > 0) return;
    const draft = contentOf(row.draft);
    const { model } = await checkDesign(ctx, tx, {
      names: namesOf(row),
      category: row.category,
      kind: row.kind === 'app' ? 'app' : 'web',
      modelId: String(row.model_id),
      draft,
    });
    const version = row.published_version + 1;
    await tx
      .insertInto('dm_design_version')
      .values({
        tenant_id: ctx.tenantId,
        design_id: row.id,
        version,
        content: JSON.stringify(draft),
        model_version: model.version,
        published_by: ctx.userId,
        published_by_name: await userName(tx, ctx.userId),
      })
      .execute();
    await tx
      .updateTable('dm_design')
      .set({ published_version: version, changed: false })
      .where('id', '=', row.id)
      .execute();
    // The model pages of the design take its new buttons and columns (the authorize screen grants them).
    for (const menu of await designMenus(tx, ctx.tenantId, String(row.id)))
      await syncModuleItems(tx, ctx.tenantId, menu.id, menu.code);
  });
  return getDesign(ctx, id);
}

function versionOf(v: Selectable<Database['dm_design_version']>): DesignVersion {
  return {
    version: v.version,
    content: contentOf(v.content),
    modelVersion: v.model_version,
    publishedBy: v.published_by === null ? null : String(v.published_by),
    publishedByName: v.published_by_name,
    publishedAt: new Date(v.published_at).getTime(),
  };
}

export async function listDesignVersions(ctx: DataModelContext, id: string): Promise<DesignVersion[]> {
  const row = await designRow(ctx.db, ctx.tenantId, id);
  const rows = await ctx.db
    .selectFrom('dm_design_version')
    .selectAll()
    .where('design_id', '=', row.id)
    .orderBy('version', 'desc')
    .execute();
  return rows.map(versionOf);
}

/** One published version (the model page asks for the design's current one). */
export async function getDesignVersion(
  ctx: DataModelContext,
  id: string,
  version: number,
): Promise<DesignVersion> {
  const row = await designRow(ctx.db, ctx.tenantId, id);
  const v = await ctx.db
    .selectFrom('dm_design_version')
    .selectAll()
    .where('design_id', '=', row.id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!v) throw notFound();
  return versionOf(v);
}

/** The type-3 menu items that name the design. */
async function designMenus(db: Kysely<Database>, tenantId: string, id: string) {
  const rows = await db
    .selectFrom('sys_menu')
    .select(['id', 'menu_name', 'menu_perms'])
    .where('tenant_id', '=', tenantId)
    .where('menu_type', '=', 3)
    .where(
      sql<boolean>`case when property_json like '{%' then property_json::jsonb ->> 'moduleId' end = ${id}`,
    )
    .execute();
  return rows.map((r) => ({ id: String(r.id), name: r.menu_name, code: r.menu_perms }));
}

/**
 * Where a design is used: menu items of type 3 whose `propertyJson` names it, flows whose form is
 * it. Named in the 409 that refuses its delete.
 */
async function designUsers(ctx: DataModelContext, db: Kysely<Database>, id: string): Promise<string[]> {
  const menus = await designMenus(db, ctx.tenantId, id);
  const flows = await db
    .selectFrom('flow_definition')
    .select(['full_name', 'en_code'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('form_name', '=', designFormName(id))
    .execute();
  return [...menus.map((m) => m.name), ...flows.map((r) => `${r.full_name} (${r.en_code})`)];
}

export async function deleteDesign(ctx: DataModelContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const row = await designRow(tx, ctx.tenantId, id, true);
    const users = await designUsers(ctx, tx, String(row.id));
    if (users.length) throw new AppError(409, 'design.inUse', { users: users.join(', ') });
    await tx.deleteFrom('dm_design').where('id', '=', row.id).execute();
  });
}

/** Whether a design of the tenant is published (what a model page's menu item may name). */
export async function publishedDesignExists(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('dm_design')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('published_version', '>', 0)
    .executeTakeFirst();
  return row !== undefined;
}
