import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, axeViolations, createUser, settled, shot, signIn, signInAs } from './helpers';

/**
 * Delegation and the flow monitor (workFlow → entrust, flowMonitor): the manager delegates his
 * to-dos to a colleague, who then handles the manager's requisition as his delegate (through the API:
 * the to-do screen is its own); the delegate cannot pass it on (a chain, refused in his language);
 * the manager ends it. The administrator finds tasks in the monitor, assigns one to another user,
 * reads its history and terminates another with a reason. Both screens pass axe light and dark and
 * at 390 px, and work by keyboard.
 */
const ENTRUST = '/workFlow/entrust';
const MONITOR = '/workFlow/flowMonitor';
const B = '/api/flow/FlowEngine/FlowBefore';

test.describe.configure({ mode: 'serial' });

async function headersOf(request: APIRequestContext, userName: string, passWord: string) {
  const login = await request.post('/api/sys/login', { data: { userName, passWord } });
  const { data } = (await login.json()) as { data: { token: string } };
  return { authorization: `Bearer ${data.token}` };
}

async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'delete',
  url: string,
  headers: Record<string, string>,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, { headers, ...(data === undefined ? {} : { data }) });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(0);
  return body.data;
}

/** A purchase requisition of the buyer (it waits at his department manager, 王经理). */
async function launchAsBuyer(request: APIRequestContext, reason: string) {
  const buyer = await headersOf(request, 'buyer', 'buyer123');
  const flows = await api<{ flows: { id: string; formName: string }[] }[]>(
    request,
    'get',
    `${B}/getFlowTreeList`,
    buyer,
  );
  const flowId = flows.flatMap((g) => g.flows).find((f) => f.formName === 'PurchaseRequisition')?.id;
  const info = await api<{ userId: string; deptId: string }>(request, 'get', '/api/sys/user/info', buyer);
  return api<{ id: string; billNo: string }>(
    request,
    'post',
    '/api/workflow/Form/PurchaseRequisition',
    buyer,
    {
      flowId,
      formData: {
        deptId: info.deptId,
        requesterId: info.userId,
        reason,
        neededBy: '2030-06-30',
        lines: [{ item: '显示器', unit: '台', quantity: 2, price: 1200, spec: '27寸' }],
      },
    },
  );
}

/**
 * Ends every delegation of the manager still under way or to come. A failed attempt must not leave
 * one behind: the buyer would then see the manager's to-dos beside his own in every later spec.
 */
async function endManagersDelegations(request: APIRequestContext) {
  const manager = await headersOf(request, 'manager', 'manager123');
  const url = '/api/workflow/Engine/FlowDelegate';
  const all = await api<{ id: string; fromUserName: string; endTime: number }[]>(
    request,
    'get',
    url,
    manager,
  );
  for (const d of all.filter((d) => d.fromUserName === '王经理' && d.endTime > Date.now())) {
    await api(request, 'delete', `${url}/${d.id}`, manager);
  }
}

/** Picks a user in a user picker by typing part of the name. */
async function pickUser(page: Page, testId: string, name: string) {
  const picker = page.getByTestId(testId);
  await picker.click();
  await picker.locator('input').fill(name);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: name })
    .first()
    .click();
}

/** The picker, searched for `search`, answers that no such user exists (none is offered). */
async function expectNotOffered(page: Page, testId: string, search: string) {
  const picker = page.getByTestId(testId);
  await picker.click();
  await picker.locator('input').fill(search);
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown.locator('.ant-empty')).toBeVisible();
  await expect(dropdown.locator('.ant-select-item-option')).toHaveCount(0);
  await picker.locator('input').fill('');
  await page.keyboard.press('Escape');
}

