import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { zEnCode } from '../validation/rules';
import { NOTICE_AUDIENCES, NOTICE_STATES } from './notice-schemas.core';

export * from './notice-schemas.core';

export const noticeBodySchema = z
  .object({
    noticeTitle: z.string().trim().min(1).max(200),
    /** HTML; sanitised by the server on save and on display. */
    noticeBody: z.string().max(200_000),
    audience: z.enum(NOTICE_AUDIENCES),
    /** An item code of the `noticeType` dictionary, or '' for none. */
    noticeType: z.union([z.literal(''), zEnCode({ max: 50 })]).default(''),
    /** The chosen enterprises when audience is 'ents'. */
    entIds: z.array(idSchema).max(500).default([]),
  })
  .refine((b) => b.audience !== 'ents' || b.entIds.length > 0, { path: ['entIds'], message: 'required' });
export type NoticeBody = z.input<typeof noticeBodySchema>;

export const noticeQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(NOTICE_STATES).optional(),
});

export const noticeSchema = z.object({
  id: z.string(),
  noticeTitle: z.string(),
  noticeBody: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  noticeType: z.string(),
  entIds: z.array(z.string()),
  state: z.enum(NOTICE_STATES),
  releaseTime: z.number().nullable(),
  creatorName: z.string(),
  createTime: z.number(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** What a recipient gets (docs/rules.md#announcements). */
export const unreadNoticeSchema = z.object({
  id: z.string(),
  noticeTitle: z.string(),
  noticeBody: z.string(),
  releaseTime: z.number(),
  isRead: z.number().int(),
});
export type UnreadNotice = z.infer<typeof unreadNoticeSchema>;

export const noticeEntSchema = z.object({
  id: z.string(),
  entName: z.string(),
  /** 1 the tenant's own enterprise, 2 a supplier. */
  entType: z.number().int(),
});
export type NoticeEnt = z.infer<typeof noticeEntSchema>;
