import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  approveTask,
  darkMode,
  escapeUntilHidden,
  expectAxeClean,
  expectAxeColoursClean,
  quietPage,
  sessionHeaders,
  signIn,
  signInAs,
} from './helpers';
import { admittedSupplier } from './vendor-helpers';

/**
 * The supplier's own requests (issue 16 §3): on its company profile the supplier asks to change its
 * bank accounts (prefilled with the current ones) and applies for a further supply category (the
 * categories it holds cannot be picked); a second request of the same kind from a stale page is
 * refused with the server's message; staff approve in their own browsers (the change: purchasing;
 * the category's admission: purchasing then quality); the supplier then sees the new account, the
 * new category, and its requests approved with old → new. Light, dark, 390 px, axe at rest.
 *
 * A supplier of the run's own makes the requests (admitted through the API before the tests: steel,
 * 中国银行): every run and every retry starts from the same state, whatever the others changed.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
// Four browsers and two approvals: over 300 s on a loaded CI machine with nothing wrong.
test.describe.configure({ mode: 'serial', timeout: 480_000 });

const stamp = String(Date.now()).slice(-8);
const SUPPLIER = `华南紧固件${stamp}有限公司`;
const SUPPLIER_USER = { account: `vc${stamp}`, password: 'abc12345' };
const account = `6225${String(Date.now()).slice(-10)}`;
const MANAGER = { account: 'manager', password: 'manager123' };

test.beforeAll(async ({ request }) => {
  await admittedSupplier(request, { supplierName: SUPPLIER, ...SUPPLIER_USER });
});

async function supplierPage(browser: Browser, width = 1400): Promise<Page> {
  const page = await quietPage(browser, width);
  await signInAs(page, SUPPLIER_USER.account, SUPPLIER_USER.password);
  await page.goto('/vendorPortal/company');
  await expect(page.getByTestId('supplier-company')).toContainText(SUPPLIER);
  return page;
}

/** Opens the supplier's task whose title starts with `title` from the to-do list and approves it. */
async function approveFromTodo(page: Page, title: string, opinion: string) {
  await page.goto('/workFlow/flowTodo');
  await page.getByTestId('flow-todo-keyword').fill(SUPPLIER);
  await page.getByTestId('flow-todo-search').click();
  const link = page.getByTestId('flow-todo-table').getByTestId('flow-task-link').filter({ hasText: title });
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(page.getByTestId('flow-detail')).toBeVisible();
  await approveTask(page, opinion);
}

