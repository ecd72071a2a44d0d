import { crc32, deflateSync } from 'node:zlib';
import {
  type APIRequestContext,
  type Browser,
  expect as baseExpect,
  type Page,
  test,
} from '@playwright/test';
import {
  adminHeaders,
  approveTask,
  axeViolations,
  createUser,
  expectAxeClean,
  sessionHeaders,
  settled,
  shot,
  signIn,
  signInAs,
} from './helpers';

/**
 * The staff's task screens (workFlow → launch, to-do, done, copied to me, the task page) on the
 * demo flows: a buyer launches a purchase requisition above 50,000 (the condition sends it to the
 * countersign of admin and manager), manager and admin approve in their own browsers, the buyer's
 * page follows each step live and the result message arrives; a reject back to the launcher, who
 * edits and resubmits; a transfer; a flow whose approver the launcher names at submission, with an
 * attachment the chosen approver opens; a 390 px window approving a to-do; axe in light and dark;
 * the keyboard.
 */
test.slow();

// Each action commits, then its messages and pushes leave through a job: two browsers and that
// job share the machine's two cores with the other worker, so a step may take longer than 10 s.
const expect = baseExpect.configure({ timeout: 25_000 });

const MANAGER = { account: 'manager', password: 'manager123' };

/** Client-side navigation (the router follows popstate): the shell is not reloaded. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

async function newPage(browser: Browser, viewport = { width: 1440, height: 900 }, locale = 'zh-CN') {
  const context = await browser.newContext({ viewport, locale });
  return context.newPage();
}

/** A purchase requisition of the buyer through the API (the screens that only act on it). */
async function launchByApi(request: APIRequestContext, reason: string, price: number): Promise<string> {
  const login = await request.post('/api/sys/login', { data: { userName: 'buyer', passWord: 'buyer123' } });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const tree = (await (
    await request.get('/api/flow/FlowEngine/FlowBefore/getFlowTreeList', { headers })
  ).json()) as {
    data: { flows: { id: string; enCode: string }[] }[];
  };
  const flowId = tree.data.flatMap((g) => g.flows).find((f) => f.enCode === 'purchaseRequisition')?.id;
  const mine = (await (
    await request.post('/api/flow/FlowEngine/FlowBefore/List/4', { headers, data: { flowId, pageSize: 1 } })
  ).json()) as { data: { list: { id: string }[] } };
  const own = (await (
    await request.get(`/api/workflow/Engine/FlowTask/${mine.data.list[0]?.id}`, { headers })
  ).json()) as { data: { formData: { deptId: string; requesterId: string } } };
  const res = await request.post('/api/workflow/Form/PurchaseRequisition', {
    headers,
    data: {
      flowId,
      formData: {
        deptId: own.data.formData.deptId,
        requesterId: own.data.formData.requesterId,
        reason,
        neededBy: '2030-12-31',
        lines: [{ item: '测试物料', unit: '个', quantity: 1, price }],
      },
    },
  });
  const body = (await res.json()) as { code: number; msg: string; data: { id: string } };
  expect(body.code, body.msg).toBe(0);
  return body.data.id;
}

