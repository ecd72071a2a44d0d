import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openSettings, randomMobile, shot, signIn, signInAs } from './helpers';

// Names of this run's own: a retry (or a run on a kept database) starts from nothing again.
const STAMP = Date.now().toString(36);
const ROLE_CODE = `logReader${STAMP}`;
const ACCOUNT = `reader${STAMP}`;
const PASSWORD = 'reader123';

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'get',
  url: string,
  data?: unknown,
) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** A role holding nothing and a user holding only that role, made through the API as admin. */
async function setUp(page: Page) {
  const login = await page.request.post('/api/sys/login', {
    data: { userName: 'admin', passWord: 'admin123' },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const role = await api<{ id: string }>(page.request, token, 'post', '/api/sys/role/save', {
    roleName: '日志查看员',
    enCode: ROLE_CODE,
  });
  await api(page.request, token, 'post', '/api/permission/Users', {
    account: ACCOUNT,
    password: PASSWORD,
    realName: '日志员',
    mobile: randomMobile(),
    roleIds: [role.id],
  });
}

/** Clicking a node's title toggles its check box (the trees are not selectable). */
const node = (page: Page, tab: string, code: string) =>
  page.getByTestId(`authorize-tree-${tab}`).getByTestId(`authorize-node-${code}`);
const treeNode = (page: Page, tab: string, code: string) =>
  page
    .getByTestId(`authorize-tree-${tab}`)
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTestId(`authorize-node-${code}`) });

async function save(page: Page) {
  await page.getByTestId('authorize-save').click();
  await expect(page.locator('.ant-message')).toContainText('授权已保存');
  await expect(page.getByTestId('authorize-dirty')).toHaveCount(0);
}

test('a role granted a page and a button: its user sees exactly those, and loses the button again', async ({
  page,
  browser,
}) => {
  await setUp(page);
  await signIn(page, 'admin');
  await page.goto('/permission/authorize');
  await expect(page.getByTestId('authorize-choose')).toBeVisible();
  await page.getByTestId(`authorize-object-${ROLE_CODE}`).click();
  await expect(page.getByTestId('authorize-tree-menu')).toBeVisible();

  // Menu tab: the log page; its directory becomes half-checked.
  await node(page, 'menu', 'system.log').click();
  await expect(treeNode(page, 'menu', 'system.log')).toHaveAttribute('aria-checked', 'true');
  await expect(treeNode(page, 'menu', 'system')).toHaveAttribute('aria-checked', 'mixed');
  await expect(page.getByTestId('authorize-dirty')).toBeVisible();

  // Switching object with unsaved changes asks first; staying keeps the edit.
  await page.getByTestId('authorize-object-buyer').click();
  await page.getByTestId('authorize-stay').click();
  await expect(page.getByTestId('authorize-selected')).toContainText('日志查看员');

  // Button tab: the log's export button.
  await page.getByTestId('authorize-tab-button').click();
  await node(page, 'button', 'system.log.export').click();
  await expect(page.getByTestId('authorize-pane-button')).toContainText('已选 1 项');
  await save(page);
  await shot(page, 'authorize-saved');

  // The user of that role, in another browser context.
  const other = await browser.newContext({ locale: 'zh-CN' });
  const userPage = await other.newPage();
  await signInAs(userPage, ACCOUNT, PASSWORD);
  const menu = userPage.getByTestId('side-menu');
  await expect(menu).toContainText('系统管理');
  await expect(menu).not.toContainText('权限管理');
  await menu.getByText('系统管理').click();
  await expect(menu).toContainText('系统日志');
  await expect(menu).not.toContainText('外部帮助');
  await expect(menu).not.toContainText('开发文档');
  await userPage.goto('/system/log');
  await expect(userPage.getByTestId('log-table')).toBeVisible();
  await expect(userPage.getByTestId('log-export')).toBeVisible();
  // Only the page's granted column: the IP column stays hidden.
  await expect(userPage.getByTestId('log-table').locator('thead')).not.toContainText('IP');

  // Admin takes the button away; the user's page loses it after a reload, without signing in again.
  await node(page, 'button', 'system.log.export').click();
  await save(page);
  await userPage.reload();
  await expect(userPage.getByTestId('log-table')).toBeVisible();
  await expect(userPage.getByTestId('log-export')).toHaveCount(0);
  await expect(userPage.getByTestId('side-menu')).toContainText('系统管理');
  await other.close();
});

test('authorize screen: positions and users, dark and narrow', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/permission/authorize');
  await page.getByTestId('authorize-type-position').click();
  await expect(page.getByTestId('authorize-object-buyer')).toContainText('采购专员');
  await page.getByTestId('authorize-type-user').click();
  await page.getByTestId('authorize-search').locator('input').fill('buyer');
  await page.getByTestId('authorize-search').locator('input').press('Enter');
  await expect(page.getByTestId('authorize-object-admin')).toHaveCount(0);
  await page.getByTestId('authorize-object-buyer').click();
  await expect(page.getByTestId('authorize-tree-menu')).toBeVisible();
  await page.getByTestId('authorize-collapse-menu').click();
  await expect(node(page, 'menu', 'permission.user')).toBeHidden();
  await page.getByTestId('authorize-expand-menu').click();
  await expect(node(page, 'menu', 'permission.user')).toBeVisible();
  await page.getByTestId('authorize-tab-data').click();
  await expect(page.getByTestId('authorize-tree-data')).toContainText('本部门');
  await shot(page, 'authorize-light');

  await openSettings(page);
  await page.getByTestId('theme-dark').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'authorize-dark');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByTestId('authorize-object-admin').click();
  await expect(page.getByTestId('authorize-tree-menu')).toBeVisible();
  await shot(page, 'authorize-narrow');
  await page.getByTestId('authorize-tree-menu').scrollIntoViewIfNeeded();
  await shot(page, 'authorize-narrow-tree');
});
