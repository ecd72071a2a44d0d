import { expect, test } from '@playwright/test';
import { shot, signIn } from './helpers';

test('the administrator forces a user offline; the user lands on the sign-in page; the request log shows it', async ({
  page,
  browser,
}) => {
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await signIn(buyerPage, 'buyer');

  await signIn(page, 'admin');
  await page.goto('/permission/userOnline');
  const table = page.getByTestId('online-table');
  await expect(table).toContainText('buyer');
  await expect(page.getByTestId('online-current')).toHaveCount(1);
  await shot(page, 'online-users');
  await page.getByTestId('online-force-buyer').click();
  await page.locator('#online-force-ok').click();
  await expect(table).not.toContainText('buyer');

  // The buyer's next request answers 602: the browser goes to the sign-in page with the reason.
  await buyerPage.reload();
  await expect(buyerPage).toHaveURL(/\/login/);
  await expect(buyerPage.getByTestId('login-submit')).toBeVisible();
  await buyerContext.close();

  // The force-offline call is in the request log, with the administrator and its outcome.
  await page.goto('/system/log');
  await page.getByTestId('log-tab-request').click();
  const requests = page.getByTestId('request-log-table');
  await expect(requests).toContainText('/api/permission/OnlineUser/');
  await expect(requests).toContainText('DELETE');
  await expect(requests).toContainText('系统管理员');
  await page.getByTestId('request-log-keyword').fill('OnlineUser');
  await page.getByTestId('request-log-search').click();
  await expect(requests.locator('tbody tr.ant-table-row')).toHaveCount(1);
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
