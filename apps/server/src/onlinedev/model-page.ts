import {
  type DataModelDefinition,
  type DataModelField,
  type DesignContent,
  designContentSchema,
  FLOW_DEFINITION_STATE,
  type FormSchema,
  LIST_BUTTONS,
  type ListButton,
  MenuType,
  type ModelPageConfig,
  type ModelPageField,
  modelPageButtonCode,
  modelPageColumnCode,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { forbidden, notFound } from '../core/errors';
import type { MenuModuleItem } from '../core/menu-modules';
import type { SignedInRequest } from '../core/scope';
import { contextOf, type ServiceContext } from '../core/service-context';
import type { Database } from '../db/types';
import { flowNameIn } from '../workflow/forms';
import { currentModelOf, modelsByCode } from './data-model-service';
import { designFormName } from './design-service';
import { modelTableName } from './model-ddl';

type Db = Kysely<Database> | Transaction<Database>;

const ID = /^\d{1,18}$/;

/** The published design a model page shows, its model, and what the reader may see and do of it. */
export interface ModelPage {
  menuId: string;
  menuCode: string;
  designId: string;
  designVersion: number;
  content: DesignContent;
  model: { id: string; code: string; definition: DataModelDefinition };
  /** `dm_<tenant>_<code>`. */
  table: string;
  fields: Map<string, DataModelField>;
  /** The lines models of the form's sub-tables, by the lines field's code. */
  lines: Map<string, { code: string; table: string; definition: DataModelDefinition }>;
  /** Fields whose list column the reader may not see: left out of what he reads, kept as stored on writes. */
  hidden: Set<string>;
  buttons: Set<ListButton>;
}

/** The design's current published version and its content (null: none, or not the tenant's). */
async function publishedDesign(db: Db, tenantId: string, designId: string) {
  const row = await db
    .selectFrom('dm_design as d')
    .innerJoin('dm_design_version as v', (j) =>
      j.onRef('v.design_id', '=', 'd.id').onRef('v.version', '=', 'd.published_version'),
    )
    .select(['d.id', 'd.model_id', 'd.published_version', 'v.content'])
    .where('d.tenant_id', '=', tenantId)
    .where('d.id', '=', designId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: String(row.id),
    modelId: String(row.model_id),
    version: row.published_version,
    content: designContentSchema.parse(row.content),
  };
}

/** What a published version of a design and its model version make of a page, the same for every reader. */
interface PageDefinition {
  designId: string;
  designVersion: number;
  content: DesignContent;
  model: { id: string; code: string; definition: DataModelDefinition };
  table: string;
  fields: Map<string, DataModelField>;
  lines: ModelPage['lines'];
}

async function loadDefinition(db: Db, tenantId: string, designId: string): Promise<PageDefinition | null> {
  const design = await publishedDesign(db, tenantId, designId);
  if (!design) return null;
  const model = await currentModelOf(db as Kysely<Database>, tenantId, design.modelId);
  if (!model) return null;
  const fields = new Map(model.definition.fields.map((f) => [f.code, f]));
  const linesCodes = model.definition.fields.flatMap((f) => (f.kind === 'lines' ? [f.model] : []));
  const linesModels = linesCodes.length
    ? await modelsByCode(db as Kysely<Database>, tenantId, linesCodes)
    : new Map<string, DataModelDefinition>();
  const lines: ModelPage['lines'] = new Map();
  for (const f of model.definition.fields) {
    const definition = f.kind === 'lines' ? linesModels.get(f.model) : undefined;
    if (f.kind === 'lines' && definition)
      lines.set(f.code, { code: f.model, table: modelTableName(tenantId, f.model), definition });
  }
  return {
    designId: design.id,
    designVersion: design.version,
    content: design.content,
    model: { id: model.id, code: model.code, definition: model.definition },
    table: modelTableName(tenantId, model.code),
    fields,
    lines,
  };
}

/**
 * The model page of menu item `menuId` for the caller: the tenant's enabled type-3 item naming a
 * published design (else 404), whose code the caller holds (else 403). The design's content and its
 * model are parsed once per published version and model version (one query asks for both), so a
 * list reads them from memory.
 */
export async function modelPageOf(
  ctx: ServiceContext,
  menuId: string,
  db: Db = ctx.deps.db,
): Promise<ModelPage> {
  const { tenantId } = ctx.auth;
  if (!ID.test(menuId)) throw notFound();
  const menu = await db
    .selectFrom('sys_menu as s')
    .leftJoin('dm_design as d', (j) =>
      j
        .on('d.tenant_id', '=', tenantId)
        .on(
          sql`d.id::text`,
          '=',
          sql`case when s.property_json like '{%' then s.property_json::jsonb ->> 'moduleId' end`,
        ),
    )
    .leftJoin('dm_model as m', 'm.id', 'd.model_id')
    .select(['s.menu_perms', 'd.id as design_id', 'd.published_version', 'm.version as model_version'])
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', '=', menuId)
    .where('s.menu_type', '=', MenuType.dynamicModel)
    .where('s.enabled', '=', true)
    .executeTakeFirst();
  if (!menu) throw notFound();
  const perms = await ctx.permissions();
  if (!perms.isAdmin && !perms.codes.has(menu.menu_perms)) throw forbidden();
  if (!menu.design_id || !menu.published_version || menu.model_version === null) throw notFound();
  const designId = String(menu.design_id);
  const definition = await ctx.deps.cache.get(
    `modelPage:${tenantId}:${designId}`,
    `${menu.published_version}.${menu.model_version}`,
    () => loadDefinition(db, tenantId, designId),
    60_000,
  );
  if (!definition) throw notFound();
  const { content, model, table, fields, lines } = definition;
  const code = menu.menu_perms;
  const hidden = new Set<string>();
  for (const column of content.list.columns)
    if (!perms.isAdmin && !perms.codes.has(modelPageColumnCode(code, column.field))) hidden.add(column.field);
  const buttons = new Set<ListButton>(
    content.list.buttons.filter((b) => perms.isAdmin || perms.codes.has(modelPageButtonCode(code, b))),
  );
  return {
    menuId,
    menuCode: code,
    designId,
    designVersion: definition.designVersion,
    content,
    model,
    table,
    fields,
    lines,
    hidden,
    buttons,
  };
}

/**
 * A published design of the tenant as a page without a menu item (null: none): every field seen,
 * no buttons. What a flow of the designed form writes its model rows through (`db` may be the
 * action's transaction).
 */
export async function designPageOf(db: Db, tenantId: string, designId: string): Promise<ModelPage | null> {
  if (!ID.test(designId)) return null;
  const definition = await loadDefinition(db, tenantId, designId);
  if (!definition) return null;
  return { ...definition, menuId: '', menuCode: '', hidden: new Set(), buttons: new Set() };
}

const requestPages = new WeakMap<object, ModelPage>();

/**
 * preValidation hook of a model page's routes: the page of the path's menu item for the caller
 * (404, 403) and, when named, one of its buttons (403), before the body is read, so that a caller
 * without the page never learns what its body should hold. The handler takes it with `pageOfRequest`.
 */
export function requirePage(...any: ListButton[]) {
  return async function modelPageGuard(request: FastifyRequest): Promise<void> {
    const params = (request.params ?? {}) as { menuId?: unknown; id?: unknown };
    const menuId = String(params.menuId ?? '');
    // A malformed id in the path is bad input: the schema's validation answers it (400 at the id).
    if (!ID.test(menuId) || (params.id !== undefined && !ID.test(String(params.id)))) return;
    const page = await modelPageOf(contextOf(request as SignedInRequest), menuId);
    if (any.length) requireButton(page, ...any);
    requestPages.set(request, page);
  };
}

/** The page `requirePage` found for this request. */
export function pageOfRequest(request: FastifyRequest): ModelPage {
  const page = requestPages.get(request);
  if (!page) throw new Error('model page route without requirePage');
  return page;
}

/** 403 unless the reader holds the design's button on this page. */
export function requireButton(page: ModelPage, ...any: ListButton[]): void {
  if (!any.some((b) => page.buttons.has(b))) throw forbidden();
}

/** The form as the reader may see it: without the fields whose column he may not see. */
export function readerForm(page: ModelPage): FormSchema {
  const form = page.content.form;
  if (!page.hidden.size) return form;
  return {
    ...form,
    fields: form.fields.filter((f) => !page.hidden.has(f.name)),
    linkage: form.linkage?.filter((rule) =>
      rule.when.every((c) => !page.hidden.has(c.field.split('.')[0] ?? '')),
    ),
  };
}

/** The released flow bound to the page's design (the first by its order), named in the reader's language. */
export async function pageFlow(ctx: ServiceContext, page: ModelPage): Promise<ModelPageConfig['flow']> {
  const row = await ctx.db
    .selectFrom('flow_definition')
    .select(['id', 'full_name', 'full_name_en', 'full_name_tw'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('form_name', '=', designFormName(page.designId))
    .where('state', '=', FLOW_DEFINITION_STATE.released)
    .where('current_version', '>', 0)
    .orderBy('sort_code')
    .orderBy('id')
    .executeTakeFirst();
  return row ? { id: String(row.id), name: flowNameIn(row, ctx.locale) } : null;
}

export function pageConfig(page: ModelPage, flow: ModelPageConfig['flow'] = null): ModelPageConfig {
  const list = page.content.list;
  const seen = (field: string) => !page.hidden.has(field);
  const shown = new Set<string>([
    ...list.columns.map((c) => c.field),
    ...list.query.map((q) => q.field),
    ...page.content.form.fields.map((f) => f.name),
    ...(list.tree ? [list.tree.field] : []),
  ]);
  const fields: ModelPageField[] = [];
  for (const f of page.model.definition.fields) {
    if (!shown.has(f.code) || !seen(f.code)) continue;
    fields.push({
      code: f.code,
      names: f.names,
      kind: f.kind,
      ...('dictType' in f ? { dictType: f.dictType } : {}),
      ...('model' in f ? { model: f.model } : {}),
      ...(f.kind === 'decimal' ? { precision: f.precision, scale: f.scale } : {}),
      ...(f.kind === 'money' ? { precision: 18, scale: 2 } : {}),
    });
  }
  return {
    menuId: page.menuId,
    designId: page.designId,
    designVersion: page.designVersion,
    names: page.content.form.titles
      ? {
          'zh-CN': page.content.form.titles['zh-CN'] ?? page.content.form.title,
          ...(page.content.form.titles['en-US'] ? { 'en-US': page.content.form.titles['en-US'] } : {}),
          ...(page.content.form.titles['zh-TW'] ? { 'zh-TW': page.content.form.titles['zh-TW'] } : {}),
        }
      : { 'zh-CN': page.content.form.title },
    isTree: Boolean(page.model.definition.isTree),
    form: readerForm(page),
    list: {
      ...list,
      columns: list.columns.filter((c) => seen(c.field)),
      query: list.query.filter((q) => seen(q.field)),
      ...(list.sort && !seen(list.sort.field) ? { sort: undefined } : {}),
    },
    buttons: LIST_BUTTONS.filter((b) => page.buttons.has(b)),
    fields,
    flow,
  };
}

const BUTTON_NAMES: Record<ListButton, string> = {
  add: '新增',
  edit: '编辑',
  detail: '详情',
  delete: '删除',
  batchDelete: '批量删除',
  import: '导入',
  export: '导出',
  launchFlow: '发起流程',
};

/** The menu items of a model page: the design's buttons and its list columns (names in Chinese, as menu items are). */
export async function modelPageItems(
  db: Db,
  tenantId: string,
  designId: string,
): Promise<{ button: MenuModuleItem[]; column: MenuModuleItem[] }> {
  const design = await publishedDesign(db, tenantId, designId);
  if (!design) return { button: [], column: [] };
  const model = await currentModelOf(db as Kysely<Database>, tenantId, design.modelId);
  const names = new Map(model?.definition.fields.map((f) => [f.code, f.names['zh-CN']]) ?? []);
  return {
    button: design.content.list.buttons.map((b) => ({ suffix: b, name: BUTTON_NAMES[b] })),
    column: design.content.list.columns.map((c) => ({
      suffix: `column.${c.field}`,
      name: names.get(c.field) ?? c.field,
    })),
  };
}

/** The fields a model page's condition data rules may name: the model's scalar fields. */
export async function modelPageRuleFields(db: Db, tenantId: string, designId: string): Promise<string[]> {
  const design = await publishedDesign(db, tenantId, designId);
  if (!design) return [];
  const model = await currentModelOf(db as Kysely<Database>, tenantId, design.modelId);
  return (model?.definition.fields ?? []).filter((f) => ruleFieldType(f) !== null).map((f) => f.code);
}

/** How a data rule compares a model field (as the coded pages' `ScopeColumns`), or null when it cannot. */
export function ruleFieldType(field: DataModelField): 'text' | 'id' | 'bool' | null {
  switch (field.kind) {
    case 'text':
    case 'select':
      return 'text';
    case 'integer':
    case 'user':
    case 'department':
    case 'supplier':
    case 'reference':
      return 'id';
    case 'boolean':
      return 'bool';
    default:
      return null;
  }
}
