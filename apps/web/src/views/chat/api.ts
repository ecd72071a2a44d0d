import { ChatApi, type Conversation, type ImUser, type Page, UserApi } from '@srm/contracts/core';
import { http } from '../../api/request';

/** Chat's HTTP side; messages themselves go over the socket (store/socket.ts). */
export const chatKeys = {
  conversations: () => ['chat', 'conversations'] as const,
  contacts: (keyword: string, me: string) => ['chat', 'contacts', keyword, me] as const,
};

export const chatApi = {
  conversations: () => http.get<{ list: Conversation[] }>(ChatApi.conversations),
  /** Every contact, a page at a time. */
  contacts: (keyword: string, currentPage: number, pageSize: number) =>
    http.get<Page<ImUser>>(UserApi.imUser, { keyword, currentPage, pageSize }),
  /** The contacts other than `me` matching a keyword, in one answer. */
  searchContacts: (me: string, keyword: string) =>
    http.post<Page<ImUser>>(`${UserApi.imUserSelector}/${me}`, { keyword }),
  /** An image for a message: stored first, then sent by its address. */
  upload: (file: File) => http.upload<{ name: string; url: string }>(ChatApi.upload, file),
};
