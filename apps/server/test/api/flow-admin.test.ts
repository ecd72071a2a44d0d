import type { FlowTaskDetail, FlowTaskItem, FlowTaskSaved, Page } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../../src/workflow/outbox';
import { createTestApp, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * What the entrust and monitor screens and the workflow's messages rest on, over HTTP on a tenant
 * seeded with the workflow demo (accounts faadmin, fabuyer, famanager): messages through the
 * tenant's templates in each recipient's language (reworded, switched off), task titles in the
 * reader's language, editing and ending delegations with the refusals in the caller's language,
 * and the monitor's filters, terminate with a reason and assign, for administrators only.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let manager: string;
let outsider: string;
let ids: { tenant: string; admin: string; buyer: string; manager: string; purchase: string; leave: string };
let depts: Record<string, string>;
const en = { 'accept-language': 'en-US' };
const B = '/api/flow/FlowEngine/FlowBefore';
const E = '/api/workflow/Engine';
const D = `${E}/FlowDelegate`;

const list = (type: number, token: string, filters: Record<string, unknown> = {}, headers = {}) =>
  t.post<Page<FlowTaskItem>>(`${B}/List/${type}`, { pageSize: 100, ...filters }, token, headers);
const monitor = (query: string, token = admin, headers = {}) =>
  t.get<Page<FlowTaskItem>>(`${B}/getMonitorList?pageSize=100&${query}`, token, headers);
const launch = (price: number, token = buyer, urgency = 1) =>
  t.post<FlowTaskSaved>(
    '/api/workflow/Form/PurchaseRequisition',
    {
      flowId: ids.purchase,
      urgency,
      formData: {
        deptId: depts.eastPurchase,
        requesterId: ids.buyer,
        reason: '委托测试',
        neededBy: '2030-12-31',
        lines: [{ item: '物料', unit: '个', quantity: 1, price, spec: '' }],
      },
    },
    token,
  );
const todoOf = async (taskId: string, token: string) =>
  (await list(1, token)).body.data.list.find((i) => i.id === taskId)?.operatorId ?? null;
const messagesOf = async (taskId: string, userId: string) =>
  (
    await t.db
      .selectFrom('sys_message')
      .select(['menu_title', 'body_text'])
      .where('bill_id', '=', taskId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((m) => m.menu_title);
const setLanguage = (userId: string, language: string) =>
  t.db.updateTable('sys_user').set({ language }).where('id', '=', userId).execute();
const template = (code: string) =>
  t.db.updateTable('sys_msg_template').where('tenant_id', '=', ids.tenant).where('en_code', '=', code);

beforeAll(async () => {
  t = await createTestApp();
  ({ depts, ids, admin, buyer, manager, outsider } = await workflowTenant(t, 'fa', '流程管理', '139000002'));
});
afterAll(async () => {
  await t?.close();
});

describe('messages through the templates', () => {
  it('writes each message in its recipient’s language with the task’s title in it', async () => {
    await drainOutbox(t.app.deps);
    await setLanguage(ids.manager, 'en-US');
    await setLanguage(ids.buyer, 'zh-TW');
    try {
      const task = (await launch(20)).body.data.id;
      await drainOutbox(t.app.deps);
      expect(await messagesOf(task, ids.manager)).toEqual(['To approve: Purchase requisition – 张采购']);
      const body = await t.db
        .selectFrom('sys_message')
        .select(['body_text', 'url'])
        .where('bill_id', '=', task)
        .where('user_id', '=', ids.manager)
        .executeTakeFirstOrThrow();
      // The flow's own English name (the demo flow has one).
      expect(body.body_text).toMatch(/^Purchase requisition, no\. \S+, launched by 张采购$/);
      expect(body.url).toBe('workFlow/flowBefore');
      const op = (await todoOf(task, manager)) as string;
      await t.post(`${B}/Audit/${op}`, { handleOpinion: 'ok' }, manager);
      await drainOutbox(t.app.deps);
      expect(await messagesOf(task, ids.buyer)).toEqual(['審批通過：採購申請 – 张采购']);
    } finally {
      // No stored choice: each request's Accept-Language decides again.
      await setLanguage(ids.manager, '');
      await setLanguage(ids.buyer, '');
    }
  });

  it('follows the tenant’s rewording and sends nothing for a switched-off template', async () => {
    await drainOutbox(t.app.deps);
    await template('flow.todo').set({ title: '请尽快处理：{title}（{billNo}）' }).execute();
    await template('flow.terminated').set({ enabled: false }).execute();
    try {
      const task = (await launch(30)).body.data;
      await drainOutbox(t.app.deps);
      expect(await messagesOf(task.id, ids.manager)).toEqual([
        `请尽快处理：采购申请 – 张采购（${task.billNo}）`,
      ]);
      const cancel = await t.post(`${E}/FlowBefore/Cancel/${task.id}`, { handleOpinion: '预算取消' }, admin);
      expect(cancel.body.data).toEqual({ status: 5 });
      await drainOutbox(t.app.deps);
      expect(await messagesOf(task.id, ids.buyer)).toEqual([]);
      // The manager's to-do went away all the same.
      expect(await todoOf(task.id, manager)).toBeNull();
    } finally {
      await template('flow.todo').set({ title: '待审批：{title}' }).execute();
      await template('flow.terminated').set({ enabled: true }).execute();
    }
  });

  it('lists the workflow templates among the tenant’s templates, with their three languages', async () => {
    const res = await t.get<{ enCode: string; title: string; titleEn: string; titleTw: string }[]>(
      '/api/sys/msgTemplate/all',
      admin,
    );
    const todo = res.body.data.find((m) => m.enCode === 'flow.todo');
    expect(todo).toMatchObject({
      title: '待审批：{title}',
      titleEn: 'To approve: {title}',
      titleTw: '待審批：{title}',
    });
    expect(res.body.data.map((m) => m.enCode)).toEqual(
      expect.arrayContaining([
        'flow.todo',
        'flow.approved',
        'flow.rejected',
        'flow.withdrawn',
        'flow.terminated',
        'flow.copy',
        'flow.remind',
      ]),
    );
  });
});

describe('task titles', () => {
  it('shows the title in the reader’s language in lists and the detail; a keyword finds any of them', async () => {
    const task = (await launch(40)).body.data.id;
    const zh = (await list(4, buyer)).body.data.list.find((i) => i.id === task);
    expect(zh?.title).toBe('采购申请 – 张采购');
    const english = (await list(4, buyer, {}, en)).body.data.list.find((i) => i.id === task);
    expect(english?.title).toBe('Purchase requisition – 张采购');
    const tw = (await list(4, buyer, {}, { 'accept-language': 'zh-TW' })).body.data.list.find(
      (i) => i.id === task,
    );
    expect(tw?.title).toBe('採購申請 – 张采购');
    const detail = await t.get<FlowTaskDetail>(`${B}/${task}`, manager, en);
    expect(detail.body.data.task.title).toBe('Purchase requisition – 张采购');
    const found = await list(4, buyer, { keyword: 'requisition' });
    expect(found.body.data.list.map((i) => i.id)).toContain(task);
  });
});

describe('to-do list', () => {
  it('pages the to-dos newest first, counts them all, and narrows by the task’s filters', async () => {
    const a = (await launch(71)).body.data.id;
    const b = (await launch(72, buyer, 2)).body.data.id;
    const all = await list(1, manager);
    const order = all.body.data.list.map((i) => i.id);
    expect(order.indexOf(b)).toBeLessThan(order.indexOf(a));
    expect(all.body.data.pagination.total).toBe(all.body.data.list.length);
    const second = await list(1, manager, { currentPage: 2, pageSize: 1 });
    expect(second.body.data.pagination.total).toBe(all.body.data.pagination.total);
    expect(second.body.data.list.map((i) => i.id)).toEqual([order[1]]);
    const urgent = await list(1, manager, { urgency: 2 });
    expect(urgent.body.data.list.map((i) => i.id)).toContain(b);
    expect(urgent.body.data.list.every((i) => i.urgency === 2)).toBe(true);
    expect(urgent.body.data.pagination.total).toBe(urgent.body.data.list.length);
    const leave = await list(1, manager, { flowId: ids.leave });
    expect(leave.body.data.list.every((i) => i.flowId === ids.leave)).toBe(true);
    expect(leave.body.data.list.map((i) => i.id)).not.toContain(b);
  });
});

describe('entrust', () => {
  it('edits and ends one’s own delegations; refusals come in the caller’s language', async () => {
    const now = Date.now();
    const hour = 3_600_000;
    const created = await t.post<{ id: string }>(
      D,
      { toUserId: ids.buyer, flowIds: [ids.purchase], startTime: now - hour, endTime: now + hour },
      manager,
    );
    expect(created.body.code).toBe(0);
    const id = created.body.data.id;
    const later = await t.post<{ id: string }>(
      D,
      { toUserId: ids.buyer, startTime: now + 10 * hour, endTime: now + 20 * hour, description: '出差' },
      manager,
    );
    expect(later.body.code).toBe(0);

    // Moving the second into the first one's window overlaps it.
    const overlap = await t.put(
      `${D}/${later.body.data.id}`,
      { toUserId: ids.buyer, startTime: now, endTime: now + 20 * hour },
      manager,
      en,
    );
    expect(overlap.body.code).toBe(400);
    expect(overlap.body.msg).toBe('A delegation already covers this time');
    // Delegating to someone who already acts for another: a chain.
    const chain = await t.post(D, { toUserId: ids.manager, startTime: now, endTime: now + hour }, admin, en);
    expect(chain.body.code).toBe(400);
    expect((chain.body.data as { fields: Record<string, string> }).fields.toUserId).toMatch(/chain/i);
    // Another's delegation is not found, in any tenant.
    expect(
      (await t.put(`${D}/${id}`, { toUserId: ids.admin, startTime: now, endTime: now + 1 }, buyer)).body.code,
    ).toBe(404);
    expect(
      (await t.put(`${D}/${id}`, { toUserId: ids.admin, startTime: now, endTime: now + 1 }, outsider)).body
        .code,
    ).toBe(404);

    // Widened to every flow: the leave's to-do reaches the delegate too.
    const edited = await t.put(
      `${D}/${id}`,
      { toUserId: ids.buyer, flowIds: null, startTime: now - hour, endTime: now + hour, description: '休假' },
      manager,
    );
    expect(edited.body.code).toBe(0);
    const mine = await t.get<
      { id: string; flowIds: string[] | null; flowNames: string[]; description: string; endTime: number }[]
    >(D, manager);
    expect(mine.body.data.find((d) => d.id === id)).toMatchObject({
      flowIds: null,
      flowNames: [],
      description: '休假',
    });
    expect(mine.body.data.find((d) => d.id === later.body.data.id)?.description).toBe('出差');
    // The delegate sees what was delegated to him, too.
    expect((await t.get<{ id: string }[]>(D, buyer)).body.data.map((d) => d.id)).toContain(id);

    // Ending one under way keeps it, ended; ending one not begun removes it.
    const end = (which: string) =>
      t.request({ method: 'DELETE', url: `${D}/${which}`, headers: { token: manager } });
    expect((await end(id)).body.code).toBe(0);
    expect((await end(later.body.data.id)).body.code).toBe(0);
    const after = (await t.get<{ id: string; endTime: number }[]>(D, manager)).body.data;
    const ended = after.find((d) => d.id === id);
    expect(ended?.endTime).toBeLessThanOrEqual(Date.now());
    expect(after.map((d) => d.id)).not.toContain(later.body.data.id);
    // Once ended, the delegate no longer sees the manager's to-dos.
    const task = (await launch(50)).body.data.id;
    expect(await todoOf(task, buyer)).toBeNull();
  });

  it('right after a delegation is ended, a new one for the same time is allowed', async () => {
    const now = Date.now();
    const hour = 3_600_000;
    const window = { toUserId: ids.buyer, startTime: now - hour, endTime: now + hour };
    const first = await t.post<{ id: string }>(D, window, manager);
    expect(first.body.code).toBe(0);
    const end = (which: string) =>
      t.request({ method: 'DELETE', url: `${D}/${which}`, headers: { token: manager } });
    expect((await end(first.body.data.id)).body.code).toBe(0);
    // The ended one still lists, but no longer counts: the new one starts from the same form.
    const again = await t.post<{ id: string }>(D, window, manager, en);
    expect(again.body.msg).not.toBe('A delegation already covers this time');
    expect(again.body.code).toBe(0);
    expect((await end(again.body.data.id)).body.code).toBe(0);
  });

  it('refuses bad input with a message per field', async () => {
    const res = await t.post(D, { toUserId: 'x', startTime: 5, endTime: 1 }, manager, en);
    expect(res.body.code).toBe(400);
    const fields = (res.body.data as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['endTime', 'toUserId']);
  });
});

describe('monitor', () => {
  it('filters every task of the tenant by flow, launcher, status, urgency, date and keyword', async () => {
    const urgent = (await launch(61, buyer, 3)).body.data;
    const all = await monitor('');
    expect(all.body.data.pagination.total).toBeGreaterThan(5);
    const byUrgency = await monitor('urgency=3');
    expect(byUrgency.body.data.list.every((i) => i.urgency === 3)).toBe(true);
    expect(byUrgency.body.data.list.map((i) => i.id)).toContain(urgent.id);
    const byStatus = await monitor('status=5');
    expect(byStatus.body.data.list.length).toBeGreaterThan(0);
    expect(byStatus.body.data.list.every((i) => i.status === 5)).toBe(true);
    const byFlow = await monitor(`flowId=${ids.leave}`);
    expect(byFlow.body.data.list.every((i) => i.flowId === ids.leave)).toBe(true);
    const byLauncher = await monitor(`launcherId=${ids.manager}`);
    expect(byLauncher.body.data.list.every((i) => i.launcherId === ids.manager)).toBe(true);
    const byKeyword = await monitor(`keyword=${urgent.billNo}`);
    expect(byKeyword.body.data.list.map((i) => i.id)).toEqual([urgent.id]);
    const future = await monitor(`startTime=${Date.now() + 86_400_000}`);
    expect(future.body.data.pagination.total).toBe(0);
    // Drafts are the launcher's own: never in the monitor.
    expect((await monitor('status=0')).body.data.pagination.total).toBe(0);
    // For administrators only; another tenant's sees none of these.
    expect((await monitor('', buyer)).body.code).toBe(403);
    expect((await monitor(`keyword=${urgent.billNo}`, outsider)).body.data.pagination.total).toBe(0);
  });

  it('terminates with the reason in the history and tells the launcher; assigns a node to another user', async () => {
    const task = (await launch(62)).body.data.id;
    const assign = await t.post(
      `${E}/FlowBefore/Assign/${task}`,
      { nodeId: 'deptManager', userIds: [ids.admin], handleOpinion: '经理休假' },
      admin,
    );
    expect(assign.body.data).toEqual({ status: 1 });
    expect(await todoOf(task, manager)).toBeNull();
    expect(await todoOf(task, admin)).not.toBeNull();
    await drainOutbox(t.app.deps);
    expect(await messagesOf(task, ids.admin)).toEqual(['待审批：采购申请 – 张采购']);
    // A to-do comes from the launcher (his request); a result from who decided it.
    const senderOf = async (userId: string) =>
      (
        await t.db
          .selectFrom('sys_message')
          .select('creator_name')
          .where('bill_id', '=', task)
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).creator_name;
    expect(await senderOf(ids.admin)).toBe('张采购');

    // Terminating says why: blanks alone are refused at the field, and the task runs on.
    const bare = await t.post(`${E}/FlowBefore/Cancel/${task}`, { handleOpinion: ' ' }, admin);
    expect(bare.body.code).toBe(400);
    expect((bare.body.data as { fields: object }).fields).toEqual({ handleOpinion: '此项不能为空' });
    const cancel = await t.post(`${E}/FlowBefore/Cancel/${task}`, { handleOpinion: '预算取消' }, admin);
    expect(cancel.body.data).toEqual({ status: 5 });
    await drainOutbox(t.app.deps);
    expect(await messagesOf(task, ids.buyer)).toEqual(['流程已终止：采购申请 – 张采购']);
    const adminName = (
      await t.db
        .selectFrom('sys_user')
        .select('real_name')
        .where('id', '=', ids.admin)
        .executeTakeFirstOrThrow()
    ).real_name;
    expect(await senderOf(ids.buyer)).toBe(adminName);
    const detail = await t.get<FlowTaskDetail>(`${B}/${task}`, admin);
    const actions = detail.body.data.history.map((h) => `${h.action}:${h.opinion}`);
    expect(actions).toContain('assign:经理休假');
    expect(actions.at(-1)).toBe('cancel:预算取消');
    expect(detail.body.data.task.status).toBe(5);
    // Terminated is final.
    expect(
      (await t.post(`${E}/FlowBefore/Cancel/${task}`, { handleOpinion: '预算取消' }, admin)).body.code,
    ).toBe(409);
  });
});
