import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { lastSmsCode } from '../sms-inbox';
import { adminHeaders, createUser, expectAxeClean, signOut, test } from './helpers';

/**
 * Verification codes in the browser (issue 40 §2): the e2e server's recording SMS gateway writes
 * each message to its inbox (playwright.config.ts), which these tests read as the phone would.
 */
async function userWithMobile(request: APIRequestContext, account: string, password: string) {
  const headers = await adminHeaders(request);
  const id = await createUser(request, headers, { account, realName: `用户${account}`, password });
  const res = await request.get(`/api/permission/Users/${id}`, { headers });
  return ((await res.json()) as { data: { mobile: string } }).data.mobile;
}

/** Waits for the human check, sends a code and answers it as the inbox has it. */
async function askCode(page: Page, baseURL: string, mobile: string, verified: string) {
  await page.getByTestId('code-mobile').fill(mobile);
  await expect(page.getByTestId('code-proof')).toContainText(verified, { timeout: 90_000 });
  await page.getByTestId('code-send').click();
  await expect(page.getByTestId('code-send')).toBeDisabled();
  await expect.poll(() => lastSmsCode(baseURL, mobile) ?? '', { timeout: 15_000 }).toMatch(/^\d{6}$/);
  return lastSmsCode(baseURL, mobile) ?? '';
}

test('a user signs in with a code sent to his mobile; another sets a forgotten password with one, in English at 390 px', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const base = baseURL ?? '';
  const mobile = await userWithMobile(request, `code${stamp}`, 'Buyer1234');
  const forgetful = await userWithMobile(request, `forgot${stamp}`, 'Buyer1234');

  await page.goto('/login');
  await page.getByTestId('login-with-code').click();
  await expect(page.getByTestId('code-login-form')).toBeVisible();
  // A wrong mobile is said at its field, nothing is sent.
  await page.getByTestId('code-mobile').fill('12345');
  await page.getByTestId('code-submit').click();
  await expect(page.getByTestId('code-login-form')).toContainText('请输入正确的手机号');
  const code = await askCode(page, base, mobile, '已验证');
  await expect(page.getByTestId('code-send')).toContainText('秒后重新获取');
  await expectAxeClean(page, 'code-login');
  // A wrong code first: refused at the code; the right one signs in.
  await page.getByTestId('code-input').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('code-submit').click();
  await expect(page.getByTestId('code-login-form')).toContainText('验证码不正确或已失效');
  await page.getByTestId('code-input').fill(code);
  await page.getByTestId('code-submit').click();
  await expect(page.getByTestId('layout-root')).toBeVisible();
  await signOut(page);

  // A forgotten password, in English on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('login-language').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.getByTestId('login-forgot').click();
  await expect(page.getByTestId('code-reset-form')).toContainText('Set a new password');
  const resetCode = await askCode(page, base, forgetful, 'Verified');
  await page.getByTestId('code-input').fill(resetCode);
  await page.getByTestId('code-new-password').fill('Newpass1234');
  await page.getByTestId('code-confirm-password').fill('Newpass1234');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await expectAxeClean(page, 'code-reset-390-en');
  await page.getByTestId('code-submit').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('login-username').fill(`forgot${stamp}`);
  await page.getByTestId('login-password').fill('Newpass1234');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('layout-root')).toBeVisible();
});
