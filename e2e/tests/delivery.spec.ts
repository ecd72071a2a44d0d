import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { approveTask, darkMode, expectAxeClean, sessionHeaders, test } from './helpers';

/**
 * Advance ship notices, receipts and invoices (issue 41 §3), in two browsers: the supplier, in
 * English on a phone-sized window, ships an acknowledged order (one line in two packages), sends
 * the notice and opens its package labels; the buyer, in dark mode, scans a label's code into the
 * receiving page (a scanner types it and Enter), rejects part of a line with a reason and confirms;
 * the supplier sees what was accepted and invoices it above the order's price; the buyer sees the
 * mismatch in its approval flow, which the manager approves from his to-do list. Axe at rest on
 * each screen.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
const stamp = String(Date.now()).slice(-6);

type Body<T> = { code: number; msg: string; data: T };
async function call<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  url: string,
  headers: Record<string, string>,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, { headers, data });
  const body = (await res.json()) as Body<T>;
  expect(body.code, `${url}: ${body.msg}`).toBe(0);
  return body.data;
}

type Order = {
  id: string;
  version: number;
  billNo: string;
  flowTaskId: string | null;
  lines: { id: string }[];
};

/** An order of one line to the demo supplier, approved by the manager and accepted by the supplier. */
async function acknowledgedOrder(request: APIRequestContext): Promise<Order> {
  const buyer = await sessionHeaders(request, 'buyer', 'buyer123');
  const manager = await sessionHeaders(request, 'manager', 'manager123');
  const vendor = await sessionHeaders(request, 'vendor', 'vendor123');
  const suppliers = await call<{ id: string; supplierName: string }[]>(
    request,
    'get',
    `/api/procurement/PurchaseOrder/Suppliers?keyword=${encodeURIComponent('示例供应商')}`,
    buyer,
  );
  const made = await call<Order>(request, 'post', '/api/procurement/PurchaseOrder', buyer, {
    supplierId: suppliers[0]?.id,
    deliveryAddress: `苏州工业园区 ${stamp} 号仓`,
    lines: [
      {
        materialName: `冷轧卷 ${stamp}`,
        unit: '吨',
        quantity: '8',
        unitPrice: '5200',
        deliveryDate: '2027-02-01',
      },
    ],
  });
  const submitted = await call<Order>(
    request,
    'post',
    `/api/procurement/PurchaseOrder/${made.id}/Actions/Submit`,
    buyer,
    {
      version: made.version,
    },
  );
  if (submitted.flowTaskId) {
    const todo = await call<{ list: { id: string; operatorId: string }[] }>(
      request,
      'post',
      '/api/flow/FlowEngine/FlowBefore/List/1',
      manager,
      { pageSize: 100 },
    );
    const operatorId = todo.list.find((i) => i.id === submitted.flowTaskId)?.operatorId;
    await call(request, 'post', `/api/flow/FlowEngine/FlowBefore/Audit/${operatorId}`, manager, {
      handleOpinion: '同意',
      formData: {},
    });
  }
  const seen = await call<Order>(request, 'get', `/api/procurement/Portal/PurchaseOrder/${made.id}`, vendor);
  return call<Order>(
    request,
    'post',
    `/api/procurement/Portal/PurchaseOrder/${made.id}/Actions/Answer`,
    vendor,
    {
      version: seen.version,
      lines: seen.lines.map((l) => ({ lineId: l.id, answer: 'accept' })),
    },
  );
}

async function english(page: Page) {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
}

