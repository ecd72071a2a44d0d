import { z } from 'zod';

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

const logPageQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(100).optional(),
  startTime: z.coerce.number().int().min(0).optional(),
  endTime: z.coerce.number().int().min(0).optional(),
});

export const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const requestLogQuerySchema = logPageQuery.extend({
  method: z.enum(REQUEST_METHODS).optional(),
  /** success: envelope code 0 and HTTP < 400; failure: anything else. */
  outcome: z.enum(['success', 'failure']).optional(),
});
export type RequestLogQuery = z.infer<typeof requestLogQuerySchema>;

export const requestLogSchema = z.object({
  id: z.string(),
  userName: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  code: z.number().int(),
  duration: z.number().int(),
  /** A column permission (system.log.ipAddress): absent when not granted. */
  ipAddress: z.string().optional(),
  requestId: z.string(),
  createTime: z.number(),
});
export type RequestLog = z.infer<typeof requestLogSchema>;

export const errorLogQuerySchema = logPageQuery.extend({
  source: z.enum(['server', 'client']).optional(),
});
export type ErrorLogQuery = z.infer<typeof errorLogQuerySchema>;

export const errorLogSchema = z.object({
  id: z.string(),
  userName: z.string(),
  source: z.enum(['server', 'client']),
  method: z.string(),
  path: z.string(),
  message: z.string(),
  stack: z.string(),
  /** A column permission (system.log.ipAddress): absent when not granted. */
  ipAddress: z.string().optional(),
  requestId: z.string(),
  createTime: z.number(),
});
export type ErrorLog = z.infer<typeof errorLogSchema>;

/** A page of a large log: `capped` when more than LOG_PAGE_WINDOW rows match. */
export const logPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pagination: z.object({
      currentPage: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      capped: z.boolean(),
    }),
  });
export interface LogPage<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number; capped: boolean };
}