/** Fills the launch drawer's requisition as the buyer (his department and himself already): a reason, one line. */
async function fillRequisition(buyer: Page, reason: string, [item, unit, quantity, price]: string[]) {
  const drawer = buyer.getByTestId('flow-launch-drawer');
  await expect(drawer.getByTestId('flow-launch-form-deptId')).toContainText('华东采购部');
  await expect(drawer.getByTestId('flow-launch-form-requesterId')).toContainText('张采购');
  await drawer.getByTestId('flow-launch-form-reason').fill(reason);
  await drawer.getByTestId('flow-launch-form-neededBy').click();
  // A needed-by date cannot be past: the calendar offers today, not yesterday.
  const localDay = (offset: number) => {
    const d = new Date(Date.now() + offset * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  const calendar = buyer.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await expect(calendar.locator(`td[title="${localDay(-1)}"]`)).toHaveClass(/ant-picker-cell-disabled/);
  await expect(calendar.locator(`td[title="${localDay(0)}"]`)).not.toHaveClass(/ant-picker-cell-disabled/);
  await buyer.keyboard.type('2030-12-31');
  await buyer.keyboard.press('Enter');
  await drawer.getByTestId('flow-form-lines-add').click();
  await drawer.getByTestId('flow-form-lines-0-item').fill(item ?? '');
  await drawer.getByTestId('flow-form-lines-0-unit').fill(unit ?? '');
  await drawer.getByTestId('flow-form-lines-0-quantity').fill(quantity ?? '');
  await drawer.getByTestId('flow-form-lines-0-price').fill(price ?? '');
}

/** Opens a list page and the task found by its unique reason (the keyword searches the form too). */
async function openFromList(page: Page, path: string, prefix: string, reason: string) {
  await page.goto(path);
  await page.getByTestId(`${prefix}-keyword`).fill(reason);
  await page.getByTestId(`${prefix}-search`).click();
  const link = page.getByTestId(`${prefix}-table`).getByTestId('flow-task-link');
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(page.getByTestId('flow-detail')).toBeVisible();
}

/** The bell's unread count (0 without a badge). */
const unread = (page: Page) =>
  page.evaluate(() =>
    Number(document.querySelector('[data-testid="message-badge"] sup')?.getAttribute('title') ?? 0),
  );

test('a buyer launches a large requisition; manager and admin approve in their own browsers; the buyer follows live', async ({
  browser,
}) => {
  const reason = `E2E 大额采购 ${Date.now()}`;
  const buyer = await newPage(browser);
  await signIn(buyer, 'buyer');
  await buyer.goto('/workFlow/flowLaunch');
  await buyer.getByTestId('flow-launch-search').fill('采购');
  await buyer.getByTestId('flow-launch-purchaseRequisition').click();
  const drawer = buyer.getByTestId('flow-launch-drawer');
  await expect(drawer.getByTestId('flow-launch-form')).toBeVisible();
  // Submitting empty names every required field in the reader's language.
  await buyer.getByTestId('flow-launch-submit').click();
  await expect(drawer.locator('.ant-form-item-explain-error').first()).toHaveText('此项不能为空');
  await fillRequisition(buyer, reason, ['服务器', '台', '3', '25000']);
  // The amount and the total follow the lines as they are typed.
  await expect(drawer.getByTestId('flow-launch-form-total')).toContainText('75,000.00');
  await drawer.getByTestId('flow-launch-urgency').getByText('紧急').click();
  await shot(buyer, 'flow-task-launch-form');
  await buyer.getByTestId('flow-launch-submit').click();
  await expect(drawer).toBeHidden();
  // Launched by me: in progress; its page shows the route with the department manager current.
  // The list has loaded before it is searched.
  await expect(buyer.getByTestId('flow-mine-table').getByTestId('flow-task-link').first()).toBeVisible();
  await buyer.getByTestId('flow-mine-keyword').fill(reason);
  await buyer.getByTestId('flow-mine-search').click();
  await expect(buyer.getByTestId('flow-mine-table').getByTestId('flow-task-link')).toHaveCount(1);
  await expect(buyer.getByTestId('flow-mine-table').getByTestId('flow-status')).toHaveText('审批中');
  await buyer.getByTestId('flow-mine-table').getByTestId('flow-task-link').click();
  await expect(buyer.getByTestId('flow-node-deptManager')).toHaveAttribute('data-state', 'current');
  const unreadBefore = await unread(buyer);

  // The manager: the to-do in his list (its count beside the menu entry), approved on its page.
  const manager = await newPage(browser);
  await signInAs(manager, MANAGER.account, MANAGER.password);
  await expect(manager.locator('.srm-menu-badge .ant-badge-count').first()).toBeVisible();
  // The closed workflow group sums it, beside the group's arrow, not over it.
  const group = manager
    .locator('.ant-menu-submenu-title')
    .filter({ has: manager.locator('.srm-menu-badge') })
    .first();
  const badgeBox = await group.locator('.srm-menu-badge .ant-badge-count').boundingBox();
  const arrowBox = await group.locator('.ant-menu-submenu-arrow').boundingBox();
  expect(badgeBox && arrowBox && badgeBox.x + badgeBox.width <= arrowBox.x).toBe(true);
  await openFromList(manager, '/workFlow/flowTodo', 'flow-todo', reason);
  await expect(manager.getByTestId('flow-detail-form-total')).toContainText('75,000.00');
  await shot(manager, 'flow-task-detail-manager');
  await approveTask(manager, '同意，<b>请总监会签</b>');
  // The buyer's page moved on by itself: the countersign is current, the opinion shown as text.
  await expect(buyer.getByTestId('flow-node-deptManager')).toHaveAttribute('data-state', 'done');
  await expect(buyer.getByTestId('flow-node-countersign')).toHaveAttribute('data-state', 'current');
  await expect(buyer.getByTestId('flow-history-opinion').last()).toHaveText('同意，<b>请总监会签</b>');

  // The countersign: the manager has a second to-do on it, admin approves too.
  await manager.goto('/workFlow/flowTodo');
  await manager.getByTestId('flow-todo-keyword').fill(reason);
  await manager.getByTestId('flow-todo-search').click();
  await expect(manager.getByTestId('flow-todo-table').getByTestId('flow-task-link')).toHaveCount(1);
  const admin = await newPage(browser);
  await signIn(admin, 'admin');
  await openFromList(admin, '/workFlow/flowTodo', 'flow-todo', reason);
  await approveTask(admin, '同意');
  await expect(buyer.getByTestId('flow-detail').getByTestId('flow-status')).toHaveText('审批中');
  await manager.getByTestId('flow-todo-table').getByTestId('flow-task-link').click();
  await approveTask(manager, '会签同意');
  // Approved: the buyer sees the result and the message without reloading.
  await expect(buyer.getByTestId('flow-detail').getByTestId('flow-status')).toHaveText('已通过');
  await expect.poll(() => unread(buyer)).toBeGreaterThan(unreadBefore);
  await buyer.getByTestId('navbar-message').click();
  await expect(buyer.getByText('审批通过：采购申请 – 张采购').first()).toBeVisible();
  await shot(buyer, 'flow-task-buyer-approved');
  for (const p of [buyer, manager, admin]) await p.context().close();
});

test('a user who works in English is written to in English: his to-do message arrives in the language he chose', async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const user = { account: `en${stamp}`, realName: `英文${stamp}`, password: 'abc12345' };
  const userId = await createUser(request, await adminHeaders(request), user);
  const page = await newPage(browser);
  await signInAs(page, user.account, user.password);
  // The interface goes English; the server learns the language he works in.
  const saved = page.waitForResponse(
    (r) => r.url().includes('/Users/Current/SystemLanguage') && r.request().method() === 'PUT',
  );
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  expect((await saved).ok()).toBe(true);

  // A requisition the manager hands to him: the to-do message is written in English.
  const reason = `E2E English ${stamp}`;
  const taskId = await launchByApi(request, reason, 100);
  const manager = await sessionHeaders(request, MANAGER.account, MANAGER.password);
  const todo = (await (
    await request.post('/api/flow/FlowEngine/FlowBefore/List/1', {
      headers: manager,
      data: { keyword: reason, pageSize: 10 },
    })
  ).json()) as { data: { list: { id: string; operatorId: string }[] } };
  const operatorId = todo.data.list.find((i) => i.id === taskId)?.operatorId;
  expect(operatorId).toBeTruthy();
  const moved = await request.post(`/api/flow/FlowEngine/FlowBefore/Transfer/${operatorId}`, {
    headers: manager,
    data: { toUserId: userId, handleOpinion: 'please handle' },
  });
  expect(((await moved.json()) as { code: number }).code).toBe(0);
  await expect.poll(() => unread(page)).toBeGreaterThan(0);
  await page.getByTestId('navbar-message').click();
  await expect(page.getByTestId('message-item').first()).toContainText('To approve:');
  await expect(page.getByTestId('message-item').first()).not.toContainText('待审批');
  await page.context().close();
});

test('a reject goes back to the launcher, who edits and resubmits; the manager transfers it to admin', async ({
  browser,
  request,
}) => {
  const reason = `E2E 退回 ${Date.now()}`;
  await launchByApi(request, reason, 100);
  const manager = await newPage(browser);
  await signInAs(manager, MANAGER.account, MANAGER.password);
  await openFromList(manager, '/workFlow/flowTodo', 'flow-todo', reason);
  await manager.getByTestId('flow-do-reject').click();
  await expect(manager.getByTestId('flow-reject-target')).toContainText('发起人');
  // The dialog opens on the reason; a reject without one is stopped there, the keyboard kept in it.
  const reasonField = manager.getByTestId('flow-opinion');
  await expect(reasonField).toBeFocused();
  await manager.getByTestId('flow-action-ok').click();
  await expect(manager.getByTestId('flow-opinion-error')).toHaveText('请填写退回原因');
  await expect(reasonField).toBeFocused();
  await expect(reasonField).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(manager, 'flow-reject-reason-required', '.ant-modal');
  await reasonField.fill('数量不对，请修改');
  await expect(manager.getByTestId('flow-opinion-error')).toHaveCount(0);
  await manager.getByTestId('flow-action-ok').click();
  await expect(manager.getByTestId('flow-status')).toHaveText('已退回');
  // The reject button is gone with the to-do: the keyboard is on the task's title, not lost.
  await expect(manager.getByTestId('flow-do-reject')).toHaveCount(0);
  await expect(manager.getByTestId('flow-detail-title')).toBeFocused();

  const buyer = await newPage(browser);
  await signIn(buyer, 'buyer');
  await buyer.goto('/workFlow/flowLaunch');
  await buyer.getByRole('tab', { name: '我发起的' }).click();
  // The list has loaded before it is searched (else the first page's answer can land last).
  await expect(buyer.getByTestId('flow-mine-table').getByTestId('flow-task-link').first()).toBeVisible();
  await buyer.getByTestId('flow-mine-keyword').fill(reason);
  await buyer.getByTestId('flow-mine-search').click();
  await expect(buyer.getByTestId('flow-mine-table').getByTestId('flow-task-link')).toHaveCount(1);
  await expect(buyer.getByTestId('flow-mine-table').getByTestId('flow-status')).toHaveText('已退回');
  // From the task's own page: its tab is named by the bill number (several open tasks are told
  // apart), and after Edit and resubmit the total follows the new lines at once.
  await buyer.getByTestId('flow-mine-table').getByTestId('flow-task-link').click();
  await expect(buyer.getByTestId('flow-detail-form-total')).toContainText('100.00');
  await expect(buyer.getByTestId('tags-view')).toContainText(/WF\d{8,}/);
  await buyer.getByTestId('flow-do-edit').click();
  const quantity = buyer.getByTestId('flow-form-lines-0-quantity');
  await expect(quantity).toHaveValue('1.00');
  await quantity.fill('2');
  await buyer.getByTestId('flow-launch-submit').click();
  await expect(buyer.getByTestId('flow-launch-drawer')).toBeHidden();
  await expect(buyer.getByTestId('flow-detail').getByTestId('flow-status')).toHaveText('审批中');
  await expect(buyer.getByTestId('flow-detail-form-total')).toContainText('200.00');

  // The manager hands the resubmitted to-do to the administrator.
  await openFromList(manager, '/workFlow/flowTodo', 'flow-todo', reason);
  await expect(manager.getByTestId('flow-detail-form-total')).toContainText('200.00');
  await manager.getByTestId('flow-do-transfer').click();
  await manager.getByTestId('flow-transfer-user').click();
  // A supplier's user (李供应, vendor) is not offered: only the company's own enabled staff.
  const transferSearch = manager.getByTestId('flow-transfer-user').locator('input');
  await transferSearch.fill('vendor');
  await expect(manager.locator('.ant-select-dropdown:visible .ant-empty')).toBeVisible();
  await expect(manager.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(0);
  await transferSearch.fill('');
  await manager.keyboard.type('admin');
  await manager.locator('.ant-select-item-option', { hasText: 'admin' }).first().click();
  await manager.getByTestId('flow-action-ok').click();
  await expect(manager.getByTestId('flow-do-audit')).toHaveCount(0);
  const admin = await newPage(browser);
  await signIn(admin, 'admin');
  await openFromList(admin, '/workFlow/flowTodo', 'flow-todo', reason);
  await expect(admin.getByTestId('flow-history')).toContainText('转办');
  await approveTask(admin, '已核实');
  await expect(admin.getByTestId('flow-status')).toHaveText('已通过');
  for (const p of [buyer, manager, admin]) await p.context().close();
});

/** A small real PNG (8×8, one colour), so the browser shows it. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 8 }, () => Buffer.from([0, ...Array(8).fill([22, 119, 255]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A released purchase flow whose one approver step the launcher names at submission (through the API). */
async function chooserFlow(request: APIRequestContext, headers: Record<string, string>, code: string) {
  const res = await request.post('/api/flow/FlowEngine/save', {
    headers,
    data: {
      enCode: code,
      fullName: `自选审批 ${code.slice(-4)}`,
      category: 'purchase',
      formName: 'PurchaseRequisition',
      flowTemplateJson: {
        id: 'start',
        type: 'start',
        name: '发起人',
        next: {
          id: 'chosen',
          type: 'approver',
          name: '自选审批人',
          assignee: { kind: 'launcherChooses' },
          signMode: 'or',
          next: { id: 'end', type: 'end', name: '结束' },
        },
      },
    },
  });
  const saved = (await res.json()) as { code: number; msg: string; data: { id: string } };
  expect(saved.code, saved.msg).toBe(0);
  const released = (await (
    await request.post(`/api/flow/FlowEngine/release/${saved.data.id}`, { headers })
  ).json()) as { code: number; msg: string };
  expect(released.code, released.msg).toBe(0);
}

test('the launcher names the approver of a step and attaches a file; the chosen user opens it from the to-do', async ({
  browser,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const code = `e2e.choose${suffix}`;
  const headers = await adminHeaders(request);
  await chooserFlow(request, headers, code);
  const chosenName = `自选${suffix}`;
  await createUser(request, headers, {
    account: `ch${suffix}`,
    realName: chosenName,
    password: 'chooser123',
  });
  const reason = `E2E 自选审批 ${suffix}`;

  const buyer = await newPage(browser);
  await signIn(buyer, 'buyer');
  await buyer.goto('/workFlow/flowLaunch');
  await buyer.getByTestId(`flow-launch-${code}`).click();
  const drawer = buyer.getByTestId('flow-launch-drawer');
  await expect(drawer.getByTestId('flow-launch-form')).toBeVisible();
  const choose = drawer.getByTestId('flow-launch-choose-chosen');
  await expect(choose).toBeVisible();
  await fillRequisition(buyer, reason, ['标签纸', '卷', '2', '30']);
  // An attachment, uploaded when chosen; a file that is not one of the accepted kinds is refused.
  const fileInput = drawer.locator('input[type=file]');
  await fileInput.setInputFiles({ name: '报价单.png', mimeType: 'image/png', buffer: png() });
  await expect(drawer.getByTestId('flow-file-link')).toHaveText('报价单.png');
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(buyer.getByText('只能上传 PDF、图片、Word、Excel 或 PowerPoint 文件')).toBeVisible();
  await expect(drawer.getByTestId('flow-file-link')).toHaveCount(1);

  // Submitting without naming the step's approver: the message is on that step's picker.
  await buyer.getByTestId('flow-launch-submit').click();
  const chooseError = drawer.locator('.flow-launch-choose .ant-form-item-explain-error');
  await expect(chooseError).toHaveText('请为“自选审批人”选择审批人');
  await expect(drawer).toBeVisible();
  // No hover colour: axe reads the resting state.
  await buyer.mouse.move(0, 0);
  await settled(buyer);
  await shot(buyer, 'flow-task-choose-missing');
  expect(await axeViolations(buyer, '.ant-drawer-content-wrapper')).toEqual([]);
  await choose.click();
  await buyer.keyboard.type(chosenName);
  await buyer.locator('.ant-select-item-option:visible', { hasText: chosenName }).click();
  await expect(chooseError).toHaveCount(0);
  await drawer.locator('#flow-launch-choose-title').click();
  await buyer.getByTestId('flow-launch-submit').click();
  await expect(drawer).toBeHidden();

  // The chosen user has the to-do; the attachment opens from the task page, as what it is.
  const chosen = await newPage(browser);
  await signInAs(chosen, `ch${suffix}`, 'chooser123');
  await openFromList(chosen, '/workFlow/flowTodo', 'flow-todo', reason);
  await expect(chosen.getByTestId('flow-node-chosen')).toHaveAttribute('data-state', 'current');
  const link = chosen.getByTestId('flow-detail-form').getByTestId('flow-file-link');
  await expect(link).toHaveText('报价单.png');
  const [opened] = await Promise.all([chosen.waitForEvent('popup'), link.click()]);
  await opened.waitForLoadState();
  expect(await opened.evaluate(() => document.contentType)).toBe('image/png');
  await opened.close();
  // The same file is not there for the manager, who has no part in this task.
  const href = new URL((await link.getAttribute('href')) ?? '', 'http://x');
  const manager = (await (
    await request.post('/api/sys/login', { data: { userName: 'manager', passWord: 'manager123' } })
  ).json()) as { data: { token: string } };
  const refused = await request.get(href.pathname, {
    headers: { authorization: `Bearer ${manager.data.token}` },
  });
  expect(((await refused.json()) as { code: number }).code).toBe(404);
  await shot(chosen, 'flow-task-choose-todo');
  await approveTask(chosen, '同意');
  await expect(chosen.getByTestId('flow-status')).toHaveText('已通过');
  for (const p of [buyer, chosen]) await p.context().close();
});

test('a 390 px window reads and approves a to-do', async ({ browser, request }) => {
  const reason = `E2E 手机 ${Date.now()}`;
  await launchByApi(request, reason, 10);
  const page = await newPage(browser, { width: 390, height: 844 });
  await signInAs(page, MANAGER.account, MANAGER.password);
  await openFromList(page, '/workFlow/flowTodo', 'flow-todo', reason);
  await expect(page.getByTestId('flow-detail-form')).toContainText(reason);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'flow-task-390-detail');
  await approveTask(page, '手机上同意');
  await expect(page.getByTestId('flow-status')).toHaveText('已通过');
  await shot(page, 'flow-task-390-approved');
  await page.context().close();
});

test('the keyboard launches a flow and handles a to-do', async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, 'buyer');
  await page.goto('/workFlow/flowLaunch');
  await expect(page.getByTestId('flow-launch-purchaseRequisition')).toBeVisible();
  // Tab walks the catalogue from the search box (other specs may have released flows before it).
  const card = page.getByTestId('flow-launch-purchaseRequisition');
  await page.getByTestId('flow-launch-search').focus();
  for (let i = 0; i < 10 && !(await card.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(card).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('flow-launch-drawer')).toBeVisible();
  // Focus follows into the drawer (its body, then the form's first field), not left on the page.
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('.flow-launch-body')))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('flow-launch-drawer')).toBeHidden();
  await expect(page.getByTestId('flow-launch-purchaseRequisition')).toBeFocused();
  // A to-do link is reached by Tab and opened by Enter; the approve dialog by Enter too.
  await page.goto('/workFlow/flowTodo');
  const link = page.getByTestId('flow-todo-table').getByTestId('flow-task-link').first();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('flow-detail')).toBeVisible();
  await page.getByTestId('flow-do-audit').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.context().close();
});

