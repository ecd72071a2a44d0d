import {
  type Menu,
  type Portal,
  PortalApi,
  type PortalDefinition,
  type PortalHome,
  type PortalSources,
  type PortalSummary,
  type PortalView,
  type PortalWidgetRows,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

const P = PortalApi.portal;
const V = PortalApi.view;

export const portalKeys = {
  all: ['portals'] as const,
  list: (keyword: string) => [...portalKeys.all, 'list', keyword] as const,
  one: (id: string) => [...portalKeys.all, 'one', id] as const,
  sources: () => [...portalKeys.all, 'sources'] as const,
  homes: (id: string) => [...portalKeys.all, 'homes', id] as const,
};

/** A portal as its reader opens it, and the rows of its dataset widgets (each on its own query). */
export const portalViewKeys = {
  all: ['portalView'] as const,
  view: (id: string) => [...portalViewKeys.all, id, 'view'] as const,
  widgets: (id: string) => [...portalViewKeys.all, id, 'widget'] as const,
  widget: (id: string, widgetId: string) => [...portalViewKeys.widgets(id), widgetId] as const,
  /** The current user's home page (his portal and his choices). */
  home: () => ['portalHome'] as const,
};

export interface PortalSaveBody {
  code: string;
  names: Portal['names'];
  definition: PortalDefinition;
}

// Writes are silent: the screen shows a refusal at its field or above the form.
export const portalApi = {
  list: (keyword: string) => http.get<{ list: PortalSummary[] }>(P, { keyword: keyword || undefined }),
  get: (id: string) => http.get<Portal>(`${P}/${id}`),
  sources: () => http.get<PortalSources>(`${P}/Sources`),
  create: (body: PortalSaveBody) => http.post<Portal>(P, body, { silent: true }),
  update: (id: string, body: PortalSaveBody) => http.put<Portal>(`${P}/${id}`, body, { silent: true }),
  remove: (id: string) => http.delete(`${P}/${id}`, undefined, { silent: true }),
  publish: (id: string, body: { parentId: string; enCode: string }) =>
    http.post<Menu>(`${P}/${id}/Actions/Publish`, body, { silent: true }),
  homes: (id: string) => http.get<{ roleIds: string[] }>(`${P}/${id}/Homes`),
  setHomes: (id: string, roleIds: string[]) =>
    http.put<{ roleIds: string[] }>(`${P}/${id}/Homes`, { roleIds }, { silent: true }),
};

export const portalViewApi = {
  view: (id: string) => http.get<PortalView>(`${V}/${id}`, undefined, { silent: true }),
  /** A widget's rows: quiet, the widget says it could not load (the others carry on). */
  rows: (id: string, widgetId: string) =>
    http.get<PortalWidgetRows>(`${V}/${id}/Widgets/${widgetId}/Data`, undefined, { silent: true }),
  /** Quiet: without an answer the home page is the product's own. */
  home: () => http.get<PortalHome>(PortalApi.home, undefined, { silent: true }),
  choose: (portalId: string | null) => http.put<PortalHome>(PortalApi.home, { portalId }),
};
