import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminHeaders, darkMode, dropdownOption, expectAxeClean, settled, shot, test } from './helpers';

const D = '/api/onlineDev/DataSet';
const S = '/api/onlineDev/DataScreen';
const DRAWER = '.ant-drawer-content-wrapper';
// The tenant's departments by type: a figure of them, and a bar of them.
const DEPTS_SQL =
  'select d.dept_type, count(*) as n from srm_department d group by d.dept_type order by d.dept_type';

async function call<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'delete',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, { headers: await adminHeaders(request), data });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${method} ${url}: ${json.msg}`).toBe(0);
  return json.data;
}

type MenuRow = { id: string; menuPerms: string; children?: MenuRow[] };
const flat = (items: MenuRow[]): MenuRow[] => items.flatMap((m) => [m, ...flat(m.children ?? [])]);

async function choose(page: Page, testId: string, text: string | RegExp) {
  await page.getByTestId(testId).click();
  await dropdownOption(page, text).click();
}

/** Clicks the type-6 menu item and answers the viewer's tab once it shows the screen. */
async function openFromMenu(page: Page, name: string): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page.getByRole('menuitem', { name }).click();
  const viewer = await opened;
  await viewer.waitForURL(/\/dataV\/view\/\d+/);
  await expect(viewer.getByTestId('ds-viewer')).toBeVisible();
  return viewer;
}

test('an administrator designs a data screen, publishes it as a type-6 menu item, and it opens with a view token', async ({
  signedInPage,
  request,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const code = `depts_screen_${stamp}`;
  const name = `部门大屏${stamp}`;
  const dataset = await call<{ id: string }>(request, 'post', D, {
    code: `screen_depts_${stamp}`,
    names: { 'zh-CN': `部门分布${stamp}`, 'en-US': `Departments ${stamp}` },
    definition: { kind: 'sql', sql: DEPTS_SQL, params: [] },
  });
  const cleanup: ((headers: Record<string, string>) => Promise<unknown>)[] = [
    (headers) => request.delete(`${D}/${dataset.id}`, { headers }),
  ];
  const page = await signedInPage('admin');
  try {
    await page.getByRole('menuitem', { name: '在线开发' }).click();
    await page.getByRole('menuitem', { name: '大屏设计' }).click();
    await expect(page.getByTestId('dsd-page')).toBeVisible();
    await expectAxeClean(page, 'data-screen-list');

    await page.getByTestId('dsd-add').click();
    await expect(page.getByTestId('dsd-form')).toBeVisible();
    await page.getByTestId('dsd-code').fill(code);
    await page.getByTestId('dsd-name-zh-CN').fill(name);
    await page.getByTestId('dsd-name-en-US').fill(`Departments screen ${stamp}`);
    // Below the least refresh interval: refused at its field.
    await page.getByTestId('dsd-refresh').fill('5');

    // A title across the top.
    await page.getByTestId('dsd-add-title').click();
    await page.getByTestId('dsd-widget-text-zh-CN').fill('部门一览');
    await page.getByTestId('dsd-widget-text-en-US').fill('Departments at a glance');
    // A figure: how many departments there are, placed by typing.
    await page.getByTestId('dsd-add-number').click();
    await page.getByTestId('dsd-widget-names-zh-CN').fill('部门数');
    await page.getByTestId('dsd-widget-names-en-US').fill('Departments');
    await choose(page, 'dsd-widget-dataset', new RegExp(`部门分布${stamp}`));
    await choose(page, 'dsd-widget-field', /^n$/);
    await page.getByTestId('dsd-widget-x').fill('40');
    await page.getByTestId('dsd-widget-y').fill('140');
    // A bar chart of them.
    await page.getByTestId('dsd-add-chart').click();
    await page.getByTestId('dsd-widget-names-zh-CN').fill('按类型');
    await choose(page, 'dsd-widget-dataset', new RegExp(`部门分布${stamp}`));
    await choose(page, 'dsd-widget-chart-x', /^dept_type$/);
    await choose(page, 'dsd-widget-chart-y', /^n$/);
    await page.keyboard.press('Escape');
    await page.getByTestId('dsd-widget-x').fill('500');
    await page.getByTestId('dsd-widget-y').fill('140');
    await expect(page.getByTestId('dsd-canvas-item')).toHaveCount(3);

    await page.getByTestId('dsd-editor-save').click();
    await expect(page.getByText('不能小于 10')).toBeVisible();
    await page.getByTestId('dsd-refresh').fill('30');
    await page.locator('.ant-drawer-body').evaluate((body) => body.scrollTo(0, 0));
    await settled(page);
    await shot(page, 'data-screen-editor');
    await expectAxeClean(page, 'data-screen-editor', DRAWER);
    await page.getByTestId('dsd-editor-save').click();
    await expect(page.getByTestId('dsd-form')).toBeHidden();
    const row = page.getByTestId('dsd-table').locator('tr', { has: page.getByText(code, { exact: true }) });
    await expect(row).toContainText(name);
    const saved = (
      await call<{ list: { id: string; code: string }[] }>(request, 'get', `${S}?keyword=${code}`)
    ).list[0];
    expect(saved).toBeTruthy();
    cleanup.unshift((headers) => request.delete(`${S}/${saved?.id}`, { headers }));

    // Published under 在线开发 as a type-6 item.
    await row.getByTestId('dsd-publish').click();
    await page.getByTestId('dsd-publish-parent').click();
    await page
      .locator('.ant-select-tree-node-content-wrapper', { hasText: /^在线开发$/ })
      .filter({ visible: true })
      .click();
    const menuCode = await page.getByTestId('dsd-publish-encode').inputValue();
    expect(menuCode).toMatch(/^screen\./);
    await page.getByTestId('dsd-publish-ok').click();
    await expect(row.getByTestId('dsd-menus')).toContainText(name);
    const menus = await call<MenuRow[]>(request, 'get', '/api/system/Menu?category=web');
    const menu = flat(menus).find((m) => m.menuPerms === menuCode);
    expect(menu).toBeTruthy();
    cleanup.unshift((headers) => request.delete(`/api/system/Menu/${menu?.id}`, { headers }));

    // From the menu: a new tab at the product's own viewer, with a view token that is not the session's.
    const tokens: string[] = [];
    page.context().on('request', (r) => {
      const token = new URL(r.url()).searchParams.get('token');
      if (r.url().includes('/dataV/view/') && token) tokens.push(token);
    });
    const viewer = await openFromMenu(page, name);
    expect(tokens.length).toBeGreaterThan(0);
    const session = await page.evaluate(() => localStorage.getItem('srm_token') ?? '');
    expect(session.length).toBeGreaterThan(10);
    for (const token of tokens) expect(session).not.toContain(token);
    // Spent and dropped from the address.
    expect(new URL(viewer.url()).searchParams.get('token')).toBeNull();
    const depts = await call<{ rows: { n: number }[] }>(
      request,
      'post',
      `${D}/${dataset.id}/Actions/Run`,
      {},
    );
    const total = depts.rows.reduce((sum, r) => sum + Number(r.n), 0);
    const figure = viewer.locator('.ds-widget[data-type="number"] [data-testid$="-value"]');
    await expect(figure).toHaveText(String(total));
    await expect(viewer.locator('.ds-widget[data-type="title"]')).toHaveText('部门一览');
    await expect(viewer.locator('.ds-widget[data-type="chart"] canvas')).toBeVisible();
    await expect(viewer.getByTestId('ds-viewer')).toHaveAttribute('data-theme', 'dark');
    // A reload reads on with the tab's viewer token.
    await viewer.reload();
    await expect(figure).toHaveText(String(total));
    await settled(viewer);
    await shot(viewer, 'data-screen-viewer');
    await expectAxeClean(viewer, 'data-screen-viewer');
    await viewer.close();

    // In English and dark, opened again at 390 px: the canvas letterboxed inside the window.
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en-US').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await darkMode(page);
    const phone = await openFromMenu(page, `Departments screen ${stamp}`);
    await phone.setViewportSize({ width: 390, height: 844 });
    await expect(phone.locator('.ds-widget[data-type="title"]')).toHaveText('Departments at a glance');
    await expect(phone.locator('.ds-widget[data-type="number"] h2')).toHaveText('Departments');
    await expect(phone.locator('.ds-widget[data-type="number"] [data-testid$="-value"]')).toHaveText(
      String(total),
    );
    await expect
      .poll(() =>
        phone.getByTestId('ds-canvas').evaluate((el) => Math.round(el.getBoundingClientRect().width)),
      )
      .toBe(390);
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await settled(phone);
    await shot(phone, 'data-screen-viewer-390-en-dark');
    await expectAxeClean(phone, 'data-screen-viewer-390-en-dark');
    await phone.close();

    // A forged address says so, in the reader's language.
    const forged = await page.context().newPage();
    await forged.goto(`/dataV/view/${saved?.id}?token=forged`);
    await expect(forged.getByTestId('ds-viewer-failed')).toContainText('not valid');
    await expectAxeClean(forged, 'data-screen-viewer-refused');
    await forged.close();
  } finally {
    const headers = await adminHeaders(request);
    for (const undo of cleanup) await undo(headers);
  }
});
