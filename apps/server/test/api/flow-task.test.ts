import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FlowTaskDetail, FlowTaskItem, FlowTaskSaved, Page } from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { drainOutbox, sendOutbox } from '../../src/workflow/outbox';
import { jsonb } from '../../src/workflow/task-store';
import { createTestApp, TEST_APP_CONFIG, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * The task runtime over HTTP on a tenant seeded with the workflow demo (accounts wfadmin, wfbuyer,
 * wfmanager): launching through the forms, the lists, the detail, every action, idempotency, the
 * outbox, and one approval out of many concurrent clicks. The demo tenant (admin) is "another tenant".
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

const list = (type: number, token: string, filters: Record<string, unknown> = {}) =>
  t.post<Page<FlowTaskItem>>(`${B}/List/${type}`, { pageSize: 100, ...filters }, token);
const detail = (id: string, token: string) => t.get<FlowTaskDetail>(`${B}/${id}`, token);
const pr = (quantity: number, price: number, reason = '测试采购') => ({
  deptId: depts.eastPurchase,
  requesterId: ids.buyer,
  reason,
  neededBy: '2030-12-31',
  lines: [{ item: '物料', unit: '个', quantity, price, spec: '' }],
  total: 1,
});
const launch = (body: Record<string, unknown>, token = buyer, headers: Record<string, string> = {}) =>
  t.post<FlowTaskSaved>(
    '/api/workflow/Form/PurchaseRequisition',
    { flowId: ids.purchase, ...body },
    token,
    headers,
  );
/** The open to-do item (operator id) of a task in someone's to-do list. */
const todoOf = async (taskId: string, token: string) => {
  const res = await list(1, token);
  return res.body.data.list.find((i) => i.id === taskId)?.operatorId ?? null;
};
const audit = (operatorId: string, token: string, body: Record<string, unknown> = {}, headers = {}) =>
  t.post<{ status: number }>(`${B}/Audit/${operatorId}`, { handleOpinion: '同意', ...body }, token, headers);

beforeAll(async () => {
  t = await createTestApp();
  ({ depts, ids, admin, buyer, manager, outsider } = await workflowTenant(t, 'wf', '流程', '139000001'));
});
afterAll(async () => {
  await t?.close();
});

describe('demo data', () => {
  it('gives admin, buyer and manager to-dos, done items and copies, and tasks in every status', async () => {
    for (const token of [admin, buyer, manager]) {
      for (const type of [1, 2, 3]) {
        const res = await list(type, token);
        expect(res.body.code).toBe(0);
        expect(res.body.data.pagination.total, `list ${type}`).toBeGreaterThan(0);
      }
    }
    const monitor = await t.get<Page<FlowTaskItem>>(`${B}/getMonitorList?pageSize=100`, admin);
    expect(new Set(monitor.body.data.list.map((i) => i.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    const launched = await list(4, buyer);
    expect(launched.body.data.list.map((i) => i.status)).toContain(0);
    const tree = await t.get<{ category: string; flows: { formName: string }[] }[]>(
      `${B}/getFlowTreeList`,
      buyer,
    );
    expect(tree.body.data.map((g) => g.category).sort()).toEqual(['hr', 'purchase']);
  });

  it('shows a delegate-free to-do list with the flow, launcher and node; filters narrow it', async () => {
    const todo = await list(1, manager);
    const first = todo.body.data.list[0];
    expect(first?.nodeName).not.toBe('');
    expect(first?.launcherName).toBe('张采购');
    const byFlow = await list(1, manager, { flowId: ids.leave });
    expect(byFlow.body.data.list.every((i) => i.flowId === ids.leave)).toBe(true);
    const byKeyword = await list(4, buyer, { keyword: '货架' });
    expect(byKeyword.body.data.list).toHaveLength(1);
    const byStatus = await list(4, buyer, { status: 3 });
    expect(byStatus.body.data.list.every((i) => i.status === 3)).toBe(true);
    const future = await list(4, buyer, { startTime: Date.now() + 86_400_000 });
    expect(future.body.data.list).toHaveLength(0);
    const bad = await t.post(`${B}/List/9`, {}, buyer, en);
    expect(bad.body.code).toBe(400);
  });
});

describe('flow names in the reader’s language', () => {
  it('names the flows and their categories in English and traditional Chinese where the flow has those names', async () => {
    type Tree = { categoryName: string; flows: { enCode: string; fullName: string }[] }[];
    const tw = { 'accept-language': 'zh-TW' };
    const tree = async (headers: Record<string, string>) =>
      (await t.get<Tree>(`${B}/getFlowTreeList`, buyer, headers)).body.data;
    const purchaseIn = (groups: Tree) =>
      groups.flatMap((g) => g.flows).find((f) => f.enCode === 'purchaseRequisition')?.fullName;
    expect(purchaseIn(await tree(en))).toBe('Purchase requisition');
    expect((await tree(en)).map((g) => g.categoryName).sort()).toEqual(['Human resources', 'Purchasing']);
    expect(purchaseIn(await tree(tw))).toBe('採購申請');
    expect(purchaseIn(await tree({}))).toBe('采购申请');
    const todo = await t.post<Page<FlowTaskItem>>(
      `${B}/List/1`,
      { pageSize: 100, flowId: ids.purchase },
      manager,
      en,
    );
    const first = todo.body.data.list[0] as FlowTaskItem;
    expect([first.flowName, first.title]).toEqual(['Purchase requisition', 'Purchase requisition – 张采购']);
    // The unfiltered page (its own statement) names it the same way.
    for (const [headers, name] of [
      [en, 'Purchase requisition'],
      [tw, '採購申請'],
      [{}, '采购申请'],
    ] as const) {
      const own = await t.post<Page<FlowTaskItem>>(`${B}/List/1`, { pageSize: 100 }, manager, headers);
      expect(own.body.data.list.find((i) => i.id === first.id)?.flowName).toBe(name);
    }
    const shown = await t.get<FlowTaskDetail>(`${B}/${first.id}`, manager, tw);
    expect(shown.body.data.task.flowName).toBe('採購申請');
    // Its nodes too, where the flow names them in that language: the chart, the list's node.
    expect(shown.body.data.nodes.map((n) => n.name).slice(0, 2)).toEqual(['發起人', '部門經理審批']);
    const english = await t.get<FlowTaskDetail>(`${B}/${first.id}`, manager, en);
    expect(english.body.data.nodes.map((n) => n.name).slice(0, 2)).toEqual([
      'Launcher',
      'Department manager approval',
    ]);
    // The manager's to-do is at a node the demo names in every language.
    const NODE: Record<string, [string, string]> = {
      部门经理审批: ['Department manager approval', '部門經理審批'],
      总监会签: ['Directors countersign', '總監會簽'],
    };
    const main = (await t.get<FlowTaskDetail>(`${B}/${first.id}`, manager)).body.data.task.nodeName;
    const [nodeEn, nodeTw] = NODE[main] ?? ['?', '?'];
    expect(shown.body.data.task.nodeName).toBe(nodeTw);
    expect(english.body.data.myItem?.nodeName).toBe(nodeEn);
    expect(first.nodeName).toBe(nodeEn);
    for (const [headers, node] of [
      [en, nodeEn],
      [tw, nodeTw],
      [{}, main],
    ] as const) {
      const own = await t.post<Page<FlowTaskItem>>(`${B}/List/1`, { pageSize: 100 }, manager, headers);
      expect(own.body.data.list.find((i) => i.id === first.id)?.nodeName).toBe(node);
      // The launcher's list reads the current node the same way.
      const launched = await t.post<Page<FlowTaskItem>>(`${B}/List/4`, { pageSize: 100 }, buyer, headers);
      expect(launched.body.data.list.find((i) => i.id === first.id)?.nodeName).toBe(node);
    }
    // The English name finds it too.
    const found = await t.post<Page<FlowTaskItem>>(
      `${B}/List/1`,
      { keyword: 'Purchase requisition' },
      manager,
    );
    expect(found.body.data.list.length).toBeGreaterThan(0);
    // The designer reads them back to edit.
    const info = await t.get<{ fullNameEn: string; fullNameTw: string }>(
      `/api/flow/FlowEngine/info/${ids.purchase}`,
      admin,
    );
    expect(info.body.data).toMatchObject({ fullNameEn: 'Purchase requisition', fullNameTw: '採購申請' });
  });
});

describe('launching', () => {
  it('refuses a form that fails its rules, naming the fields', async () => {
    const res = await launch({ formData: { ...pr(-1, 10), reason: '', neededBy: '31/12/2026' } }, buyer, en);
    expect(res.body.code).toBe(400);
    const fields = (res.body.data as unknown as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['lines.0.quantity', 'neededBy', 'reason']);
    // A needed-by date already past is refused in the asker's language; nothing is launched.
    const past = await launch({ formData: { ...pr(1, 10), neededBy: '2020-01-01' } }, buyer, en);
    expect(past.body.code).toBe(400);
    expect((past.body.data as unknown as { fields: Record<string, string> }).fields).toEqual({
      neededBy: 'The date cannot be in the past',
    });
    const leave = await t.post(
      '/api/workflow/Form/LeaveApply',
      {
        flowId: ids.leave,
        formData: {
          leaveType: 'annual',
          startDate: '2026-12-02',
          endDate: '2026-12-01',
          days: 0.7,
          reason: 'x',
        },
      },
      buyer,
      en,
    );
    expect(leave.body.code).toBe(400);
    const leaveFields = (leave.body.data as unknown as { fields: Record<string, string> }).fields;
    // The days are the dates' own (worked out in half days): only the order of the dates is named.
    expect(Object.keys(leaveFields).sort()).toEqual(['endDate']);
    expect(leaveFields.endDate).toBe('The end cannot be before the start');
    // Half days count, but never more days than the dates span (both ends included).
    const leaveOf = (days: number) =>
      t.post(
        '/api/workflow/Form/LeaveApply',
        {
          flowId: ids.leave,
          formData: {
            leaveType: 'annual',
            startDate: '2026-12-01',
            endDate: '2026-12-02',
            days,
            reason: 'x',
          },
          submit: false,
        },
        buyer,
        en,
      );
    const tooMany = await leaveOf(2.5);
    expect(tooMany.body.code).toBe(400);
    expect((tooMany.body.data as unknown as { fields: object }).fields).toEqual({
      days: 'More days than the dates cover',
    });
    expect((await leaveOf(2)).body.code).toBe(0);
  });

  it('works out a leave’s days from its dates in half days, and refuses other figures', async () => {
    const leaveWith = (formData: Record<string, unknown>) =>
      t.post<FlowTaskSaved>(
        '/api/workflow/Form/LeaveApply',
        {
          flowId: ids.leave,
          formData: {
            leaveType: 'annual',
            startDate: '2026-12-01',
            endDate: '2026-12-03',
            reason: 'x',
            ...formData,
          },
          submit: false,
        },
        buyer,
        en,
      );
    const stored = async (id: string) =>
      (await t.get<{ formData: { days: number } }>(`${E}/FlowTask/${id}`, buyer)).body.data.formData.days;
    // From the afternoon of the 1st to the evening of the 3rd: two and a half days, none sent.
    const afternoon = await leaveWith({ startHalf: 'pm', endHalf: 'pm' });
    expect(afternoon.body.code).toBe(0);
    expect(await stored(afternoon.body.data.id)).toBe(2.5);
    // Without the halves: whole days, both ends included; the client's own figure must agree.
    expect(await stored((await leaveWith({ days: 3 })).body.data.id)).toBe(3);
    expect(await stored((await leaveWith({ endHalf: 'am', days: 2.5 })).body.data.id)).toBe(2.5);
    const wrong = await leaveWith({ startHalf: 'pm', days: 3 });
    expect(wrong.body.code).toBe(400);
    expect((wrong.body.data as unknown as { fields: object }).fields).toEqual({
      days: 'The days do not match the dates (half days count)',
    });
    // One afternoon to the same noon is no time at all; a half that is not one is refused.
    const none = await leaveWith({ endDate: '2026-12-01', startHalf: 'pm', endHalf: 'am' });
    expect((none.body.data as unknown as { fields: object }).fields).toEqual({
      endHalf: 'The leave covers no time',
    });
    const odd = await leaveWith({ startHalf: 'noon' });
    expect(Object.keys((odd.body.data as unknown as { fields: object }).fields)).toEqual(['startHalf']);
  });

  it('submits with a bill number and a server-computed total; the manager gets the to-do', async () => {
    const res = await launch({ formData: pr(3, 1000.5), urgency: 3 });
    expect(res.body.code).toBe(0);
    expect(res.body.data.status).toBe(1);
    expect(res.body.data.billNo).not.toBe('');
    const form = await t.get<{ data: { total: number } }>(
      `/api/workflow/Form/PurchaseRequisition/${res.body.data.id}`,
      buyer,
    );
    expect(form.body.data.data.total).toBe(3001.5);
    expect(await todoOf(res.body.data.id, manager)).not.toBeNull();
    const empty = await t.get<{ form: { name: string } }>('/api/workflow/Form/PurchaseRequisition/0', buyer);
    expect(empty.body.data.form.name).toBe('PurchaseRequisition');
    const unknown = await t.get('/api/workflow/Form/NoSuchForm/0', buyer);
    expect(unknown.body.code).toBe(404);
  });

  it('saves a draft, edits it, then submits it', async () => {
    const draft = await launch({ formData: pr(1, 10), submit: false });
    expect(draft.body.data.status).toBe(0);
    const id = draft.body.data.id;
    const other = await t.put(`${E}/FlowTask/${id}`, { formData: pr(2, 10), submit: false }, manager);
    expect(other.body.code).toBe(403);
    const edited = await t.put<FlowTaskSaved>(
      `${E}/FlowTask/${id}`,
      { formData: pr(2, 10), submit: true },
      buyer,
    );
    expect(edited.body.data.status).toBe(1);
    const own = await t.get<{ formData: { total: number } }>(`${E}/FlowTask/${id}`, buyer);
    expect(own.body.data.formData.total).toBe(20);
    const again = await t.put(`${E}/FlowTask/${id}`, { formData: pr(2, 10) }, buyer);
    expect(again.body.code).toBe(409);
  });

  it('refuses to launch a stopped flow, and another tenant’s flow is unknown', async () => {
    const stop = await t.post(`/api/flow/FlowEngine/stop/${ids.leave}`, {}, admin);
    expect(stop.body.code).toBe(0);
    const res = await t.post(
      '/api/workflow/Form/LeaveApply',
      {
        flowId: ids.leave,
        formData: {
          leaveType: 'annual',
          startDate: '2026-12-01',
          endDate: '2026-12-01',
          days: 1,
          reason: 'x',
        },
      },
      buyer,
      en,
    );
    expect(res.body.code).toBe(409);
    expect(res.body.msg).toBe('This flow is stopped; it cannot be launched');
    await t.post(`/api/flow/FlowEngine/release/${ids.leave}`, {}, admin);
    const foreign = await t.post(
      '/api/workflow/Form/PurchaseRequisition',
      { flowId: ids.purchase, formData: pr(1, 1) },
      outsider,
    );
    expect(foreign.body.code).toBe(404);
  });
});

describe('acting on to-dos', () => {
  it('approves once: another’s item is 403, a second click 409, another tenant 404', async () => {
    const task = (await launch({ formData: pr(1, 100) })).body.data.id;
    const op = (await todoOf(task, manager)) as string;
    expect((await audit(op, buyer)).body.code).toBe(403);
    expect((await audit(op, outsider)).body.code).toBe(404);
    expect((await detail(task, outsider)).body.code).toBe(404);
    const first = await audit(op, manager);
    expect(first.body).toMatchObject({ code: 0, data: { status: 2 } });
    const second = await audit(op, manager);
    expect(second.body.code).toBe(409);
    expect(second.body.msg).toBe('已处理');
    const done = await list(2, manager);
    expect(done.body.data.list.some((i) => i.id === task)).toBe(true);
    const view = await detail(task, buyer);
    expect(view.body.data.nodes.find((n) => n.nodeId === 'countersign')?.state).toBe('skipped');
    expect(view.body.data.history.map((h) => h.action)).toEqual(['submit', 'audit', 'end']);
    const stranger = await detail(task, admin);
    expect(stranger.body.code).toBe(0); // the administrator holds the monitor's code
  });

  it('routes a large requisition to the countersign; recall works until the next node acts', async () => {
    const task = (await launch({ formData: pr(10, 6000) })).body.data.id;
    const op = (await todoOf(task, manager)) as string;
    const sig = 'data:image/png;base64,iVBORw0KGgo=';
    expect((await audit(op, manager, { signImg: sig, copyIds: [ids.admin] })).body.data.status).toBe(1);
    let view = await detail(task, manager);
    expect(view.body.data.nodes.find((n) => n.nodeId === 'countersign')?.state).toBe('current');
    const atCountersign = await detail(task, admin);
    expect(atCountersign.body.data.myItem?.rejectTo).toBe('部门经理审批');
    expect(view.body.data.history.find((h) => h.action === 'audit')?.signImg).toBe(sig);
    expect(view.body.data.recallable).toBe(op);
    expect((await list(3, admin)).body.data.list.some((i) => i.id === task)).toBe(true);
    const recall = await t.post(`${E}/FlowBefore/Recall/${op}`, { handleOpinion: '再看看' }, manager);
    expect(recall.body.code).toBe(0);
    expect(await todoOf(task, manager)).toBe(op);
    expect(await todoOf(task, admin)).toBeNull();
    await audit(op, manager);
    const adminOp = (await todoOf(task, admin)) as string;
    await audit(adminOp, admin);
    // The next node has acted: the page no longer offers Recall, and the action is refused.
    expect((await detail(task, manager)).body.data.recallable).toBeNull();
    const late = await t.post(`${E}/FlowBefore/Recall/${op}`, {}, manager);
    expect(late.body.code).toBe(409);
    const managerOp = (await todoOf(task, manager)) as string;
    expect((await audit(managerOp, manager)).body.data.status).toBe(2);
    view = await detail(task, buyer);
    expect(view.body.data.task.status).toBe(2);
  });

  it('rejects to the launcher, who edits and resubmits', async () => {
    const task = (await launch({ formData: pr(1, 50) })).body.data.id;
    const op = (await todoOf(task, manager)) as string;
    const view = await detail(task, manager);
    expect(view.body.data.myItem?.operatorId).toBe(op);
    // Without a reason (nothing, or blanks alone) the reject is refused at its field, in the
    // user's language; the to-do stays open.
    for (const body of [{}, { handleOpinion: '  \n ' }]) {
      const bare = await t.post(`${B}/Reject/${op}`, body, manager, en);
      expect(bare.body.code).toBe(400);
      expect((bare.body.data as { fields: object }).fields).toEqual({
        handleOpinion: 'This field is required',
      });
    }
    expect(await todoOf(task, manager)).toBe(op);
    const rejected = await t.post<{ status: number }>(
      `${B}/Reject/${op}`,
      { handleOpinion: '数量不对' },
      manager,
    );
    expect(rejected.body.data.status).toBe(3);
    const resubmit = await t.put<FlowTaskSaved>(
      `/api/workflow/Form/PurchaseRequisition/${task}`,
      { formData: pr(2, 50), submit: true },
      buyer,
    );
    expect(resubmit.body.data.status).toBe(1);
    expect(await todoOf(task, manager)).not.toBeNull();
  });

  it('transfers a to-do; the new handler approves', async () => {
    const task = (await launch({ formData: pr(1, 70) })).body.data.id;
    const op = (await todoOf(task, manager)) as string;
    const bad = await t.post(`${B}/Transfer/${op}`, { toUserId: 'abc' }, manager, en);
    expect(bad.body.code).toBe(400);
    const foreign = await t.post(`${B}/Transfer/${op}`, { toUserId: '1' }, manager);
    expect(foreign.body.code).toBe(404);
    const moved = await t.post(
      `${B}/Transfer/${op}`,
      { toUserId: ids.admin, handleOpinion: '请代审' },
      manager,
    );
    expect(moved.body.code).toBe(0);
    expect(await todoOf(task, manager)).toBeNull();
    const adminOp = (await todoOf(task, admin)) as string;
    expect((await audit(adminOp, admin)).body.data.status).toBe(2);
  });

  it('lets the launcher withdraw, and only the monitor terminate', async () => {
    const a = (await launch({ formData: pr(1, 80) })).body.data.id;
    expect((await t.post(`${B}/breakOff/${a}`, {}, manager)).body.code).toBe(403);
    expect((await t.post(`${B}/breakOff/${a}`, { handleOpinion: '不要了' }, buyer)).body.data).toEqual({
      status: 4,
    });
    expect((await t.post(`${B}/breakOff/${a}`, {}, buyer)).body.code).toBe(409);
    const b = (await launch({ formData: pr(1, 90) })).body.data.id;
    expect(
      (await t.post(`${E}/FlowBefore/Cancel/${b}`, { handleOpinion: '预算取消' }, buyer)).body.code,
    ).toBe(403);
    expect(
      (await t.post(`${E}/FlowBefore/Cancel/${b}`, { handleOpinion: '预算取消' }, outsider)).body.code,
    ).toBe(404);
    expect(
      (await t.post(`${E}/FlowBefore/Cancel/${b}`, { handleOpinion: '预算取消' }, admin)).body.data,
    ).toEqual({ status: 5 });
    const op = await t.db
      .selectFrom('flow_operator')
      .select('id')
      .where('task_id', '=', b)
      .executeTakeFirstOrThrow();
    expect((await audit(String(op.id), manager)).body.code).toBe(409);
  });

  it('assigns a node’s handlers from the monitor', async () => {
    const task = (await launch({ formData: pr(1, 60) })).body.data.id;
    const res = await t.post(
      `${E}/FlowBefore/Assign/${task}`,
      { nodeId: 'deptManager', userIds: [ids.admin] },
      admin,
    );
    expect(res.body.code).toBe(0);
    expect(await todoOf(task, manager)).toBeNull();
    expect(await todoOf(task, admin)).not.toBeNull();
  });

  it('batch-approves, reporting the items it could not approve', async () => {
    const a = (await launch({ formData: pr(1, 11) })).body.data.id;
    const b = (await launch({ formData: pr(1, 12) })).body.data.id;
    const opA = (await todoOf(a, manager)) as string;
    const opB = (await todoOf(b, manager)) as string;
    await audit(opB, manager);
    const res = await t.post<{ succeeded: string[]; failed: { id: string; code: number }[] }>(
      `${B}/BatchAudit`,
      { ids: [opA, opB] },
      manager,
    );
    expect(res.body.data.succeeded).toEqual([opA]);
    expect(res.body.data.failed).toEqual([expect.objectContaining({ id: opB, code: 409 })]);
  });

  it('replays an Idempotency-Key: the first answer, nothing changed twice', async () => {
    const key = { 'idempotency-key': 'launch-k1' };
    const first = await launch({ formData: pr(1, 13) }, buyer, key);
    const replay = await launch({ formData: pr(1, 13) }, buyer, key);
    expect(replay.body).toEqual(first.body);
    const task = first.body.data.id;
    const op = (await todoOf(task, manager)) as string;
    const akey = { 'idempotency-key': 'audit-k1' };
    const a1 = await audit(op, manager, {}, akey);
    const a2 = await audit(op, manager, {}, akey);
    expect(a2.body).toEqual(a1.body);
    const audits = await t.db
      .selectFrom('flow_history')
      .select('id')
      .where('task_id', '=', task)
      .where('action', '=', 'audit')
      .execute();
    expect(audits).toHaveLength(1);
    const tasks = await t.db
      .selectFrom('flow_task')
      .select('id')
      .where('bill_no', '=', first.body.data.billNo)
      .execute();
    expect(tasks).toHaveLength(1);
  });
});

describe('entrust', () => {
  it('refuses self-delegation and chains; the delegate sees and approves the delegator’s to-dos', async () => {
    const now = Date.now();
    const self = await t.post(
      `${E}/FlowDelegate`,
      { toUserId: ids.manager, startTime: now - 1000, endTime: now + 3_600_000 },
      manager,
    );
    expect(self.body.code).toBe(400);
    const ok = await t.post<{ id: string }>(
      `${E}/FlowDelegate`,
      { toUserId: ids.buyer, startTime: now - 1000, endTime: now + 3_600_000 },
      manager,
    );
    expect(ok.body.code).toBe(0);
    const chain = await t.post(
      `${E}/FlowDelegate`,
      { toUserId: ids.admin, startTime: now, endTime: now + 1000 },
      buyer,
    );
    expect(chain.body.code).toBe(400);
    const overlap = await t.post(
      `${E}/FlowDelegate`,
      { toUserId: ids.admin, startTime: now, endTime: now + 1000 },
      manager,
    );
    expect(overlap.body.code).toBe(400);
    // The buyer's own request stays the manager's: a delegation never hands anyone his own request.
    const own = (await launch({ formData: pr(1, 15) })).body.data.id;
    expect(await todoOf(own, buyer)).toBeNull();
    expect(await todoOf(own, manager)).not.toBeNull();
    // The admin's department manager is nobody: the task goes to the administrator, who assigns it
    // to the manager from the monitor; that one reaches the delegate.
    const task = (await launch({ formData: pr(1, 14) }, admin)).body.data.id;
    await t.post(`${E}/FlowBefore/Assign/${task}`, { nodeId: 'deptManager', userIds: [ids.manager] }, admin);
    const todo = await list(1, buyer);
    const item = todo.body.data.list.find((i) => i.id === task);
    expect(item?.delegatorName).toBe('(王经理的委托)');
    expect((await audit(item?.operatorId as string, buyer)).body.data.status).toBe(2);
    const history = await t.db
      .selectFrom('flow_history')
      .select(['actor_id', 'on_behalf_of'])
      .where('task_id', '=', task)
      .where('action', '=', 'audit')
      .executeTakeFirstOrThrow();
    expect([String(history.actor_id), String(history.on_behalf_of)]).toEqual([ids.buyer, ids.manager]);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `${E}/FlowDelegate/${ok.body.data.id}`,
          headers: { token: buyer },
        })
      ).body.code,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `${E}/FlowDelegate/${ok.body.data.id}`,
          headers: { token: manager },
        })
      ).body.code,
    ).toBe(0);
  });
});

