import type { DataRule, Menu, MenuCategory, MenuItem, MenuNode } from '@srm/contracts';
import { dataRuleFieldsOf, MenuType, propertyModuleId } from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { snake } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import { userWrites } from '../core/user-writes';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';

// The unique indexes behind the checks below: a create that loses the race answers as the check does.
declareUnique('sys_menu_tenant_id_menu_perms_key', { field: 'menuPerms', key: 'menu.codeTaken' });
declareUnique('sys_menu_button_tenant_id_en_code_key', { field: 'enCode', key: 'menu.itemCodeTaken' });
declareUnique('sys_menu_column_tenant_id_en_code_key', { field: 'enCode', key: 'menu.itemCodeTaken' });
declareUnique('sys_menu_data_rule_tenant_id_en_code_key', { field: 'enCode', key: 'menu.itemCodeTaken' });

type Db = Kysely<Database> | Transaction<Database>;

/** Every menu of the tenant (both categories unless one is asked for) with its list sizes. */
export async function loadMenus(db: Db, tenantId: string, category?: MenuCategory): Promise<Menu[]> {
  let q = db.selectFrom('sys_menu as m').where('m.tenant_id', '=', tenantId);
  if (category) q = q.where('m.category', '=', category);
  const count = (table: 'sys_menu_button' | 'sys_menu_column' | 'sys_menu_data_rule', alias: string) =>
    sql<string>`(select count(*) from ${sql.table(table)} x where x.menu_id = m.id)`.as(alias);
  const rows = await q
    .selectAll('m')
    .select([
      count('sys_menu_button', 'button_count'),
      count('sys_menu_column', 'column_count'),
      count('sys_menu_data_rule', 'data_rule_count'),
    ])
    .orderBy('m.order_num')
    .orderBy('m.id')
    .execute();
  return rows.map((m) => ({
    id: String(m.id),
    parentId: String(m.parent_id),
    menuName: m.menu_name,
    menuNameEn: m.menu_name_en,
    menuNameTw: m.menu_name_tw,
    menuPerms: m.menu_perms,
    menuIcon: m.menu_icon,
    menuType: m.menu_type,
    menuUrl: m.menu_url,
    orderNum: m.order_num,
    linkTarget: m.link_target,
    propertyJson: m.property_json,
    enabled: m.enabled,
    category: m.category,
    buttonCount: Number(m.button_count),
    columnCount: Number(m.column_count),
    dataRuleCount: Number(m.data_rule_count),
  }));
}

/** A menu of the list; 404 when it is not there (another tenant's id included). */
export function findMenu(menus: Menu[], id: string): Menu {
  const menu = menus.find((m) => m.id === id);
  if (!menu) throw notFound();
  return menu;
}

/** The id and every id below it. */
export function menuSubtreeIds(menus: Menu[], id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of menus) {
      if (!ids.has(m.id) && ids.has(m.parentId)) {
        ids.add(m.id);
        grew = true;
      }
    }
  }
  return ids;
}

const matches = (m: Menu, keyword: string) =>
  [m.menuName, m.menuNameEn, m.menuNameTw, m.menuPerms, m.menuUrl].some((text) =>
    text.toLowerCase().includes(keyword),
  );

/** The tree from the top level; with a keyword, the matching menus with their ancestors. */
export function buildMenuTree(menus: Menu[], keyword?: string): MenuNode[] {
  const byParent = new Map<string, Menu[]>();
  for (const m of menus) {
    const list = byParent.get(m.parentId) ?? [];
    list.push(m);
    byParent.set(m.parentId, list);
  }
  const needle = keyword?.trim().toLowerCase();
  const build = (parentId: string, depth: number): MenuNode[] =>
    (byParent.get(parentId) ?? []).flatMap((m) => {
      const children = depth < 20 ? build(m.id, depth + 1) : [];
      if (needle && !matches(m, needle) && children.length === 0) return [];
      return [{ ...m, children: children.length ? children : null }];
    });
  return build('0', 0);
}

/** 400 on menuPerms when another menu of the tenant has the code. */
export async function assertMenuCodeFree(
  ctx: ServiceContext,
  db: Db,
  tenantId: string,
  code: string,
  selfId?: string,
): Promise<void> {
  let q = db
    .selectFrom('sys_menu')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('menu_perms', '=', code);
  if (selfId) q = q.where('id', '<>', selfId);
  if (await q.executeTakeFirst()) throw fieldError({ menuPerms: t(ctx.locale, 'menu.codeTaken') });
}

/** The parent must be the top level or a menu of the tenant (404) in the same category (400). */
export function assertParent(
  ctx: ServiceContext,
  menus: Menu[],
  parentId: string,
  category: MenuCategory,
): void {
  if (parentId === '0') return;
  const parent = findMenu(menus, parentId);
  if (parent.category !== category) {
    throw fieldError({ parentId: t(ctx.locale, 'menu.parentCategory') });
  }
}

/** Deletes a menu without sub-menus, its buttons, columns, data rules and every grant of them. */
export async function deleteMenu(db: Kysely<Database>, tenantId: string, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    await userWrites().removing(tx, tenantId, { menuId: id });
    for (const table of ['sys_menu_button', 'sys_menu_column', 'sys_menu_data_rule'] as const) {
      await tx.deleteFrom(table).where('tenant_id', '=', tenantId).where('menu_id', '=', id).execute();
    }
    await tx.deleteFrom('sys_menu').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  });
}

