/**
 * Portals (在线开发 › 门户设计, docs/portals.md): a dashboard of widgets on a 12-column grid,
 * published as menu type 8 and set as roles' home pages. Saving checks what each widget names is
 * the tenant's (a dataset or menu item of another tenant answers 404, as a missing one), that the
 * fields of a dataset widget are columns of its dataset where those are known, and sanitises the
 * text widgets' HTML. How a reader opens one is portal-view.ts.
 */
import {
  MenuType,
  PORTAL_DATASET_WIDGETS,
  PORTALS_PER_TENANT,
  type Portal,
  type PortalDefinition,
  type PortalSave,
  type PortalSources,
  type PortalSummary,
  type PortalWidget,
  portalDefinitionSchema,
} from '@srm/contracts';
import type { Kysely, Selectable } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { userName } from './data-model-service';
import { datasetChoices, datasetOutputColumns, getDataset } from './dataset-service';
import { mapExists } from './map-service';
import { ID, menusOfModules, ms, namesOf, publishAsMenu, refuseWhileInMenus } from './published-menus';

declareUnique('dm_portal_tenant_id_code_key', { field: 'code', key: 'portal.codeTaken' });

type Db = Kysely<Database>;
export type PortalRow = Selectable<Database['dm_portal']>;
type DatasetWidget = Extract<PortalWidget, { datasetId: string }>;

export const isDatasetWidget = (w: PortalWidget): w is DatasetWidget =>
  PORTAL_DATASET_WIDGETS.includes(w.type);

/** What a text widget may hold: the announcements' formatting, no scripts, styles or frames. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'del', 'ins'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': [],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

const portalMenus = (db: Db, tenantId: string, ids: string[]) =>
  menusOfModules(db, tenantId, MenuType.portal, ids);

/** The roles whose home page each portal is. */
async function homeRoles(db: Db, tenantId: string, ids: string[]) {
  const out = new Map<string, { id: string; name: string }[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('dm_portal_home as h')
    .innerJoin('sys_role as r', 'r.id', 'h.role_id')
    .select(['h.portal_id', 'r.id', 'r.role_name'])
    .where('h.tenant_id', '=', tenantId)
    .where('h.portal_id', 'in', ids)
    .orderBy('r.order_num')
    .orderBy('r.id')
    .execute();
  for (const row of rows) {
    const key = String(row.portal_id);
    const list = out.get(key) ?? [];
    list.push({ id: String(row.id), name: row.role_name });
    out.set(key, list);
  }
  return out;
}

async function summariesOf(ctx: ServiceContext, rows: PortalRow[]): Promise<PortalSummary[]> {
  const ids = rows.map((r) => String(r.id));
  const [menus, homes] = await Promise.all([
    portalMenus(ctx.deps.db, ctx.auth.tenantId, ids),
    homeRoles(ctx.deps.db, ctx.auth.tenantId, ids),
  ]);
  return rows.map((row) => ({
    id: String(row.id),
    code: row.code,
    names: namesOf(row),
    menus: menus.get(String(row.id)) ?? [],
    homeRoles: homes.get(String(row.id)) ?? [],
    updatedAt: ms(row.updated_at ?? row.created_at),
    updatedByName: row.updated_by_name,
  }));
}

export async function listPortals(
  ctx: ServiceContext,
  q: { keyword?: string | undefined },
): Promise<PortalSummary[]> {
  let query = ctx.deps.db.selectFrom('dm_portal').selectAll().where('tenant_id', '=', ctx.auth.tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or([
        eb('code', 'ilike', like),
        eb('full_name', 'ilike', like),
        eb('full_name_en', 'ilike', like),
        eb('full_name_tw', 'ilike', like),
      ]),
    );
  }
  return summariesOf(ctx, await query.orderBy('code').execute());
}

