import {
  type DatasetResult,
  type Menu,
  type Report,
  ReportApi,
  type ReportDataset,
  type ReportDefinition,
  type ReportSummary,
  type ReportView,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

const R = ReportApi.report;
const V = ReportApi.view;

/** The rows a report reads: a dataset's result without its statement (a reader never sees the SQL). */
export type ReportRows = Omit<DatasetResult, 'statement'>;

/** Parameter values as the query form hands them on (empty ones left out: the server takes the default). */
export type ParamValues = Record<string, string>;

export const reportKeys = {
  all: ['reports'] as const,
  list: (keyword: string) => [...reportKeys.all, 'list', keyword] as const,
  one: (id: string) => [...reportKeys.all, 'one', id] as const,
  datasets: () => [...reportKeys.all, 'datasets'] as const,
};

/** A published report's queries, by its menu item. */
export const reportViewKeys = {
  all: (menuId: string) => ['reportView', menuId] as const,
  config: (menuId: string) => [...reportViewKeys.all(menuId), 'config'] as const,
};

export interface ReportSaveBody {
  code: string;
  names: Report['names'];
  definition: ReportDefinition;
}

// Writes, previews and runs are silent: the screen shows a refusal at its field or above the form.
export const reportApi = {
  list: (keyword: string) => http.get<{ list: ReportSummary[] }>(R, { keyword: keyword || undefined }),
  get: (id: string) => http.get<Report>(`${R}/${id}`),
  datasets: () => http.get<{ list: ReportDataset[] }>(`${R}/Datasets`),
  create: (body: ReportSaveBody) => http.post<Report>(R, body, { silent: true }),
  update: (id: string, body: ReportSaveBody) => http.put<Report>(`${R}/${id}`, body, { silent: true }),
  remove: (id: string) => http.delete(`${R}/${id}`, undefined, { silent: true }),
  preview: (datasetId: string, params: ParamValues) =>
    http.post<ReportRows>(`${R}/Actions/Preview`, { datasetId, params }, { silent: true }),
  publish: (id: string, body: { parentId: string; enCode: string }) =>
    http.post<Menu>(`${R}/${id}/Actions/Publish`, body, { silent: true }),
};

export const reportViewApi = {
  config: (menuId: string) => http.get<ReportView>(`${V}/${menuId}/Config`),
  run: (menuId: string, params: ParamValues) =>
    http.post<ReportRows>(`${V}/${menuId}/Actions/Run`, { params }, { silent: true }),
  /** The report as .xlsx, for the values of the rows on screen (the server builds it from the same shaping). */
  export: (menuId: string, params: ParamValues) =>
    http.blob(`${V}/${menuId}/Actions/Export`, { params: JSON.stringify(params) }),
};
