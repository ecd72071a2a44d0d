import { z } from 'zod';
import { idSchema } from '../api/envelope';

/** Announcements (decisions §5): written and released by administrators, read by their audience. */
export const NoticePerm = {
  page: 'system.notice',
  add: 'system.notice.add',
  edit: 'system.notice.edit',
  delete: 'system.notice.delete',
  release: 'system.notice.release',
} as const;

export const NoticeApi = {
  /** GET paged; POST create; GET/PUT/DELETE `${admin}/{id}`; PUT `${admin}/{id}/Actions/Release|Withdraw`. */
  admin: '/api/system/Notice',
  /** GET: the tenant's enterprises, for choosing an audience of chosen enterprises. */
  ents: '/api/system/Notice/Ents',
  /** GET: the signed-in user's unread released announcements, oldest first (isRead 0). */
  unread: '/api/message/Notice/Unread',
  /** PUT `${read}/{id}`: marks one read (the forced dialog's 我知道了). */
  read: '/api/message/Notice/Read',
} as const;

export const NOTICE_AUDIENCES = ['staff', 'vendors', 'ents'] as const;
export const NOTICE_STATES = ['draft', 'released', 'withdrawn'] as const;

export const noticeBodySchema = z
  .object({
    noticeTitle: z.string().trim().min(1).max(200),
    /** HTML; sanitised by the server on save and on display. */
    noticeBody: z.string().max(200_000),
    audience: z.enum(NOTICE_AUDIENCES),
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
  entIds: z.array(z.string()),
  state: z.enum(NOTICE_STATES),
  releaseTime: z.number().nullable(),
  creatorName: z.string(),
  createTime: z.number(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** What a recipient gets (spec §3 Announcement). */
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
