import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { MESSAGE_TYPES } from './message-schemas.core';

export * from './message-schemas.core';

export const messageQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(100).optional(),
  type: z.coerce
    .number()
    .int()
    .refine((n) => (MESSAGE_TYPES as readonly number[]).includes(n))
    .optional(),
  /** 0 unread only, 1 read only. */
  stat: z.coerce.number().int().min(0).max(1).optional(),
});
export type MessageQuery = z.input<typeof messageQuerySchema>;
export type MessageFilter = z.infer<typeof messageQuerySchema>;

export const messageItemSchema = z.object({
  id: z.string(),
  type: z.number().int(),
  menuTitle: z.string(),
  creater: z.string(),
  createDate: z.number(),
  /** 0 unread, 1 read. */
  stat: z.number().int(),
  /** billId "0": a path to open; otherwise the form address used with /pageLink. */
  url: z.string(),
  billId: z.string(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const messageDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  lastModifyTime: z.number(),
  creatorUser: z.string(),
  bodyText: z.string(),
  url: z.string(),
  billId: z.string(),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

/** Mark read / delete: the ids of the user's own messages (an empty list is refused, docs/rules.md#messages). */
export const messageIdsBodySchema = z.object({ ids: z.array(idSchema).max(500) });

export const unreadCountSchema = z.object({
  unreadMessageCount: z.number().int().min(0),
  unreadNoticeCount: z.number().int().min(0),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const mailOneToListQuerySchema = z.object({
  /** A user id, or "0" for messages of the system itself. */
  senderId: idSchema,
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const mailSenderSchema = z.object({
  senderId: z.string(),
  senderName: z.string(),
  unread: z.number().int().min(0),
  latest: messageItemSchema,
});
export type MailSender = z.infer<typeof mailSenderSchema>;
