import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('the search box finds a menu page by its title and opens it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('menu-search').fill('日志');
  await page.getByTestId('menu-search-option-/system/log').click();
  await expect(page).toHaveURL(/\/system\/log$/);
  await expect(page.getByTestId('log-table')).toBeVisible();
});

test('an unknown address shows the not-found page inside the shell', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});
