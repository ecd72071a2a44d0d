import { expect, test } from '@playwright/test';
import { openUserMenu, shot, signIn, signInAs } from './helpers';

test('the profile form checks on blur and keeps what was typed across tabs', async ({ page }) => {
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-profile').click();
  const mobile = page.getByTestId('profile-mobile');
  await expect(mobile).toBeVisible();
  await mobile.fill('12345');
  await mobile.blur();
  await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
  await mobile.fill('');
  await mobile.blur();
  await expect(page.getByText('手机号码不能为空')).toBeVisible();
  await page.getByTestId('profile-realName').fill('改过的名字');
  await shot(page, 'profile');
  await page.getByTestId('tag-/home').click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId('tag-/profile').click();
  await expect(page.getByTestId('profile-realName')).toHaveValue('改过的名字');
});

test('a token in /home?token= signs the browser in', async ({ page, request }) => {
  const res = await request.post('/api/sys/login', { data: { userName: 'buyer', passWord: 'buyer123' } });
  const { data } = (await res.json()) as { data: { token: string } };
  await page.goto(`/home?token=${data.token}`);
  await expect(page.getByTestId('layout-root')).toBeVisible();
  await expect(page.getByTestId('navbar-user')).toContainText('张采购');
});

test('the sub-company switch changes the company and says so', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('company-switch').click();
  await page.getByTestId('company-tree').getByText('华南分公司').click();
  await expect(page.locator('.ant-message')).toContainText('组织切换成功');
  await expect(page.getByTestId('company-switch')).toContainText('华南分公司');
  await page.reload();
  await expect(page.getByTestId('company-switch')).toContainText('华南分公司');
});

// The buyer, not the vendor: messages.spec.ts releases announcements whose forced dialog would
// cover the vendor's screen.
test('after a second sign-in the last-login notice shows the previous one', async ({ page }) => {
  await signIn(page, 'buyer');
  await openUserMenu(page);
  await page.getByTestId('menu-logout').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page).toHaveURL(/\/login/);
  // Through the form: the notice greets a sign-in made there.
  await signInAs(page, 'buyer', 'buyer123', '/login', { viaForm: true });
  await expect(page.getByTestId('last-login-notice')).toBeVisible();
  await expect(page.getByTestId('last-login-notice')).toContainText('127.0.0.1');
  // The place is named in the reader's language (stored as its kind, not as Chinese text).
  await expect(page.getByTestId('last-login-notice')).toContainText('本机');
});

test('the home page names the last sign-in place in English for an English reader', async ({
  browser,
  request,
}) => {
  // A sign-in before this one, from this machine.
  expect(
    (
      await (
        await request.post('/api/sys/login', { data: { userName: 'manager', passWord: 'manager123' } })
      ).json()
    ).code,
  ).toBe(0);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signInAs(page, 'manager', 'manager123', '/login', { viaForm: true });
  await expect(page.getByTestId('home-last-login')).toContainText(/ · Local · 127\.0\.0\.1$/);
  await expect(page.getByTestId('last-login-notice')).toContainText('Local');
  await context.close();
});

test('the about dialog shows the version from the configuration', async ({ page }) => {
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-about').click();
  await expect(page.getByTestId('about-version')).toHaveText(/\d+\.\d+/);
});

// A valid 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the avatar upload replaces the picture', async ({ page }) => {
  await signIn(page, 'admin');
  await openUserMenu(page);
  await page.getByTestId('menu-profile').click();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const img = page.getByTestId('profile-avatar').locator('img');
  await expect(img).toHaveAttribute('src', /\/api\/file\/Image\/userAvatar\/.+token=/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
});

test('the profile shows my permissions, my sign-in log and my team', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/profile');
  await page.getByTestId('profile-tab-authorize').click();
  const authorize = page.getByTestId('profile-authorize');
  await expect(authorize).toContainText('用户管理');
  await expect(authorize).not.toContainText('角色管理');
  await page.getByTestId('profile-tab-login-log').click();
  await expect(page.getByTestId('profile-login-log').locator('tbody tr.ant-table-row').first()).toContainText(
    '成功',
  );
  await page.getByTestId('profile-tab-subordinate').click();
  await expect(page.getByTestId('profile-subordinates')).toContainText('暂无下属');
  await shot(page, 'profile-subordinates');
});
