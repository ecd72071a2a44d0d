import { type APIRequestContext, expect as baseExpect } from '@playwright/test';
import { apiCall, darkMode, expectAxeClean, sessionHeaders, test } from './helpers';
import { draftRfq, supplierInEnglishOnPhone } from './rfq-helpers';

/**
 * Requests for quotation (issue 41 §1), in two browsers: the buyer's request goes to two suppliers;
 * the second quotes through the API, the first in its portal in English on a phone-sized window
 * (prices per line, the total following, a validity); the buyer, in dark mode, sees who quoted but
 * not the prices until he closes the request, then compares side by side (the lowest marked) and
 * awards per line, which makes a draft order per supplier. Axe at rest on each screen.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
const stamp = String(Date.now()).slice(-6);

type Rfq = {
  id: string;
  version: number;
  billNo: string;
  lines: { id: string }[];
  quote: { version: number } | null;
};

/** A published request of two lines to the demo supplier and 华东钢材, which has quoted line 1 only. */
async function publishedRequest(request: APIRequestContext): Promise<Rfq> {
  const buyer = await sessionHeaders(request, 'buyer', 'buyer123');
  const vendor2 = await sessionHeaders(request, 'vendor2', 'vendor123');
  const made = await draftRfq<Rfq>(request, buyer, stamp, { terms: '含税含运费到厂' });
  await apiCall(request, 'post', `/api/procurement/Rfq/${made.id}/Actions/Publish`, buyer, {
    version: made.version,
  });
  const seen = await apiCall<Rfq>(request, 'get', `/api/procurement/Portal/Rfq/${made.id}`, vendor2);
  await apiCall(request, 'put', `/api/procurement/Portal/Rfq/${made.id}/Quote`, vendor2, {
    version: null,
    submit: true,
    validUntil: '2027-06-30',
    lines: seen.lines.map((l, i) => ({ rfqLineId: l.id, unitPrice: i === 0 ? '4150' : null })),
  });
  return made;
}

test('two suppliers quote, the buyer compares after the close and awards per line', async ({
  signedInPage,
  request,
}) => {
  const rfq = await publishedRequest(request);

  // The supplier, in English, on a phone: its quote of both lines.
  const vendor = await signedInPage('vendor');
  await supplierInEnglishOnPhone(vendor, rfq.id);
  const detail = vendor.getByTestId('rfq-portal-detail');
  await expect(detail.getByTestId('rfq-bill-no')).toHaveText(rfq.billNo);
  await expect(detail.getByTestId('rfq-state')).toHaveText('Open');
  await detail.getByTestId('rfq-quote-price-1').fill('4200');
  await detail.getByTestId('rfq-quote-price-2').fill('12');
  await expect(detail.getByTestId('rfq-quote-total')).toContainText('42,480.00');
  await expectAxeClean(vendor, 'rfq-quote-en-390', '.ant-drawer-content-wrapper');
  const validity = detail.getByTestId('rfq-quote-valid-until');
  await validity.click();
  await vendor.keyboard.type('2027-06-30');
  await vendor.keyboard.press('Enter');
  await detail.getByTestId('rfq-quote-submit').click();
  await vendor.getByTestId('rfq-confirm-ok').click();
  await expect(detail.getByTestId('rfq-quote-withdraw')).toBeVisible();
  await expect(detail.getByTestId('rfq-quote-state')).toHaveText('Submitted');

  // The buyer, in dark mode: both quoted, prices sealed until he closes the request.
  const buyer = await signedInPage('buyer');
  await buyer.goto('/home');
  await darkMode(buyer);
  await buyer.goto(`/procurement/rfq?id=${rfq.id}`);
  const staff = buyer.getByTestId('rfq-detail');
  await expect(staff.getByTestId('rfq-invitees').getByTestId('rfq-quote-state')).toHaveText([
    '已提交',
    '已提交',
  ]);
  await expect(staff.getByTestId('rfq-comparison')).toHaveCount(0);
  await expectAxeClean(buyer, 'rfq-open-dark', '.ant-drawer-content-wrapper');
  await staff.getByTestId('rfq-close').click();
  await buyer.getByTestId('rfq-confirm-ok').click();
  await expect(staff.getByTestId('rfq-state')).toHaveText('已截止');
  const comparison = staff.getByTestId('rfq-comparison');
  await expect(comparison).toBeVisible();
  await expect(comparison.getByTestId('rfq-compare-lowest')).toHaveCount(2);
  await expectAxeClean(buyer, 'rfq-compare-dark', '.ant-drawer-content-wrapper');

  // The award: each line proposed to its lowest quote; line 1 to 华东钢材 picked by hand.
  await comparison.getByTestId('rfq-award-1').click();
  await buyer.locator('.ant-select-item-option').filter({ hasText: '华东钢材' }).click();
  // Line 2 is proposed to its only quote, the demo supplier's.
  await expect(comparison.getByTestId('rfq-award-2')).toContainText('示例供应商');
  await expect(staff.getByTestId('rfq-award-total')).toContainText('41,980.00');
  await staff.getByTestId('rfq-award-submit').click();
  await buyer.getByTestId('rfq-confirm-ok').click();
  await expect(staff.getByTestId('rfq-state')).toHaveText('已定标');
  await expect(staff.getByTestId('rfq-orders').getByTestId('rfq-order-link')).toHaveCount(2);

  // The supplier sees the line it won.
  await vendor.reload();
  await expect(vendor.getByTestId('rfq-portal-detail').getByTestId('rfq-state')).toHaveText('Awarded');
  await expect(vendor.getByTestId('rfq-portal-detail').getByTestId('rfq-line-award')).toHaveCount(1);
});
