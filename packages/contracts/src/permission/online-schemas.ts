import { z } from 'zod';
import { idSchema } from '../api/envelope';

export * from './online-schemas.core';

export const onlineQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(100).optional(),
});

export const onlineSessionSchema = z.object({
  /** The session id (one user may have several sessions: browsers, devices). */
  id: z.string(),
  userId: z.string(),
  account: z.string(),
  userName: z.string(),
  deptName: z.string(),
  ipAddress: z.string(),
  browser: z.string(),
  platform: z.string(),
  loginTime: z.number(),
  lastSeenTime: z.number(),
  /** The caller's own session: it cannot be forced offline (sign out instead). */
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSessionSchema>;

export const forceOfflineBodySchema = z.object({
  ids: z.array(idSchema).min(1).max(500),
});
