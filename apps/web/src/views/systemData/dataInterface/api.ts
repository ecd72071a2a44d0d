import {
  type DataInterface,
  DataInterfaceApi,
  type DataInterfaceOptions,
  type DataInterfaceSave,
  type DataInterfaceSummary,
  type DataInterfaceTestResult,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

const D = DataInterfaceApi.dataInterface;

export const dataInterfaceKeys = {
  all: ['dataInterfaces'] as const,
  list: (keyword: string) => [...dataInterfaceKeys.all, 'list', keyword] as const,
  one: (id: string) => [...dataInterfaceKeys.all, 'one', id] as const,
  options: () => [...dataInterfaceKeys.all, 'options'] as const,
};

// Writes and tests are silent: the editor shows a refusal at its field, the console in its result.
export const dataInterfaceApi = {
  list: (keyword: string) => http.get<{ list: DataInterfaceSummary[] }>(D, { keyword: keyword || undefined }),
  get: (id: string) => http.get<DataInterface>(`${D}/${id}`),
  options: () => http.get<DataInterfaceOptions>(`${D}/Options`, undefined, { silent: true }),
  create: (body: DataInterfaceSave) => http.post<DataInterface>(D, body, { silent: true }),
  update: (id: string, body: DataInterfaceSave) =>
    http.put<DataInterface>(`${D}/${id}`, body, { silent: true }),
  remove: (id: string) => http.delete(`${D}/${id}`, undefined, { silent: true }),
  test: (id: string, params: Record<string, string>) =>
    http.post<DataInterfaceTestResult>(`${D}/${id}/Actions/Test`, { params }, { silent: true }),
  openApi: () => http.blob(`${D}/OpenApi`),
};
