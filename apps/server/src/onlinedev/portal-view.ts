/**
 * A portal as its reader opens it (docs/portals.md). A reader may open a portal of his tenant when
 * he holds the code of an enabled type-8 menu item naming it, or when it is the home page of one of
 * his roles; the tenant's administrator may open every one. His home page is his own choice among
 * those, else his first role's home (by the roles' order), else the product's own. Dataset widgets
 * run as the reader (his tenant and data rules) and never show the dataset's statement.
 */
import {
  MenuType,
  PORTAL_WIDGET_ROWS_MAX,
  type PortalHome,
  type PortalView,
  type PortalWidgetRows,
} from '@srm/contracts';
import { AppError, notFound } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import { datasetReadTables, readDataset } from './dataset-service';
import { isDatasetWidget, type PortalRow, portalDefinitionOf, portalRow } from './portal-service';
import { ID, moduleIdOf, namesOf } from './published-menus';

/** The portals the caller may open, by id: through his menu, as his roles' homes, or all (administrator). */
async function openablePortals(ctx: ServiceContext): Promise<Map<string, PortalRow>> {
  const { tenantId } = ctx.auth;
  const db = ctx.deps.db;
  const perms = await ctx.permissions();
  const all = await db
    .selectFrom('dm_portal')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('code')
    .execute();
  if (perms.isAdmin) return new Map(all.map((r) => [String(r.id), r]));
  const [menus, homes] = await Promise.all([
    db
      .selectFrom('sys_menu as s')
      .select(['s.menu_perms', moduleIdOf.as('module_id')])
      .where('s.tenant_id', '=', tenantId)
      .where('s.menu_type', '=', MenuType.portal)
      .where('s.enabled', '=', true)
      .execute(),
    roleHomes(ctx),
  ]);
  const ids = new Set(homes);
  for (const m of menus) if (m.module_id && perms.codes.has(m.menu_perms)) ids.add(m.module_id);
  return new Map(all.filter((r) => ids.has(String(r.id))).map((r) => [String(r.id), r]));
}

/** The home portals of the caller's roles, in the roles' order. */
async function roleHomes(ctx: ServiceContext): Promise<string[]> {
  const rows = await ctx.deps.db
    .selectFrom('dm_portal_home as h')
    .innerJoin('user_role as ur', (join) =>
      join.onRef('ur.role_id', '=', 'h.role_id').onRef('ur.tenant_id', '=', 'h.tenant_id'),
    )
    .innerJoin('sys_role as r', 'r.id', 'h.role_id')
    .select('h.portal_id')
    .where('h.tenant_id', '=', ctx.auth.tenantId)
    .where('ur.user_id', '=', ctx.auth.userId)
    .where('r.enabled', '=', true)
    .orderBy('r.order_num')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => String(r.portal_id));
}

/** The portal `id` if the caller may open it; another tenant's, or one he may not, answers 404. */
async function openPortal(ctx: ServiceContext, id: string): Promise<PortalRow> {
  if (!ID.test(id)) throw notFound();
  const perms = await ctx.permissions();
  if (perms.isAdmin) return portalRow(ctx, id);
  const row = (await openablePortals(ctx)).get(id);
  if (!row) throw notFound();
  return row;
}

export async function portalView(ctx: ServiceContext, id: string): Promise<PortalView> {
  const row = await openPortal(ctx, id);
  const definition = portalDefinitionOf(row);
  const perms = await ctx.permissions();
  const datasetIds = [
    ...new Set(definition.widgets.flatMap((w) => (isDatasetWidget(w) ? [w.datasetId] : []))),
  ];
  const reads = await datasetReadTables(ctx, datasetIds);
  const watch: Record<string, string[]> = {};
  for (const w of definition.widgets) if (isDatasetWidget(w)) watch[w.id] = reads.get(w.datasetId) ?? [];
  return {
    id: String(row.id),
    names: namesOf(row),
    definition: {
      // A shortcut to a menu item the reader does not hold is not shown to him.
      widgets: definition.widgets.map((w) =>
        w.type === 'shortcuts' && !perms.isAdmin
          ? { ...w, menuIds: w.menuIds.filter((m) => perms.ids.menu.has(m)) }
          : w,
      ),
    },
    watch,
  };
}

/** The rows of a dataset widget of a portal the caller may open, run as him. */
export async function portalWidgetRows(
  ctx: ServiceContext,
  id: string,
  widgetId: string,
): Promise<PortalWidgetRows> {
  const row = await openPortal(ctx, id);
  const widget = portalDefinitionOf(row).widgets.find((w) => w.id === widgetId);
  if (!widget) throw notFound();
  if (!isDatasetWidget(widget)) throw new AppError(404, 'portal.notDatasetWidget');
  return datasetWidgetRows(ctx, widget);
}

/** A dataset widget's rows (a portal's or a data screen's), run as the caller: a table's rows at most. */
export async function datasetWidgetRows(
  ctx: ServiceContext,
  widget: {
    type: string;
    datasetId: string;
    params: Record<string, string | number | boolean | null>;
    rows?: number;
  },
): Promise<PortalWidgetRows> {
  const result = await readDataset(ctx, widget.datasetId, widget.params);
  const cap = widget.type === 'table' && widget.rows ? widget.rows : PORTAL_WIDGET_ROWS_MAX;
  return {
    columns: result.columns,
    rows: result.rows.slice(0, cap),
    truncated: result.truncated || result.rows.length > cap,
  };
}

/** The caller's home page: his own choice if he may still open it, else his first role's. */
export async function portalHome(ctx: ServiceContext): Promise<PortalHome> {
  const [openable, own, homes] = await Promise.all([
    openablePortals(ctx),
    ctx.deps.db
      .selectFrom('dm_portal_home')
      .select('portal_id')
      .where('tenant_id', '=', ctx.auth.tenantId)
      .where('user_id', '=', ctx.auth.userId)
      .executeTakeFirst(),
    roleHomes(ctx),
  ]);
  const choices = [...openable.values()].map((r) => ({ id: String(r.id), names: namesOf(r) }));
  const chosen = own && openable.has(String(own.portal_id)) ? String(own.portal_id) : null;
  const roleHome = homes.find((id) => openable.has(id)) ?? null;
  return { portalId: chosen ?? roleHome, chosen: chosen !== null, choices };
}

/** The caller's own choice of home page among those he may open (null: back to his role's or the default). */
export async function choosePortalHome(ctx: ServiceContext, portalId: string | null): Promise<PortalHome> {
  const { tenantId, userId } = ctx.auth;
  if (portalId === null) {
    await ctx.deps.db
      .deleteFrom('dm_portal_home')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .execute();
    return portalHome(ctx);
  }
  if (!(await openablePortals(ctx)).has(portalId)) throw notFound();
  await ctx.deps.db
    .insertInto('dm_portal_home')
    .values({ tenant_id: tenantId, portal_id: portalId, user_id: userId })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'user_id'])
        .where('user_id', 'is not', null)
        .doUpdateSet({ portal_id: portalId }),
    )
    .execute();
  return portalHome(ctx);
}

/** The current user's home portal id ('' for the product's own home): the current user's `portalId`. */
export async function homePortalId(ctx: ServiceContext): Promise<string> {
  return (await portalHome(ctx)).portalId ?? '';
}
