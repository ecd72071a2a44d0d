import { expect, test } from '@playwright/test';
import { adminHeaders, createUser, expectAxeClean, shot, shotAtRest, signIn, signInAs } from './helpers';

test('an administrator unlocks a user locked by five wrong passwords, who then signs in', async ({
  browser,
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const account = `lock${stamp}`;
  const password = 'Lock1234';
  await createUser(request, await adminHeaders(request), { account, realName: `锁定${stamp}`, password });
  const signInCode = async (passWord: string) =>
    (
      (await (await request.post('/api/sys/login', { data: { userName: account, passWord } })).json()) as {
        code: number;
      }
    ).code;
  for (let i = 1; i <= 5; i++) await signInCode(`wrong${i}x`);
  // Locked: the right password is refused too.
  expect(await signInCode(password)).toBe(429);

  // A common office screen, where the user list's row fits whole: on a narrower one the sticky
  // actions column covers the state switch of a row scrolled under it, which axe counts as a
  // target too small (the switch is whole once the table is scrolled).
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'admin');
  await page.goto('/permission/user');
  // Only a locked user is marked and offered the unlock: not the administrator's row.
  await expect(page.getByTestId('user-row-admin')).toBeVisible();
  await expect(page.getByTestId('user-unlock-admin')).toHaveCount(0);
  await page.getByTestId('user-keyword').fill(account);
  await page.getByTestId('user-search').click();
  await expect(page.getByTestId(`user-locked-${account}`)).toHaveText('已锁定');
  // The search's answer, not the list before it (which may hold the new user too).
  await expect(page.locator('.ant-table tbody tr.ant-table-row')).toHaveCount(1);
  await expectAxeClean(page, 'user list with a locked user', '.ant-table');
  await page.getByTestId(`user-unlock-${account}`).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText(`解除 锁定${stamp} 的登录锁定？`);
  // Until when, and from how many client addresses (the five tries came from one).
  await expect(confirm).toContainText(/登录锁定至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（1 个客户端地址）/);
  await shot(page, 'user-unlock-confirm');
  await page.getByTestId('user-unlock-confirm').click();
  await expect(page.getByText('已解除登录锁定')).toBeVisible();
  // Unlocked: the mark and the action go, and focus is not lost to the page's body.
  await expect(page.getByTestId(`user-locked-${account}`)).toHaveCount(0);
  await expect(page.getByTestId(`user-unlock-${account}`)).toHaveCount(0);
  await expect(page.getByTestId(`user-edit-${account}`)).toBeFocused();

  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signInAs(theirs, account, password);
  await shot(theirs, 'user-unlocked-signed-in');
  await context.close();
});

test('the menu editor shows the field message for a javascript: link and a token sent to another site', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/system/menu');
  await page.getByTestId('menu-add').click();
  const drawer = page.getByTestId('menu-form-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('menu-form-type').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '外链' })
    .first()
    .click();
  await drawer.getByTestId('menu-form-name').fill('坏链接');
  await drawer.getByTestId('menu-form-code').fill(`e2e.badlink${Date.now().toString(36)}`);
  await page.getByTestId('menu-icon-picker').click();
  await page.getByTestId('menu-icon-search').locator('input').fill('link');
  await page.getByTestId('menu-icon-option-LinkOutlined').click();
  const url = drawer.getByTestId('menu-form-url');
  // The message under the address field itself.
  const urlMessage = drawer
    .locator('.ant-form-item', { has: page.getByTestId('menu-form-url') })
    .locator('.ant-form-item-explain-error');

  await url.fill('javascript:alert(1)');
  await drawer.getByTestId('menu-form-submit').click();
  await expect(urlMessage).toHaveText('链接须以 http(s):// 开头，或为本系统的路径（以 / 开头）');
  await shotAtRest(page, 'menu-form-javascript-url');

  // The placeholder the link menu replaces with the session token.
  const token = '$' + '{token}';
  await url.fill(`https://example.com/help?token=${token}`);
  await drawer.getByTestId('menu-form-submit').click();
  await expect(urlMessage).toHaveText(`登录凭证 ${token} 只能用于本系统的路径，不能发送到外部网站`);
  await shot(page, 'menu-form-token-url');

  // Neither was saved.
  await page.getByTestId('menu-form-cancel').click();
  await expect(page.getByTestId('menu-table')).not.toContainText('坏链接');
});