test('a supplier ships and prints labels; the buyer scans a label, receives with a rejection', async ({
  signedInPage,
  request,
}) => {
  const order = await acknowledgedOrder(request);

  // The supplier, in English, on a phone: a notice for the order's line, in two packages.
  const vendor = await signedInPage('vendor');
  await vendor.goto('/vendorPortal/deliveries');
  await english(vendor);
  await vendor.setViewportSize({ width: 390, height: 844 });
  await expect(vendor.getByTestId('asn-portal-page')).toBeVisible();
  await vendor.getByTestId('asn-add').click();
  const editor = vendor.getByTestId('asn-editor');
  await expect(editor).toBeVisible();
  await vendor.getByTestId('asn-order').click();
  await vendor.locator('.ant-select-item-option').filter({ hasText: order.billNo }).click();
  const line = editor.getByTestId('asn-editor-lines').locator('tbody tr.ant-table-row').first();
  await expect(line.getByTestId('asn-line-quantity')).toHaveValue('8');
  await line.getByTestId('asn-line-batch').fill(`B${stamp}`);
  await line.getByTestId('asn-line-packages').fill('2');
  await editor.getByTestId('asn-carrier').fill('SF Express');
  await expectAxeClean(vendor, 'asn-editor-en-390', '.ant-drawer-content-wrapper');
  await vendor.getByTestId('asn-editor-send').click();
  const detail = vendor.getByTestId('asn-portal-detail');
  await expect(detail.getByTestId('asn-state')).toHaveText('Sent');
  const asnNo = (await detail.getByTestId('asn-bill-no').textContent()) ?? '';
  expect(asnNo).toMatch(/^ASN\d{12}$/);

  // Its labels: one per package, each with its QR code and the notice's Code 128.
  await detail.getByTestId('asn-labels').click();
  const dialog = vendor.getByTestId('asn-labels-dialog');
  await expect(dialog.getByTestId('asn-label')).toHaveCount(2);
  await expect(dialog.getByTestId('asn-label').first().locator('img')).toHaveCount(2);
  const content = (await dialog.getByTestId('asn-label').nth(1).getAttribute('data-content')) ?? '';
  expect(content).toBe(`SRM1|${asnNo}|1|2/2`);
  await expect(dialog.getByTestId('asn-labels-print')).toBeEnabled();
  await expectAxeClean(vendor, 'asn-labels-en-390', '.ant-modal');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The buyer, in dark mode: the receiving page, a label scanned (typed, then Enter).
  const buyer = await signedInPage('buyer');
  await buyer.goto('/home');
  await darkMode(buyer);
  await buyer.getByRole('menuitem', { name: '采购协同' }).click();
  await buyer.getByRole('menuitem', { name: '送货与收货' }).click();
  await expect(buyer.getByTestId('asn-page')).toBeVisible();
  await expectAxeClean(buyer, 'asn-list-dark');
  const scan = buyer.getByTestId('gr-scan').locator('input');
  await scan.fill('ASN000000000000');
  await scan.press('Enter');
  await expect(buyer.getByTestId('gr-scan-problem')).toHaveText('没有与此条码对应的送货单');
  await scan.fill(content);
  await scan.press('Enter');
  const receiving = buyer.getByTestId('asn-detail');
  await expect(receiving.getByTestId('asn-bill-no')).toHaveText(asnNo);
  await expect(receiving.getByTestId('gr-accepted')).toHaveValue('8');
  await receiving.getByTestId('gr-accepted').fill('7.5');
  await receiving.getByTestId('gr-rejected').fill('0.5');
  await receiving.getByTestId('gr-reason').fill('外包装破损');
  await expectAxeClean(buyer, 'asn-receive-dark', '.ant-drawer-content-wrapper');
  await receiving.getByTestId('gr-confirm').click();
  await expect(receiving.getByTestId('asn-state')).toHaveText('已收货');
  await expect(receiving.getByTestId('gr-bill-no')).toHaveText(/^GR\d{12}$/);
  await expect(receiving.getByTestId('asn-line-rejected')).toContainText('外包装破损');

  // The order shows it: 7.5 received, the rejected 0.5 open again.
  await buyer.goto(`/procurement/order?id=${order.id}`);
  await expect(buyer.getByTestId('po-line-delivery')).toContainText('已收货 7.5');
  await expect(buyer.getByTestId('po-line-delivery')).toContainText('未交 0.5');

  // The supplier reads what was accepted on its notice, and its own delivery figures.
  await vendor.reload();
  await expect(vendor.getByTestId('asn-portal-detail').getByTestId('asn-line-accepted')).toHaveText('7.5');
  await expect(vendor.getByTestId('delivery-figures').getByTestId('figures-quality')).toContainText(
    'Accepted in full',
  );
  await expectAxeClean(vendor, 'asn-received-en-390', '.ant-drawer-content-wrapper');

  // The supplier invoices the 7.5 received, 2 % above the order's price: a mismatch.
  await vendor.goto('/vendorPortal/invoices');
  await expect(vendor.getByTestId('inv-portal-page')).toBeVisible();
  await vendor.getByTestId('inv-add').click();
  const invEditor = vendor.getByTestId('inv-editor');
  await vendor.getByTestId('inv-order').click();
  await vendor.locator('.ant-select-item-option').filter({ hasText: order.billNo }).click();
  const invLine = invEditor.getByTestId('inv-editor-lines').locator('tbody tr.ant-table-row').first();
  await expect(invLine.getByTestId('inv-line-quantity')).toHaveValue('7.5');
  await expect(invLine.getByTestId('inv-line-price')).toHaveValue('5200');
  await invLine.getByTestId('inv-line-price').fill('5304');
  await invEditor.getByTestId('inv-no-input').fill(`FP-${stamp}`);
  await expectAxeClean(vendor, 'inv-editor-en-390', '.ant-drawer-content-wrapper');
  await invEditor.getByTestId('inv-submit').click();
  const invDetail = vendor.getByTestId('inv-portal-detail');
  await expect(invDetail.getByTestId('inv-state')).toHaveText('Mismatch');
  await expect(invDetail.getByTestId('inv-price-check')).toHaveText('Off');
  await expect(invDetail.getByTestId('inv-quantity-check')).toHaveText('Matches');

  // The buyer sees why: the demo tenant's flow sends a mismatch to his manager (the order's
  // drawer is open over the menu: by its address).
  const openInvoice = async () => {
    await buyer.goto('/procurement/invoice');
    await expect(buyer.getByTestId('inv-page')).toBeVisible();
    await buyer
      .getByTestId('inv-table')
      .locator('tr', { hasText: `FP-${stamp}` })
      .getByTestId('inv-open')
      .click();
    return buyer.getByTestId('inv-detail');
  };
  const decide = await openInvoice();
  await expect(decide.getByTestId('inv-mismatch')).toContainText('审批');
  await expect(decide.getByTestId('inv-approve')).toHaveCount(0);
  await expect(decide.getByTestId('inv-approval-link')).toBeVisible();
  await expectAxeClean(buyer, 'inv-detail-dark', '.ant-drawer-content-wrapper');

  // The manager approves it from his to-do list, reading the lines off the tolerance.
  const manager = await signedInPage({ account: 'manager', password: 'manager123' });
  await manager.goto('/workFlow/flowTodo');
  await manager.getByTestId('flow-todo-keyword').fill(`FP-${stamp}`);
  await manager.getByTestId('flow-todo-search').click();
  const link = manager.getByTestId('flow-todo-table').getByTestId('flow-task-link');
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(manager.getByTestId('flow-detail')).toContainText(`冷轧卷 ${stamp}`);
  await expect(manager.getByTestId('flow-detail')).toContainText('5,304');
  await approveTask(manager, '差价已与供应商确认');
  await expect((await openInvoice()).getByTestId('inv-state')).toHaveText('已通过');
});
