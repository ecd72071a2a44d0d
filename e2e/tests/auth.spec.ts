import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { adminHeaders, createUser, expectAxeClean, openUserMenu, shot, signIn } from './helpers';

/**
 * A sign-in sent from another loopback address (127.0.0.2 and up reach the server on 127.0.0.1 as
 * other clients): the server trusts no forwarded-for header, so this is how a test comes from many
 * addresses. Answers the body's code.
 */
function signInFrom(baseURL: string, localAddress: string, userName: string, passWord: string) {
  const body = JSON.stringify({ userName, passWord });
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      new URL('/api/sys/login', baseURL),
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve((JSON.parse(text) as { code: number }).code));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test('a deep link without a token goes to the sign-in page, and signing in returns there', async ({
  page,
}) => {
  await page.goto('/system/log');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Flog|\/login\?redirect=\/system\/log/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await shot(page, 'login');
  await page.getByTestId('login-username').fill('  admin  ');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/system\/log$/);
  await expect(page.getByTestId('log-table')).toBeVisible();
  await expect(page).toHaveTitle(/系统日志/);
});

test('a wrong password is refused with a message and no session', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('wrong-password1');
  await page.getByTestId('login-submit').click();
  await expect(page.locator('.ant-message')).toContainText(/密码|password/i);
  await expect(page).toHaveURL(/\/login/);
});

test('after wrong passwords from many addresses, the owner signs in with the proof of work the page solves', async ({
  page,
  request,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const account = `pow${stamp}`;
  const password = 'Pow12345';
  await createUser(request, await adminHeaders(request), { account, realName: `验证${stamp}`, password });
  // Five wrong passwords, one from each of five addresses: none of them is locked, but the account
  // has reached the tenant's five attempts.
  for (let i = 2; i <= 6; i++) {
    expect(await signInFrom(String(baseURL), `127.0.0.${i}`, account, `wrong${i}x`)).toBe(400);
  }
  await page.goto('/login');
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  // Asked for the human check, which shows under the password and solves by itself.
  await expect(page.locator('.ant-message')).toContainText('请先完成人机验证再登录');
  await expect(page).toHaveURL(/\/login/);
  const widget = page.getByTestId('login-altcha');
  await expect(widget).toContainText('已验证', { timeout: 90_000 });
  await expectAxeClean(page, 'login-proof-of-work');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('layout-root')).toBeVisible();
});

test('signing out asks for confirmation, then the token is gone', async ({ page }) => {
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-logout').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('您确定要退出应用程序吗?');
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
});

test('lock, reload, still locked, unlock', async ({ page }) => {
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-lock').click();
  await expect(page).toHaveURL(/\/lockScreen/);
  await page.reload();
  await expect(page).toHaveURL(/\/lockScreen/);
  await page.goto('/system/log');
  await expect(page).toHaveURL(/\/lockScreen/);
  await expect(page.getByTestId('lock-password')).toBeVisible();
  await shot(page, 'lock-screen');
  await page.getByTestId('lock-password').fill('wrong-pass1');
  await page.getByTestId('lock-submit').click();
  await expect(page).toHaveURL(/\/lockScreen/);
  // The refusal clears the field: wait for it, or it could clear the next password too.
  await expect(page.getByTestId('lock-password')).toHaveValue('');
  await page.getByTestId('lock-password').fill('admin123');
  await page.getByTestId('lock-submit').click();
  await expect(page.getByTestId('layout-root')).toBeVisible();
  await expect(page).not.toHaveURL(/\/lockScreen/);
});

test('the sign-in form names empty fields, clears the message as you type, and can show the password', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('login-submit').click();
  const account = page.getByLabel('账号');
  const password = page.getByLabel('密码', { exact: true });
  await expect(page.getByRole('alert')).toHaveText(['请输入用户名或手机号', '请输入密码']);
  await expect(account).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'login-required');
  await account.fill('   ');
  await expect(page.getByRole('alert')).toHaveText(['请输入用户名或手机号', '请输入密码']);
  await account.fill('admin');
  await expect(page.getByRole('alert')).toHaveText(['请输入密码']);
  await expect(account).toHaveAttribute('aria-invalid', 'false');
  await password.fill('admin123');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: '显示密码' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: '隐藏密码' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
  // The labels are English now: reach the field by its test id.
  await page.getByTestId('login-password').press('Enter');
  await expect(page.getByTestId('home-page')).toBeVisible();
});
