import { type Browser, expect, test } from '@playwright/test';
import { SEEDED_BRAND, shot, signIn } from './helpers';

/**
 * What the product seeded reads in the reader's language: the system name on the sign-in page and
 * at the end of a signed-in page's title, in English and traditional Chinese; the demo purchase
 * flow's condition reads in English in the designer. (The settings screen editing the English name
 * is in sys-config.spec.ts, run after the others as it changes what every spec reads.)
 */

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
