import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  adminHeaders,
  createUser,
  darkMode,
  expectAxeClean,
  openSettings,
  quietPage,
  sessionHeaders,
  signInAs,
  test,
} from './helpers';
import { admittedSupplier, call } from './vendor-helpers';

/**
 * The home page below the profile (issue 42 §3): what waits for the user — his open to-dos and his
 * unread messages, a few rows each opening where it points, an empty state, "more" to the full
 * list — and a supplier's user, whose profile shows his supplier and role instead of the staff's
 * empty company and department, and whose home has his to-dos beside his inbox's open notices.
 */

const PASSWORD = 'pass1234';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A leave flow whose one approver is `userId`, launched by the admin: one open to-do of his. */
async function todoFor(request: APIRequestContext, headers: Record<string, string>, userId: string) {
  const code = `e2e.home${stamp()}`;
  const flow = await call<{ id: string }>(
    request.post('/api/flow/FlowEngine/save', {
      headers,
      data: {
        enCode: code,
        fullName: `首页待办 ${code.slice(-4)}`,
        category: 'hr',
        formName: 'LeaveApply',
        flowTemplateJson: {
          id: 'start',
          type: 'start',
          name: '发起人',
          next: {
            id: 'approve',
            type: 'approver',
            name: '审批',
            assignee: { kind: 'users', userIds: [userId] },
            signMode: 'or',
            next: { id: 'end', type: 'end', name: '结束' },
          },
        },
      },
    }),
  );
  await call(request.post(`/api/flow/FlowEngine/release/${flow.id}`, { headers }));
  const task = await call<{ id: string }>(
    request.post('/api/workflow/Engine/FlowTask', {
      headers,
      data: {
        flowId: flow.id,
        formData: {
          leaveType: 'annual',
          startDate: '2030-01-07',
          startHalf: 'am',
          endDate: '2030-01-07',
          endHalf: 'pm',
          reason: '首页待办',
        },
        submit: true,
      },
    }),
  );
  return task.id;
}

/** Nothing wider than the window: no sideways scrolling. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('home shows the open to-dos and unread messages, live, each opening its page; empty states and "more"', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = await adminHeaders(request);
  const account = `hm${stamp()}`;
  const userId = await createUser(request, headers, { account, realName: '首页', password: PASSWORD });
  // An announcement another spec releases meanwhile would be his first unread message: none left.
  await request.post('/api/message/Actions/ReadAll', {
    headers: await sessionHeaders(request, account, PASSWORD),
  });

  const page = await quietPage(browser);
  await signInAs(page, account, PASSWORD);
  const todos = page.getByTestId('home-todos');
  const unread = page.getByTestId('home-unread');
  // A new user: nothing waits, and each card says so.
  await expect(todos.getByTestId('home-todos-empty').locator('.ant-empty-description')).toHaveText(
    '暂无待办',
  );
  await expect(unread.getByTestId('home-unread-empty').locator('.ant-empty-description')).toHaveText(
    '暂无未读消息',
  );
  // Each quick link shows its menu's own icon (as the side menu does), not one generic icon for all.
  const linkIcons = () =>
    page.getByTestId('home-quick-link-icon').evaluateAll((els) =>
      els.map((el) => {
        const name = el.getAttribute('data-icon') ?? '';
        const kebab = name
          .replace(/(Outlined|Filled|TwoTone)$/, '')
          .replace(/[A-Z]/g, (c, i) => `${i ? '-' : ''}${c.toLowerCase()}`);
        const shown = el.querySelector('.anticon')?.classList.contains(`anticon-${kebab}`) ?? false;
        return { name, shown: Boolean(name) && shown };
      }),
    );
  await expect.poll(async () => (await linkIcons()).filter((l) => !l.shown)).toEqual([]);
  const icons = await linkIcons();
  expect(icons.length).toBeGreaterThan(2);
  expect(new Set(icons.map((l) => l.name)).size).toBeGreaterThan(1);

  // A to-do arrives, and with it its message: the cards show them without a reload.
  const taskId = await todoFor(request, headers, userId);
  const todo = todos.getByTestId('home-todos-row');
  await expect(todo).toHaveCount(1);
  await expect(todos).toContainText('首页待办');
  await expect(unread.getByTestId('home-unread-row').first()).toBeVisible();
  await expectAxeClean(page, 'home-work-cards');

  // Each opens its page: the to-do its task page, "more" the to-do list and the message centre.
  await todo.click();
  await expect(page).toHaveURL(new RegExp(`/workFlow/flowBefore/${taskId}$`));
  await page.goBack();
  await todos.getByTestId('home-todos-more').click();
  await expect(page).toHaveURL(/\/workFlow\/flowTodo$/);
  await page.goBack();
  await unread.getByTestId('home-unread-more').click();
  await expect(page).toHaveURL(/\/messageRecord$/);
  await page.goBack();

  // Opening a message reads it: back home, it is no longer among the unread.
  const before = await unread.getByTestId('home-unread-row').count();
  await unread.getByTestId('home-unread-row').first().click();
  await expect(page).not.toHaveURL(/\/home$/);
  await page.goBack();
  await expect(unread.getByTestId('home-unread-row')).toHaveCount(before - 1);

  // English, dark, the other two layouts, and 390 px: the cards keep inside the window.
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(todos.locator('h2')).toHaveText('My to-dos (1)');
  await expect(unread.locator('h2')).toContainText('Unread messages');
  await darkMode(page);
  await expectAxeClean(page, 'home-work-cards-dark');
  for (const layout of ['functional', 'plain']) {
    await openSettings(page);
    await page.getByTestId(`layout-${layout}`).click();
    await page.getByTestId('settings-drawer').locator('.ant-drawer-close').click();
    await expect(todo).toBeVisible();
    expect(await pageWidth(page), layout).toBeLessThanOrEqual(1400);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await todos.scrollIntoViewIfNeeded();
  await expect(todo).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await expectAxeClean(page, 'home-work-cards-390-dark');
  await page.context().close();
});

test("a supplier's home shows his supplier and role, not the staff's empty fields, and his to-dos beside his notices", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const key = String(Date.now()).slice(-8);
  const supplierName = `首页供应商${key}有限公司`;
  const owner = { account: `hv${key}`, password: 'abc12345' };
  await admittedSupplier(request, { supplierName, ...owner });
  const mobile = `136${key}`;
  await call(
    request.post('/api/base/vendor/Supplier/Mine/Users', {
      headers: await sessionHeaders(request, owner.account, owner.password),
      data: { realName: '首页子账号', mobile, password: 'sub12345' },
    }),
  );

  for (const [who, role] of [
    [owner, '企业管理员'],
    [{ account: `${mobile}@${owner.account}`, password: 'sub12345' }, '子账号'],
  ] as const) {
    const page = await quietPage(browser);
    await signInAs(page, who.account, who.password);
    const home = page.getByTestId('home-page');
    await expect(page.getByTestId('home-supplier-role')).toHaveText(role);
    await expect(home).toContainText(`所属供应商${supplierName}`);
    await expect(home).not.toContainText('当前组织');
    await expect(home).not.toContainText('所属部门');
    // His to-dos (none yet) beside his inbox's open notices; no to-do list in his menu, so no "more".
    await expect(page.getByTestId('home-todos-empty')).toBeVisible();
    await expect(page.getByTestId('home-todos-more')).toHaveCount(0);
    await expect(page.getByTestId('vendor-home-notices')).toBeVisible();
    await expectAxeClean(page, `home-supplier-${role}`);
    await page.context().close();
  }
});
