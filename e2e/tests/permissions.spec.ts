import { expect, test } from '@playwright/test';
import { shot, signIn } from './helpers';

test('buyer sees the smaller menu and neither the export button nor the IP column', async ({ page }) => {
  await signIn(page, 'buyer');
  const menu = page.getByTestId('side-menu');
  await menu.getByText('系统管理').click();
  await expect(menu).toContainText('系统日志');
  await expect(menu).toContainText('外部帮助');
  await expect(menu).not.toContainText('开发文档');
  await page.goto('/system/log');
  await expect(page.getByTestId('log-table')).toBeVisible();
  await expect(page.getByTestId('log-table').locator('thead')).toContainText('账号');
  await expect(page.getByTestId('log-table').locator('thead')).not.toContainText('IP');
  await expect(page.getByTestId('log-export')).toHaveCount(0);
  await shot(page, 'log-buyer');
});

test('admin sees the whole menu, the export button and the IP column', async ({ page }) => {
  await signIn(page, 'admin');
  const menu = page.getByTestId('side-menu');
  await menu.getByText('系统管理').click();
  await expect(menu).toContainText('系统日志');
  await expect(menu).toContainText('开发文档');
  await page.goto('/system/log');
  await expect(page.getByTestId('log-table').locator('thead')).toContainText('IP');
  await expect(page.getByTestId('log-export')).toBeVisible();
  await shot(page, 'log-admin');
});
