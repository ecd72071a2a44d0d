import { expect, test } from '@playwright/test';
import { openUserMenu, shot, signIn } from './helpers';

test('tabs open, refresh, close others and close all; home stays', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/log');
  await expect(page.getByTestId('tag-/system/log')).toBeVisible();
  await openUserMenu(page);
  await page.getByTestId('menu-profile').click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByTestId('tag-/profile')).toBeVisible();
  await expect(page.getByTestId('tag-/home')).toBeVisible();
  await shot(page, 'tabs');

  // Refresh keeps the tab and the page.
  await page.getByTestId('tag-/profile').click({ button: 'right' });
  await page.getByTestId('tags-menu-refresh').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('tag-/profile')).toBeVisible();

  // Close others keeps the affixed home and the current tab.
  await page.getByTestId('tag-/profile').click({ button: 'right' });
  await page.getByTestId('tags-menu-close-others').click();
  await expect(page.getByTestId('tag-/system/log')).toHaveCount(0);
  await expect(page.getByTestId('tag-/home')).toBeVisible();
  await expect(page.getByTestId('tag-/profile')).toBeVisible();

  // Close all leaves only home, and goes there.
  await page.getByTestId('tag-/profile').click({ button: 'right' });
  await page.getByTestId('tags-menu-close-all').click();
  await expect(page.getByTestId('tag-/profile')).toHaveCount(0);
  await expect(page.getByTestId('tag-/home')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
});

test('middle click closes a tab, and closing the active tab moves to the last one', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/log');
  await openUserMenu(page);
  await page.getByTestId('menu-profile').click();
  await expect(page.getByTestId('tag-/profile')).toBeVisible();
  await page.getByTestId('tag-/profile').click({ button: 'middle' });
  await expect(page.getByTestId('tag-/profile')).toHaveCount(0);
  await expect(page).toHaveURL(/\/system\/log$/);
});

test('a form typed into a tab is still there after visiting another tab', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/log');
  const keyword = page.getByTestId('log-keyword');
  await keyword.fill('kept-between-tabs');
  await page.getByTestId('tag-/home').click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId('tag-/system/log').click();
  await expect(page.getByTestId('log-keyword')).toHaveValue('kept-between-tabs');
});
