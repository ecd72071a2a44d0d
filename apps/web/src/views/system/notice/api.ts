import { type Notice, NoticeApi, type NoticeBody, type NoticeEnt, type Page } from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

export const noticeKeys = {
  /** Prefix of every page of the list (a write reads them all again). */
  lists: () => ['notice', 'list'] as const,
  list: (params: QueryParams) => ['notice', 'list', params] as const,
  ents: () => ['notice', 'ents'] as const,
};

export const noticeApi = {
  list: (params: QueryParams) => http.get<Page<Notice>>(NoticeApi.admin, params),
  /** The enterprises an announcement can be addressed to. */
  ents: () => http.get<NoticeEnt[]>(NoticeApi.ents),
  save: (id: string | undefined, body: NoticeBody) =>
    id ? http.put<Notice>(`${NoticeApi.admin}/${id}`, body) : http.post<Notice>(NoticeApi.admin, body),
  act: (id: string, action: 'Release' | 'Withdraw') =>
    http.put<Notice>(`${NoticeApi.admin}/${id}/Actions/${action}`),
  remove: (id: string) => http.delete(`${NoticeApi.admin}/${id}`),
};