export async function portalRow(ctx: ServiceContext, id: string): Promise<PortalRow> {
  if (!ID.test(id)) throw notFound();
  const row = await ctx.deps.db
    .selectFrom('dm_portal')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export const portalDefinitionOf = (row: PortalRow): PortalDefinition =>
  portalDefinitionSchema.parse(row.definition);

async function toPortal(ctx: ServiceContext, row: PortalRow): Promise<Portal> {
  const [summary] = await summariesOf(ctx, [row]);
  return { ...(summary as PortalSummary), definition: portalDefinitionOf(row) };
}

export async function getPortal(ctx: ServiceContext, id: string): Promise<Portal> {
  return toPortal(ctx, await portalRow(ctx, id));
}

/** What a widget may read or link to: the tenant's datasets and its web menu items. */
export async function portalSources(ctx: ServiceContext): Promise<PortalSources> {
  const [datasets, menus] = await Promise.all([
    datasetChoices(ctx),
    ctx.deps.db
      .selectFrom('sys_menu')
      .select(['id', 'parent_id', 'menu_name', 'menu_name_en', 'menu_name_tw', 'menu_type'])
      .where('tenant_id', '=', ctx.auth.tenantId)
      .where('enabled', '=', true)
      .where('category', '=', 'web')
      .orderBy('order_num')
      .orderBy('id')
      .execute(),
  ]);
  return {
    datasets,
    menus: menus.map((m) => ({
      id: String(m.id),
      parentId: String(m.parent_id),
      names: {
        'zh-CN': m.menu_name,
        ...(m.menu_name_en ? { 'en-US': m.menu_name_en } : {}),
        ...(m.menu_name_tw ? { 'zh-TW': m.menu_name_tw } : {}),
      },
      type: m.menu_type,
    })),
  };
}

/** What a dataset widget of a portal or a data screen names: its dataset and the fields of its rows. */
type DatasetParts =
  | { type: 'number'; datasetId: string; field: string }
  | { type: 'table'; datasetId: string; columns: { field: string }[] }
  | {
      type: 'chart';
      datasetId: string;
      chart: { x: string; y: string[]; series?: string | undefined; mapId?: string | undefined };
    };

/**
 * The refusals of dataset widgets, by the path of their field (`definition.widgets.N.…`): each one's
 * dataset is the tenant's (else 404, thrown), and the fields it names are columns of its rows where
 * those are known without running it. Widgets of other types are passed over.
 */
export async function datasetWidgetProblems(
  ctx: ServiceContext,
  widgets: Iterable<[number, { type: string }]>,
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  const columnsOf = new Map<string, string[] | null>();
  for (const [i, w] of widgets) {
    if (!('datasetId' in w)) continue;
    const widget = w as DatasetParts;
    if (!columnsOf.has(widget.datasetId)) {
      const dataset = await getDataset(ctx, widget.datasetId);
      columnsOf.set(widget.datasetId, (await datasetOutputColumns(ctx, [dataset])).get(dataset.id) ?? null);
    }
    const known = columnsOf.get(widget.datasetId);
    if (!known) continue;
    const check = (path: string, field: string | undefined) => {
      if (field !== undefined && !known.includes(field))
        problems[`definition.widgets.${i}.${path}`] = t(ctx.locale, 'portal.unknownField', { field });
    };
    if (widget.type === 'number') check('field', widget.field);
    if (widget.type === 'table')
      for (const [j, c] of widget.columns.entries()) check(`columns.${j}.field`, c.field);
    if (widget.type === 'chart') {
      // Another tenant's map is not there for this one.
      if (widget.chart.mapId && !(await mapExists(ctx, widget.chart.mapId))) throw notFound();
      check('chart.x', widget.chart.x);
      for (const [j, f] of widget.chart.y.entries()) check(`chart.y.${j}`, f);
      check('chart.series', widget.chart.series);
    }
  }
  return problems;
}

/**
 * The definition against the tenant: each dataset widget's dataset is the tenant's (404) and the
 * fields it names are columns of its rows where those are known; each shortcut names a menu item
 * of the tenant (404). Answers the definition with its text widgets sanitised.
 */
async function checkedDefinition(
  ctx: ServiceContext,
  input: PortalSave['definition'],
): Promise<PortalDefinition> {
  const definition = portalDefinitionSchema.parse(input);
  const problems = await datasetWidgetProblems(ctx, definition.widgets.entries());
  if (Object.keys(problems).length) throw fieldError(problems);
  const menuIds = [...new Set(definition.widgets.flatMap((w) => (w.type === 'shortcuts' ? w.menuIds : [])))];
  if (menuIds.length) {
    const found = await ctx.deps.db
      .selectFrom('sys_menu')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', ctx.auth.tenantId)
      .where('id', 'in', menuIds)
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== menuIds.length) throw notFound();
  }
  return {
    widgets: definition.widgets.map((w) =>
      w.type === 'text'
        ? {
            ...w,
            html: Object.fromEntries(
              Object.entries(w.html).map(([locale, html]) => [locale, sanitizeHtml(html ?? '', SANITIZE)]),
            ) as unknown as typeof w.html,
          }
        : w,
    ),
  };
}

