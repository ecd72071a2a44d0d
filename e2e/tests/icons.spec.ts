import { expect, type Page, test } from '@playwright/test';
import { shot, signIn } from './helpers';

/** The names the menu editor's icon picker offers, read from its modal. */
async function pickerNames(page: Page): Promise<string[]> {
  await page.goto('/system/menu');
  await page.getByTestId('menu-add').click();
  await page.getByTestId('menu-icon-picker').click();
  const options = page.getByTestId('menu-icon-modal').locator('[data-testid^="menu-icon-option-"]');
  await expect(options.first()).toBeVisible();
  const ids = await options.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('menu-icon-option-', ''));
}

async function galleryNames(page: Page): Promise<string[]> {
  const items = page.getByTestId('icon-gallery').locator('[data-testid^="icon-gallery-item-"]');
  return (await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''))).map((id) =>
    id.replace('icon-gallery-item-', ''),
  );
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('the icon gallery is in the system menu, shows the menu editor’s icons, searches and copies a name on click', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const offered = await pickerNames(page);

  // Back on the menu screen without the form: its system group is open in the sidebar.
  await page.goto('/system/menu');
  await page.getByTestId('side-menu').getByText('图标库', { exact: true }).click();
  await expect(page).toHaveURL(/\/system\/icons$/);
  await expect(page.getByTestId('page-title')).toHaveText('图标库');
  await expect(page.getByTestId('icon-gallery-item-TeamOutlined')).toBeVisible();
  expect(await galleryNames(page)).toEqual(offered);
  await expect(page.getByTestId('icon-gallery-count')).toContainText(String(offered.length));
  await shot(page, 'icons-gallery');

  const search = page.getByTestId('icon-gallery-search').locator('input');
  await search.fill('team');
  expect(await galleryNames(page)).toEqual(offered.filter((n) => n.toLowerCase().includes('team')));
  await search.fill('no-such-icon');
  await expect(page.getByTestId('icon-gallery')).toContainText('没有匹配的图标');
  await search.fill('user');
  await page.getByTestId('icon-gallery-item-UserOutlined').click();
  await expect(page.getByText('已复制 UserOutlined')).toBeVisible();
  expect(await clipboard(page)).toBe('UserOutlined');
});

test('the icon gallery works by keyboard alone and at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', '/login?redirect=%2Fsystem%2Ficons');
  await page.goto('/system/icons');
  const search = page.getByTestId('icon-gallery-search').locator('input');
  await expect(search).toBeVisible();
  await search.focus();
  await page.keyboard.type('setting');
  // From the search box, Tab reaches the clear button, then the first icon.
  const first = page.getByTestId('icon-gallery-item-SettingOutlined');
  for (let i = 0; i < 5 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('已复制 SettingOutlined')).toBeVisible();
  expect(await clipboard(page)).toBe('SettingOutlined');
  await expect(first).toBeFocused();

  // Nothing wider than the screen: the grid wraps.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'icons-gallery-390');
});
