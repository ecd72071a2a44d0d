import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiCall } from './helpers';

/**
 * The demo supplier's portal page of request `rfqId` in English on a phone-sized window. The
 * language is switched first (it is kept in the browser): the request's drawer covers the navbar.
 */
export async function supplierInEnglishOnPhone(vendor: Page, rfqId: string) {
  await vendor.getByTestId('lang-switch').click();
  await vendor.getByTestId('lang-en-US').click();
  await expect(vendor.locator('html')).toHaveAttribute('lang', 'en-US');
  await vendor.setViewportSize({ width: 390, height: 844 });
  await vendor.goto(`/vendorPortal/rfqs?id=${rfqId}`);
  await expect(vendor.locator('html')).toHaveAttribute('lang', 'en-US');
}

/**
 * A draft request for quotation through the API (as `buyer`): two lines, 10 t of plate (named with
 * `stamp`) and 40 boxes of bolts, to the demo supplier and 华东钢材, closing in an hour; `extra`
 * adds or replaces fields of the body (a title, terms, an auction's rules).
 */
export async function draftRfq<T>(
  request: APIRequestContext,
  buyer: Record<string, string>,
  stamp: string,
  extra: Record<string, unknown> = {},
): Promise<T> {
  const suppliers = await apiCall<{ id: string; supplierName: string }[]>(
    request,
    'get',
    '/api/procurement/Rfq/Suppliers',
    buyer,
  );
  const supplierIds = ['示例供应商有限公司', '华东钢材有限公司'].map(
    (n) => suppliers.find((s) => s.supplierName === n)?.id,
  );
  return apiCall<T>(request, 'post', '/api/procurement/Rfq', buyer, {
    title: `钢材询价 ${stamp}`,
    deadline: Date.now() + 3_600_000,
    deliveryAddress: `苏州工业园区 ${stamp} 号仓`,
    supplierIds,
    lines: [
      { materialName: `热轧钢板 ${stamp}`, unit: '吨', quantity: '10', deliveryDate: '2027-03-01' },
      { materialName: '螺栓', unit: '箱', quantity: '40', deliveryDate: '2027-03-10' },
    ],
    ...extra,
  });
}
