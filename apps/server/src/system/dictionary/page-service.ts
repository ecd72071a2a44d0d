import {
  DICT_PAGE_BUTTONS,
  type DictItem,
  type DictPageButton,
  type DictPageConfig,
  type DictPageItem,
  type DictPageItems,
  dictPageButtonCode,
  type dictPageItemBodySchema,
  MenuType,
  propertyModuleId,
} from '@srm/contracts';
import type { z } from 'zod';
import type { PermissionSet } from '../../core/access';
import { notFound } from '../../core/errors';
import type { Db, DictContext } from './context';
import * as dict from './dictionary-service';

type PageItemBody = z.output<typeof dictPageItemBodySchema>;

/**
 * A dictionary page (menu type 4) as a request names it: the tenant's enabled menu item of that
 * type, and the dictionary type of the tenant its `propertyJson.moduleId` names.
 */
export interface DictPage {
  menuId: string;
  menuCode: string;
  typeId: string;
}

const isRowId = (id: string | null): id is string => id !== null && /^\d{1,18}$/.test(id);

/** The page of a menu id; 404 unless the menu is the tenant's, enabled, of type 4 and its type exists. */
export async function findDictPage(db: Db, tenantId: string, menuId: string): Promise<DictPage> {
  const menu = await db
    .selectFrom('sys_menu')
    .select(['id', 'menu_perms', 'property_json'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', menuId)
    .where('enabled', '=', true)
    .where('menu_type', '=', MenuType.dynamicDictionary)
    .executeTakeFirst();
  const typeId = menu ? propertyModuleId(menu.property_json) : null;
  if (!menu || !isRowId(typeId)) throw notFound();
  const type = await db
    .selectFrom('sys_dict_type')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', typeId)
    .executeTakeFirst();
  if (!type) throw notFound();
  return { menuId: String(menu.id), menuCode: menu.menu_perms, typeId: String(type.id) };
}

/** Whether the user may open the page (its menu item granted), and press one of its buttons. */
export function mayUseDictPage(perms: PermissionSet, page: DictPage, button?: DictPageButton): boolean {
  if (perms.isAdmin) return true;
  if (!perms.ids.menu.has(page.menuId)) return false;
  return !button || perms.codes.has(dictPageButtonCode(page.menuCode, button));
}

export async function dictPageConfig(
  ctx: DictContext,
  page: DictPage,
  perms: PermissionSet,
): Promise<DictPageConfig> {
  return {
    menuId: page.menuId,
    menuCode: page.menuCode,
    type: await dict.mustType(ctx, page.typeId),
    buttons: DICT_PAGE_BUTTONS.filter((button) => mayUseDictPage(perms, page, button)),
  };
}

const byOrder = (a: DictItem, b: DictItem) => a.sortCode - b.sortCode || Number(a.id) - Number(b.id);

/**
 * The page's list: a flat type's items in order; a tree type's roots with their children. A keyword
 * (any of the three names or the code) keeps the matching items, and in a tree their ancestors, so
 * every match stays under its parent.
 */
export function pageItemList(items: DictItem[], isTree: boolean, keyword = ''): DictPageItem[] {
  const k = keyword.trim().toLowerCase();
  const matches = (i: DictItem) =>
    !k || [i.fullName, i.fullNameEn, i.fullNameTw, i.enCode].some((n) => n.toLowerCase().includes(k));
  const sorted = [...items].sort(byOrder);
  if (!isTree) return sorted.filter(matches).map((i) => ({ ...i, children: null }));
  const byId = new Map(sorted.map((i) => [i.id, i]));
  const kept = new Set<string>();
  for (const item of sorted) {
    if (!matches(item)) continue;
    for (let at: DictItem | undefined = item; at && !kept.has(at.id); at = byId.get(at.parentId)) {
      kept.add(at.id);
    }
  }
  const nodes = new Map<string, DictPageItem>();
  for (const item of sorted) if (kept.has(item.id)) nodes.set(item.id, { ...item, children: null });
  const roots: DictPageItem[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}

export async function dictPageItems(
  ctx: DictContext,
  page: DictPage,
  keyword?: string,
): Promise<DictPageItems> {
  const type = await dict.mustType(ctx, page.typeId);
  const items = await dict.listItems(ctx, type.id);
  return { isTree: type.isTree, list: pageItemList(items, type.isTree, keyword) };
}

/** An item of the page's type: another type's item, or another tenant's, is not found. */
async function assertPageItem(ctx: DictContext, page: DictPage, id: string): Promise<void> {
  const item = await ctx.db
    .selectFrom('sys_dict_item')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('type_id', '=', page.typeId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!item) throw notFound();
}

/** Creates an item of the page's type (the dictionary screen's rules and messages). */
export function createPageItem(ctx: DictContext, page: DictPage, body: PageItemBody): Promise<DictItem> {
  return dict.saveItem(ctx, { ...body, typeId: page.typeId });
}

export async function updatePageItem(
  ctx: DictContext,
  page: DictPage,
  id: string,
  body: PageItemBody,
): Promise<DictItem> {
  await assertPageItem(ctx, page, id);
  return dict.saveItem(ctx, { ...body, typeId: page.typeId }, id);
}

export async function setPageItemState(
  ctx: DictContext,
  page: DictPage,
  id: string,
  enabled: boolean,
): Promise<void> {
  await assertPageItem(ctx, page, id);
  await dict.setItemState(ctx, id, enabled);
}

export async function deletePageItem(ctx: DictContext, page: DictPage, id: string): Promise<void> {
  await assertPageItem(ctx, page, id);
  await dict.deleteItem(ctx, id);
}
