import { z } from 'zod';
import { idSchema } from '../api/envelope';

/** Internal messages (站内消息, decisions §5): one row per recipient. */
export const MessageApi = {
  /** GET: the signed-in user's messages, newest first (drawer: pageSize 20). */
  list: '/api/message',
  /** GET `${readInfo}/{id}`: the detail; opening it marks it read. */
  readInfo: '/api/message/ReadInfo',
  /** DELETE { ids }: deletes the user's own messages. */
  record: '/api/message/Record',
  /** POST { ids }: marks these read. */
  read: '/api/message/Actions/Read',
  /** POST: marks every message of the user read. */
  readAll: '/api/message/Actions/ReadAll',
  /** GET: unread counts for the bell. */
  unread: '/api/message/UnreadCount',
} as const;

/** Who created a message: 1 system, 2 workflow, 3 vendor notice, 4 supplier registration. */
export const MESSAGE_TYPES = [1, 2, 3, 4] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

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

/** Mark read / delete: the ids of the user's own messages (an empty list is refused, spec §5). */
export const messageIdsBodySchema = z.object({ ids: z.array(idSchema).max(500) });

export const unreadCountSchema = z.object({
  unreadMessageCount: z.number().int().min(0),
  unreadNoticeCount: z.number().int().min(0),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** The mail centre (decisions §5): the same messages seen as a mailbox, grouped by sender. */
export const MailApi = {
  /** GET: paged, like the message list. */
  list: '/api/base/mail/list',
  /** GET ?senderId= (empty for the system): the messages of one sender, newest first, paged. */
  oneToList: '/api/base/mail/oneTolist',
  /** GET: the newest message of each sender with that sender's unread count. */
  lastPerSender: '/api/base/mail/queryLastMailList',
  /** POST { ids }: marks these read. */
  batchRead: '/api/base/mail/batchUpdateReadStatus',
} as const;

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
