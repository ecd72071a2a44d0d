import {
  type DataModel,
  DataModelApi,
  type DataModelSummary,
  type Design,
  DesignApi,
  type DesignSave,
  type DesignSummary,
  type DesignVersion,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

const D = DesignApi.design;

export const designKeys = {
  /** Prefix of every list (a write reads them all again). */
  lists: () => ['onlineDev', 'webDesign', 'list'] as const,
  list: (params: QueryParams) => ['onlineDev', 'webDesign', 'list', params] as const,
  info: (id: string) => ['onlineDev', 'webDesign', 'info', id] as const,
  versions: (id: string) => ['onlineDev', 'webDesign', 'versions', id] as const,
  models: () => ['onlineDev', 'webDesign', 'models'] as const,
  model: (id: string) => ['onlineDev', 'webDesign', 'model', id] as const,
};

export const designApi = {
  list: (params: QueryParams) => http.get<{ list: DesignSummary[] }>(D, params),
  info: (id: string) => http.get<Design>(`${D}/${id}`),
  /** Silent: the designer shows a refused draft's problems where they are. */
  create: (body: DesignSave) => http.post<Design>(D, body, { silent: true }),
  update: (id: string, body: DesignSave) => http.put<Design>(`${D}/${id}`, body, { silent: true }),
  remove: (id: string) => http.delete<null>(`${D}/${id}`),
  publish: (id: string) => http.post<Design>(`${D}/${id}/Actions/Publish`, {}),
  /** The published design as a patch of the repository (code generation). */
  codegen: (id: string) => http.blob(`${D}/${id}/Actions/CodeGen`),
  versions: (id: string) => http.get<{ list: DesignVersion[] }>(`${D}/${id}/Versions`),
  models: () => http.get<{ list: DataModelSummary[] }>(DataModelApi.dataModel),
  model: (id: string) => http.get<DataModel>(`${DataModelApi.dataModel}/${id}`),
};
