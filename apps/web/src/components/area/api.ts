import {
  AREA_ROOT,
  AreaApi,
  type AreaCreate,
  type AreaItem,
  type AreaMatch,
  type AreaUpdate,
} from '@srm/contracts/core';
import { http } from '../../api/request';

/**
 * Areas for forms (the cascader) and the area screen. The form reads keep a small cache of their
 * own rather than TanStack Query: the cascader also serves the public registration page, which
 * renders outside the signed-in shell and its query client.
 */
const childrenCache = new Map<string, Promise<AreaItem[]>>();

export const areaApi = {
  /** Enabled children for forms (cached until `clearAreaCache`). */
  children(parentCode: string = AREA_ROOT): Promise<AreaItem[]> {
    let hit = childrenCache.get(parentCode);
    if (!hit) {
      hit = http.get<AreaItem[]>(AreaApi.children, { parentCode });
      hit.catch(() => childrenCache.delete(parentCode));
      childrenCache.set(parentCode, hit);
    }
    return hit;
  },
  search: (keyword: string) => http.get<AreaMatch[]>(AreaApi.search, { keyword }),
  /** The screen: children with disabled ones, or matches by keyword. */
  list: (params: { parentCode?: string; keyword?: string }) => http.get<AreaItem[]>(AreaApi.area, params),
  create: (body: AreaCreate) => http.post<AreaItem>(AreaApi.area, body),
  update: (code: string, body: AreaUpdate) => http.put<AreaItem>(`${AreaApi.area}/${code}`, body),
};

/** After a correction: forms read the areas again. */
export function clearAreaCache(): void {
  childrenCache.clear();
}
