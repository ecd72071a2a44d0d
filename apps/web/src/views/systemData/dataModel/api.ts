import {
  type DataModel,
  DataModelApi,
  type DataModelDefinition,
  type DataModelSummary,
  type DataModelVersion,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

const M = DataModelApi.dataModel;

export const dataModelKeys = {
  all: ['dataModels'] as const,
  list: (keyword: string) => [...dataModelKeys.all, 'list', keyword] as const,
  one: (id: string) => [...dataModelKeys.all, 'one', id] as const,
  versions: (id: string) => [...dataModelKeys.all, 'versions', id] as const,
};

// Writes are silent: the screen says a refusal where it belongs (at a field of the grid, in the
// loss confirmation, in the delete refusal), not only in a passing toast.
export const dataModelApi = {
  list: (keyword: string) => http.get<{ list: DataModelSummary[] }>(M, { keyword: keyword || undefined }),
  get: (id: string) => http.get<DataModel>(`${M}/${id}`),
  versions: (id: string) => http.get<{ list: DataModelVersion[] }>(`${M}/${id}/Versions`),
  create: (definition: DataModelDefinition) => http.post<DataModel>(M, definition, { silent: true }),
  update: (id: string, definition: DataModelDefinition, confirm: boolean) =>
    http.put<DataModel>(`${M}/${id}`, { definition, ...(confirm ? { confirm } : {}) }, { silent: true }),
  remove: (id: string) => http.delete(`${M}/${id}`, undefined, { silent: true }),
};
