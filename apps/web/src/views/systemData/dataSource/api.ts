import {
  type DataSource,
  DataSourceApi,
  type DataSourceSave,
  type DataSourceTable,
  type DataSourceTest,
  type DataSourceTestResult,
} from '@srm/contracts/core';
import { ApiError, http } from '../../../api/request';

const D = DataSourceApi.dataSource;

export const dataSourceKeys = {
  all: ['dataSources'] as const,
  list: (keyword: string) => [...dataSourceKeys.all, 'list', keyword] as const,
  one: (id: string) => [...dataSourceKeys.all, 'one', id] as const,
  tables: (id: string) => [...dataSourceKeys.all, 'tables', id] as const,
};

// Writes, tests and the tables are silent: the editor shows a refusal at its field or in its test
// result, the tables drawer in its own error (an unreachable server is an answer, not a toast).
export const dataSourceApi = {
  list: (keyword: string) => http.get<{ list: DataSource[] }>(D, { keyword: keyword || undefined }),
  get: (id: string) => http.get<DataSource>(`${D}/${id}`),
  create: (body: DataSourceSave) => http.post<DataSource>(D, body, { silent: true }),
  update: (id: string, body: DataSourceSave) => http.put<DataSource>(`${D}/${id}`, body, { silent: true }),
  remove: (id: string) => http.delete(`${D}/${id}`, undefined, { silent: true }),
  test: (body: DataSourceTest) =>
    http.post<DataSourceTestResult>(`${D}/Actions/Test`, body, { silent: true }),
  tables: (id: string) =>
    http.get<{ list: DataSourceTable[] }>(`${D}/${id}/Tables`, undefined, { silent: true }),
};

/**
 * What a refusal says: its field messages (the host not allowed, the password refused), else its
 * own message. With field messages, the envelope's message is only the generic "invalid request".
 */
export function refusalMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [String(error)];
  const fields = [...new Set(Object.values(error.fields ?? {}))];
  return fields.length ? fields : [error.msg];
}
