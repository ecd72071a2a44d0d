import { expect, type Page, test } from '@playwright/test';
import { openSettings, shot, signIn } from './helpers';

/** The cache and server monitor screens of the system menu. */

async function toEnglish(page: Page) {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
}

test('the administrator clears a cache and sees its entries drop to 0', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/cache');
  const navEntries = page.getByTestId('cache-entries-nav');
  // The shell loaded the menu at sign-in: the navigation cache holds the administrator's.
  await expect(navEntries).not.toHaveText('0', { timeout: 30_000 });
  await expect(page.getByTestId('cache-entries-perms')).not.toHaveText('0');
  await page.getByTestId('cache-clear-nav').click();
  await page.getByTestId('cache-clear-nav-confirm').click();
  await expect(navEntries).toHaveText('0');
  await expect(page.getByRole('row', { name: /nav/ })).not.toContainText('启动后未清除');
  await shot(page, 'cache');

  // Clear all: the menus go too.
  await page.getByTestId('cache-clear-all').click();
  await page.locator('.ant-popconfirm .ant-btn-dangerous').filter({ visible: true }).click();
  await expect(page.getByTestId('cache-entries-menu')).toHaveText('0');
});

test('every cache the server lists has a name in each language, never its raw key', async ({ page }) => {
  await signIn(page, 'admin');
  // Screens that fill caches of their own (the user list's pages and totals, the suppliers').
  await page.goto('/permission/user');
  await expect(page.getByTestId('user-table')).toBeVisible({ timeout: 30_000 });
  for (const language of ['zh-CN', 'en-US', 'zh-TW'] as const) {
    if (language !== 'zh-CN') {
      await page.getByTestId('lang-switch').click();
      await page.getByTestId(`lang-${language}`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
    }
    const listed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/system/CacheManage' && r.request().method() === 'GET',
    );
    await page.goto('/system/cache');
    const body = (await (await listed).json()) as { data: { caches: { name: string }[] } };
    const names = body.data.caches.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['info', 'startup', 'perms', 'nav']));
    for (const name of names) {
      const shown = page.getByTestId(`cache-name-${name}`);
      await expect(shown, `${language} ${name}`).toBeVisible();
      // A name without a text in this language would show the key itself.
      await expect(shown, `${language} ${name}`).not.toHaveText(name);
    }
  }
});

test('the monitor in dark mode and English: the tenant’s sessions, jobs and storage, nothing of the host', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openSettings(page);
  await page.getByTestId('theme-dark').click();
  await page.keyboard.press('Escape');
  await toEnglish(page);
  await page.goto('/system/monitor');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const monitor = page.getByTestId('monitor-page');
  await expect(monitor).toContainText('Tenant monitor', { timeout: 30_000 });
  await expect(page.getByTestId('monitor-sessions')).not.toHaveText('0');
  // The seeded scheduled tasks: the three of the demo data and the purge of unclaimed uploads.
  await expect(page.getByTestId('monitor-tasks')).toHaveText('4');
  await expect(monitor).not.toContainText('Server processes');
  await expect(monitor).not.toContainText('PGlite');
  // The next refresh comes by itself, a few seconds later.
  const first = await page.getByTestId('monitor-time').textContent();
  await expect(page.getByTestId('monitor-time')).not.toHaveText(first ?? '', { timeout: 15_000 });
  await shot(page, 'monitor-dark-english');
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('both screens fit the phone', async ({ page }) => {
    await signIn(page, 'admin');
    for (const [url, testId] of [
      ['/system/cache', 'cache-page'],
      ['/system/monitor', 'monitor-page'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByTestId(testId)).toBeVisible();
      if (testId === 'monitor-page') await expect(page.getByTestId('monitor-sessions')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `${testId}-390`);
    }
  });
});
