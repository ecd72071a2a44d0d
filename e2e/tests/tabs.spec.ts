import { expect, test } from '@playwright/test';
import { openUserMenu, shot, signIn, signOut } from './helpers';

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

test('the active tab scrolls into view when the row of tabs is wider than the window', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await signIn(page, 'admin');
  // Opened one after another from the menu search, as a user would: every page keeps its tab.
  const pages: [string, string][] = [
    ['组织管理', '/permission/organize'],
    ['部门管理', '/permission/department'],
    ['岗位管理', '/permission/position'],
    ['用户管理', '/permission/user'],
    ['角色管理', '/permission/role'],
    ['系统日志', '/system/log'],
    ['菜单管理', '/system/menu'],
    ['定时任务', '/system/task'],
  ];
  const search = page.getByTestId('menu-search');
  for (const [title, path] of pages) {
    await search.fill(title);
    await page.getByTestId(`menu-search-option-${path}`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId(`tag-${path}`)).toBeInViewport({ ratio: 0.95 });
  }
  const row = page.getByTestId('tags-view').locator('.srm-tags-scroll');
  expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(page.getByTestId('tag-/permission/organize')).not.toBeInViewport();

  // Back to the first page by the browser's back button, many times: its tab comes back into view.
  for (let i = 1; i < pages.length; i++) await page.goBack();
  await expect(page).toHaveURL(/\/permission\/organize$/);
  await expect(page.getByTestId('tag-/permission/organize')).toBeInViewport({ ratio: 0.95 });
  await expect(page.getByTestId('tag-/system/task')).not.toBeInViewport();
});

test('the tabs by keyboard: one Tab stop, arrows move, Enter opens, Delete closes, Shift+F10 opens the menu', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const search = page.getByTestId('menu-search');
  const pages: [string, string][] = [
    ['系统日志', '/system/log'],
    ['缓存管理', '/system/cache'],
    ['图标库', '/system/icons'],
  ];
  for (const [title, path] of pages) {
    await search.fill(title);
    await page.getByTestId(`menu-search-option-${path}`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  const tab = (path: string) => page.getByTestId(`tag-${path}`);
  await expect(tab('/system/icons')).toHaveAttribute('aria-selected', 'true');
  // Only the active tab is in the Tab order; it names the area it controls.
  await expect(page.getByTestId('tags-view').locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await expect(tab('/system/icons')).toHaveAttribute('aria-controls', 'main-content');
  await tab('/system/icons').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('/system/cache')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tab('/home')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('/system/icons')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/system\/cache$/);
  // Delete closes the focused tab; focus stays in the row, on the tab now in its place.
  await tab('/system/log').focus();
  await page.keyboard.press('Delete');
  await expect(tab('/system/log')).toHaveCount(0);
  await expect(tab('/system/cache')).toBeFocused();
  // The context menu by keyboard: its first item has focus; Escape gives focus back to the tab.
  await page.keyboard.press('Shift+F10');
  const menu = page.locator('.srm-tags-menu');
  const items = menu.getByRole('menuitem');
  await expect(menu).toBeVisible();
  await expect(items.first()).toBeFocused();
  await shot(page, 'tabs-context-menu-by-keyboard');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(tab('/system/cache')).toBeFocused();
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  // Focus lands in the menu after it shows, and moves a frame after each arrow (antd's menu):
  // as a user watches it, the test waits for it before the next key.
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(2)).toBeFocused();
  await page.keyboard.press('Enter');
  // The third item: close others.
  await expect(tab('/system/icons')).toHaveCount(0);
  await expect(tab('/system/cache')).toBeVisible();
});

test('the open tabs outlive a reload of the page, in their order; a new sign-in starts with home alone', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const search = page.getByTestId('menu-search');
  for (const [title, path] of [
    ['系统日志', '/system/log'],
    ['缓存管理', '/system/cache'],
  ] as const) {
    await search.fill(title);
    await page.getByTestId(`menu-search-option-${path}`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  const tabs = page.getByTestId('tags-view').locator('[role="tab"]');
  await expect(tabs).toHaveCount(3);
  await page.reload();
  await expect(page.getByTestId('layout-root')).toBeVisible();
  await expect(tabs).toHaveCount(3);
  expect(await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
    'tag-/home',
    'tag-/system/log',
    'tag-/system/cache',
  ]);
  await expect(page.getByTestId('tag-/system/cache')).toHaveAttribute('aria-selected', 'true');
  // A restored tab opens its page.
  await page.getByTestId('tag-/system/log').click();
  await expect(page).toHaveURL(/\/system\/log$/);
  await expect(page.getByTestId('log-keyword')).toBeVisible();

  await signOut(page);
  await signIn(page, 'admin');
  await expect(tabs).toHaveCount(1);
  await expect(page.getByTestId('tag-/home')).toBeVisible();
});
