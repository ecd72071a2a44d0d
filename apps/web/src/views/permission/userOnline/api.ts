import { OnlineApi, type OnlineSession, type Page } from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

export const onlineKeys = {
  all: ['permission', 'online'] as const,
  list: (params: QueryParams) => [...onlineKeys.all, params] as const,
};

export const onlineApi = {
  list: (params: QueryParams) => http.get<Page<OnlineSession>>(OnlineApi.list, params),
  /** One session by its own route, several in one call. */
  forceOffline: (ids: string[]) =>
    ids.length === 1
      ? http.delete<null>(`${OnlineApi.list}/${ids[0]}`)
      : http.post<{ count: number }>(OnlineApi.forceOffline, { ids }),
};
