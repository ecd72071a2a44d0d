import {
  type FlowDefinitionDetail,
  type FlowDefinitionSave,
  type FlowDefinitionSummary,
  FlowEngineApi,
  type FlowTreeErrorItem,
  type Page,
} from '@srm/contracts/core';
import { ApiError, http, type QueryParams } from '../../../api/request';

export const flowEngineKeys = {
  /** Prefix of every list page (a write reads them all again). */
  lists: () => ['workFlow', 'flowEngine', 'list'] as const,
  list: (params: QueryParams) => ['workFlow', 'flowEngine', 'list', params] as const,
  info: (id: string) => ['workFlow', 'flowEngine', 'info', id] as const,
};

export const flowEngineApi = {
  list: (params: QueryParams) => http.get<Page<FlowDefinitionSummary>>(FlowEngineApi.list, params),
  info: (id: string) => http.get<FlowDefinitionDetail>(`${FlowEngineApi.info}/${id}`),
  create: (body: FlowDefinitionSave) => http.post<{ id: string }>(FlowEngineApi.save, body),
  update: (id: string, body: FlowDefinitionSave) => http.post<null>(FlowEngineApi.update, { ...body, id }),
  remove: (id: string) => http.get<null>(`${FlowEngineApi.delete}/${id}`),
  copy: (id: string) => http.post<{ id: string }>(`${FlowEngineApi.base}/${id}/Actions/Copy`),
  exportData: (id: string) => http.get<FlowDefinitionSave>(`${FlowEngineApi.base}/${id}/Actions/ExportData`),
  /** A released version as a BPMN 2.0 file. */
  bpmn: (id: string, version: number) => http.blob(`${FlowEngineApi.bpmn}/${id}/${version}`),
  importData: (doc: FlowDefinitionSave) => http.post<{ id: string }>(FlowEngineApi.import, doc),
  /** Silent: the designer shows a refused tree's errors on its nodes rather than in a toast. */
  release: (id: string) =>
    http.post<{ version: number }>(`${FlowEngineApi.release}/${id}`, undefined, { silent: true }),
  stop: (id: string) => http.post<null>(`${FlowEngineApi.stop}/${id}`),
};

/** The nodes a refused release or import names (400 with `data.nodes`); empty for other failures. */
export function treeErrorsOf(error: unknown): FlowTreeErrorItem[] {
  if (!(error instanceof ApiError) || error.code !== 400) return [];
  const nodes = (error.data as { nodes?: unknown } | null | undefined)?.nodes;
  return Array.isArray(nodes) ? (nodes as FlowTreeErrorItem[]) : [];
}