function rowValues(ctx: ServiceContext, input: PortalSave, definition: PortalDefinition) {
  return {
    code: input.code,
    full_name: input.names['zh-CN'],
    full_name_en: input.names['en-US'] ?? '',
    full_name_tw: input.names['zh-TW'] ?? '',
    definition: JSON.stringify(definition),
    updated_by: ctx.auth.userId,
  };
}

async function checkCodeFree(ctx: ServiceContext, code: string, exceptId?: string) {
  let query = ctx.deps.db
    .selectFrom('dm_portal')
    .select('id')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('code', '=', code);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw fieldError({ code: t(ctx.locale, 'portal.codeTaken') });
}

export async function createPortal(ctx: ServiceContext, input: PortalSave): Promise<Portal> {
  const definition = await checkedDefinition(ctx, input.definition);
  await checkCodeFree(ctx, input.code);
  const count = await ctx.deps.db
    .selectFrom('dm_portal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', ctx.auth.tenantId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= PORTALS_PER_TENANT)
    throw new AppError(400, 'portal.tooMany', { max: PORTALS_PER_TENANT });
  const row = await ctx.deps.db
    .insertInto('dm_portal')
    .values({
      tenant_id: ctx.auth.tenantId,
      ...rowValues(ctx, input, definition),
      created_by: ctx.auth.userId,
      updated_by_name: await userName(ctx.deps.db, ctx.auth.userId),
      updated_at: ctx.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPortal(ctx, row);
}

export async function updatePortal(ctx: ServiceContext, id: string, input: PortalSave): Promise<Portal> {
  await portalRow(ctx, id);
  const definition = await checkedDefinition(ctx, input.definition);
  await checkCodeFree(ctx, input.code, id);
  const row = await ctx.deps.db
    .updateTable('dm_portal')
    .set({
      ...rowValues(ctx, input, definition),
      updated_by_name: await userName(ctx.deps.db, ctx.auth.userId),
      updated_at: ctx.now(),
    })
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return toPortal(ctx, row);
}

/** Deletes a portal (and its being anyone's home); refused (409, naming them) while menu items open it. */
export async function deletePortal(ctx: ServiceContext, id: string): Promise<void> {
  await portalRow(ctx, id);
  await refuseWhileInMenus(ctx, MenuType.portal, id, 'portal.inUse');
  await ctx.deps.db
    .deleteFrom('dm_portal')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .execute();
}

/** Whether a portal of the tenant exists (what a type-8 menu item may name). */
export async function portalExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('dm_portal')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** A menu item of type 8 opening the portal, named as it, under the web directory `parentId`. */
export async function publishPortal(
  ctx: ServiceContext,
  id: string,
  input: { parentId: string; enCode: string },
) {
  const row = await portalRow(ctx, id);
  return publishAsMenu(ctx, row, { menuType: MenuType.portal, icon: 'AppstoreOutlined' }, input);
}

export async function getPortalHomes(ctx: ServiceContext, id: string): Promise<{ roleIds: string[] }> {
  await portalRow(ctx, id);
  const homes = (await homeRoles(ctx.deps.db, ctx.auth.tenantId, [id])).get(id) ?? [];
  return { roleIds: homes.map((r) => r.id) };
}

/**
 * The portal becomes the home page of exactly these roles of the tenant (another tenant's role
 * answers 404): a role that had another portal as home takes this one; roles left out lose it.
 */
export async function setPortalHomes(ctx: ServiceContext, id: string, roleIds: string[]) {
  await portalRow(ctx, id);
  const wanted = [...new Set(roleIds)];
  if (wanted.length) {
    const found = await ctx.deps.db
      .selectFrom('sys_role')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', ctx.auth.tenantId)
      .where('id', 'in', wanted)
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== wanted.length) throw notFound();
  }
  const tenantId = ctx.auth.tenantId;
  await transaction(ctx.deps.db, async (tx) => {
    let gone = tx
      .deleteFrom('dm_portal_home')
      .where('tenant_id', '=', tenantId)
      .where('portal_id', '=', id)
      .where('role_id', 'is not', null);
    if (wanted.length) gone = gone.where('role_id', 'not in', wanted);
    await gone.execute();
    if (!wanted.length) return;
    await tx
      .insertInto('dm_portal_home')
      .values(wanted.map((roleId) => ({ tenant_id: tenantId, portal_id: id, role_id: roleId })))
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'role_id']).where('role_id', 'is not', null).doUpdateSet({ portal_id: id }),
      )
      .execute();
  });
  return getPortalHomes(ctx, id);
}
