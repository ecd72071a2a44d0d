import { DATA_SCREEN_BASE, DataScreenApi, type DataScreenViewToken } from '@srm/contracts/core';
import { http } from '../../../api/request';
import { useCacheStore } from '../../../store/cache';
import { DATAV_CONFIG_KEY } from '../../../store/permission';

/** The viewer's address of a screen: the tenant's visualisation base, else the product's own. */
export function viewerPath(id: string): string {
  return `${useCacheStore.getState().config(DATAV_CONFIG_KEY) || DATA_SCREEN_BASE}/view/${id}`;
}

/** The viewer's address with its view token (the item's path is `${base}/view/{id}`). */
export const withViewToken = (path: string, token: string) =>
  `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;

/**
 * Opens data screen `screenId` in a new tab (a type-6 menu item, the designer's preview): the tab
 * opens at once, within the click (a tab opened after an answer is a pop-up browsers block), and
 * goes to the viewer's address once the server gave a view token for it (short-lived, once, never
 * the session's: docs/data-screens.md). Without one (a refusal, shown by the request layer) the
 * blank tab closes again.
 */
export function openDataScreen(screenId: string, path: string): void {
  const tab = window.open('', '_blank');
  http
    .post<DataScreenViewToken>(`${DataScreenApi.view}/${screenId}/Actions/ViewToken`, {})
    .then(({ token }) => {
      const url = withViewToken(path, token);
      if (!tab) {
        window.location.assign(url);
        return;
      }
      // The viewer needs nothing of this tab.
      tab.opener = null;
      tab.location.replace(url);
    })
    .catch(() => tab?.close());
}
