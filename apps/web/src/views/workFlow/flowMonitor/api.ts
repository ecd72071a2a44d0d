import { FlowTaskApi, type FlowTaskDetail, type FlowTaskItem, type Page } from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

export const monitorKeys = {
  /** Prefix of every list page (an action reads them all again). */
  lists: ['workFlow', 'flowMonitor', 'list'] as const,
  list: (params: QueryParams) => ['workFlow', 'flowMonitor', 'list', params] as const,
  detail: (id: string) => ['workFlow', 'flowMonitor', 'detail', id] as const,
};

export const monitorApi = {
  list: (params: QueryParams) => http.get<Page<FlowTaskItem>>(FlowTaskApi.monitorList, params),
  detail: (id: string) => http.get<FlowTaskDetail>(`${FlowTaskApi.before}/${id}`),
  cancel: (id: string, handleOpinion: string) =>
    http.post<{ status: number }>(`${FlowTaskApi.cancel}/${id}`, { handleOpinion }),
  assign: (id: string, body: { nodeId: string; userIds: string[]; handleOpinion: string }) =>
    http.post<{ status: number }>(`${FlowTaskApi.assign}/${id}`, body),
};
