import {
  type Dataset,
  DatasetApi,
  type DatasetDefinition,
  type DatasetResult,
  type DatasetSourceChoice,
  type DatasetSummary,
  type DatasetTable,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

const D = DatasetApi.dataset;

export const datasetKeys = {
  all: ['datasets'] as const,
  list: (keyword: string) => [...datasetKeys.all, 'list', keyword] as const,
  one: (id: string) => [...datasetKeys.all, 'one', id] as const,
  tables: (sourceId = '') => [...datasetKeys.all, 'tables', sourceId] as const,
  sources: () => [...datasetKeys.all, 'sources'] as const,
};

export interface DatasetSaveBody {
  code: string;
  names: Dataset['names'];
  definition: DatasetDefinition;
}

type ParamValues = Record<string, string>;

// Writes and previews are silent: the editor shows a refusal at its field or above the preview.
export const datasetApi = {
  list: (keyword: string) => http.get<{ list: DatasetSummary[] }>(D, { keyword: keyword || undefined }),
  get: (id: string) => http.get<Dataset>(`${D}/${id}`),
  tables: (sourceId = '') =>
    // A source that cannot be reached is said in the editor, beside the source's field.
    http.get<{ list: DatasetTable[] }>(
      `${D}/Tables`,
      { sourceId: sourceId || undefined },
      { silent: !!sourceId },
    ),
  sources: () => http.get<{ list: DatasetSourceChoice[] }>(`${D}/Sources`),
  create: (body: DatasetSaveBody) => http.post<Dataset>(D, body, { silent: true }),
  update: (id: string, body: DatasetSaveBody) => http.put<Dataset>(`${D}/${id}`, body, { silent: true }),
  remove: (id: string) => http.delete(`${D}/${id}`, undefined, { silent: true }),
  preview: (definition: DatasetDefinition, params: ParamValues) =>
    http.post<DatasetResult>(`${D}/Actions/Preview`, { definition, params }, { silent: true }),
};