for (const dark of [false, true]) {
  test(`axe finds nothing on the task screens (${dark ? 'dark, en-US' : 'light, zh-CN'})`, async ({
    browser,
  }) => {
    const page = await newPage(browser, undefined, dark ? 'en-US' : 'zh-CN');
    await signIn(page, 'admin');
    if (dark) {
      await page.getByTestId('settings-button').click();
      await page.getByTestId('theme-dark').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.keyboard.press('Escape');
    }
    const report: string[] = [];
    const check = async (name: string) => {
      // No hover colour: axe reads the resting state.
      await page.mouse.move(0, 0);
      await settled(page);
      await shot(page, `flow-task-axe-${name}-${dark ? 'dark' : 'light'}`);
      for (const v of await axeViolations(page)) report.push(`${name}: ${v}`);
    };
    await visit(page, '/workFlow/flowLaunch');
    await expect(page.getByTestId('flow-launch-purchaseRequisition')).toBeVisible();
    await check('launch');
    await page.getByTestId('flow-launch-purchaseRequisition').click();
    await expect(page.getByTestId('flow-launch-form')).toBeVisible();
    // Empty, then with every required field's message under it (submitted empty).
    await check('launch-drawer');
    await page.getByTestId('flow-launch-submit').click();
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await check('launch-drawer-errors');
    await page.getByTestId('flow-form-lines-add').click();
    await check('launch-drawer-line');
    // A line was added: closing asks before throwing the form away.
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-ok').click();
    await expect(page.getByTestId('flow-launch-drawer')).toBeHidden();
    await page.getByRole('tab', { name: dark ? 'Launched by me' : '我发起的' }).click();
    await check('launched');
    for (const [screen, prefix] of [
      ['flowTodo', 'flow-todo'],
      ['flowDone', 'flow-done'],
      ['flowCirculate', 'flow-circulate'],
    ] as const) {
      await visit(page, `/workFlow/${screen}`);
      await expect(page.getByTestId(`${prefix}-table`)).toBeVisible();
      await check(screen);
    }
    await visit(page, '/workFlow/flowTodo');
    await page.getByTestId('flow-todo-table').getByTestId('flow-task-link').first().click();
    await expect(page.getByTestId('flow-detail')).toBeVisible();
    await check('detail');
    await page.getByTestId('flow-do-audit').click();
    await page.getByTestId('flow-sign-toggle').click();
    await check('approve-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    // The reject dialog, and its refusal without a reason (nothing is rejected).
    await page.getByTestId('flow-do-reject').click();
    await expect(page.getByTestId('flow-opinion')).toBeFocused();
    await check('reject-dialog');
    await page.getByTestId('flow-action-ok').click();
    await expect(page.getByTestId('flow-opinion-error')).toBeVisible();
    await check('reject-reason-required');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(report.join('\n')).toBe('');
    await page.context().close();
  });
}
