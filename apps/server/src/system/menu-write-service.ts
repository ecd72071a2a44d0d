import type {
  DataRule,
  dataRuleCreateSchema,
  Menu,
  MenuItem,
  menuBodySchema,
  menuItemBodySchema,
} from '@srm/contracts';
import { propertyModuleId } from '@srm/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { conflictWith, notFound } from '../core/errors';
import { menuModuleExists, menuModuleItems, menuModuleRuleFields } from '../core/menu-modules';
import type { ServiceContext } from '../core/service-context';
import { userWrites } from '../core/user-writes';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import {
  assertItemCodeFree,
  assertMenuCodeFree,
  assertPageMenu,
  assertParent,
  checkDataRule,
  deleteMenu,
  findMenu,
  getDataRule,
  getMenuItem,
  ITEM_TABLES,
  loadMenus,
  menuSubtreeIds,
} from './menu-service';

type MenuBody = z.output<typeof menuBodySchema>;
type MenuItemBody = z.output<typeof menuItemBodySchema>;
type DataRuleBody = z.output<typeof dataRuleCreateSchema>;

/** Fields of a menu body as columns. */
function menuColumns(body: MenuBody) {
  return {
    parent_id: body.parentId,
    menu_name: body.menuName,
    menu_name_en: body.menuNameEn,
    menu_name_tw: body.menuNameTw,
    menu_perms: body.menuPerms,
    menu_icon: body.menuIcon,
    menu_type: body.menuType,
    menu_url: body.menuUrl,
    link_target: body.linkTarget,
    property_json: body.propertyJson,
    order_num: body.orderNum,
    enabled: body.enabled,
    category: body.category,
  };
}

/** The design, dictionary type … a dynamic page names must be the tenant's (else 404). */
async function assertModule(ctx: ServiceContext, body: MenuBody): Promise<void> {
  const moduleId = body.propertyJson ? propertyModuleId(body.propertyJson) : null;
  if (!(await menuModuleExists(ctx.db, ctx.tenantId, body.menuType, moduleId))) throw notFound();
}

