import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { adminHeaders, shot, signIn } from './helpers';

/**
 * What the product seeded reads in the reader's language: the system name on the sign-in page and
 * at the end of a signed-in page's title, in English and traditional Chinese; the settings screen
 * edits its English name; the demo purchase flow's condition reads in English in the designer.
 */

const SEEDED_BRAND = {
  sysName: 'SRM 供应商关系管理平台',
  sysNameEn: 'SRM Supplier Relationship Management',
  sysNameTw: 'SRM 供應商關係管理平台',
  logoUrl: '',
  loginTitle: '',
  loginSubtitle: '',
  copyright: '',
};

async function restoreBrand(request: APIRequestContext) {
  const res = await request.put('/api/system/SysConfig/brand', {
    headers: await adminHeaders(request),
    data: SEEDED_BRAND,
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

async function pageIn(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  return { context, page: await context.newPage() };
}

for (const [locale, name, title] of [
  ['en-US', SEEDED_BRAND.sysNameEn, /^Home - SRM Supplier Relationship Management$/],
  ['zh-TW', SEEDED_BRAND.sysNameTw, /^首頁 - SRM 供應商關係管理平台$/],
] as const) {
  test(`the sign-in heading and a page title name the product in ${locale}`, async ({ browser }) => {
    const { context, page } = await pageIn(browser, locale);
    await page.goto('/login');
    await expect(page.getByTestId('login-product-name')).toHaveText(name);
    await shot(page, `seeded-texts-login-${locale}`);
    await signIn(page, 'admin');
    await page.goto('/home');
    await expect(page).toHaveTitle(title);
    await expect(page.getByTestId('layout-logo')).toHaveAttribute('title', name);
    await context.close();
  });
}

test('the settings screen edits the English product name, which English readers then see', async ({
  page,
  browser,
  request,
}) => {
  const name = `QA Sourcing ${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  try {
    await page.goto('/system/sysConfig');
    await page.getByTestId('sys-config-tab-brand').click();
    await expect(page.getByTestId('sys-config-sysNameEn')).toHaveValue(SEEDED_BRAND.sysNameEn);
    await expect(page.getByTestId('sys-config-sysNameTw')).toHaveValue(SEEDED_BRAND.sysNameTw);
    await page.getByTestId('sys-config-sysNameEn').fill(name);
    await page.getByTestId('sys-config-save-brand').click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await shot(page, 'seeded-texts-config-brand');
    // A Chinese reader keeps the main name; an English one reads the new one.
    await expect(page).toHaveTitle(/ - SRM 供应商关系管理平台$/);
    const english = await pageIn(browser, 'en-US');
    await english.page.goto('/login');
    await expect(english.page.getByTestId('login-product-name')).toHaveText(name);
    await english.context.close();
  } finally {
    await restoreBrand(request);
  }
});

test("the demo purchase flow's condition reads in English in the designer", async ({ browser }) => {
  const { context, page } = await pageIn(browser, 'en-US');
  await signIn(page, 'admin');
  await page.goto('/workFlow/flowEngine');
  await page.getByTestId('flow-keyword').fill('purchaseRequisition');
  await page.getByTestId('flow-search').click();
  const row = page.getByTestId('flow-table').locator('tbody tr', { hasText: 'purchaseRequisition' }).first();
  await row.getByTestId('flow-design').click();
  const canvas = page.getByTestId('flow-canvas');
  await expect(canvas.getByTestId('flow-branch-sentence').first()).toHaveText('Total > 50000');
  await shot(page, 'seeded-texts-designer-en');
  await context.close();
});
