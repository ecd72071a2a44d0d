import { expect as baseExpect } from '@playwright/test';
import { apiCall, darkMode, expectAxeClean, sessionHeaders, test } from './helpers';
import { draftRfq, supplierInEnglishOnPhone } from './rfq-helpers';

/**
 * Live bidding (issue 41 §1), in two browsers and the API: the buyer, in dark mode, turns a draft
 * request into a live auction in the editor (step 100, a 2-minute extension) and publishes it; the
 * demo supplier, in English on a phone-sized window, bids in its portal and reads its rank, which
 * moves when 华东钢材 (through the API) bids lower, without a reload and without ever showing the
 * other's total; a bid not low enough is refused with the server's reason. The buyer's board ranks
 * both live, suspends the round (the supplier's bid button goes, live), resumes it and closes it
 * early: the comparison shows the best bids. Axe at rest on the editor, the board and the bid panel.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
const stamp = String(Date.now()).slice(-6);

type Rfq = { id: string; billNo: string; lines: { id: string }[] };

test('a live auction: suppliers bid and read their rank, the buyer watches, suspends and closes', async ({
  signedInPage,
  request,
}) => {
  const buyerApi = await sessionHeaders(request, 'buyer', 'buyer123');
  const vendor2 = await sessionHeaders(request, 'vendor2', 'vendor123');
  // A sealed draft of two lines (10 t and 40 boxes): the buyer makes it an auction in the editor.
  const rfq = await draftRfq<Rfq>(request, buyerApi, stamp, { title: `钢板竞价 ${stamp}` });
  // 华东钢材's bid: 10 × p1 + 40 × 12 (on the lines as published: the editor saved them anew).
  const bidOfVendor2 = async (p1: string) => {
    const seen = await apiCall<Rfq>(request, 'get', `/api/procurement/Portal/Rfq/${rfq.id}`, vendor2);
    await apiCall(request, 'post', `/api/procurement/Portal/Rfq/${rfq.id}/Bids`, vendor2, {
      lines: seen.lines.map((l, i) => ({ rfqLineId: l.id, unitPrice: i === 0 ? p1 : '12' })),
    });
  };

  // The buyer, in dark mode: the draft becomes a live auction in the editor, then is published.
  const buyer = await signedInPage('buyer');
  await darkMode(buyer);
  await buyer.goto(`/procurement/rfq?id=${rfq.id}`);
  const staff = buyer.getByTestId('rfq-detail');
  await expect(staff.getByTestId('rfq-bill-no')).toHaveText(rfq.billNo);
  await staff.getByTestId('rfq-edit').click();
  const editor = buyer.getByTestId('rfq-editor');
  await expect(editor.getByRole('radio', { name: '密封报价' })).toBeChecked();
  await editor.getByText('在线竞价', { exact: true }).click();
  await expect(editor.getByRole('radio', { name: '在线竞价' })).toBeChecked();
  await editor.getByTestId('rfq-bid-step').fill('100');
  await editor.getByTestId('rfq-bid-extend').fill('2');
  await expectAxeClean(buyer, 'bid-editor-dark', '.ant-drawer-content-wrapper');
  await buyer.getByTestId('rfq-editor-save').click();
  await expect(editor).toBeHidden();
  await expect(staff.getByTestId('rfq-auction-tag')).toHaveText('竞价');
  await expect(staff.getByTestId('rfq-bid-rules')).toContainText('CNY 100.00');
  await staff.getByTestId('rfq-publish').click();
  await buyer.getByTestId('rfq-confirm-ok').click();
  const board = staff.getByTestId('rfq-board');
  await expect(board.getByTestId('rfq-bid-state')).toHaveText('竞价中');
  await expect(staff.getByText('截止前报价密封', { exact: false })).toHaveCount(0);

  // The supplier, in English on a phone: no rank yet, then its first bid.
  const vendor = await signedInPage('vendor');
  await supplierInEnglishOnPhone(vendor, rfq.id);
  const portal = vendor.getByTestId('rfq-portal-detail');
  const rank = portal.getByTestId('rfq-bid-rank');
  await expect(portal.getByTestId('rfq-auction-tag')).toHaveText('Live auction');
  await expect(rank).toHaveText('No bid yet');
  await expect(portal.getByTestId('rfq-bid-countdown')).toContainText('Closes in');
  await portal.getByTestId('rfq-bid-price-1').fill('4200');
  await portal.getByTestId('rfq-bid-price-2').fill('12');
  await expect(portal.getByTestId('rfq-bid-total')).toContainText('CNY 42,480.00');
  await expectAxeClean(vendor, 'bid-panel-en-390', '.ant-drawer-content-wrapper');
  // Nothing wider than the phone but the tables' own scroll.
  const overflow = await portal
    .locator('.ant-drawer-body')
    .evaluate((body) => body.scrollWidth - body.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await portal.getByTestId('rfq-bid-submit').click();
  await expect(vendor.locator('.ant-modal-confirm')).toContainText('CNY 42,480.00');
  await vendor.getByTestId('rfq-confirm-ok').click();
  await expect(rank).toHaveText('1 of 1 bidder');
  await expect(portal.getByTestId('rfq-bid-own-best')).toHaveText('CNY 42,480.00');
  await expect(portal.getByTestId('rfq-own-bid-total')).toHaveText(['CNY 42,480.00']);

  // 华东钢材 bids lower: the rank moves by the socket, and its total is never shown.
  await bidOfVendor2('4100');
  await expect(rank).toHaveText('2 of 2 bidders');
  await expect(portal).not.toContainText('41,480');
  // The same prices again are not 100 below its own best: the server's reason is shown.
  await portal.getByTestId('rfq-bid-submit').click();
  await vendor.getByTestId('rfq-confirm-ok').click();
  await expect(portal.getByTestId('rfq-bid-refused')).toContainText('at least 100.00 below your own best');
  await expect(portal.getByTestId('rfq-own-bid-total')).toHaveCount(1);

  // The buyer's board has both, ranked; a further bid comes in live.
  const rows = board.getByTestId('rfq-board-row');
  await expect(rows.getByTestId('rfq-board-supplier')).toHaveText(['华东钢材有限公司', '示例供应商有限公司']);
  await expect(rows.getByTestId('rfq-board-best')).toHaveText(['CNY 41,480.00', 'CNY 42,480.00']);
  await bidOfVendor2('4000');
  await expect(rows.getByTestId('rfq-board-best')).toHaveText(['CNY 40,480.00', 'CNY 42,480.00']);
  await expect(board.getByTestId('rfq-board-bid-total').first()).toHaveText('CNY 40,480.00');
  await expect(board.getByTestId('rfq-board-count')).toHaveText('共 3 次出价');
  await expectAxeClean(buyer, 'bid-board-dark', '.ant-drawer-content-wrapper');

  // Suspended: the supplier is told at once and has no bid button; resumed, it has it again.
  await staff.getByTestId('rfq-suspend-bid').click();
  await buyer.getByTestId('rfq-confirm-ok').click();
  await expect(board.getByTestId('rfq-bid-state')).toHaveText('竞价暂停');
  await expect(staff.getByTestId('rfq-suspended-tag')).toBeVisible();
  await expect(portal.getByTestId('rfq-bid-notice')).toContainText('suspended the bidding');
  await expect(portal.getByTestId('rfq-bid-submit')).toHaveCount(0);
  await staff.getByTestId('rfq-resume-bid').click();
  await buyer.getByTestId('rfq-confirm-ok').click();
  await expect(board.getByTestId('rfq-bid-state')).toHaveText('竞价中');
  await expect(portal.getByTestId('rfq-bid-submit')).toBeVisible();

  // Closed early: the comparison is of the best bids.
  await staff.getByTestId('rfq-close').click();
  await buyer.getByTestId('rfq-confirm-ok').click();
  await expect(staff.getByTestId('rfq-state')).toHaveText('已截止');
  await expect(board.getByTestId('rfq-bid-state')).toHaveText('竞价结束');
  const comparison = staff.getByTestId('rfq-comparison');
  await expect(comparison.getByTestId('rfq-compare-total')).toHaveCount(2);
  await expect(comparison).toContainText('CNY 40,480.00');
  await expect(comparison).toContainText('CNY 42,480.00');
  await expect(portal.getByTestId('rfq-bid-notice')).toContainText('The bidding has closed');
  await expect(portal.getByTestId('rfq-bid-submit')).toHaveCount(0);
});
