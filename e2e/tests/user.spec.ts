import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openSettings, shot, signIn, signInAs } from './helpers';

async function openUsers(page: Page) {
  await page.goto('/permission/user');
  await expect(page.getByTestId('user-table')).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('user-table').locator('tbody tr.ant-table-row');
const row = (page: Page, account: string) =>
  rows(page).filter({ has: page.getByTestId(`user-row-${account}`) });

/** Signs in with any account in a separate browser context (its own session). */
async function signInElsewhere(browser: Browser, account: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, account, password);
  return { context, page };
}

/** Picks an option of a multiple select; picked again if a busy machine lost the click (never toggled off). */
async function chooseOption(page: Page, selectTestId: string, text: string) {
  const select = page.getByTestId(selectTestId);
  await expect(async () => {
    if ((await select.textContent())?.includes(text)) return;
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .first()
      .click({ timeout: 5_000 });
    await expect(select).toContainText(text, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

test('admin creates, edits, disables (ending the session), resets the password of and deletes a user', async ({
  page,
  browser,
}) => {
  test.slow(); // a long journey in two browsers (over a minute under CI's load with two workers)
  const account = `e2e${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await openUsers(page);
  // The list has loaded (other specs add users, so the seeded ones may be on a later page).
  await expect(rows(page).first()).toBeVisible();

  // Create: the form checks each field when it loses focus.
  await page.getByTestId('user-add').click();
  const form = page.getByTestId('user-form');
  await page.getByTestId('user-form-account').fill('bad account');
  await page.getByTestId('user-form-name').focus();
  await expect(form).toContainText('只能输入字母和数字');
  await page.getByTestId('user-form-mobile').fill('12345');
  await page.getByTestId('user-form-email').focus();
  await expect(form).toContainText('请输入正确的手机号码');
  await page.getByTestId('user-form-account').fill(account);
  await page.getByTestId('user-form-name').fill('测试用户');
  await page.getByTestId('user-form-mobile').fill('13912340001');
  await page.getByTestId('user-form-email').fill(`${account}@example.com`);
  await page.getByTestId('user-form-password').fill('abc12345');
  await chooseOption(page, 'user-form-roles', '采购员');
  await chooseOption(page, 'user-form-positions', '采购专员');
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await shot(page, 'user-form');
  await page.getByTestId('user-form-submit').click();
  await expect(form).toBeHidden();
  await expect(row(page, account)).toContainText('测试用户');

  // Edit: the drawer loads roles and positions.
  await page.getByTestId(`user-edit-${account}`).click();
  await expect(page.getByTestId('user-form-name')).toHaveValue('测试用户');
  await expect(page.getByTestId('user-form-roles')).toContainText('采购员');
  await expect(page.getByTestId('user-form-positions')).toContainText('采购专员');
  await page.getByTestId('user-form-name').fill('测试用户二');
  await page.getByTestId('user-form-submit').click();
  await expect(form).toBeHidden();
  await expect(row(page, account)).toContainText('测试用户二');

  // Disable: the user's open session gets the sign-in page on its next request.
  const other = await signInElsewhere(browser, account, 'abc12345');
  const state = page.getByTestId(`user-state-${account}`);
  await expect(state).toHaveAttribute('aria-checked', 'true');
  await state.click();
  await expect(state).toHaveAttribute('aria-checked', 'false');
  await other.page.reload();
  await expect(other.page.getByTestId('login-username')).toBeVisible();

  // Enable again and reset the password: the new one signs in.
  await page.getByTestId(`user-state-${account}`).click();
  await expect(page.getByTestId(`user-state-${account}`)).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId(`user-reset-${account}`).click();
  await page.getByTestId('user-reset-password').fill('new12345');
  await page.getByTestId('user-reset-confirm').fill('new12345');
  // The tenant's message template says what the user will be told.
  await expect(page.getByTestId('user-reset-notice')).toContainText('您的登录密码已被重置');
  await page.getByTestId('user-reset-submit').click();
  await expect(page.getByTestId('user-reset-modal').locator('.ant-modal')).toBeHidden();
  await other.page.getByTestId('login-username').fill(account);
  await other.page.getByTestId('login-password').fill('new12345');
  await other.page.getByTestId('login-submit').click();
  await expect(other.page.getByTestId('layout-root')).toBeVisible();
  await other.page.getByTestId('navbar-message').click();
  // The user is a buyer: suppliers' to-dos from specs beside this one may come after the notice.
  await expect(
    other.page.getByTestId('message-item').filter({ hasText: '您的登录密码已被重置' }).first(),
  ).toBeVisible();
  await other.context.close();

  // Delete with confirmation.
  await page.getByTestId(`user-delete-${account}`).click();
  await page.getByTestId('user-delete-confirm').click();
  await expect(row(page, account)).toHaveCount(0);
});

test('admin downloads the template and imports 50 users: the 2 bad rows are reported, the 48 good ones are in', async ({
  page,
}) => {
  const stamp = String(Date.now());
  const batch = `bt${Number(stamp).toString(36)}`;
  await signIn(page, 'admin');
  await openUsers(page);
  await page.getByTestId('user-import').click();
  const modal = page.getByTestId('user-import-modal');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('user-import-template').click(),
  ]);
  expect(download.suggestedFilename()).toBe('用户导入模板.xlsx');
  const dir = mkdtempSync(join(tmpdir(), 'srm-user-import-'));
  const templatePath = join(dir, 'template.xlsx');
  await download.saveAs(templatePath);
  const template = new ExcelJS.Workbook();
  await template.xlsx.load(readFileSync(templatePath) as never);
  expect(template.worksheets[0]?.getRow(2).getCell(1).text).toBe('账号*');

  // 50 rows on the template's layout (sheet rows 3-52): row 12 (n10) gets a bad mobile, row 33
  // (n31) an account that is taken. Names carry this run's stamp, so a retry starts clean.
  const sheet = template.worksheets[0];
  if (!sheet) throw new Error('template has no sheet');
  sheet.spliceRows(3, 1);
  for (let i = 1; i <= 50; i++) {
    sheet.addRow([
      `${batch}n${i}`,
      `批量${i}`,
      `137${stamp.slice(-3)}${String(i).padStart(5, '0')}`,
      '',
      '采购部',
      '采购员',
      '',
    ]);
  }
  sheet.getRow(12).getCell(3).value = '12345';
  sheet.getRow(33).getCell(1).value = 'buyer';
  const filePath = join(dir, 'users-50.xlsx');
  writeFileSync(filePath, Buffer.from(await template.xlsx.writeBuffer()));

  await modal.locator('input[type=file]').setInputFiles(filePath);
  await page.getByTestId('user-import-submit').click();
  const result = page.getByTestId('user-import-result');
  await expect(result).toContainText('共 50 行：导入 48 行，失败 2 行');
  const errors = page.getByTestId('user-import-errors').locator('tbody tr.ant-table-row');
  await expect(errors).toHaveCount(2);
  await expect(page.getByTestId('user-import-error-12')).toContainText('请输入正确的手机号码');
  await expect(page.getByTestId('user-import-error-33')).toContainText('该账号已存在');
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('user-import-error-report').click(),
  ]);
  expect(report.suggestedFilename()).toBe('用户导入错误.xlsx');
  await shot(page, 'user-import-result');
  await page.getByTestId('user-import-close').click();

  const find = async (keyword: string) => {
    await page.getByTestId('user-keyword').fill(keyword);
    await page.getByTestId('user-search').click();
  };
  await find(batch);
  await expect(page.getByTestId('user-page')).toContainText('共 48 条');
  await find(`${batch}n10`);
  await expect(rows(page)).toHaveCount(0);
  await find(`${batch}n11`);
  await expect(row(page, `${batch}n11`)).toBeVisible();
  await expect(row(page, `${batch}n11`)).toContainText('采购部');
});

test('buyer sees the users of his company only, without mobile, email and the write buttons', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await openUsers(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'buyer')).toBeVisible();
  const header = page.getByTestId('user-table').locator('thead');
  await expect(header).toContainText('账号');
  await expect(header).not.toContainText('手机');
  await expect(header).not.toContainText('邮箱');
  await expect(header).not.toContainText('操作');
  await expect(page.getByTestId('user-export')).toBeVisible();
  await expect(page.getByTestId('user-add')).toHaveCount(0);
  await expect(page.getByTestId('user-import')).toHaveCount(0);
  await expect(page.getByTestId('user-delete-buyer')).toHaveCount(0);
  await shot(page, 'user-buyer');
});

test('admin filters the users by role and by position', async ({ page }) => {
  await signIn(page, 'admin');
  await openUsers(page);
  await chooseOption(page, 'user-role-filter', '管理员');
  await expect(row(page, 'admin')).toBeVisible();
  await expect(row(page, 'buyer')).toHaveCount(0);
  // Role and position together: no administrator holds the buyer position.
  await chooseOption(page, 'user-position-filter', '采购专员');
  await expect(page.getByTestId('user-table')).toContainText('暂无数据');
  await shot(page, 'user-filter-empty');
  await page.getByTestId('user-reset').click();
  await expect(page.getByTestId('user-role-filter')).toContainText('全部角色');
  await expect(page.getByTestId('user-table')).not.toContainText('暂无数据');
  // The import gives many users the buyer role, so the keyword narrows to the seeded buyer.
  await page.getByTestId('user-keyword').fill('buyer');
  await chooseOption(page, 'user-role-filter', '采购员');
  await page.getByTestId('user-search').click();
  await expect(row(page, 'buyer')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await chooseOption(page, 'user-position-filter', '系统管理员');
  await expect(page.getByTestId('user-table')).toContainText('暂无数据');
});

test('the user screen in light, dark and on a narrow window', async ({ page }) => {
  await signIn(page, 'admin');
  await openUsers(page);
  await page.getByTestId('org-tree-node-head').click();
  await expect(page.getByTestId('user-page')).toContainText('总公司');
  await shot(page, 'user-light');
  await openSettings(page);
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await openUsers(page);
  await shot(page, 'user-dark');
  await page.getByTestId('user-add').click();
  await expect(page.getByTestId('user-form-account')).toBeVisible();
  await shot(page, 'user-form-dark');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await openUsers(page);
  // Narrow: the tree panel stacks above the list.
  const panel = await page.getByTestId('user-org').boundingBox();
  const list = await page.getByTestId('user-page').boundingBox();
  expect(panel && list && panel.y + panel.height <= list.y).toBe(true);
  await shot(page, 'user-narrow');
  await page.getByTestId('user-add').click();
  await expect(page.getByTestId('user-form-account')).toBeVisible();
  await shot(page, 'user-form-narrow');
});
