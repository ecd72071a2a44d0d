import {
  type DataScreen,
  DataScreenApi,
  type DataScreenDefinition,
  type DataScreenSummary,
  type DataScreenViewToken,
  type Menu,
  type PortalSources,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

const R = DataScreenApi.screen;

export const dataScreenKeys = {
  all: ['dataScreens'] as const,
  list: (keyword: string) => [...dataScreenKeys.all, 'list', keyword] as const,
  one: (id: string) => [...dataScreenKeys.all, 'one', id] as const,
  sources: () => [...dataScreenKeys.all, 'sources'] as const,
};

export interface DataScreenSaveBody {
  code: string;
  names: DataScreen['names'];
  definition: DataScreenDefinition;
}

// Writes are silent: the screen shows a refusal at its field or above the form.
export const dataScreenApi = {
  list: (keyword: string) => http.get<{ list: DataScreenSummary[] }>(R, { keyword: keyword || undefined }),
  get: (id: string) => http.get<DataScreen>(`${R}/${id}`),
  sources: () => http.get<Pick<PortalSources, 'datasets'>>(`${R}/Sources`),
  create: (body: DataScreenSaveBody) => http.post<DataScreen>(R, body, { silent: true }),
  update: (id: string, body: DataScreenSaveBody) =>
    http.put<DataScreen>(`${R}/${id}`, body, { silent: true }),
  remove: (id: string) => http.delete(`${R}/${id}`, undefined, { silent: true }),
  publish: (id: string, body: { parentId: string; enCode: string }) =>
    http.post<Menu>(`${R}/${id}/Actions/Publish`, body, { silent: true }),
  /** A view token for the viewer's address, asked with the session. */
  viewToken: (id: string, silent = false) =>
    http.post<DataScreenViewToken>(`${DataScreenApi.view}/${id}/Actions/ViewToken`, {}, { silent }),
};
