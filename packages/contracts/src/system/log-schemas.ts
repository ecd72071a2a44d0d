import { z } from 'zod';
import { REQUEST_METHODS } from './log-schemas.core';

export * from './log-schemas.core';

const logPageQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(100).optional(),
  startTime: z.coerce.number().int().min(0).optional(),
  endTime: z.coerce.number().int().min(0).optional(),
});

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
