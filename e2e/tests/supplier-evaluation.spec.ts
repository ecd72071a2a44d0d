import { expect as baseExpect } from '@playwright/test';
import { approveTask, dropdownOption, expectAxeClean, test } from './helpers';

/**
 * The demo's supplier evaluation, built with the online designers (a model, a design, a model page
 * in the supplier group and an approval flow): a buyer scores a supplier on the page (the weighted
 * score and grade follow as he types), submits the row for approval from the list, the quality
 * reviewer (the demo's manager) approves it in his to-do list, the row shows approved and is locked,
 * and the grade is the supplier record's latest evaluation. Axe on the page and the form.
 */
const expect = baseExpect.configure({ timeout: 25_000 });
const PAGE = '/base.supplierEvaluation';
const SUPPLIER = '华东钢材有限公司';
// One evaluation of a supplier per period: a period of its own for each run on the same server.
const period = `E2E-${Date.now().toString(36)}`;

test('a buyer evaluates a supplier, the quality reviewer approves, the grade reaches the record', async ({
  signedInPage,
}) => {
  test.setTimeout(120_000);
  const buyer = await signedInPage('buyer');
  await buyer.goto(PAGE);
  const table = buyer.getByTestId('mp-table');
  await expect(buyer.getByTestId('mp-page')).toContainText('供应商评价');
  await expect(table.locator('th', { hasText: '审批状态' })).toBeVisible();

  // The form: purchasing's three scores and quality's, the score and grade computed as they are typed.
  await buyer.getByTestId('mp-add').click();
  const drawer = buyer.getByTestId('mp-drawer');
  await drawer.getByTestId('mp-form-supplier').click();
  await buyer.keyboard.type('华东钢材');
  await dropdownOption(buyer, SUPPLIER).click();
  await drawer.getByTestId('mp-form-period').fill(period);
  await drawer.getByTestId('mp-form-delivery').fill('90');
  await drawer.getByTestId('mp-form-price').fill('90');
  await drawer.getByTestId('mp-form-service').fill('90');
  await drawer.getByTestId('mp-form-quality').fill('95');
  await expect(drawer.getByTestId('mp-form-score')).toContainText('92');
  await expect(drawer.getByTestId('mp-form-grade')).toContainText('A 优秀');
  await drawer.getByTestId('mp-form-quality').fill('80');
  await expect(drawer.getByTestId('mp-form-score')).toContainText('86');
  await expect(drawer.getByTestId('mp-form-grade')).toContainText('B 良好');
  await expectAxeClean(buyer, 'supplier-evaluation-form', '.ant-drawer-content-wrapper');
  await buyer.getByTestId('mp-drawer-submit').click();
  await expect(drawer).toBeHidden();

  const row = table.locator('tbody tr', { hasText: period });
  await expect(row).toContainText(SUPPLIER);
  await expect(row).toContainText('86');
  await expect(row.locator('[data-testid^="mp-flow-state-"]')).toHaveText('未提交');
  await expectAxeClean(buyer, 'supplier-evaluation-page');

  // Submitted from the list: in approval, no longer editable or deletable here.
  await row.locator('[data-testid^="mp-launch-"]').click();
  await buyer.getByTestId('mp-launch-confirm').click();
  await expect(row.locator('[data-testid^="mp-flow-state-"]')).toHaveText('审批中');
  await expect(row.locator('[data-testid^="mp-edit-"]')).toBeDisabled();
  await expect(row.locator('[data-testid^="mp-delete-"]')).toBeDisabled();
  await expect(row.locator('[data-testid^="mp-launch-"]')).toBeDisabled();

  // The quality reviewer finds it among his to-dos (the keyword searches the form) and approves it.
  const manager = await signedInPage({ account: 'manager', password: 'manager123' });
  await manager.goto('/workFlow/flowTodo');
  await manager.getByTestId('flow-todo-keyword').fill(period);
  await manager.getByTestId('flow-todo-search').click();
  const link = manager.getByTestId('flow-todo-table').getByTestId('flow-task-link');
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(manager.getByTestId('flow-detail')).toContainText(SUPPLIER);
  await approveTask(manager, '质量评审通过');

  // The buyer's list: approved, and still locked.
  await buyer.reload();
  await expect(row.locator('[data-testid^="mp-flow-state-"]')).toHaveText('已通过');
  await expect(row.locator('[data-testid^="mp-edit-"]')).toBeDisabled();
  await expect(row.locator('[data-testid^="mp-delete-"]')).toBeDisabled();

  // The supplier's record (staff): the approved grade as its latest evaluation.
  await buyer.goto('/base/vendor/supplier');
  await buyer.getByTestId('supplier-keyword').fill('华东钢材');
  await buyer.keyboard.press('Enter');
  const rows = buyer.getByTestId('supplier-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await rows.first().locator('[data-testid^="supplier-open-"]').click();
  const card = buyer.getByTestId('supplier-detail').getByTestId('supplier-evaluation');
  await expect(card.getByTestId('supplier-evaluation-grade')).toHaveText('B');
  await expect(card.getByTestId('supplier-evaluation-score')).toHaveText('86.00');
  await expect(card).toContainText(period);
});