test('the supplier asks for a bank change and a further category; staff approve; the supplier sees them applied', async ({
  browser,
}) => {
  const page = await supplierPage(browser);
  // A second tab of the same supplier, opened before the request (its list is not refreshed yet).
  const stale = await supplierPage(browser);

  // Bank: the form is prefilled with the current account, and the request changes nothing yet.
  await expect(page.getByTestId('supplier-banks')).toContainText('中国银行');
  await page.getByTestId('company-bank').scrollIntoViewIfNeeded();
  await expectAxeClean(page, 'vendor-company-at-rest');
  await page.getByTestId('change-request-bank').click();
  const form = page.getByTestId('change-form');
  await expect(form.getByTestId('change-bankName-0')).toHaveValue('中国银行');
  // Nothing changed yet: Escape closes at once, with no question.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(page.getByTestId('discard-ok')).toHaveCount(0);
  await page.getByTestId('change-request-bank').click();
  await expect(form.getByTestId('change-bankName-0')).toHaveValue('中国银行');
  await form.getByTestId('change-bankName-0').fill('招商银行');
  await form.getByTestId('change-branch-0').fill('苏州工业园区支行');
  await form.getByTestId('change-accountNo-0').fill('12');
  await form.getByTestId('change-reason').fill('结算账户迁至招商银行');
  await page.getByTestId('change-form-submit').click();
  await expect(form.getByText('请输入 6 到 32 位数字的银行账号')).toBeVisible();
  await form.getByTestId('change-accountNo-0').fill(account);
  await expectAxeClean(page, 'vendor-change-bank-form', '.ant-drawer-content-wrapper');
  await page.getByTestId('change-form-submit').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('change-in-flight-bank')).toContainText('银行账户变更正在审核');
  await expect(page.getByTestId('change-request-bank')).toHaveCount(0);
  await expect(page.getByTestId('supplier-banks')).toContainText('中国银行');
  await expect(page.getByTestId('supplier-banks')).not.toContainText(account);

  // The stale tab still offers the button: the server refuses a second one and the form says why.
  await stale.getByTestId('change-request-bank').click();
  await stale.getByTestId('change-accountNo-0').fill('6225000000000001');
  await stale.getByTestId('change-form-submit').click();
  await expect(stale.getByTestId('change-form-error')).toHaveText('已有一份同类变更在审核中');
  // What was typed is not thrown away by a stray Escape: the question comes first.
  await stale.keyboard.press('Escape');
  await stale.getByTestId('discard-ok').click();
  await expect(stale.getByTestId('change-form')).toBeHidden();
  await expect(stale.getByTestId('change-in-flight-bank')).toBeVisible();
  await stale.context().close();

  // A further category, by keyboard: the held one (钢材) is shown but cannot be picked.
  const categories = page.getByTestId('portal-categories');
  await expect(categories.locator('tr', { hasText: '钢材' })).toContainText('已准入');
  await page.getByTestId('category-apply').focus();
  await page.keyboard.press('Enter');
  const apply = page.getByTestId('category-apply-form');
  await expect(apply).toBeVisible();
  await page.locator('[data-testid="category-apply-select"] input').focus();
  await page.keyboard.type('钢材');
  await expect(
    page.locator('.ant-select-tree-treenode-disabled', { hasText: '钢材' }).filter({ visible: true }),
  ).toHaveCount(1);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('办公');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('category-apply-select')).toContainText('办公用品');
  await expectAxeClean(page, 'vendor-category-apply', '.ant-modal');
  await page.getByTestId('category-apply-form-submit').focus();
  await page.keyboard.press('Enter');
  await expect(apply).toBeHidden();
  await expect(categories.locator('tr', { hasText: '办公用品' })).toContainText('准入审核中');
  const appRow = page.getByTestId('category-apps').locator('tr', { hasText: '办公用品' });
  await expect(appRow.getByTestId('category-app-status')).toHaveText('待审核');
  await page.getByTestId('company-categories').scrollIntoViewIfNeeded();

  // My change requests: in review, old → new.
  const item = page.getByTestId('change-item').first();
  await expect(item.getByTestId('change-status')).toHaveText('待审核');
  await expect(item.getByTestId('change-from')).toContainText('中国银行');
  await expect(item.getByTestId('change-to')).toContainText(account);
  await page.getByTestId('company-requests').scrollIntoViewIfNeeded();
  await expectAxeClean(page, 'vendor-change-list-in-review');

  // Staff, each in a browser of their own: purchasing approves the change and the category,
  // quality the category.
  const buyer = await quietPage(browser);
  await signIn(buyer, 'buyer');
  await approveFromTodo(buyer, '供应商信息变更', '账户信息核对无误');
  await approveFromTodo(buyer, '供应商准入', '同意新增办公用品');
  const manager = await quietPage(browser);
  await signInAs(manager, MANAGER.account, MANAGER.password);
  await approveFromTodo(manager, '供应商准入', '质量体系满足要求');

  // The supplier sees the new account, the new category, and both requests approved.
  await page.reload();
  await expect(page.getByTestId('supplier-banks')).toContainText(account);
  await expect(page.getByTestId('supplier-banks')).toContainText('招商银行');
  await expect(page.getByTestId('supplier-banks')).not.toContainText('中国银行');
  await expect(page.getByTestId('change-request-bank')).toBeVisible();
  await expect(categories.locator('tr', { hasText: '办公用品' })).toContainText('已准入');
  await expect(appRow.getByTestId('category-app-status')).toHaveText('已通过');
  await expect(item.getByTestId('change-status')).toHaveText('已通过');
  await expect(item.getByTestId('change-from')).toContainText('中国银行');
  await expect(item.getByTestId('change-to')).toContainText('招商银行');
  await page.getByTestId('company-requests').scrollIntoViewIfNeeded();
  await expectAxeClean(page, 'vendor-change-list-approved');

  // Staff see it in the supplier's history.
  await buyer.goto('/base/vendor/supplier');
  await buyer.getByTestId('supplier-keyword').fill(SUPPLIER);
  await buyer.getByTestId('supplier-search').click();
  await buyer.locator('[data-testid^="supplier-open-"]').first().click();
  const detail = buyer.getByTestId('supplier-detail');
  await detail.getByRole('tab', { name: '变更记录' }).click();
  await expect(detail.getByTestId('supplier-history')).toContainText('变更审批通过');
  await expect(detail.getByTestId('supplier-history')).toContainText(account);
  for (const p of [page, buyer, manager]) await p.context().close();
});

