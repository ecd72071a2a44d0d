import {
  MailApi,
  type MailSender,
  MessageApi,
  type MessageDetail,
  type MessageItem,
  NoticeApi,
  type Page,
  type UnreadCount,
  type UnreadNotice,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../api/request';

/** The query key prefix of every message list and detail. */
export const MESSAGE_QUERY_KEY = ['message'] as const;

export const messageKeys = {
  /** The bell's drawer: the newest page. */
  drawer: () => [...MESSAGE_QUERY_KEY, 'drawer'] as const,
  centre: (params: QueryParams) => [...MESSAGE_QUERY_KEY, 'centre', params] as const,
  /** The home page's card (and a portal's unread widget): the newest `rows` unread. */
  homeUnread: (rows: number) => [...MESSAGE_QUERY_KEY, 'homeUnread', rows] as const,
  /** The latest announcements (a portal's widget): a push reads them again, as it does the lists. */
  notices: () => [...MESSAGE_QUERY_KEY, 'notices'] as const,
  /** Kept apart from the lists (`invalidateMessageLists` leaves an open detail alone). */
  detail: (id: string | null) => [...MESSAGE_QUERY_KEY, 'detail', id] as const,
  mailSenders: () => [...MESSAGE_QUERY_KEY, 'mail', 'senders'] as const,
  mailOf: (senderId: string | null, currentPage: number) =>
    [...MESSAGE_QUERY_KEY, 'mail', 'of', senderId, currentPage] as const,
};

export const messageApi = {
  list: (params: QueryParams) => http.get<Page<MessageItem>>(MessageApi.list, params),
  /** Opening a message marks it read on the server. */
  detail: (id: string) => http.get<MessageDetail>(`${MessageApi.readInfo}/${id}`),
  /** The bell's counts; failures stay quiet (the socket brings them too). */
  unread: () => http.get<UnreadCount>(MessageApi.unread, undefined, { silent: true }),
  read: (ids: string[]) => http.post<UnreadCount>(MessageApi.read, { ids }),
  readAll: () => http.post<UnreadCount>(MessageApi.readAll),
  remove: (ids: string[]) => http.delete<{ count: number }>(MessageApi.record, { ids }),
  mailSenders: () => http.get<MailSender[]>(MailApi.lastPerSender),
  mailOf: (senderId: string | null, currentPage: number, pageSize: number) =>
    http.get<Page<MessageItem>>(MailApi.oneToList, { senderId, currentPage, pageSize }),
  mailRead: (ids: string[]) => http.post<UnreadCount>(MailApi.batchRead, { ids }),
  /** Released announcements the user has not acknowledged yet (quiet: the dialog simply stays away). */
  unreadNotices: () => http.get<{ list: UnreadNotice[] }>(NoticeApi.unread, undefined, { silent: true }),
  /** The latest released announcements, read or not, newest first. */
  notices: () => http.get<{ list: UnreadNotice[] }>(NoticeApi.mine),
  acknowledgeNotice: (id: string) => http.put<{ unreadNoticeCount: number }>(`${NoticeApi.read}/${id}`),
};
