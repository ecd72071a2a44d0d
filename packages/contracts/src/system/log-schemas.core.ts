// The zod-free part of log-schemas.ts (shared by the web without zod).

/** Request and error logs (system → log, tabs 请求日志 and 错误日志). */
export const LogApi = {
  request: '/api/system/Log/request',
  error: '/api/system/Log/error',
} as const;

/**
 * Paging of large logs counts at most this many matching rows: the total says "10,000+" and the
 * user narrows the time range to reach older rows, so every page stays an index range scan.
 */
export const LOG_PAGE_WINDOW = 10_000;

export const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export interface LogPage<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number; capped: boolean };
}
