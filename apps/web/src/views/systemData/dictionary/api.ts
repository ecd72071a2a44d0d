import {
  DictApi,
  type DictCategory,
  type DictCategoryBody,
  type DictExport,
  type DictImport,
  type DictItem,
  type DictItemBody,
  type DictItemSort,
  type DictType,
  type DictTypeBody,
} from '@srm/contracts/core';
import { http } from '../../../api/request';
import { DICT_QUERY_KEY } from '../../../components/dict';

/** Under the dictionary prefix, so a `dictChanged` push reads the screen's lists again too. */
export const dictAdminKeys = {
  all: [...DICT_QUERY_KEY, 'admin'] as const,
  categories: () => [...DICT_QUERY_KEY, 'admin', 'categories'] as const,
  types: () => [...DICT_QUERY_KEY, 'admin', 'types'] as const,
  items: (typeId: string) => [...DICT_QUERY_KEY, 'admin', 'items', typeId] as const,
};

export const dictAdminApi = {
  categories: () => http.get<DictCategory[]>(DictApi.category),
  createCategory: (body: DictCategoryBody) => http.post<DictCategory>(DictApi.category, body),
  updateCategory: (id: string, body: DictCategoryBody) =>
    http.put<DictCategory>(`${DictApi.category}/${id}`, body),
  removeCategory: (id: string) => http.delete(`${DictApi.category}/${id}`),
  types: () => http.get<DictType[]>(DictApi.type),
  createType: (body: DictTypeBody) => http.post<DictType>(DictApi.type, body),
  updateType: (id: string, body: DictTypeBody) => http.put<DictType>(`${DictApi.type}/${id}`, body),
  setTypeState: (id: string, enabled: boolean) => http.put(DictApi.typeState(id), { enabled }),
  removeType: (id: string) => http.delete(`${DictApi.type}/${id}`),
  exportType: (id: string) => http.get<DictExport>(DictApi.typeExport(id)),
  importType: (body: DictImport) =>
    http.post<{ typeId: string; created: number; updated: number }>(DictApi.typeImport, body, {
      silent: true,
      timeout: 120_000,
    }),
  items: (typeId: string) => http.get<DictItem[]>(DictApi.item, { typeId }),
  createItem: (body: DictItemBody) => http.post<DictItem>(DictApi.item, body),
  updateItem: (id: string, body: DictItemBody) => http.put<DictItem>(`${DictApi.item}/${id}`, body),
  setItemState: (id: string, enabled: boolean) => http.put(DictApi.itemState(id), { enabled }),
  sortItems: (body: DictItemSort) => http.put(DictApi.itemSort, body),
  removeItem: (id: string) => http.delete(`${DictApi.item}/${id}`),
};
