import {
  type DataRule,
  type DataRuleCreate,
  type Menu,
  MenuApi,
  type MenuBody,
  type MenuCategory,
  type MenuItem,
  type MenuItemBody,
  type MenuNode,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

/** A page's buttons or columns: the same list and form at two addresses. */
export type MenuItemKind = 'button' | 'column';
const ITEM_PATH: Record<MenuItemKind, string> = { button: MenuApi.button, column: MenuApi.column };

/** Every query of the menu screen starts with this key, so one invalidation refreshes them all. */
export const MENU_QUERY_KEY = ['system', 'menu'] as const;

export const menuKeys = {
  tree: (category: MenuCategory, keyword: string) => [...MENU_QUERY_KEY, 'tree', category, keyword] as const,
  items: (kind: MenuItemKind, menuId: string) => [...MENU_QUERY_KEY, kind, menuId] as const,
  dataRules: (menuId: string) => [...MENU_QUERY_KEY, 'data', menuId] as const,
};

export const menuApi = {
  tree: (category: MenuCategory, keyword = '') =>
    http.get<MenuNode[]>(MenuApi.menu, { category, keyword: keyword || undefined }),
  save: (id: string | undefined, body: MenuBody) =>
    id ? http.put<Menu>(`${MenuApi.menu}/${id}`, body) : http.post<Menu>(MenuApi.menu, body),
  setState: (id: string, enabled: boolean) =>
    http.put<Menu>(`${MenuApi.menu}/${id}/Actions/State`, { enabled }),
  setOrder: (id: string, orderNum: number) =>
    http.put<Menu>(`${MenuApi.menu}/${id}/Actions/Sort`, { orderNum }),
  remove: (id: string) => http.delete(`${MenuApi.menu}/${id}`),
  items: (kind: MenuItemKind, menuId: string) => http.get<MenuItem[]>(ITEM_PATH[kind], { menuId }),
  saveItem: (kind: MenuItemKind, id: string | undefined, body: MenuItemBody & { menuId: string }) =>
    id ? http.put(`${ITEM_PATH[kind]}/${id}`, body) : http.post(ITEM_PATH[kind], body),
  removeItem: (kind: MenuItemKind, id: string) => http.delete(`${ITEM_PATH[kind]}/${id}`),
  dataRules: (menuId: string) => http.get<DataRule[]>(MenuApi.dataRule, { menuId }),
  saveDataRule: (id: string | undefined, body: DataRuleCreate) =>
    id ? http.put(`${MenuApi.dataRule}/${id}`, body) : http.post(MenuApi.dataRule, body),
  removeDataRule: (id: string) => http.delete(`${MenuApi.dataRule}/${id}`),
};
