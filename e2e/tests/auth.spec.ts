import { expect, test } from '@playwright/test';
import { openUserMenu, shot, signIn } from './helpers';

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
