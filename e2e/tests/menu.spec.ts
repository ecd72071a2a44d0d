import { expect, type Locator, type Page, test } from '@playwright/test';
import { openSettings, shot, shotAtRest, signIn } from './helpers';

const row = (table: Locator, text: string) => table.locator('tr.ant-table-row', { hasText: text });

/**
 * Picks `label` in a select and checks the select shows it; a click that lands while the list is
 * still opening (a loaded machine) is tried again rather than left as a silent miss.
 */
async function pickOption(page: Page, select: Locator, label: string) {
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label })
      .first()
      .click({ timeout: 2_000 });
    await expect(select).toContainText(label, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

// Names and codes of this run: a retry on the same database does not meet the first try's menus.
const run = Date.now().toString(36).slice(-4);
const DIR = `测试目录${run}`;
const DIR_CODE = `e2e.dir${run}`;
const LINK = `测试外链${run}`;
const LINK_CODE = `e2e.dir${run}.link`;
const RENAMED = `改名外链${run}`;

async function pickIcon(page: Page, search: string, name: string) {
  await page.getByTestId('menu-icon-picker').click();
  await expect(page.getByTestId('menu-icon-search')).toBeVisible();
  await page.getByTestId('menu-icon-search').locator('input').fill(search);
  await page.getByTestId(`menu-icon-option-${name}`).click();
  await expect(page.getByTestId('menu-icon-picker')).toContainText(name);
}

async function openSidebarGroup(page: Page, name: string) {
  const menu = page.getByTestId('side-menu');
  await menu.getByText(name, { exact: true }).click();
  return menu;
}

test('admin adds a directory and a link, sees them in the sidebar, renames, disables and deletes them', async ({
  page,
}) => {
  test.slow(); // a long journey (about 55 s with two workers on a 2-core machine)
  await signIn(page, 'admin');
  await page.goto('/system/menu');
  const table = page.getByTestId('menu-table');
  // The whole tree loads at once: under two workers on two cores that can take over ten seconds.
  await expect(row(table, '系统日志')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'menu-list');

  // A top-level directory with an icon from the picker.
  await page.getByTestId('menu-add').click();
  const drawer = page.getByTestId('menu-form-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('menu-form-name').fill(DIR);
  await drawer.getByTestId('menu-form-name-en').fill('E2E folder');
  await drawer.getByTestId('menu-form-name-tw').fill('測試目錄');
  await drawer.getByTestId('menu-form-code').fill(DIR_CODE);
  await drawer.getByTestId('menu-form-order').fill('99');
  await expect(drawer.getByTestId('menu-form-url')).toHaveCount(0);
  await pickIcon(page, 'folder', 'FolderOutlined');
  await drawer.getByTestId('menu-form-submit').click();
  await expect(drawer).toBeHidden();
  await expect(row(table, DIR)).toBeVisible();

  // A link under it: the type shows the url and the link target, and a bad body gets field messages.
  await row(table, DIR).getByTestId('menu-row-add-child').click();
  await expect(drawer).toBeVisible();
  await pickOption(page, drawer.getByTestId('menu-form-type'), '外链');
  await expect(drawer.getByTestId('menu-form-url')).toBeVisible();
  await expect(drawer.getByTestId('menu-form-target')).toBeVisible();
  await expect(drawer.getByTestId('menu-form-property')).toHaveCount(0);
  await drawer.getByTestId('menu-form-submit').click();
  await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await drawer.getByTestId('menu-form-name').fill(LINK);
  await drawer.getByTestId('menu-form-code').fill(LINK_CODE);
  await drawer.getByTestId('menu-form-url').fill('https://example.com/e2e');
  await drawer.getByTestId('menu-form-target').getByText('新标签页打开').click();
  await pickIcon(page, 'link', 'LinkOutlined');
  await shotAtRest(page, 'menu-form-link');
  await drawer.getByTestId('menu-form-submit').click();
  await expect(drawer).toBeHidden();
  await expect(row(table, LINK)).toBeVisible();
  await expect(row(table, LINK)).toContainText('https://example.com/e2e');

  // The sidebar shows both after a reload.
  await page.reload();
  let menu = await openSidebarGroup(page, DIR);
  await expect(menu).toContainText(LINK);
  await shot(page, 'menu-sidebar');

  // Rename.
  await row(table, LINK).getByTestId('menu-row-edit').click();
  await expect(drawer.getByTestId('menu-form-name')).toHaveValue(LINK);
  await drawer.getByTestId('menu-form-name').fill(RENAMED);
  await drawer.getByTestId('menu-form-submit').click();
  await expect(drawer).toBeHidden();
  await expect(row(table, RENAMED)).toBeVisible();

  // Disable: gone from the sidebar after a reload, still listed here.
  await row(table, RENAMED).getByTestId('menu-row-enabled').click();
  await expect(row(table, RENAMED).getByTestId('menu-row-enabled')).not.toBeChecked();
  await page.reload();
  // The directory is left without children: a plain item, no longer a sub-menu holding the link.
  menu = page.getByTestId('side-menu');
  await expect(menu).toContainText(DIR);
  await expect(menu.locator('.ant-menu-submenu', { hasText: DIR })).toHaveCount(0);
  await expect(menu).not.toContainText(RENAMED);
  await expect(row(table, RENAMED)).toBeVisible();

  // The directory cannot go while it has the link; then both go.
  await row(table, DIR).getByTestId('menu-row-delete').first().click();
  await page.getByTestId('menu-row-delete-confirm').filter({ visible: true }).click();
  await expect(page.locator('.ant-message')).toContainText('子菜单');
  await expect(row(table, DIR)).toBeVisible();
  await row(table, RENAMED).getByTestId('menu-row-delete').click();
  // The popover of this row (the previous one may still be fading out).
  await page.locator('.ant-popover', { hasText: RENAMED }).getByTestId('menu-row-delete-confirm').click();
  await expect(row(table, RENAMED)).toHaveCount(0);
  await row(table, DIR).getByTestId('menu-row-delete').click();
  await page
    .locator('.ant-popover:not(.ant-popover-hidden)', { hasText: DIR })
    .getByTestId('menu-row-delete-confirm')
    .click();
  await expect(row(table, DIR)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('side-menu')).not.toContainText(DIR);
});

test('admin adds a button to the user page and removes it', async ({ page }) => {
  // A code of this run's own: a retry does not meet the button its first try left.
  const code = `permission.user.print${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await page.goto('/system/menu');
  const table = page.getByTestId('menu-table');
  await row(table, '用户管理').getByTestId('menu-row-items').click();
  const drawer = page.getByTestId('menu-items-drawer');
  await expect(drawer).toBeVisible();
  const buttons = drawer.getByTestId('menu-button-table');
  await expect(buttons).toContainText('permission.user.add');

  await drawer.getByTestId('menu-button-add').click();
  await page.getByTestId('menu-button-form-name').fill('打印');
  await page.getByTestId('menu-button-form-code').fill(code);
  await page.getByTestId('menu-button-form-submit').click();
  await expect(row(buttons, code)).toBeVisible();
  await shotAtRest(page, 'menu-items-buttons');

  await drawer.getByTestId('menu-items-tab-data').click();
  await expect(drawer.getByTestId('menu-data-table')).toContainText('permission.user.data.all');
  await expect(drawer.getByTestId('menu-data-unsupported')).toHaveCount(0);
  // A condition compares one of the page's own fields, chosen from a list.
  await drawer.getByTestId('menu-data-add').click();
  // A click that lands while the list is still opening is lost; the user (and this) picks again.
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) {
      await page.getByTestId('menu-data-form-type').click();
    }
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '条件' })
      .click({ timeout: 3_000 });
    await expect(page.getByTestId('menu-data-form-field')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('menu-data-form-field').click();
  await expect(page.locator('.ant-select-item-option').filter({ hasText: 'real_name' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog')
    .filter({ has: page.getByTestId('menu-data-form') })
    .locator('.ant-modal-close')
    .click();
  await shotAtRest(page, 'menu-items-data');
  await drawer.getByTestId('menu-items-tab-button').click();

  await row(buttons, code).getByTestId('menu-button-delete').click();
  await page.getByTestId('menu-button-delete-confirm').filter({ visible: true }).click();
  await expect(row(buttons, code)).toHaveCount(0);
});

test('a page whose lists have no data rules says so and offers none', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/menu');
  await row(page.getByTestId('menu-table'), '系统日志').getByTestId('menu-row-items').click();
  const drawer = page.getByTestId('menu-items-drawer');
  await drawer.getByTestId('menu-items-tab-data').click();
  await expect(drawer.getByTestId('menu-data-unsupported')).toBeVisible();
  await expect(drawer.getByTestId('menu-data-add')).toHaveCount(0);
});

test('buyer does not see the menu page', async ({ page }) => {
  await signIn(page, 'buyer');
  const menu = await openSidebarGroup(page, '系统管理');
  await expect(menu).toContainText('系统日志');
  await expect(menu).not.toContainText('菜单管理');
  await page.goto('/system/menu');
  await expect(page.getByTestId('menu-page')).toHaveCount(0);
});

test('the menu screen in dark mode and on a narrow window', async ({ page }) => {
  await signIn(page, 'admin');
  await openSettings(page);
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('/system/menu');
  const table = page.getByTestId('menu-table');
  await expect(row(table, '系统日志')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'menu-list-dark');
  await row(table, '系统日志').getByTestId('menu-row-edit').click();
  await expect(page.getByTestId('menu-form-drawer')).toBeVisible();
  await shotAtRest(page, 'menu-form-dark');
  await page.getByTestId('menu-icon-picker').click();
  await expect(page.getByTestId('menu-icon-search')).toBeVisible();
  await shotAtRest(page, 'menu-icons-dark');
  await page.locator('.ant-modal-close').click();
  await expect(page.getByTestId('menu-icon-search')).toBeHidden();
  await page.getByTestId('menu-form-cancel').click();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/system/menu');
  await expect(row(table, '系统日志')).toBeVisible();
  await shot(page, 'menu-list-narrow');
  await page.getByTestId('menu-add').click();
  await expect(page.getByTestId('menu-form-drawer')).toBeVisible();
  await shotAtRest(page, 'menu-form-narrow');
  await page.getByTestId('menu-form-cancel').click();
  await row(table, '用户管理').getByTestId('menu-row-items').click();
  await expect(page.getByTestId('menu-items-drawer')).toBeVisible();
  await shotAtRest(page, 'menu-items-narrow');
});
