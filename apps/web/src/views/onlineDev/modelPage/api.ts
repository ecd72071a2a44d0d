import {
  type ModelImportResult,
  ModelPageApi,
  type ModelPageConfig,
  type ModelPageListQuery,
  type ModelRow,
  type ModelRowLaunch,
  type ModelRowPage,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

const base = (menuId: string) => `${ModelPageApi.page}/${menuId}`;

/** Every query of one model page starts with `all(menuId)`, so a write refreshes them all. */
export const modelPageKeys = {
  all: (menuId: string) => ['onlineDev', 'modelPage', menuId] as const,
  config: (menuId: string) => [...modelPageKeys.all(menuId), 'config'] as const,
  list: (menuId: string, query: ModelPageListQuery) => [...modelPageKeys.all(menuId), 'list', query] as const,
  /** A tree node's children ('0' the roots). */
  children: (menuId: string, parentId: string) =>
    [...modelPageKeys.all(menuId), 'children', parentId] as const,
  row: (menuId: string, id: string) => [...modelPageKeys.all(menuId), 'row', id] as const,
};

export interface ModelRowSave {
  data: Record<string, unknown>;
  parentId?: string | null;
}

export const modelPageApi = {
  config: (menuId: string) => http.get<ModelPageConfig>(`${base(menuId)}/Config`),
  list: (menuId: string, query: ModelPageListQuery) => http.post<ModelRowPage>(`${base(menuId)}/List`, query),
  row: (menuId: string, id: string) => http.get<ModelRow>(`${base(menuId)}/Rows/${id}`),
  /** Silent: a refused form shows the server's messages on its fields. */
  create: (menuId: string, body: ModelRowSave) =>
    http.post<ModelRow>(`${base(menuId)}/Rows`, body, { silent: true }),
  update: (menuId: string, id: string, body: ModelRowSave) =>
    http.put<ModelRow>(`${base(menuId)}/Rows/${id}`, body, { silent: true }),
  remove: (menuId: string, id: string) => http.delete<null>(`${base(menuId)}/Rows/${id}`),
  /** Submits the row to the design's released flow. */
  launchFlow: (menuId: string, id: string) =>
    http.post<ModelRowLaunch>(`${base(menuId)}/Rows/${id}/Actions/LaunchFlow`, {}),
  batchDelete: (menuId: string, ids: string[]) =>
    http.post<null>(`${base(menuId)}/Actions/BatchDelete`, { ids }),
  exportList: (menuId: string, params: Record<string, string | undefined>) =>
    http.blob(`${base(menuId)}/Actions/Export`, params),
  importTemplate: (menuId: string) => http.blob(`${base(menuId)}/Actions/ImportTemplate`),
  importFile: (menuId: string, file: File, dryRun: boolean) =>
    http.upload<ModelImportResult>(`${base(menuId)}/Actions/Import?dryRun=${dryRun}`, file),
};
