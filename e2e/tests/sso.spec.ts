import { expect, type Page } from '@playwright/test';
// @ts-expect-error: a plain ES module shared with the API tests, without declarations.
import { registerClient } from '../identity-providers.mjs';
import { adminHeaders, darkMode, expectAxeClean, openUserMenu, test } from './helpers';

/**
 * Single sign-on in the browser (issue 40 §1, §4): the identity providers of identity-providers.mjs
 * (oidc-provider with its own login and consent pages, a small CAS server), which the e2e server may
 * reach (IDENTITY_PROVIDER_HOSTS, playwright.config.ts). Tenant-wide: a provider shows on every
 * sign-in page of the tenant.
 */
const OIDC = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
const CAS = `http://127.0.0.1:${process.env.E2E_CAS_PORT}/cas`;
const DRAWER = '.ant-drawer-content-wrapper';
const stamp = Date.now().toString(36);

/** At oidc-provider's own pages: its login (any password), then its consent. */
async function atIdentityProvider(page: Page, login: string) {
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const storedToken = (page: Page) =>
  page.evaluate(() => (window.localStorage.getItem('srm_token') ?? '').replace(/^String\|/, ''));

test('an administrator sets up an OIDC provider; a buyer signs in and out through it, and a browser signed in as another user does not keep him', async ({
  signedInPage,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const name = `Acme IdP ${stamp}`;
  const page = await signedInPage('admin');
  await page.goto('/system/sso');
  await expect(page.getByTestId('sso-page')).toBeVisible();
  await page.getByTestId('sso-add').click();
  await expect(page.getByTestId('sso-form')).toBeVisible();
  await page.getByTestId('sso-name').fill(name);
  await page.getByTestId('sso-issuer').fill('https://login.example.com');
  await page.getByTestId('sso-client-id').fill('pending');
  // A host the platform does not allow: refused at the issuer, in Chinese.
  await page.getByTestId('sso-test').click();
  await expect(page.getByTestId('sso-test-error')).toContainText('IDENTITY_PROVIDER_HOSTS');
  await page.getByTestId('sso-issuer').fill(OIDC);
  await page.getByTestId('sso-test').click();
  await expect(page.getByTestId('sso-test-ok')).toContainText(`${OIDC}/auth`);
  await expect(page.getByTestId('sso-redirect-later')).toBeVisible();
  await expectAxeClean(page, 'sso-editor', DRAWER);
  await page.getByTestId('sso-editor-save').click();
  await expect(page.getByTestId('sso-form')).toBeHidden();

  // Registered at the provider with the address the editor shows, then given its client.
  const row = page.getByTestId('sso-table').locator('tr', { hasText: name });
  await row.getByTestId('sso-open').click();
  const redirectUri = (await page.getByTestId('sso-redirect-uri').locator('code').innerText()).trim();
  expect(redirectUri).toMatch(new RegExp(`^${baseURL}/sso/callback/\\d+$`));
  const client = await registerClient(OIDC, redirectUri, `${baseURL}/login`);
  await page.getByTestId('sso-client-id').fill(client.clientId);
  await page.getByTestId('sso-client-secret').fill(client.clientSecret);
  await page.getByTestId('sso-link-email').click();
  await page.getByTestId('sso-editor-save').click();
  await expect(page.getByTestId('sso-form')).toBeHidden();
  await row.getByTestId('sso-open').click();
  await expect(page.getByTestId('sso-secret-kept')).toBeVisible();
  await expect(page.getByTestId('sso-client-secret')).toHaveValue('');
  await page.getByTestId('sso-editor-cancel').click();
  await expectAxeClean(page, 'sso-list');
  await darkMode(page);
  await expectAxeClean(page, 'sso-list-dark');

  // The buyer, in a browser of his own: the sign-in page offers the provider.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const buyer = await context.newPage();
  await buyer.goto('/login?tenant=demo');
  await expect(buyer.getByTestId('login-sso')).toBeVisible();
  await expectAxeClean(buyer, 'login-with-sso');
  await buyer.getByRole('button', { name: `使用 ${name} 登录` }).click();
  await atIdentityProvider(buyer, 'buyer@example.com');
  await expect(buyer.getByTestId('layout-root')).toBeVisible({ timeout: 30_000 });
  await expect(buyer.getByTestId('navbar-user')).toContainText('张采购');
  // Sign-out ends the provider's session too (its own confirmation), then the sign-in page.
  await openUserMenu(buyer);
  await buyer.getByTestId('menu-logout').click();
  await buyer.locator('.ant-modal-confirm .ant-btn-primary').click();
  await buyer.getByRole('button', { name: /sign me out/i }).click();
  await expect(buyer.getByTestId('login-page')).toBeVisible();
  await context.close();

  // The administrator's browser, still signed in, goes through the provider as the buyer: the
  // buyer is shown, and the administrator's session there has ended.
  const adminToken = await storedToken(page);
  const providerId = redirectUri.split('/').at(-1);
  const started = await page.request.post('/api/oauth/Sso/Actions/Start', { data: { providerId } });
  const { data } = (await started.json()) as { data: { url: string } };
  await page.goto(data.url);
  await atIdentityProvider(page, 'buyer@example.com');
  await expect(page.getByTestId('navbar-user')).toContainText('张采购');
  const old = await page.request.get('/api/sys/user/info', {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(((await old.json()) as { code: number }).code).not.toBe(0);
  expect(await storedToken(page)).not.toBe(adminToken);

  const headers = await adminHeaders(page.request);
  await page.request.delete(`/api/system/SsoProvider/${providerId}`, { headers });
});

test('CAS signs a user in on a phone, in English; a refused or forged answer is said plainly', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = await adminHeaders(request);
  const name = `Campus CAS ${stamp}`;
  const made = await request.post('/api/system/SsoProvider', {
    headers,
    data: { name, kind: 'cas', issuer: CAS, linkByEmail: true },
  });
  const provider = ((await made.json()) as { data: { id: string } }).data;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/login?tenant=demo');
  await page.getByTestId('login-language').getByRole('button', { name: 'English' }).click();
  await page.getByRole('button', { name: `Sign in with ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Central Authentication Service' })).toBeVisible();
  await page.getByLabel('Username').fill('buyer@example.com');
  await page.getByLabel('Password').fill('any-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('layout-root')).toBeVisible({ timeout: 30_000 });

  // A forged answer, in a browser without a started sign-in: a plain refusal and the way back.
  const stranger = await context.browser()?.newContext({ viewport: { width: 390, height: 844 } });
  const other = await stranger?.newPage();
  if (!other) throw new Error('no second browser');
  await other.goto(`/sso/callback/${provider.id}?code=forged&state=forged`);
  await expect(other.getByTestId('sso-problem')).toContainText('登录请求无效或已使用');
  await expectAxeClean(other, 'sso-callback-refused');
  // The provider's own refusal, as it sends it back.
  await other.goto(`/sso/callback/${provider.id}?error=access_denied&error_description=User%20cancelled`);
  await expect(other.getByTestId('sso-problem')).toContainText('User cancelled');
  await other.getByTestId('sso-back').click();
  await expect(other.getByTestId('login-page')).toBeVisible();
  await stranger?.close();
  await context.close();
  await request.delete(`/api/system/SsoProvider/${provider.id}`, { headers });
});
