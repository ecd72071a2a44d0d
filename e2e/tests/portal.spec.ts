import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  adminHeaders,
  darkMode,
  dropdownOption,
  escapeUntilHidden,
  expectAxeClean,
  openSettings,
  settled,
  shot,
  test,
} from './helpers';

// A portal changes the buyer role's home page: this spec is of the tenant-wide project (its own
// server, one spec at a time), so that no other spec signs in as a buyer meanwhile.
const D = '/api/onlineDev/DataSet';
const P = '/api/onlineDev/Portal';
const DRAWER = '.ant-drawer-content-wrapper';
// The tenant's departments, a row each: a count, and a bar of them by type.
const DEPTS_SQL = 'select id, dept_name, dept_type, 1 as one from srm_department';

async function choose(page: Page, testId: string, text: string | RegExp) {
  await page.getByTestId(testId).click();
  await dropdownOption(page, text).click();
}

async function call<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put' | 'delete',
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

/** The number widget's figure on a page (there is one number widget). */
const figure = (page: Page) => page.locator('.pw-item[data-type="number"] [data-testid$="-value"]');

test('an administrator designs a portal, publishes it, makes it the buyers’ home page, and it follows the data', async ({
  signedInPage,
  request,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const code = `depts_portal_${stamp}`;
  const name = `部门门户${stamp}`;
  const dataset = await call<{ id: string }>(request, 'post', D, {
    code: `depts_${stamp}`,
    names: { 'zh-CN': `部门${stamp}`, 'en-US': `Departments ${stamp}` },
    definition: { kind: 'sql', sql: DEPTS_SQL, params: [] },
  });
  // Undone at the end, newest first (a published portal refuses its delete, a used dataset too).
  const cleanup: ((headers: Record<string, string>) => Promise<unknown>)[] = [
    (headers) => request.delete(`${D}/${dataset.id}`, { headers }),
  ];
  const page = await signedInPage('admin');
  try {
    // From the menu: 在线开发 › 门户设计.
    await page.getByRole('menuitem', { name: '在线开发' }).click();
    await page.getByRole('menuitem', { name: '门户设计' }).click();
    await expect(page.getByTestId('pd-page')).toBeVisible();
    await expectAxeClean(page, 'portal-list');

    await page.getByTestId('pd-add').click();
    await expect(page.getByTestId('pd-form')).toBeVisible();
    await page.getByTestId('pd-code').fill(code);
    await page.getByTestId('pd-name-zh-CN').fill(name);
    await page.getByTestId('pd-name-en-US').fill(`Departments portal ${stamp}`);

    // A number: how many departments there are.
    await page.getByTestId('pd-add-number').click();
    await page.getByTestId('pd-widget-name-zh-CN').fill('部门数');
    await page.getByTestId('pd-widget-name-en-US').fill('Departments');
    await choose(page, 'pd-widget-dataset', new RegExp(`部门${stamp}`));
    await choose(page, 'pd-widget-aggregate', /^计数$/);
    // A bar chart of them by type.
    await page.getByTestId('pd-add-chart').click();
    await page.getByTestId('pd-widget-name-zh-CN').fill('按类型');
    await choose(page, 'pd-widget-dataset', new RegExp(`部门${stamp}`));
    await choose(page, 'pd-widget-chart-x', /^dept_type$/);
    await choose(page, 'pd-widget-chart-y', /^one$/);
    await page.keyboard.press('Escape');
    // The reader's to-dos, and a text whose script the server takes out.
    await page.getByTestId('pd-add-todo').click();
    await page.getByTestId('pd-add-text').click();
    await page
      .getByTestId('pd-widget-html-zh-CN')
      .fill('<p>欢迎使用<strong>部门门户</strong></p><script>window.x=1</script>');
    await page
      .getByTestId('pd-widget-html-en-US')
      .fill('<p>Welcome to the <strong>departments portal</strong></p>');
    // Placed by keyboard: the text the whole width, on top (the others make room below).
    await page.getByTestId('pd-widget-w').fill('12');
    await page.getByTestId('pd-widget-w').press('Enter');
    await page.getByTestId('pd-widget-y').fill('0');
    await page.getByTestId('pd-widget-y').press('Enter');
    await expect(page.getByTestId('pd-widget-w')).toHaveValue('12');
    await expect(page.getByTestId('pd-widget-x')).toHaveValue('0');
    await expect(page.getByTestId('pd-grid-item')).toHaveCount(4);
    await page.locator('.ant-drawer-body').evaluate((body) => body.scrollTo(0, 0));
    await settled(page);
    await shot(page, 'portal-editor');
    await expectAxeClean(page, 'portal-editor', DRAWER);
    await page.getByTestId('pd-editor-save').click();
    await expect(page.getByTestId('pd-form')).toBeHidden();
    const row = page.getByTestId('pd-table').locator('tr', { has: page.getByText(code, { exact: true }) });
    await expect(row).toContainText(name);
    const saved = (
      await call<{ list: { id: string; code: string }[] }>(request, 'get', `${P}?keyword=${code}`)
    ).list[0];
    expect(saved).toBeTruthy();
    cleanup.unshift((headers) => request.delete(`${P}/${saved?.id}`, { headers }));

    // Published under 在线开发: in the side menu at once, and it opens the portal.
    await row.getByTestId('pd-publish').click();
    await page.getByTestId('pd-publish-parent').click();
    await page
      .locator('.ant-select-tree-node-content-wrapper', { hasText: /^在线开发$/ })
      .filter({ visible: true })
      .click();
    const menuCode = await page.getByTestId('pd-publish-encode').inputValue();
    expect(menuCode).toMatch(/^portal\./);
    await page.getByTestId('pd-publish-ok').click();
    await expect(row.getByTestId('pd-menus')).toContainText(name);
    const menus = await call<MenuRow[]>(request, 'get', '/api/system/Menu?category=web');
    const menu = flat(menus).find((m) => m.menuPerms === menuCode);
    expect(menu).toBeTruthy();
    cleanup.unshift((headers) => request.delete(`/api/system/Menu/${menu?.id}`, { headers }));

    // The buyers' home page.
    await row.getByTestId('pd-homes').click();
    await choose(page, 'pd-homes-roles', /^采购员$/);
    await page.keyboard.press('Escape');
    await page.getByTestId('pd-homes-ok').click();
    await expect(row.getByTestId('pd-home-roles')).toContainText('采购员');
    cleanup.unshift((headers) => request.put(`${P}/${saved?.id}/Homes`, { headers, data: { roleIds: [] } }));

    await page.getByRole('menuitem', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/${menuCode.replaceAll('.', '\\.')}$`));
    const view = page.getByTestId('pw-view');
    await expect(view.getByTestId('pw-page-title')).toHaveText(name);
    // The text first, as it was placed by keyboard, the rest in reading order after it.
    await expect(view.locator('.pw-item').first()).toHaveAttribute('data-type', 'text');
    await expect(figure(page)).toHaveText(/^\d+$/);
    const before = Number(await figure(page).textContent());
    expect(before).toBeGreaterThan(0);
    await expect(view.locator('.pw-item[data-type="chart"] [role="img"]')).toHaveAttribute(
      'aria-label',
      /按类型/,
    );
    const text = view.locator('.pw-item[data-type="text"] [data-testid$="-html"]');
    await expect(text).toContainText('欢迎使用部门门户');
    expect(await text.innerHTML()).not.toContain('script');
    await expect(view.locator('.pw-item[data-type="todo"]')).toBeVisible();
    await shot(page, 'portal-page');
    await expectAxeClean(page, 'portal-page');

    // A buyer signs in: his home page is the portal.
    const buyer = await signedInPage('buyer');
    await expect(buyer.getByTestId('home-portal')).toBeVisible();
    await expect(buyer.getByTestId('home-portal-title')).toHaveText(name);
    await expect(figure(buyer)).toHaveText(String(before));
    await expectAxeClean(buyer, 'portal-home');

    // A department added elsewhere: the figure follows, without a reload (the socket's dataChanged).
    const companies = await call<{ id: string }[]>(request, 'get', '/api/permission/Organize/tree');
    const dept = await call<{ id: string }>(request, 'post', '/api/permission/Department', {
      parentId: companies[0]?.id,
      deptName: `门户部门${stamp}`,
      enCode: `portalDept${stamp}`,
    });
    cleanup.unshift((headers) => request.delete(`/api/permission/Department/${dept.id}`, { headers }));
    await expect(figure(buyer)).toHaveText(String(before + 1));
    await expect(figure(page)).toHaveText(String(before + 1));

    // In English, dark, at 390 px: the widgets one under the other, nothing wider than the window.
    await buyer.getByTestId('lang-switch').click();
    await buyer.getByTestId('lang-en-US').click();
    await expect(buyer.locator('html')).toHaveAttribute('lang', 'en-US');
    await darkMode(buyer);
    await buyer.setViewportSize({ width: 390, height: 844 });
    await expect(buyer.locator('.pw-item[data-type="number"] h2')).toHaveText('Departments');
    await expect(buyer.locator('.pw-item[data-type="text"]')).toContainText(
      'Welcome to the departments portal',
    );
    await expect
      .poll(() => buyer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    const widths = await buyer
      .locator('.pw-item')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().width)));
    expect(new Set(widths).size).toBe(1);
    await shot(buyer, 'portal-home-390-en-dark');
    await expectAxeClean(buyer, 'portal-home-390-en-dark');

    // His own choice among the portals he may open: saved for him, the page stays the portal.
    await buyer.getByTestId('home-choice').click();
    await dropdownOption(buyer, /^Departments portal/).click();
    await expect(buyer.getByTestId('home-choice')).toContainText('Departments portal');
    await expect(figure(buyer)).toHaveText(String(before + 1));
    // Back to Chinese (the switch is in the wide top bar): the language is kept for the user.
    await buyer.setViewportSize({ width: 1400, height: 900 });
    await buyer.getByTestId('lang-switch').click();
    await buyer.getByTestId('lang-zh-CN').click();
    await expect(buyer.locator('html')).toHaveAttribute('lang', 'zh-CN');

    // The portal page in the shell's other layouts: the grid keeps to the main area.
    await openSettings(page);
    await page.getByTestId('layout-functional').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('top-menu')).toBeVisible();
    await expect(figure(page)).toHaveText(String(before + 1));
    await shot(page, 'portal-page-functional');
    await openSettings(page);
    await page.getByTestId('layout-plain').click();
    await page.getByTestId('layout-classic').click();
    await page.keyboard.press('Escape');

    // The designer in English, dark, at 390 px: the grid and the settings one under the other.
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en-US').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await darkMode(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/onlineDev/visualPortal');
    await page
      .getByTestId('pd-table')
      .locator('tr', { has: page.getByText(code, { exact: true }) })
      .getByTestId('pd-open')
      .click();
    await expect(page.getByTestId('pd-grid-item')).toHaveCount(4);
    await page.locator('.pd-item[data-type="number"]').getByTestId('pd-grid-item-select').click();
    await expect(page.getByTestId('pd-widget-aggregate')).toContainText('Count');
    await expectAxeClean(page, 'portal-editor-390-en-dark', DRAWER);
    // The preview draws the saved widgets' rows with the form's settings.
    await page.getByTestId('pd-mode').getByText('Preview').click();
    await expect(page.getByTestId('pd-preview').locator('[data-testid$="-value"]')).toHaveText(
      String(before + 1),
    );
    await shot(page, 'portal-preview-390-en-dark');
    await escapeUntilHidden(page, page.getByTestId('pd-form'));
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh-CN').click();
  } finally {
    const headers = await adminHeaders(request);
    for (const step of cleanup) await step(headers).catch(() => undefined);
  }
});