test('the manager delegates to a colleague, who acts for him; a chain is refused; the manager ends it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await endManagersDelegations(request);
  // A delegate of this test's own: delegating to a demo account would put the manager's to-dos
  // beside that account's own in the specs running at the same time.
  const stamp = Date.now().toString(36);
  const delegateName = `代理${stamp.slice(-4)}`;
  const delegateAccount = `dl${stamp}`;
  const admin = await adminHeaders(request);
  await createUser(request, admin, {
    account: delegateAccount,
    realName: delegateName,
    password: 'abc12345',
  });

  const managerContext = await browser.newContext({ locale: 'zh-CN' });
  const page = await managerContext.newPage();
  await signInAs(page, 'manager', 'manager123');
  await page.goto(ENTRUST);
  await expect(page.getByTestId('entrust-page')).toBeVisible({ timeout: 30_000 });
  // Keyboard: the add button opens the dialog with focus inside; Escape brings focus back.
  const add = page.getByTestId('entrust-add');
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('entrust-form') });
  await expect(dialog).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // All flows to the delegate for the default week from now. A supplier's user (李供应, vendor) is
  // not offered: only the company's own enabled staff may act for him.
  await add.click();
  await expectNotOffered(page, 'entrust-delegate', 'vendor');
  await pickUser(page, 'entrust-delegate', delegateName);
  await page.getByTestId('entrust-description').fill('出差一周');
  await shot(page, 'entrust-form');
  await page.getByTestId('entrust-form-submit').click();
  await expect(dialog).toBeHidden();
  const given = page.getByTestId('entrust-given');
  const row = given.locator('tr', { hasText: delegateName });
  await expect(row).toContainText('全部流程');
  await expect(row.getByTestId('entrust-state')).toHaveText('委托中');
  await shot(page, 'entrust-list');

  try {
    // The delegate sees it among "delegated to me", and cannot pass it on (a chain), in his language.
    const delegateContext = await browser.newContext({ locale: 'en-US' });
    const delegatePage = await delegateContext.newPage();
    await signInAs(delegatePage, delegateAccount, 'abc12345');
    await delegatePage.goto(ENTRUST);
    await delegatePage.getByRole('tab', { name: 'Delegated to me' }).click();
    await expect(delegatePage.getByTestId('entrust-received')).toContainText('王经理');
    await delegatePage.getByTestId('entrust-add').click();
    await pickUser(delegatePage, 'entrust-delegate', '系统管理员');
    await delegatePage.getByTestId('entrust-form-submit').click();
    await expect(delegatePage.getByTestId('entrust-refusal')).toContainText(
      'No chains: the delegate has delegated, or you act for someone else',
    );
    await shot(delegatePage, 'entrust-chain-refused-en');
    await delegateContext.close();

    // Acting as the delegate: his to-dos hold the manager's item, marked, and he approves it.
    const task = await launchAsBuyer(request, `委托验证 ${Date.now()}`);
    const delegate = await headersOf(request, delegateAccount, 'abc12345');
    const todo = await api<{ list: { id: string; operatorId: string; delegatorName: string | null }[] }>(
      request,
      'post',
      `${B}/List/1`,
      { ...delegate, 'accept-language': 'zh-CN' },
      { pageSize: 100 },
    );
    const item = todo.list.find((i) => i.id === task.id);
    expect(item?.delegatorName).toBe('(王经理的委托)');
    const approved = await api<{ status: number }>(
      request,
      'post',
      `${B}/Audit/${item?.operatorId}`,
      delegate,
      {
        handleOpinion: '代王经理同意',
      },
    );
    expect(approved.status).toBe(2);
    const detail = await api<{
      history: { action: string; actorName: string; onBehalfOfName: string | null }[];
    }>(request, 'get', `${B}/${task.id}`, delegate);
    expect(detail.history.find((h) => h.action === 'audit')).toMatchObject({
      actorName: delegateName,
      onBehalfOfName: '王经理',
    });
  } finally {
    // The manager ends it on the screen (it stays listed, ended).
    await page.reload();
    const active = page.getByTestId('entrust-given').locator('tr', { hasText: delegateName });
    await active.getByTestId('entrust-end').click();
    await page.getByTestId('entrust-end-ok').click();
    await expect(active).toContainText('已结束');
    await managerContext.close();
  }
});

// Whatever failed above, no delegation of the manager outlives the spec.
test.afterAll(async ({ request }) => {
  await endManagersDelegations(request);
});