describe('outbox', () => {
  it('turns actions into messages linked to the task, once, and retries a failed send without undoing the approval', async () => {
    await drainOutbox(t.app.deps);
    const task = (await launch({ formData: pr(1, 16) })).body.data.id;
    const op = (await todoOf(task, manager)) as string;
    await sql`create or replace function flow_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'message store down'; end $$`.execute(t.db);
    await sql`create trigger flow_test_fail before insert on sys_message for each row execute function flow_test_fail()`.execute(
      t.db,
    );
    expect((await audit(op, manager)).body.data.status).toBe(2);
    const boxes = await t.db
      .selectFrom('flow_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .orderBy('id')
      .execute();
    expect(boxes.length).toBeGreaterThan(0);
    await expect(sendOutbox(t.app.deps, String(boxes.at(-1)?.id))).rejects.toThrow();
    const still = await t.db
      .selectFrom('flow_task')
      .select('status')
      .where('id', '=', task)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe(2);
    await sql`drop trigger flow_test_fail on sys_message`.execute(t.db);
    expect(await drainOutbox(t.app.deps)).toBe(boxes.length);
    expect(await drainOutbox(t.app.deps)).toBe(0);
    const messages = await t.db
      .selectFrom('sys_message')
      .select(['user_id', 'menu_title', 'url'])
      .where('bill_id', '=', task)
      .execute();
    expect(messages.map((m) => `${m.user_id}:${m.menu_title}`).sort()).toEqual(
      [`${ids.buyer}:审批通过：采购申请 – 张采购`, `${ids.manager}:待审批：采购申请 – 张采购`].sort(),
    );
    expect(messages[0]?.url).toBe('workFlow/flowBefore');
    const attempts = await t.db
      .selectFrom('flow_outbox')
      .select('attempts')
      .where('id', '=', String(boxes.at(-1)?.id))
      .executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(2);
  });
});

describe('concurrency', () => {
  it('50 concurrent approvals of one to-do: one succeeds, one history line, one set of next to-dos', async () => {
    const task = (await launch({ formData: pr(10, 9000) })).body.data.id;
    const op = (await todoOf(task, manager)) as string;
    const answers = await Promise.all(Array.from({ length: 50 }, () => audit(op, manager)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const audits = await t.db
      .selectFrom('flow_history')
      .select('id')
      .where('task_id', '=', task)
      .where('action', '=', 'audit')
      .execute();
    expect(audits).toHaveLength(1);
    const next = await t.db
      .selectFrom('flow_operator')
      .select('user_id')
      .where('task_id', '=', task)
      .where('node_id', '=', 'countersign')
      .execute();
    expect(next.map((n) => String(n.user_id)).sort()).toEqual([ids.admin, ids.manager].sort());
  });
});

describe('two servers', () => {
  it('one to-do approved through two servers at once: one success, the rest 409', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'srm-flow-'));
    const second = await buildApp({
      dataDir: dir,
      ...TEST_APP_CONFIG,
      db: t.handle,
    });
    await second.ready();
    try {
      const task = (await launch({ formData: pr(2, 40_000) })).body.data.id;
      const op = (await todoOf(task, manager)) as string;
      const viaSecond = async () => {
        const res = await second.inject({
          method: 'POST',
          url: `${B}/Audit/${op}`,
          headers: { token: manager },
          payload: { handleOpinion: '同意' },
        });
        return (JSON.parse(res.body) as { code: number }).code;
      };
      const codes = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2 ? viaSecond() : audit(op, manager).then((r) => r.body.code),
        ),
      );
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(29);
      const next = await t.db
        .selectFrom('flow_operator')
        .select('user_id')
        .where('task_id', '=', task)
        .where('node_id', '=', 'countersign')
        .execute();
      expect(next).toHaveLength(2);
    } finally {
      await second.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('field rights and timers', () => {
  it('lets an approver change only the fields his node makes editable', async () => {
    const task = (await launch({ formData: pr(1, 17) })).body.data.id;
    const op = (await todoOf(task, manager)) as string;
    const bad = await audit(op, manager, { formData: { neededBy: 'soon' } }, en);
    expect(bad.body.code).toBe(400);
    expect(Object.keys((bad.body.data as unknown as { fields: object }).fields)).toEqual(['neededBy']);
    const ok = await audit(op, manager, { formData: { neededBy: '2031-01-15', reason: '改了事由' } });
    expect(ok.body.code).toBe(0);
    const form = await t.get<{ data: { neededBy: string; reason: string } }>(
      `/api/workflow/Form/PurchaseRequisition/${task}`,
      buyer,
    );
    expect(form.body.data.data).toMatchObject({ neededBy: '2031-01-15', reason: '测试采购' });
  });

  it('a new form of a flow brings its start node’s field rights and the nodes whose approvers the launcher names; bad, foreign, mismatched or not launchable is refused', async () => {
    const form = (query: string, token = buyer, name = 'PurchaseRequisition') =>
      t.get<{ fieldRights?: Record<string, string> }>(`/api/workflow/Form/${name}/0${query}`, token, en);
    expect((await form('')).body.data.fieldRights).toBeUndefined();
    const def = await t.db
      .selectFrom('flow_definition')
      .select(['current_version', 'launchers'])
      .where('id', '=', ids.purchase)
      .executeTakeFirstOrThrow();
    const current = await t.db
      .selectFrom('flow_version')
      .selectAll()
      .where('definition_id', '=', ids.purchase)
      .where('version', '=', def.current_version)
      .executeTakeFirstOrThrow();
    const tree = current.flow_template_json as Record<string, unknown> & {
      next: { type: string; id: string; name: string; assignee: unknown };
    };
    expect(tree.next.type).toBe('approver');
    // A version whose start node hides the needed-by date and locks the reason, and whose first
    // approvers the launcher names.
    await t.db
      .insertInto('flow_version')
      .values({
        tenant_id: ids.tenant,
        definition_id: ids.purchase,
        version: def.current_version + 1,
        form_name: current.form_name,
        flow_template_json: jsonb({
          ...tree,
          formRights: { neededBy: 'hidden', reason: 'readonly' },
          next: { ...tree.next, assignee: { kind: 'launcherChooses' } },
        }),
      })
      .execute();
    const setDefinition = (values: { current_version?: number; launchers?: unknown }) =>
      t.db
        .updateTable('flow_definition')
        .set({
          ...(values.current_version === undefined ? {} : { current_version: values.current_version }),
          ...(values.launchers === undefined ? {} : { launchers: jsonb(values.launchers) }),
        })
        .where('id', '=', ids.purchase)
        .execute();
    await setDefinition({ current_version: def.current_version + 1 });
    try {
      const rights = await form(`?flowId=${ids.purchase}`);
      expect(rights.body.data.fieldRights).toEqual({ neededBy: 'hidden', reason: 'readonly' });
      expect((rights.body.data as { chooseNodes?: unknown }).chooseNodes).toEqual([
        // Named in the asker's language (English here), as the flow names the node.
        { nodeId: tree.next.id, name: 'Department manager approval' },
      ]);
      // The launcher names the approvers: a user of another company is refused, none at all too.
      const stranger = await t.db
        .selectFrom('sys_user')
        .select('id')
        .where('account', '=', 'admin')
        .where('tenant_id', '!=', ids.tenant)
        .executeTakeFirstOrThrow();
      const foreignChoice = await launch(
        { formData: pr(1, 3), choices: { [tree.next.id]: [String(stranger.id)] } },
        buyer,
        en,
      );
      expect([foreignChoice.body.code, foreignChoice.body.msg]).toEqual([
        400,
        'A chosen approver must be an enabled staff user of this company',
      ]);
      // A supplier's user is refused too, at the node's choice.
      const vendorUser = await t.db
        .selectFrom('sys_user')
        .select('id')
        .where('account', '=', 'wfvendor')
        .executeTakeFirstOrThrow();
      const vendorChoice = await launch(
        { formData: pr(1, 3), choices: { [tree.next.id]: [ids.admin, String(vendorUser.id)] } },
        buyer,
        en,
      );
      expect(vendorChoice.body.code).toBe(400);
      expect((vendorChoice.body.data as unknown as { fields: Record<string, string> }).fields).toEqual({
        [`choices.${tree.next.id}`]: 'A chosen approver must be an enabled staff user of this company',
      });
      expect((await launch({ formData: pr(1, 3) }, buyer, en)).body.code).toBe(400);
      const chosen = await launch({ formData: pr(1, 3), choices: { [tree.next.id]: [ids.admin] } });
      expect(chosen.body.code).toBe(0);
      expect(await todoOf(chosen.body.data.id, admin)).not.toBeNull();
      expect(await todoOf(chosen.body.data.id, manager)).toBeNull();
      expect((await form('?flowId=99999999999999999999')).body.code).toBe(400);
      expect((await form('?flowId=abc')).body.code).toBe(400);
      expect((await form(`?flowId=${ids.purchase}`, outsider)).body.code).toBe(404);
      const mismatched = await form(`?flowId=${ids.purchase}`, buyer, 'LeaveApply');
      expect(mismatched.body.code).toBe(400);
      // Only the buyer may launch it now: the manager is told so.
      await setDefinition({ launchers: { userIds: [ids.buyer] } });
      expect((await form(`?flowId=${ids.purchase}`, manager)).body.code).toBe(403);
    } finally {
      await setDefinition({ current_version: def.current_version, launchers: def.launchers });
    }
  });

  it('runs timers, reminders and timeouts as jobs; an early or stale one changes nothing', async () => {
    const { runTimer } = await import('../../src/workflow/task-service');
    const tree = {
      id: 'start',
      type: 'start',
      name: '发起人',
      next: {
        id: 'first',
        type: 'approver',
        name: '经理',
        assignee: { kind: 'users', userIds: [ids.manager] },
        signMode: 'or',
        timeout: { action: 'remind', everyHours: 1, times: 2 },
        next: {
          id: 'wait',
          type: 'timer',
          name: '等待一小时',
          wait: { amount: 1, unit: 'hours' },
          next: {
            id: 'second',
            type: 'approver',
            name: '管理员',
            assignee: { kind: 'users', userIds: [ids.admin] },
            signMode: 'or',
            timeout: { action: 'autoApprove', afterHours: 2 },
            next: { id: 'end', type: 'end', name: '结束' },
          },
        },
      },
    };
    const saved = await t.post<{ id: string }>(
      '/api/flow/FlowEngine/save',
      {
        enCode: 'timed',
        fullName: '计时流程',
        category: 'purchase',
        formName: 'PurchaseRequisition',
        flowTemplateJson: tree,
      },
      admin,
    );
    expect(saved.body.code).toBe(0);
    expect((await t.post(`/api/flow/FlowEngine/release/${saved.body.data.id}`, {}, admin)).body.code).toBe(0);
    const task = (await launch({ flowId: saved.body.data.id, formData: pr(1, 18) })).body.data.id;
    const jobs = await sql<{ n: string }>`select count(*) as n from pgboss.job
      where name = 'flow.timer' and data->>'taskId' = ${task}`.execute(t.db);
    expect(Number(jobs.rows[0]?.n)).toBe(1);
    const activation = async (nodeId: string) =>
      (
        await t.db
          .selectFrom('flow_node_activation')
          .select('act_key')
          .where('task_id', '=', task)
          .where('node_id', '=', nodeId)
          .orderBy('entered_at', 'desc')
          .executeTakeFirstOrThrow()
      ).act_key;
    const job = (activationId: string, kind: 'timer' | 'timeout') => ({
      tenantId: ids.tenant,
      taskId: task,
      activationId,
      kind,
    });
    const hour = 3_600_000;
    const first = await activation('first');
    expect(await runTimer(t.app.deps, job(first, 'timeout'), new Date(Date.now() + 10_000))).toBe(false);
    expect(await runTimer(t.app.deps, job(first, 'timeout'), new Date(Date.now() + hour + 1000))).toBe(true);
    const reminders = await t.db
      .selectFrom('flow_history')
      .select('action')
      .where('task_id', '=', task)
      .where('action', '=', 'remind')
      .execute();
    expect(reminders).toHaveLength(1);
    await audit((await todoOf(task, manager)) as string, manager);
    // The first node is done: its reminder job is stale now.
    expect(await runTimer(t.app.deps, job(first, 'timeout'), new Date(Date.now() + 3 * hour))).toBe(false);
    const wait = await activation('wait');
    expect(await runTimer(t.app.deps, job(wait, 'timer'), new Date())).toBe(false);
    expect(await runTimer(t.app.deps, job(wait, 'timer'), new Date(Date.now() + hour + 1000))).toBe(true);
    expect(await todoOf(task, admin)).not.toBeNull();
    const second = await activation('second');
    expect(await runTimer(t.app.deps, job(second, 'timeout'), new Date(Date.now() + 4 * hour))).toBe(true);
    const done = await detail(task, buyer);
    expect(done.body.data.task.status).toBe(2);
    expect(done.body.data.history.map((h) => h.action)).toContain('autoAudit');
  });
});
