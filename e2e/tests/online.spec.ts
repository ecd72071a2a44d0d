import { expect, type Page, test } from '@playwright/test';
import { openSettings, shot, signIn } from './helpers';

/** A colleague of its own (other tests sign buyer in and out): made through the API as admin. */
async function makeColleague(page: Page, account: string) {
  const login = await page.request.post('/api/sys/login', {
    data: { userName: 'admin', passWord: 'admin123' },
  });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const roles = await page.request.get('/api/sys/role/list?keyword=buyer', { headers });
  const roleId = (
    (await roles.json()) as { data: { list: { id: string; enCode: string }[] } }
  ).data.list.find((r) => r.enCode === 'buyer')!.id;
  const created = await page.request.post('/api/permission/Users', {
    headers,
    data: { account, password: 'online123', realName: '在线测试', mobile: '13912345670', roleIds: [roleId] },
  });
  expect(((await created.json()) as { code: number }).code).toBe(0);
}

test('the administrator forces a user offline; the user lands on the sign-in page; the request log shows it', async ({
  page,
  browser,
}) => {
  // Its own account per attempt: a retry finds the first attempt's user already there.
  const account = `online${Date.now().toString(36).slice(-6)}`;
  await makeColleague(page, account);
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto('/login');
  await buyerPage.getByTestId('login-username').fill(account);
  await buyerPage.getByTestId('login-password').fill('online123');
  await buyerPage.getByTestId('login-submit').click();
  await expect(buyerPage.getByTestId('layout-root')).toBeVisible();

  await signIn(page, 'admin');
  await page.goto('/permission/userOnline');
  const table = page.getByTestId('online-table');
  await expect(table).toContainText(account);
  await expect(page.getByTestId('online-current')).toHaveCount(1);
  await shot(page, 'online-users');
  await page.getByTestId(`online-force-${account}`).click();
  const forced = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/OnlineUser/'),
  );
  await page.locator('#online-force-ok').click();
  expect(((await (await forced).json()) as { code: number }).code).toBe(0);
  await expect(page.getByText('已强制 1 个会话下线')).toBeVisible();
  await expect(table).not.toContainText(account);

  // The buyer's next request answers 602: the browser goes to the sign-in page with the reason.
  await buyerPage.reload();
  await expect(buyerPage).toHaveURL(/\/login/);
  await expect(buyerPage.getByTestId('login-submit')).toBeVisible();
  await buyerContext.close();

  // The force-offline call is in the request log, with the administrator and its outcome.
  await page.goto('/system/log');
  await page.getByTestId('log-tab-request').click();
  const requests = page.getByTestId('request-log-table');
  await expect(requests.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // Searched first: the other specs' requests push it off the first page within seconds.
  await page.getByTestId('request-log-keyword').fill('OnlineUser');
  await page.getByTestId('request-log-search').click();
  // Only force-offline calls are left (other tests may have made some too).
  const found = requests.locator('tbody tr.ant-table-row');
  await expect(found.first()).toContainText('/api/permission/OnlineUser/');
  await expect(found.first()).toContainText('DELETE');
  await expect(found.first()).toContainText('系统管理员');
  for (const text of await found.allInnerTexts()) expect(text).toContain('/api/permission/OnlineUser/');
  await shot(page, 'log-request');
  await page.getByTestId('log-tab-error').click();
  await expect(page.getByTestId('error-log-table')).toBeVisible();
});

test('buyer sees neither the online users page nor its menu entry', async ({ page }) => {
  await signIn(page, 'buyer');
  await expect(page.getByTestId('side-menu')).not.toContainText('在线用户');
  await page.goto('/permission/userOnline');
  await expect(page.getByTestId('online-page')).toHaveCount(0);
});

test('online users and the request and error logs in dark mode on a narrow window', async ({ page }) => {
  await signIn(page, 'admin');
  await openSettings(page);
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/permission/userOnline');
  await expect(page.getByTestId('online-table')).toContainText('admin');
  await shot(page, 'online-dark-narrow');
  await page.goto('/system/log');
  await page.getByTestId('log-tab-request').click();
  await expect(page.getByTestId('request-log-table')).toBeVisible();
  await shot(page, 'log-request-dark-narrow');
  await page.getByTestId('log-tab-error').click();
  await expect(page.getByTestId('error-log-table')).toBeVisible();
  await shot(page, 'log-error-dark-narrow');
});
