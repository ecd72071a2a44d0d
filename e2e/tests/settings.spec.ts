import { expect, test } from '@playwright/test';
import { openSettings, shot, signIn } from './helpers';

test('layouts, dark mode and a colour are applied at once and survive a reload', async ({ page }) => {
  await signIn(page, 'admin');
  await openSettings(page);
  await page.getByTestId('layout-functional').click();
  await expect(page.getByTestId('top-menu')).toBeVisible();
  await expect(page.getByTestId('layout-sidebar')).toHaveCount(0);
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('color-green').click();
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--srm-primary')),
    )
    .toContain('#419b15'); // green in dark mode, shifted until white text on it reaches 4.5:1
  await shot(page, 'functional-dark-green');
  await page.reload();
  await expect(page.getByTestId('top-menu')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--srm-primary')),
    )
    .toContain('#419b15'); // green in dark mode, shifted until white text on it reaches 4.5:1

  await openSettings(page);
  await page.getByTestId('layout-plain').click();
  await expect(page.getByTestId('layout-sidebar')).toBeVisible();
  await expect(page.getByTestId('top-menu')).toHaveCount(0);
  await shot(page, 'plain-dark');
  await page.reload();
  await expect(page.getByTestId('layout-sidebar')).toBeVisible();
  await expect(page.locator('.ant-layout-sider-collapsed, [data-collapsed="true"]').first()).toBeVisible();
});

test('each language switches live, antd texts included, and stays after a reload', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('side-menu')).toContainText('系统管理');
  for (const [lang, menuText] of [
    ['en-US', 'System'],
    ['zh-TW', '系統管理'],
    ['zh-CN', '系统管理'],
  ] as const) {
    await page.getByTestId('lang-switch').click();
    await page.getByTestId(`lang-${lang}`).click();
    await expect(page.getByTestId('side-menu')).toContainText(menuText);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.reload();
    await page.getByTestId('side-menu').getByText(menuText, { exact: true }).click();
    await expect(page.getByTestId('side-menu')).toContainText(menuText);
    if (lang === 'en-US') {
      // antd's own texts follow: the date range picker's placeholders and the pagination.
      await page.goto('/system/log');
      await expect(page.locator('.ant-pagination-options')).toContainText('20 / page');
      await expect(page.getByPlaceholder('Start time')).toBeVisible();
      await shot(page, 'log-english');
    }
  }
});