/** Creates a menu (code unique within the tenant; parent of the same category). */
export async function createMenu(ctx: ServiceContext, body: MenuBody): Promise<Menu> {
  await assertModule(ctx, body);
  const menus = await loadMenus(ctx.db, ctx.tenantId);
  assertParent(ctx, menus, body.parentId, body.category);
  await assertMenuCodeFree(ctx, ctx.db, ctx.tenantId, body.menuPerms);
  const id = await transaction(ctx.db, async (tx) => {
    const row = await tx
      .insertInto('sys_menu')
      .values({ tenant_id: ctx.tenantId, ...menuColumns(body) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await syncModuleItems(tx, ctx.tenantId, String(row.id), body.menuPerms);
    return String(row.id);
  });
  return findMenu(await loadMenus(ctx.db, ctx.tenantId), id);
}

/** Updates a menu (never under itself or below it; a category change moves its sub-menus too). */
export async function updateMenu(ctx: ServiceContext, id: string, body: MenuBody): Promise<Menu> {
  const { tenantId } = ctx;
  const menus = await loadMenus(ctx.db, tenantId);
  const current = findMenu(menus, id);
  await assertModule(ctx, body);
  const subtree = menuSubtreeIds(menus, id);
  if (subtree.has(body.parentId)) throw conflictWith('menu.moveIntoSelf');
  assertParent(ctx, menus, body.parentId, body.category);
  await assertMenuCodeFree(ctx, ctx.db, tenantId, body.menuPerms, id);
  await transaction(ctx.db, async (tx) => {
    await tx
      .updateTable('sys_menu')
      .set(menuColumns(body))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
    // Sub-menus follow their parent into the other category, or the tree would be split.
    if (current.category !== body.category && subtree.size > 1) {
      await tx
        .updateTable('sys_menu')
        .set({ category: body.category })
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', [...subtree])
        .execute();
    }
    await syncModuleItems(tx, tenantId, id, current.menuPerms);
  });
  return findMenu(await loadMenus(ctx.db, tenantId), id);
}

/**
 * Keeps a module page's buttons and columns (menu types 3, 4: what its design or dictionary page
 * defines) as the menu's items `${code}.${suffix}`: missing ones are added, those the module no
 * longer defines go with their grants, those kept keep their ids (and so their grants), also when
 * the menu's code changed (`previousCode`). Items of other codes (added by hand) are left alone.
 */
export async function syncModuleItems(
  tx: Transaction<Database> | Kysely<Database>,
  tenantId: string,
  menuId: string,
  previousCode: string,
): Promise<void> {
  const menu = await tx
    .selectFrom('sys_menu')
    .select(['menu_type', 'menu_perms', 'property_json'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', menuId)
    .executeTakeFirst();
  if (!menu) return;
  const moduleId = menu.property_json ? propertyModuleId(menu.property_json) : null;
  const wanted = await menuModuleItems(tx, tenantId, menu.menu_type, moduleId);
  for (const kind of ['button', 'column'] as const) {
    const table = ITEM_TABLES[kind];
    const existing = await tx
      .selectFrom(table)
      .select(['id', 'en_code'])
      .where('tenant_id', '=', tenantId)
      .where('menu_id', '=', menuId)
      .execute();
    const bySuffix = new Map<string, string>();
    for (const row of existing) {
      for (const code of new Set([previousCode, menu.menu_perms])) {
        if (row.en_code.startsWith(`${code}.`))
          bySuffix.set(row.en_code.slice(code.length + 1), String(row.id));
      }
    }
    const keep = new Set<string>();
    for (const [order, item] of wanted[kind].entries()) {
      const values = { en_code: `${menu.menu_perms}.${item.suffix}`, full_name: item.name, order_num: order };
      const id = bySuffix.get(item.suffix);
      if (id) {
        keep.add(id);
        await tx
          .updateTable(table)
          .set(values)
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .execute();
      } else {
        await tx
          .insertInto(table)
          .values({ tenant_id: tenantId, menu_id: menuId, ...values })
          .execute();
      }
    }
    for (const id of bySuffix.values()) {
      if (keep.has(id)) continue;
      await userWrites().removing(tx, tenantId, { itemType: kind, itemId: id });
      await tx.deleteFrom(table).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    }
  }
}

/** Deletes a menu with its page items and their grants; refused while it has sub-menus. */
export async function deleteLeafMenu(ctx: ServiceContext, id: string): Promise<void> {
  const menus = await loadMenus(ctx.db, ctx.tenantId);
  const menu = findMenu(menus, id);
  if (menus.some((m) => m.parentId === menu.id)) throw conflictWith('menu.hasChildren');
  await deleteMenu(ctx.db, ctx.tenantId, menu.id);
}

/** Sets one column of a menu (enabled, order number) and answers the menu. */
export async function setMenuField(
  ctx: ServiceContext,
  id: string,
  set: { enabled: boolean } | { order_num: number },
): Promise<Menu> {
  findMenu(await loadMenus(ctx.db, ctx.tenantId), id);
  await ctx.db
    .updateTable('sys_menu')
    .set(set)
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .execute();
  return findMenu(await loadMenus(ctx.db, ctx.tenantId), id);
}

/** Adds (no id) or updates a button or column of a page (code unique within the tenant). */
export async function saveMenuItem(
  ctx: ServiceContext,
  kind: 'button' | 'column',
  body: MenuItemBody,
  id?: string,
): Promise<MenuItem> {
  const { db, tenantId } = ctx;
  if (id) await getMenuItem(db, kind, tenantId, id);
  await assertPageMenu(ctx, db, tenantId, body.menuId);
  await assertItemCodeFree(ctx, db, kind, tenantId, body.enCode, id);
  const columns = {
    menu_id: body.menuId,
    en_code: body.enCode,
    full_name: body.fullName,
    order_num: body.orderNum,
  };
  if (id) {
    await db
      .updateTable(ITEM_TABLES[kind])
      .set(columns)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
    return getMenuItem(db, kind, tenantId, id);
  }
  const row = await db
    .insertInto(ITEM_TABLES[kind])
    .values({ tenant_id: tenantId, ...columns })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getMenuItem(db, kind, tenantId, String(row.id));
}

/** Adds (no id) or updates a data rule of a page (code unique within the tenant). */
export async function saveDataRule(ctx: ServiceContext, body: DataRuleBody, id?: string): Promise<DataRule> {
  const { db, tenantId } = ctx;
  if (id) await getDataRule(db, tenantId, id);
  const page = await assertPageMenu(ctx, db, tenantId, body.menuId);
  const moduleFields = await menuModuleRuleFields(db, tenantId, page.type, page.moduleId);
  const field = checkDataRule(ctx, page.code, body, moduleFields);
  await assertItemCodeFree(ctx, db, 'data', tenantId, body.enCode, id);
  // Operator and value belong to condition rules only; the scope types store them empty.
  const condition = body.ruleType === 'condition';
  const columns = {
    menu_id: body.menuId,
    en_code: body.enCode,
    full_name: body.fullName,
    field,
    rule_type: body.ruleType,
    condition_op: condition ? body.conditionOp : '',
    condition_value: condition ? body.conditionValue : '',
  };
  if (id) {
    await db
      .updateTable('sys_menu_data_rule')
      .set(columns)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
    return getDataRule(db, tenantId, id);
  }
  const row = await db
    .insertInto('sys_menu_data_rule')
    .values({ tenant_id: tenantId, ...columns })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getDataRule(db, tenantId, String(row.id));
}
