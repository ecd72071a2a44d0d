import {
  type DictItem,
  DictPageApi,
  type DictPageConfig,
  type DictPageItemBody,
  type DictPageItems,
} from '@srm/contracts/core';
import { http } from '../../../api/request';
import { DICT_QUERY_KEY } from '../../../components/dict';

/** Under the dictionary prefix, so a `dictChanged` push reads the page again too. */
export const dictPageKeys = {
  config: (menuId: string) => [...DICT_QUERY_KEY, 'page', menuId, 'config'] as const,
  items: (menuId: string, keyword: string) => [...DICT_QUERY_KEY, 'page', menuId, 'items', keyword] as const,
};

/** A dictionary page's calls, by its menu item's id (the server takes the type from the menu). */
export const dictPageApi = {
  config: (menuId: string) => http.get<DictPageConfig>(DictPageApi.config(menuId)),
  items: (menuId: string, keyword: string) =>
    http.get<DictPageItems>(DictPageApi.items(menuId), keyword ? { keyword } : undefined),
  create: (menuId: string, body: DictPageItemBody) => http.post<DictItem>(DictPageApi.items(menuId), body),
  update: (menuId: string, id: string, body: DictPageItemBody) =>
    http.put<DictItem>(DictPageApi.item(menuId, id), body),
  setState: (menuId: string, id: string, enabled: boolean) =>
    http.put(DictPageApi.itemState(menuId, id), { enabled }),
  remove: (menuId: string, id: string) => http.delete(DictPageApi.item(menuId, id)),
};
