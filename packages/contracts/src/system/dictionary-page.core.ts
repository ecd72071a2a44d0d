// The zod-free part of the dictionary pages (menu type 4): a menu item names one dictionary type of
// the tenant in its `propertyJson.moduleId`; the page lists and edits that type's items under the
// menu's own codes. The schemas are in dictionary-page.ts.
import type { DictItem, DictType } from './dictionary-schemas';

export const DictPageApi = {
  /**
   * Under `${page}/{menuId}`: GET (the page: the type, the user's buttons); GET `/Items?keyword=`;
   * POST `/Items`; PUT and DELETE `/Items/{id}`; PUT `/Items/{id}/Actions/State`.
   */
  page: '/api/systemData/DictionaryPage',
  config: (menuId: string) => `/api/systemData/DictionaryPage/${menuId}`,
  items: (menuId: string) => `/api/systemData/DictionaryPage/${menuId}/Items`,
  item: (menuId: string, id: string) => `/api/systemData/DictionaryPage/${menuId}/Items/${id}`,
  itemState: (menuId: string, id: string) =>
    `/api/systemData/DictionaryPage/${menuId}/Items/${id}/Actions/State`,
} as const;

/** A dictionary page's buttons; enabling and disabling an item is an edit. */
export const DICT_PAGE_BUTTONS = ['add', 'edit', 'delete'] as const;
export type DictPageButton = (typeof DICT_PAGE_BUTTONS)[number];

/** Their names on the authorize screen (the menu items have one name, in Chinese, as seeded ones). */
export const DICT_PAGE_BUTTON_NAMES: Record<DictPageButton, string> = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
};

/** A dictionary page's button code: the menu's code and the button (`costCentre.add`). */
export function dictPageButtonCode(menuCode: string, button: DictPageButton): string {
  return `${menuCode}.${button}`;
}

export interface DictPageConfig {
  menuId: string;
  /** The menu's code (its permission); the buttons are `${menuCode}.add|edit|delete`. */
  menuCode: string;
  /** The dictionary type the menu names. */
  type: DictType;
  /** The page's buttons the user holds. */
  buttons: DictPageButton[];
}

/** An item of the page's list: a tree type's items under their parents, a flat type's without children. */
export type DictPageItem = DictItem & { children: DictPageItem[] | null };

export interface DictPageItems {
  isTree: boolean;
  /** The items in order: a tree's roots (each with its children), or every item of a flat type. */
  list: DictPageItem[];
}
