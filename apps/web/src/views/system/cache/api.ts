import { type CacheList, OpsApi } from '@srm/contracts/core';
import { http } from '../../../api/request';

export const cacheKeys = {
  all: ['system', 'cache'] as const,
};

export const cacheApi = {
  list: () => http.get<CacheList>(OpsApi.cache),
  clear: (name: string) => http.delete<null>(`${OpsApi.cache}/${encodeURIComponent(name)}`),
  clearAll: () => http.post<null>(OpsApi.cacheClearAll),
};
