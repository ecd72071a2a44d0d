import {
  type DataSync,
  DataSyncApi,
  type DataSyncDiff,
  type DataSyncModelProposal,
  type DataSyncPropose,
  type DataSyncRun,
  type DataSyncSave,
  type Page,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

const S = DataSyncApi.dataSync;

export const dataSyncKeys = {
  all: ['dataSyncs'] as const,
  list: (keyword: string) => [...dataSyncKeys.all, 'list', keyword] as const,
  one: (id: string) => [...dataSyncKeys.all, 'one', id] as const,
  runs: (id: string, page: number) => [...dataSyncKeys.all, 'runs', id, page] as const,
};

// Writes, dry runs and proposals are silent: the screen shows a refusal at its field or in its own
// panel (an unreachable source is an answer to read, not a passing toast).
export const dataSyncApi = {
  list: (keyword: string) => http.get<{ list: DataSync[] }>(S, { keyword: keyword || undefined }),
  get: (id: string) => http.get<DataSync>(`${S}/${id}`),
  create: (body: DataSyncSave) => http.post<DataSync>(S, body, { silent: true }),
  update: (id: string, body: DataSyncSave) => http.put<DataSync>(`${S}/${id}`, body, { silent: true }),
  remove: (id: string) => http.delete(`${S}/${id}`, undefined, { silent: true }),
  runs: (id: string, currentPage: number) =>
    http.get<Page<DataSyncRun>>(`${S}/${id}/Runs`, { currentPage, pageSize: 10 }),
  execute: (id: string) =>
    http.post<{ runId: string; queued: boolean }>(`${S}/${id}/Actions/Execute`, {}, { silent: true }),
  dryRun: (id: string) => http.post<DataSyncDiff>(`${S}/${id}/Actions/DryRun`, {}, { silent: true }),
  propose: (body: DataSyncPropose) =>
    http.post<DataSyncModelProposal>(`${S}/Actions/ProposeModel`, body, { silent: true }),
};
