import { describe, expect, it } from 'vitest';
import { MenuType } from '../../../packages/contracts/src/permission/menu';
import { DEMO_MENU, type MenuSeed } from '../../server/src/db/seed-menus';
import { pageLoaderFor } from '../src/views/registry';

/** Every page of the seeded menu (type 1, an address of the app), however deep. */
function seededPages(items: MenuSeed[]): { code: string; url: string }[] {
  return items.flatMap((item) => [
    ...(item.type === MenuType.page && item.url?.startsWith('/') ? [{ code: item.code, url: item.url }] : []),
    ...seededPages(item.children ?? []),
  ]);
}

describe('the seeded menu and the pages of the web', () => {
  it('has a page in views/registry.ts for every page address the seed gives a menu', () => {
    const pages = seededPages(DEMO_MENU);
    // The seed's pages: the supplier screens, the organisation, the workflow, the system's.
    expect(pages.length).toBeGreaterThan(30);
    // A missing line in the registry sends a seeded menu to the 404 page, which only the browser
    // suite noticed before.
    const missing = pages.filter((page) => !pageLoaderFor(page.url));
    expect(missing).toEqual([]);
  });
});
