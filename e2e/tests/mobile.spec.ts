import { expect, test } from '@playwright/test';
import { shot, signIn } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

test('on a narrow window the menu is a drawer that closes after navigating', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('layout-sidebar')).toBeHidden();
  await shot(page, 'mobile-home');
  await page.getByTestId('navbar-hamburger').click();
  const drawer = page.getByTestId('sidebar-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByText('系统管理').click();
  await drawer.getByText('系统日志').click();
  await expect(page).toHaveURL(/\/system\/log$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('log-table')).toBeVisible();
  await shot(page, 'mobile-log');
});
