import {
  DataScreenApi,
  type DataScreenOpened,
  type DataScreenView,
  type Envelope,
  type MapGeoJson,
  type PortalWidgetRows,
} from '@srm/contracts/core';
import { i18n } from '../../../i18n';

const V = DataScreenApi.view;

/** A refusal of the viewer's routes: 401 (link or viewer token unknown or expired), 404, 400. */
export class ViewerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The viewer's own calls: plain fetches with the screen's token only, never the app's session
 * (whatever the browser holds of it), so that what the viewer reads is what its token allows.
 */
async function call<T>(url: string, init: RequestInit & { token?: string }): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body) headers['Content-Type'] = 'application/json';
  let body: Envelope<T> | undefined;
  try {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      headers,
      credentials: 'omit',
    });
    body = (await res.json()) as Envelope<T>;
  } catch {
    throw new ViewerError(-1, i18n.t('common:requestError'));
  }
  if (body.code !== 0) throw new ViewerError(body.code, body.msg);
  return body.data;
}

/** Where the viewer keeps its viewer token: this tab only, so that a reload goes on reading. */
const keyOf = (id: string) => `srm.dataScreen.${id}`;

export const viewerToken = {
  get(id: string): string | null {
    try {
      const raw = sessionStorage.getItem(keyOf(id));
      const kept = raw ? (JSON.parse(raw) as { token: string; expiresAt: number }) : null;
      return kept && kept.expiresAt > Date.now() ? kept.token : null;
    } catch {
      return null;
    }
  },
  set(id: string, token: string, expiresAt: number) {
    try {
      sessionStorage.setItem(keyOf(id), JSON.stringify({ token, expiresAt }));
    } catch {
      // A browser without storage reads on until the tab closes; a reload opens from the menu again.
    }
  },
  clear(id: string) {
    try {
      sessionStorage.removeItem(keyOf(id));
    } catch {
      // Nothing kept.
    }
  },
};

export const viewerApi = {
  /** Spends the address's view token for a viewer token. */
  open: (id: string, token: string) =>
    call<DataScreenOpened>(`${V}/${id}/Actions/Open`, { method: 'POST', body: JSON.stringify({ token }) }),
  view: (id: string, token: string) => call<DataScreenView>(`${V}/${id}?n=${Date.now()}`, { token }),
  map: (id: string, mapId: string, token: string) => call<MapGeoJson>(`${V}/${id}/Maps/${mapId}`, { token }),
  rows: (id: string, widgetId: string, token: string) =>
    call<PortalWidgetRows>(`${V}/${id}/Widgets/${widgetId}/Data?n=${Date.now()}`, { token }),
};