test('the legal data form, the requests and the categories in dark mode and at 390 px', async ({
  browser,
}) => {
  const page = await supplierPage(browser);
  await darkMode(page);
  await page.getByTestId('change-request-legal').click();
  const form = page.getByTestId('change-form');
  await expect(form.getByTestId('change-supplierName')).toHaveValue(SUPPLIER);
  await expect(form.getByTestId('change-legalPerson')).toHaveValue('张三');
  await expectAxeClean(page, 'vendor-change-legal-form-dark', '.ant-drawer-content-wrapper');
  // Nothing changed: the server says so, plainly.
  await page.getByTestId('change-form-submit').click();
  await expect(page.getByTestId('change-form-error')).toHaveText('变更后的内容与当前一致，没有可提交的变更');
  await escapeUntilHidden(page, form);
  await expect(page.getByTestId('change-item')).not.toHaveCount(0);
  await page.getByTestId('company-requests').scrollIntoViewIfNeeded();
  // Dark: the colour rules; the page's light sweeps are the first test's (its requests included).
  await expectAxeColoursClean(page, 'vendor-company-dark');
  await page.context().close();

  const narrow = await supplierPage(browser, 390);
  const noSideScroll = () => narrow.evaluate(() => document.documentElement.scrollWidth);
  expect(await noSideScroll()).toBeLessThanOrEqual(390);
  await expect(narrow.getByTestId('change-request-legal')).toBeVisible();
  await narrow.getByTestId('company-requests').scrollIntoViewIfNeeded();
  await expect(narrow.getByTestId('change-item').first().getByTestId('change-status')).toBeVisible();
  expect(await noSideScroll()).toBeLessThanOrEqual(390);
  await expectAxeClean(narrow, 'vendor-change-list-390');
  await narrow.getByTestId('category-apply').click();
  await expect(narrow.getByTestId('category-apply-form')).toBeVisible();
  expect(await noSideScroll()).toBeLessThanOrEqual(390);
  await expectAxeClean(narrow, 'vendor-category-apply-390', '.ant-modal');
  await narrow.context().close();
});

test('a sub-account sees the bank and legal data but is offered no change request (issue 36 §6)', async ({
  browser,
  request,
}) => {
  const mobile = `135${stamp}`;
  const admin = await sessionHeaders(request, SUPPLIER_USER.account, SUPPLIER_USER.password);
  const created = await request.post('/api/base/vendor/Supplier/Mine/Users', {
    headers: admin,
    data: { realName: '子账号', mobile, password: 'sub12345' },
  });
  expect(((await created.json()) as { code: number }).code).toBe(0);
  const page = await quietPage(browser, 1400);
  await signInAs(page, `${mobile}@${SUPPLIER_USER.account}`, 'sub12345');
  await page.goto('/vendorPortal/company');
  await expect(page.getByTestId('supplier-company')).toContainText(SUPPLIER);
  await expect(page.getByTestId('company-bank')).toBeVisible();
  await expect(page.getByTestId('change-request-bank')).toHaveCount(0);
  await expect(page.getByTestId('change-request-legal')).toHaveCount(0);
  await expect(page.getByTestId('company-edit')).toHaveCount(0);
  await expectAxeClean(page, 'vendor-company-sub-account');
  await page.context().close();
});