// ---------------------------------------------------------------------------------------------------
// Buttons, columns and data rules of a page

export type PageItemKind = 'button' | 'column' | 'data';
export const ITEM_TABLES = {
  button: 'sys_menu_button',
  column: 'sys_menu_column',
  data: 'sys_menu_data_rule',
} as const satisfies Record<PageItemKind, keyof Database>;

/**
 * The menu that owns page lists: a menu of the tenant (404) that is not a directory (400 on
 * menuId: a directory has no route, so its buttons could never be checked).
 */
export async function assertPageMenu(
  ctx: ServiceContext,
  db: Db,
  tenantId: string,
  menuId: string,
): Promise<{ code: string; type: number; moduleId: string | null }> {
  const menu = await db
    .selectFrom('sys_menu')
    .select(['menu_type', 'menu_perms', 'property_json'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', menuId)
    .executeTakeFirst();
  if (!menu) throw notFound();
  if (menu.menu_type === MenuType.directory) {
    throw fieldError({ menuId: t(ctx.locale, 'menu.notPage') });
  }
  return {
    code: menu.menu_perms,
    type: menu.menu_type,
    moduleId: menu.property_json ? propertyModuleId(menu.property_json) : null,
  };
}

/**
 * A data rule must belong to a page whose lists apply data rules, and a condition must name one of
 * that page's fields (400 otherwise: a rule the server would ignore is never stored). Answers the
 * field to store: snake_case for a condition.
 */
export function checkDataRule(
  ctx: ServiceContext,
  pageCode: string,
  rule: { ruleType: string; field: string },
  /** A module page's own fields (a model page's), instead of the coded pages' `DATA_RULE_PAGES`. */
  moduleFields?: readonly string[],
): string {
  const fields = moduleFields ?? dataRuleFieldsOf(pageCode);
  if (!fields) throw fieldError({ menuId: t(ctx.locale, 'menu.noDataRules') });
  if (rule.ruleType !== 'condition') return rule.field;
  const field = snake(rule.field);
  if (!fields.includes(field)) {
    throw fieldError({ field: t(ctx.locale, 'menu.unknownRuleField', { fields: fields.join(', ') }) });
  }
  return field;
}

/** 400 on enCode when another item of the same kind in the tenant has the code. */
export async function assertItemCodeFree(
  ctx: ServiceContext,
  db: Db,
  kind: PageItemKind,
  tenantId: string,
  code: string,
  selfId?: string,
): Promise<void> {
  let q = db
    .selectFrom(ITEM_TABLES[kind])
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('en_code', '=', code);
  if (selfId) q = q.where('id', '<>', selfId);
  if (await q.executeTakeFirst()) throw fieldError({ enCode: t(ctx.locale, 'menu.itemCodeTaken') });
}

/** Buttons or columns of a page, or one of them by id. */
export async function listMenuItems(
  db: Db,
  kind: 'button' | 'column',
  tenantId: string,
  filter: { menuId?: string; id?: string },
): Promise<MenuItem[]> {
  let q = db
    .selectFrom(ITEM_TABLES[kind])
    .select(['id', 'menu_id', 'en_code', 'full_name', 'order_num'])
    .where('tenant_id', '=', tenantId);
  if (filter.menuId) q = q.where('menu_id', '=', filter.menuId);
  if (filter.id) q = q.where('id', '=', filter.id);
  const rows = await q.orderBy('order_num').orderBy('id').execute();
  return rows.map((r) => ({
    id: String(r.id),
    menuId: String(r.menu_id),
    enCode: r.en_code,
    fullName: r.full_name,
    orderNum: r.order_num,
  }));
}

export async function getMenuItem(
  db: Db,
  kind: 'button' | 'column',
  tenantId: string,
  id: string,
): Promise<MenuItem> {
  const [item] = await listMenuItems(db, kind, tenantId, { id });
  if (!item) throw notFound();
  return item;
}

/** Data rules of a page, or one of them by id. */
export async function listDataRules(
  db: Db,
  tenantId: string,
  filter: { menuId?: string; id?: string },
): Promise<DataRule[]> {
  let q = db.selectFrom('sys_menu_data_rule').selectAll().where('tenant_id', '=', tenantId);
  if (filter.menuId) q = q.where('menu_id', '=', filter.menuId);
  if (filter.id) q = q.where('id', '=', filter.id);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({
    id: String(r.id),
    menuId: String(r.menu_id),
    enCode: r.en_code,
    fullName: r.full_name,
    field: r.field,
    ruleType: r.rule_type as DataRule['ruleType'],
    conditionOp: r.condition_op as DataRule['conditionOp'],
    conditionValue: r.condition_value,
  }));
}

export async function getDataRule(db: Db, tenantId: string, id: string): Promise<DataRule> {
  const [rule] = await listDataRules(db, tenantId, { id });
  if (!rule) throw notFound();
  return rule;
}

/** Deletes a button, column or data rule with every grant of it (one transaction). */
export async function deletePageItem(
  db: Kysely<Database>,
  kind: PageItemKind,
  tenantId: string,
  id: string,
): Promise<void> {
  await transaction(db, async (tx) => {
    await userWrites().removing(tx, tenantId, { itemType: kind, itemId: id });
    await tx.deleteFrom(ITEM_TABLES[kind]).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  });
}
