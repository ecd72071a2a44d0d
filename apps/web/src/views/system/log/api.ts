import {
  API,
  type ErrorLog,
  LogApi,
  type LoginLog,
  type LogPage,
  type Page,
  type RequestLog,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

/** The three logs. Sign-ins are counted exactly; request and error logs cap the count (`capped`). */
export const logApi = {
  login: (params: QueryParams) => http.get<Page<LoginLog>>(API.loginLog, params),
  /** The sign-ins matching the filter, as CSV (the same filter as the list, without paging). */
  loginExport: (filter: QueryParams) => http.blob(API.loginLogExport, filter),
  request: (params: QueryParams) => http.get<LogPage<RequestLog>>(LogApi.request, params),
  error: (params: QueryParams) => http.get<LogPage<ErrorLog>>(LogApi.error, params),
};

export type LogKind = 'loginLog' | 'requestLog' | 'errorLog';

export const logKeys = {
  list: (kind: LogKind, params: QueryParams) => ['system', kind, params] as const,
};
