import { expect as baseExpect, type Page } from '@playwright/test';
import {
  approveTask,
  darkMode,
  dropdownOption,
  escapeUntilHidden,
  expectAxeClean,
  expectAxeColoursClean,
  test,
} from './helpers';

/**
 * Purchase orders (issue 41 §2), in four browsers: the buyer drafts an order with two lines (the
 * total follows as he types; a bad quantity is refused at its cell) and submits it; the manager
 * approves it from his to-do list; the supplier answers in its portal, in English on a phone,
 * accepting one line and proposing another quantity for the other; the buyer accepts the
 * proposal and the order is acknowledged. Light and dark, axe at rest.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 360_000 });
const DRAWER = '.ant-drawer-content-wrapper';
const stamp = String(Date.now()).slice(-6);
const ADDRESS = `上海市浦东新区张江路 ${stamp} 号`;

async function fillLine(page: Page, row: number, values: Record<string, string>) {
  const line = page.getByTestId('po-editor-lines').locator('tbody tr.ant-table-row').nth(row);
  for (const [name, value] of Object.entries(values)) {
    const input = line.getByTestId(`po-line-${name}`);
    if (name === 'deliveryDate') {
      await input.click();
      await input.fill(value);
      // Tab, not Enter: Enter in a field submits the form.
      await input.press('Tab');
    } else await input.fill(value);
  }
}

test('a buyer orders, the manager approves, the supplier answers and the buyer settles the proposal', async ({
  signedInPage,
}) => {
  const buyer = await signedInPage('buyer');
  await buyer.goto('/home');
  await buyer.getByRole('menuitem', { name: '采购协同' }).click();
  await buyer.getByRole('menuitem', { name: '采购订单' }).click();
  await expect(buyer.getByTestId('po-page')).toBeVisible();
  await expectAxeClean(buyer, 'po-list');

  // A new order: the supplier, the address and two lines.
  await buyer.getByTestId('po-add').click();
  await expect(buyer.getByTestId('po-editor')).toBeVisible();
  await buyer.getByTestId('po-supplier').click();
  await dropdownOption(buyer, /示例供应商有限公司/).click();
  await buyer.getByTestId('po-address').fill(ADDRESS);
  await buyer.getByTestId('po-payment-terms').fill('月结 60 天');
  await fillLine(buyer, 0, {
    materialCode: 'M-001',
    materialName: '热轧钢板',
    unit: '吨',
    quantity: '12.5',
    unitPrice: '4380.1234',
    deliveryDate: '2027-01-15',
  });
  await buyer.getByTestId('po-line-add').click();
  await fillLine(buyer, 1, {
    materialName: '螺栓',
    unit: '箱',
    quantity: '-3',
    unitPrice: '88.5',
    deliveryDate: '2027-01-20',
  });
  await buyer.getByTestId('po-editor-save').click();
  await expect(buyer.getByTestId('po-editor')).toContainText('请输入大于 0 的数量');
  await fillLine(buyer, 1, { quantity: '40' });
  await expect(buyer.getByTestId('po-editor-total')).toContainText('58,291.54');
  await expectAxeClean(buyer, 'po-editor', DRAWER);
  await buyer.getByTestId('po-editor-save').click();
  await expect(buyer.getByTestId('po-editor')).toBeHidden();

  // Its detail opens: a draft with its number; submitted, it waits for approval.
  const detail = buyer.getByTestId('po-detail');
  await expect(detail.getByTestId('po-state')).toHaveText('草稿');
  const billNo = (await detail.getByTestId('po-bill-no').textContent()) ?? '';
  expect(billNo).toMatch(/^PO\d{12}$/);
  await expect(detail.getByTestId('po-total')).toContainText('58,291.54');
  await expectAxeClean(buyer, 'po-detail-draft', DRAWER);
  await detail.getByTestId('po-submit').click();
  await buyer.getByTestId('po-confirm-ok').click();
  await expect(detail.getByTestId('po-state')).toHaveText('审批中');
  await escapeUntilHidden(buyer, detail);

  // The manager approves it from his to-do list.
  const manager = await signedInPage({ account: 'manager', password: 'manager123' });
  await manager.goto('/workFlow/flowTodo');
  await manager.getByTestId('flow-todo-keyword').fill(billNo);
  await manager.getByTestId('flow-todo-search').click();
  const link = manager.getByTestId('flow-todo-table').getByTestId('flow-task-link');
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(manager.getByTestId('flow-detail')).toContainText('热轧钢板');
  await approveTask(manager, '同意下单');

  // The supplier, in English on a phone: accepts line 1, proposes 30 for line 2.
  const vendor = await signedInPage('vendor');
  await vendor.getByTestId('lang-switch').click();
  await vendor.getByTestId('lang-en-US').click();
  await expect(vendor.locator('html')).toHaveAttribute('lang', 'en-US');
  await vendor.setViewportSize({ width: 390, height: 844 });
  await vendor.goto('/vendorPortal/orders');
  await expect(vendor.getByTestId('po-portal-page')).toBeVisible();
  const row = vendor.getByTestId('po-table').locator('tr', { hasText: billNo });
  await expect(row).toContainText('Awaiting answer');
  await expectAxeClean(vendor, 'po-portal-list-390-en');
  await row.getByTestId('po-open').click();
  const answer = vendor.getByTestId('po-portal-detail');
  await expect(answer.getByTestId('po-header')).toContainText(ADDRESS);
  await expect(answer).not.toContainText('Submitted');
  const lines = answer.getByTestId('po-lines').locator('tbody tr.ant-table-row');
  await lines.nth(0).getByTestId('po-answer-kind').click();
  await dropdownOption(vendor, 'Accept').click();
  await lines.nth(1).getByTestId('po-answer-kind').click();
  await dropdownOption(vendor, 'Propose').click();
  await lines.nth(1).getByTestId('po-answer-quantity').fill('30');
  await answer.getByTestId('po-answer-send').click();
  await expect(lines.nth(1)).toContainText('This field is required');
  await lines.nth(1).getByTestId('po-answer-reason').fill('Only 30 boxes in stock');
  await expectAxeClean(vendor, 'po-portal-answer-390-en', DRAWER);
  await answer.getByTestId('po-answer-send').click();
  await expect(lines.nth(0).getByTestId('po-line-state')).toHaveText('Accepted');
  await expect(lines.nth(1).getByTestId('po-line-state')).toHaveText('Proposal');
  await expect(answer.getByTestId('po-history')).toContainText('Proposal by the supplier');

  // The buyer settles the proposal, in dark mode: the order is acknowledged at the new total.
  await darkMode(buyer);
  await buyer.getByTestId('po-filter-attention').click();
  await dropdownOption(buyer, '待我处理').click();
  await buyer.getByTestId('po-search').click();
  const mine = buyer.getByTestId('po-table').locator('tr', { hasText: billNo });
  await expect(mine).toContainText('1 行待处理');
  await mine.getByTestId('po-open').click();
  await expect(detail.getByTestId('po-line-note')).toContainText(['Only 30 boxes in stock']);
  await expectAxeColoursClean(buyer, 'po-detail-proposal-dark', DRAWER);
  await detail.getByTestId('po-accept-proposal').click();
  await expect(detail.getByTestId('po-state')).toHaveText('已确认');
  await expect(detail.getByTestId('po-total')).toContainText('57,406.54');
  await expect(detail.getByTestId('po-history')).toContainText('订单已确认');
  await expect(detail.getByTestId('po-close')).toBeVisible();
});
