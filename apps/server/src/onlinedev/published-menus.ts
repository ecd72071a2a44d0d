/**
 * What the designers publish as menu items (a report as type 5, a portal as type 8): the item names
 * its module in `propertyJson.moduleId`; publishing creates it last under a web directory, named as
 * the module; the items naming a module are listed with it and keep it from being deleted.
 */
import { menuBodySchema } from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import { AppError, forbidden, notFound } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import type { Database } from '../db/types';
import { createMenu } from '../system/menu-write-service';

type Db = Kysely<Database>;

export const ID = /^\d{1,18}$/;
export const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);
export const namesOf = (r: { full_name: string; full_name_en: string; full_name_tw: string }) => ({
  'zh-CN': r.full_name,
  ...(r.full_name_en ? { 'en-US': r.full_name_en } : {}),
  ...(r.full_name_tw ? { 'zh-TW': r.full_name_tw } : {}),
});

/** The `moduleId` of a menu item's propertyJson, in SQL (null when it holds none). */
export const moduleIdOf = sql<string>`case when s.property_json like '{%' then s.property_json::jsonb ->> 'moduleId' end`;

/** The tenant's menu items of `menuType` naming each of these modules, by module id. */
export async function menusOfModules(
  db: Db,
  tenantId: string,
  menuType: number,
  ids: string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const out = new Map<string, { id: string; name: string }[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('sys_menu as s')
    .select(['s.id', 's.menu_name', moduleIdOf.as('module_id')])
    .where('s.tenant_id', '=', tenantId)
    .where('s.menu_type', '=', menuType)
    .where(moduleIdOf, 'in', ids)
    .orderBy('s.id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.module_id) ?? [];
    list.push({ id: String(row.id), name: row.menu_name });
    out.set(row.module_id, list);
  }
  return out;
}

/** Refuses (409, naming them) to delete a module while menu items open it. */
export async function refuseWhileInMenus(
  ctx: ServiceContext,
  menuType: number,
  id: string,
  key: 'report.inUse' | 'portal.inUse' | 'dataScreen.inUse',
): Promise<void> {
  const menus = (await menusOfModules(ctx.deps.db, ctx.auth.tenantId, menuType, [id])).get(id) ?? [];
  if (menus.length) throw new AppError(409, key, { users: menus.map((m) => m.name).join(', ') });
}

interface Publishable {
  id: string | number | bigint;
  full_name: string;
  full_name_en: string;
  full_name_tw: string;
}

/** A menu item of `menuType` opening the module, named as it, last under the web directory `parentId`. */
export async function publishAsMenu(
  ctx: ServiceContext,
  row: Publishable,
  menu: { menuType: number; icon: string },
  input: { parentId: string; enCode: string },
) {
  // Last among its new siblings, so that publishing does not reorder the directory.
  return renamedField(
    'menuPerms',
    'enCode',
    createMenu(
      ctx,
      menuBodySchema.parse({
        parentId: input.parentId,
        menuName: row.full_name.slice(0, 50),
        menuNameEn: row.full_name_en.slice(0, 100),
        menuNameTw: row.full_name_tw.slice(0, 50),
        menuPerms: input.enCode,
        menuIcon: menu.icon,
        menuType: menu.menuType,
        propertyJson: JSON.stringify({ moduleId: String(row.id) }),
        category: 'web',
      }),
    ),
  );
}

/** The menu's refusal of its code, at the publish body's field. */
async function renamedField<T>(from: string, to: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = (error.data as { fields?: Record<string, string> } | null)?.fields;
    if (!fields || !(from in fields)) throw error;
    const { [from]: message, ...rest } = fields;
    throw new AppError(error.code, error.key, error.params, { fields: { ...rest, [to]: message } });
  }
}

/**
 * The module id of menu item `menuId` for the caller: the tenant's enabled item of `menuType`
 * (else 404) whose code the caller holds (else 403), naming a module (else 404).
 */
export async function moduleOfMenu(
  ctx: ServiceContext,
  menuId: string,
  menuType: number,
): Promise<{ menuCode: string; moduleId: string }> {
  if (!ID.test(menuId)) throw notFound();
  const menu = await ctx.deps.db
    .selectFrom('sys_menu as s')
    .select(['s.menu_perms', moduleIdOf.as('module_id')])
    .where('s.tenant_id', '=', ctx.auth.tenantId)
    .where('s.id', '=', menuId)
    .where('s.menu_type', '=', menuType)
    .where('s.enabled', '=', true)
    .executeTakeFirst();
  if (!menu) throw notFound();
  const perms = await ctx.permissions();
  if (!perms.isAdmin && !perms.codes.has(menu.menu_perms)) throw forbidden();
  if (!menu.module_id || !ID.test(menu.module_id)) throw notFound();
  return { menuCode: menu.menu_perms, moduleId: menu.module_id };
}