test('the monitor finds tasks, assigns one to another user, shows its history and terminates another', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminHeaders(request);
  const stamp = Date.now().toString(36);
  const handlerName = `指派${stamp.slice(-4)}`;
  await createUser(request, admin, { account: `fa${stamp}`, realName: handlerName, password: 'abc12345' });
  const first = await launchAsBuyer(request, `监控指派 ${stamp}`);
  const second = await launchAsBuyer(request, `监控终止 ${stamp}`);

  await signIn(page, 'admin');
  await page.goto(MONITOR);
  await expect(page.getByTestId('flow-monitor-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('monitor-keyword').fill(first.billNo);
  await page.getByTestId('monitor-search').click();
  const table = page.getByTestId('monitor-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table).toContainText('采购申请 – 张采购');
  await expect(table.getByTestId('monitor-status')).toHaveText('审批中');

  // Assign the manager's node to the new user.
  await table.getByTestId('monitor-assign').click();
  const assign = page.locator('.ant-modal').filter({ has: page.getByTestId('monitor-assign-form') });
  await assign.getByTestId('monitor-assign-node').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '部门经理审批' })
    .click();
  await expect(assign.getByTestId('monitor-assign-current')).toContainText('王经理');
  await pickUser(page, 'monitor-assign-users', handlerName);
  await assign.getByTestId('monitor-assign-opinion').fill('王经理休假');
  await shot(page, 'monitor-assign');
  await page.getByTestId('monitor-assign-form-submit').click();
  await expect(assign).toBeHidden();
  const nodes = await api<{ nodes: { nodeId: string; handlers: { userName: string; state: string }[] }[] }>(
    request,
    'get',
    `${B}/${first.id}`,
    admin,
  );
  const pending = nodes.nodes
    .find((n) => n.nodeId === 'deptManager')
    ?.handlers.filter((h) => h.state === 'pending')
    .map((h) => h.userName);
  expect(pending).toEqual([handlerName]);

  // The history drawer, by keyboard: Enter opens it, Escape closes it and focus comes back.
  const historyButton = table.getByTestId('monitor-history-open');
  await historyButton.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('monitor-history');
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('提交');
  await expect(drawer).toContainText('指派');
  await expect(drawer).toContainText('王经理休假');
  await settled(page);
  await shot(page, 'monitor-history');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(historyButton).toBeFocused();

  // Terminate the second: the reason is required.
  await page.getByTestId('monitor-keyword').fill(second.billNo);
  await page.getByTestId('monitor-search').click();
  await expect(table).toContainText(second.billNo);
  await table.getByTestId('monitor-cancel').click();
  const cancel = page.locator('.ant-modal').filter({ has: page.getByTestId('monitor-cancel-form') });
  await page.getByTestId('monitor-cancel-form-submit').click();
  await expect(cancel).toContainText('请填写终止原因');
  await cancel.getByTestId('monitor-cancel-reason').fill('预算取消');
  await page.getByTestId('monitor-cancel-form-submit').click();
  await expect(cancel).toBeHidden();
  await expect(table.getByTestId('monitor-status')).toHaveText('已终止');
  await expect(table.getByTestId('monitor-cancel')).toHaveCount(0);
  // The filters: terminated tasks only.
  await page.getByTestId('monitor-keyword').fill('');
  await page.getByTestId('monitor-status-filter').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '已终止' }).click();
  await page.getByTestId('monitor-search').click();
  await expect(table).toContainText(second.billNo);
  await expect(table).not.toContainText(first.billNo);
  await shot(page, 'monitor-list');

  // That the buyer, who has no monitor, is refused it (403) is the server's alone, asserted in
  // apps/server/test/api/flow-admin.test.ts ("For administrators only").
});

for (const dark of [false, true])
  test(`both screens pass axe (${dark ? 'dark' : 'light'}, en-US when dark)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ locale: dark ? 'en-US' : 'zh-CN' });
    const page = await context.newPage();
    await signIn(page, 'admin');
    if (dark) {
      await page.getByTestId('settings-button').click();
      await page.getByTestId('theme-dark').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.keyboard.press('Escape');
    }
    for (const [path, testId] of [
      [ENTRUST, 'entrust-page'],
      [MONITOR, 'flow-monitor-page'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(testId)).toBeVisible({ timeout: 30_000 });
      await settled(page);
      await shot(page, `${testId}-${dark ? 'dark-en' : 'light'}`);
      expect(await axeViolations(page), `${path} ${dark ? 'dark' : 'light'}`).toEqual([]);
    }
    // The entrust dialog too.
    await page.goto(ENTRUST);
    await page.getByTestId('entrust-add').click();
    await expect(page.getByTestId('entrust-form')).toBeVisible();
    await settled(page);
    expect(await axeViolations(page), 'entrust dialog').toEqual([]);
    await context.close();
  });

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('both screens read and act in a narrow window', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin');
    await page.goto(MONITOR);
    await expect(page.getByTestId('monitor-table')).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await shot(page, 'monitor-390');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('monitor-history-open').first().click();
    await expect(page.getByTestId('monitor-history')).toBeVisible();
    await settled(page);
    await shot(page, 'monitor-390-history');
    await page.keyboard.press('Escape');
    await page.goto(ENTRUST);
    await expect(page.getByTestId('entrust-page')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('entrust-add').click();
    await expect(page.getByTestId('entrust-form')).toBeInViewport();
    await settled(page);
    await shot(page, 'entrust-390-form');
    expect(await axeViolations(page)).toEqual([]);
  });
});
