import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, createUser, expectAxeClean, SEEDED_BRAND, shot, signIn } from './helpers';

const SECURITY_DEFAULTS = { lockoutAttempts: 5, lockoutMinutes: 10, tokenTimeout: 720, singleLogin: false };

/** Puts a settings group back as the other specs expect it (they share the server). */
async function restore(request: APIRequestContext, group: string, body: unknown) {
  const res = await request.put(`/api/system/SysConfig/${group}`, {
    headers: await adminHeaders(request),
    data: body,
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

async function openTab(page: Page, group: string) {
  await page.goto('/system/sysConfig');
  await expect(page.getByTestId('sys-config-page')).toBeVisible();
  await page.getByTestId(`sys-config-tab-${group}`).click();
  await expect(page.getByTestId(`sys-config-form-${group}`)).toBeVisible();
}

test('the lockout setting changed on the settings screen applies at the next sign-in', async ({
  page,
  browser,
  request,
}) => {
  const account = `lk${Date.now().toString(36)}`;
  await createUser(request, await adminHeaders(request), {
    account,
    realName: `锁定设置${account}`,
    password: 'lock1234',
  });
  await signIn(page, 'admin');
  try {
    await openTab(page, 'security');
    // A value out of range is said at its field, not changed behind the user's back and saved.
    await page.getByTestId('sys-config-tokenTimeout').fill('0');
    await page.getByTestId('sys-config-save-security').click();
    await expect(page.getByText('不能小于 5')).toBeVisible();
    await expect(page.getByTestId('sys-config-tokenTimeout')).toHaveValue('0');
    await page.getByTestId('sys-config-tokenTimeout').fill('720');
    await page.getByTestId('sys-config-lockoutAttempts').fill('3');
    await page.getByTestId('sys-config-save-security').click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await shot(page, 'sys-config-security');

    // A stranger's browser: the third wrong password locks (the default would allow five).
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto('/login');
    await other.getByTestId('login-username').fill(account);
    for (let i = 1; i <= 3; i++) {
      await other.getByTestId('login-password').fill(`wrong${i}xx`);
      await other.getByTestId('login-submit').click();
      await expect(other.getByText(i < 3 ? '账号或密码错误' : /账号已锁定/).last()).toBeVisible();
    }
    await shot(other, 'sys-config-locked-at-three');
    await context.close();
  } finally {
    await restore(request, 'security', SECURITY_DEFAULTS);
  }
});

test('the product name and logo changed on the settings screen show on the sign-in page and in the sidebar', async ({
  page,
  browser,
  request,
}) => {
  const name = `QA 采购云 ${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  try {
    await openTab(page, 'brand');
    await page.getByTestId('sys-config-sysName').fill(name);
    await page.getByTestId('sys-config-loginTitle').fill('欢迎使用供应商门户');
    await page.getByTestId('sys-config-logoUrl').fill('/favicon.svg');
    await page.getByTestId('sys-config-save-brand').click();
    await expect(page.getByText('保存成功')).toBeVisible();
    // The sidebar shows the configured mark after the next start-up load.
    await page.reload();
    await expect(page.getByTestId('layout-logo-image')).toHaveAttribute('src', '/favicon.svg');

    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto('/login');
    await expect(other.getByTestId('login-product-name')).toHaveText(name);
    await expect(other.getByTestId('login-title')).toHaveText('欢迎使用供应商门户');
    await expect(other.getByTestId('login-logo')).toHaveAttribute('src', '/favicon.svg');
    await shot(other, 'sys-config-login-brand');
    // The supplier registration page, public too, names the product the same way.
    await other.getByTestId('login-vendor-register').click();
    await expect(other.getByTestId('register-brand')).toHaveText(name);
    await context.close();
  } finally {
    await restore(request, 'brand', SEEDED_BRAND);
  }
});

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
    const context = await browser.newContext({ locale: 'en-US' });
    const english = await context.newPage();
    await english.goto('/login');
    await expect(english.getByTestId('login-product-name')).toHaveText(name);
    await context.close();
  } finally {
    await restore(request, 'brand', SEEDED_BRAND);
  }
});

test('a new bill rule shows its live example while typing, then lists it', async ({ page }) => {
  const code = `qa${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await page.goto('/system/billRule');
  await expect(page.getByTestId('bill-rule-table')).toContainText('purchaseRequisition');
  await page.getByTestId('bill-rule-add').click();
  await page.getByTestId('bill-rule-form-name').fill('质检单');
  await page.getByTestId('bill-rule-form-code').fill(code);
  await page.getByTestId('bill-rule-form-prefix').fill('QC');
  await page.getByTestId('bill-rule-form-digits').fill('3');
  await page.getByTestId('bill-rule-form-start').fill('5');
  // Date part yyyyMMdd (the default) in China's calendar, then three digits from 5.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' })
    .format(new Date())
    .replaceAll('-', '');
  await expect(page.getByTestId('bill-rule-example')).toHaveText(`QC${today}005`);
  await page.getByTestId('bill-rule-form-date').click();
  await page.locator('.ant-select-dropdown').getByText('yyyy', { exact: true }).click();
  await expect(page.getByTestId('bill-rule-example')).toHaveText(`QC${today.slice(0, 4)}005`);
  await shot(page, 'bill-rule-form');
  await page.getByTestId('bill-rule-form-submit').click();
  await expect(page.getByTestId('bill-rule-form')).toBeHidden();
  const row = page.getByTestId('bill-rule-table').locator('tbody tr.ant-table-row').filter({ hasText: code });
  await expect(row).toContainText(`QC${today.slice(0, 4)}005`);
  await shot(page, 'bill-rule-list');
});

test('the invoice match tolerances are set on the settings screen, with two decimals at most', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  try {
    await openTab(page, 'procurement');
    await expectAxeClean(page, 'sys-config-procurement');
    await page.getByTestId('sys-config-matchPricePercent').fill('2.5');
    await page.getByTestId('sys-config-matchQuantityPercent').fill('101');
    await page.getByTestId('sys-config-save-procurement').click();
    await expect(page.getByText('不能大于 100')).toBeVisible();
    await page.getByTestId('sys-config-matchQuantityPercent').fill('0');
    await page.getByTestId('sys-config-save-procurement').click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await openTab(page, 'procurement');
    await expect(page.getByTestId('sys-config-matchPricePercent')).toHaveValue('2.50');
    const res = await request.get('/api/system/SysConfig', { headers: await adminHeaders(request) });
    const body = (await res.json()) as { data: { procurement: unknown } };
    expect(body.data.procurement).toEqual({ matchQuantityPercent: 0, matchPricePercent: 2.5 });
  } finally {
    await restore(request, 'procurement', { matchQuantityPercent: 0, matchPricePercent: 1 });
  }
});
