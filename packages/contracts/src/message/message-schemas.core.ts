// The zod-free part of message-schemas.ts (shared by the web without zod).

/** Internal messages (站内消息, docs/rules.md#messages): one row per recipient. */
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
/** The message types by name (the socket's `messagePush` names the type of what arrived). */
export const MESSAGE_TYPE = { system: 1, workflow: 2, vendorNotice: 3, registration: 4 } as const;

/** The mail centre (docs/rules.md#mail-centre): the same messages seen as a mailbox, grouped by sender. */
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
