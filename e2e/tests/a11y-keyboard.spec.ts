import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, signIn } from './helpers';

// With motion, as most users have it: focus must land where it should after antd's closing motion.
test.use({ reducedMotion: 'no-preference' });

/** Presses Tab until `target` has focus (keyboard only), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Moves through the open user menu with the arrow keys until the item with `testId` is active. */
async function arrowTo(page: Page, testId: string, max = 12) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('ArrowDown');
    const active = page.locator('.ant-dropdown-menu-item-active, .ant-dropdown-menu-item:focus');
    if ((await active.getByTestId(testId).count()) > 0) return;
  }
  throw new Error(`arrow keys never reached ${testId}`);
}

const focusedIn = (page: Page, selector: string) =>
  page.evaluate((s) => !!document.activeElement?.closest(s), selector);

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin');
});

test('sign out with the keyboard: Enter opens the confirmation, which keeps focus, and Enter confirms', async ({
  page,
}) => {
  await tabTo(page, page.getByTestId('navbar-user'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('menu-logout')).toBeVisible();
  await arrowTo(page, 'menu-logout');
  await page.keyboard.press('Enter');
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toBeVisible();
  // The same key press must not land on the dialog's button and close it.
  await page.waitForTimeout(600);
  await expect(confirm).toBeVisible();
  expect(await focusedIn(page, '.ant-modal-confirm')).toBe(true);
  await shot(page, 'a11y-keyboard-logout-confirm');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
});

test('About opens by keyboard and stays open; Escape closes it and focus returns to the user menu button', async ({
  page,
}) => {
  await tabTo(page, page.getByTestId('navbar-user'));
  await page.keyboard.press('Enter');
  // The arrows go to the menu once it is open (on a loaded machine they could land before it).
  await expect(page.getByTestId('menu-about')).toBeVisible();
  await arrowTo(page, 'menu-about');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('about-dialog-body')).toBeVisible();
  await page.waitForTimeout(600);
  await expect(page.getByTestId('about-dialog-body')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('about-dialog-body')).toBeHidden();
  await expect(page.getByTestId('navbar-user')).toBeFocused();
});

test('Escape on the user menu and on the settings drawer gives focus back to the opener', async ({
  page,
}) => {
  await tabTo(page, page.getByTestId('navbar-user'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('menu-logout')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('menu-logout')).toBeHidden();
  await expect(page.getByTestId('navbar-user')).toBeFocused();

  await tabTo(page, page.getByTestId('settings-button'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
  await expect(page.getByTestId('settings-button')).toBeFocused();

  // After choosing a layout in it, one Escape still closes it (no tooltip left open takes it).
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
  await tabTo(page, page.getByTestId('layout-functional'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('layout-root')).toHaveAttribute('data-layout', 'functional');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
  await expect(page.getByTestId('settings-button')).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('layout-classic'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('layout-root')).toHaveAttribute('data-layout', 'classic');
});

test('the home quick links are reached by Tab and opened by Enter', async ({ page }) => {
  const first = page.getByTestId('home-quick-link').first();
  await expect(first).toBeVisible();
  const href = await first.getAttribute('href');
  expect(href).toBeTruthy();
  await tabTo(page, first, 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === href);
});

test('"skip to content" is the first Tab stop and moves focus to the main area', async ({ page }) => {
  // A fresh page load, so focus starts at the top of the document (not on the sign-in button).
  await page.reload();
  await expect(page.getByTestId('layout-root')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-to-content');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shot(page, 'a11y-keyboard-skip-link');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('app-main')).toBeFocused();
});

test('the focus outline of the sidebar logo and the breadcrumb home link is drawn inside them, not clipped', async ({
  page,
}) => {
  for (const target of [
    page.getByTestId('layout-logo'),
    page.getByTestId('navbar-breadcrumb').getByRole('link').first(),
  ]) {
    await tabTo(page, target, 40);
    const outline = await target.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        style: s.outlineStyle,
        width: parseFloat(s.outlineWidth),
        offset: parseFloat(s.outlineOffset),
      };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    // Drawn within the element's own box, so an overflow-hidden container cannot cut it off.
    expect(outline.offset + outline.width).toBeLessThanOrEqual(0);
  }
  await shot(page, 'a11y-keyboard-breadcrumb-focus');
});

test('Tab passes through an empty date range and a half-filled one, which keeps its start', async ({
  page,
}) => {
  await page.goto('/workFlow/flowTodo');
  const from = page.getByPlaceholder('开始日期').first();
  const to = page.getByPlaceholder('结束日期').first();
  await from.focus();
  // An empty start field used to take focus back on every Tab (rc-picker's range picker).
  await page.keyboard.press('Tab');
  await expect(to).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(from).not.toBeFocused();
  await expect(to).not.toBeFocused();
  await expect(page.getByTestId('flow-todo-urgency').locator('input')).toBeFocused();
  // Only a start: Tab still moves on, and searching keeps the open end.
  await from.focus();
  await page.keyboard.type('2020-01-01');
  await page.keyboard.press('Tab');
  await expect(to).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(from).not.toBeFocused();
  await expect(to).not.toBeFocused();
  await expect(from).toHaveValue('2020-01-01');
  await shot(page, 'date-range-by-keyboard');
});
