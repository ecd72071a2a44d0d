import type { FlowTaskItem, FlowTaskSaved, Page } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementCounts } from '../../src/core/statement-meter';
import { drainOutbox } from '../../src/workflow/outbox';
import { createTestApp, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * The to-do list's totals without counting (each user's pending items are kept in
 * `flow_todo_count` by triggers), delegated items in the list and its total, and the round trips of
 * the two hottest calls: bench/workflow.mjs measures their speed, this file keeps them few.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let manager: string;
let ids: { buyer: string; manager: string; admin: string; leave: string; purchase: string };
const B = '/api/flow/FlowEngine/FlowBefore';
const D = '/api/workflow/Engine/FlowDelegate';

const todo = (token: string, body: Record<string, unknown> = {}) =>
  t.post<Page<FlowTaskItem>>(`${B}/List/1`, { pageSize: 20, ...body }, token);
const leave = async (token = buyer) => {
  const res = await t.post<FlowTaskSaved>(
    '/api/workflow/Form/LeaveApply',
    {
      flowId: ids.leave,
      formData: { leaveType: 'annual', startDate: '2026-12-01', endDate: '2026-12-01', days: 1, reason: 'x' },
    },
    token,
  );
  expect(res.body.code).toBe(0);
  return res.body.data.id;
};
const operatorOf = async (taskId: string, token: string) =>
  (await todo(token, { pageSize: 100 })).body.data.list.find((i) => i.id === taskId)?.operatorId as string;
const audit = (operatorId: string, token: string) =>
  t.post<{ status: number }>(`${B}/Audit/${operatorId}`, { handleOpinion: '同意' }, token);
/** The pending items a user really has, counted in the table (`delegateOf`: those a delegate may take, not on his own requests). */
const pendingOf = async (userId: string, delegateOf?: string) => {
  let q = t.db
    .selectFrom('flow_operator as o')
    .innerJoin('flow_task as ft', 'ft.id', 'o.task_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('o.user_id', '=', userId)
    .where('o.state', '=', 'pending');
  if (delegateOf) q = q.where('ft.launcher_id', '<>', delegateOf);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

const requestStatements = async () =>
  (await t.get<StatementCounts>('/api/bench/statements')).body.data.request;
/** The fewest statements `send` ran in `times` tries (besides begin and commit). */
async function fewestStatements(times: number, send: () => Promise<unknown>): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times; i++) {
    const before = await requestStatements();
    await send();
    fewest = Math.min(fewest, (await requestStatements()) - before);
  }
  return fewest;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, admin, buyer, manager } = await workflowTenant(t, 'st', '语句', '139000071'));
});
afterAll(async () => {
  await t?.close();
});

describe('the to-do total', () => {
  it('follows launches and approvals, and every page of it', async () => {
    const start = (await todo(manager)).body.data.pagination.total;
    expect(start).toBe(await pendingOf(ids.manager));
    const tasks = [await leave(), await leave(), await leave()];
    expect((await todo(manager)).body.data.pagination.total).toBe(start + 3);
    expect((await audit(await operatorOf(tasks[0] as string, manager), manager)).body.code).toBe(0);
    const after = await todo(manager);
    expect(after.body.data.pagination.total).toBe(start + 2);
    expect(after.body.data.list.map((i) => i.id)).not.toContain(tasks[0]);
    // The next node's approver gained one.
    expect((await todo(admin)).body.data.pagination.total).toBe(await pendingOf(ids.admin));
    // Beyond the last page: no lines, the same total.
    const beyond = await todo(manager, { currentPage: 1000 });
    expect(beyond.body.data.list).toEqual([]);
    expect(beyond.body.data.pagination.total).toBe(start + 2);
    // A filter counts what it keeps.
    const leaves = await todo(manager, { flowId: ids.leave, pageSize: 100 });
    expect(leaves.body.data.pagination.total).toBe(leaves.body.data.list.length);
  });

  it('adds the items of those who delegated to the caller, marked, and only their flows', async () => {
    const now = Date.now();
    // One leave of the administrator's on the manager's desk too (the monitor assigns it to him).
    const adminLeave = await leave(admin);
    const assigned = await t.post(
      `/api/workflow/Engine/FlowBefore/Assign/${adminLeave}`,
      { nodeId: 'deptManager', userIds: [ids.manager] },
      admin,
    );
    expect(assigned.body.code).toBe(0);
    const own = (await todo(buyer)).body.data.pagination.total;
    const delegated = await t.post<{ id: string }>(
      D,
      { toUserId: ids.buyer, startTime: now - 1000, endTime: now + 3_600_000 },
      manager,
    );
    expect(delegated.body.code).toBe(0);
    // The manager's items, but never on the buyer's own requests (those stay the manager's).
    const delegable = await pendingOf(ids.manager, ids.buyer);
    expect(delegable).toBeGreaterThan(0);
    expect(delegable).toBeLessThan(await pendingOf(ids.manager));
    const all = await todo(buyer, { pageSize: 100 });
    expect(all.body.data.pagination.total).toBe(own + delegable);
    const marked = all.body.data.list.filter((i) => i.delegatorName !== null);
    expect(marked.length).toBe(delegable);
    expect(marked.every((i) => i.launcherId !== ids.buyer)).toBe(true);
    expect(new Set(marked.map((i) => i.delegatorName))).toEqual(new Set(['(王经理的委托)']));

    // Narrowed to the purchase flow: the manager's leave to-dos are not the buyer's to handle.
    const edited = await t.put(
      `${D}/${delegated.body.data.id}`,
      { toUserId: ids.buyer, flowIds: [ids.purchase], startTime: now - 1000, endTime: now + 3_600_000 },
      manager,
    );
    expect(edited.body.code).toBe(0);
    const purchase = await todo(buyer, { pageSize: 100 });
    expect(purchase.body.data.pagination.total).toBe(purchase.body.data.list.length);
    expect(
      purchase.body.data.list.filter((i) => i.delegatorName !== null).every((i) => i.flowId === ids.purchase),
    ).toBe(true);

    // Ended: his own again, at once.
    await t.request({ method: 'DELETE', url: `${D}/${delegated.body.data.id}`, headers: { token: manager } });
    expect((await todo(buyer)).body.data.pagination.total).toBe(own);
  });
});

describe('round trips', () => {
  it('a to-do page is one statement once the session is kept; an approval the session and three', async () => {
    // The first page reads the session (the launches before it wrote); the second finds it kept.
    expect(await fewestStatements(2, () => todo(manager))).toBe(1);
    const tasks = [await leave(), await leave()];
    const operators = [
      await operatorOf(tasks[0] as string, manager),
      await operatorOf(tasks[1] as string, manager),
    ];
    // Besides begin and commit: the session (each approval wrote, so it is read again), the item
    // with its task locked, the writes, the outbox's job.
    let n = 0;
    expect(
      await fewestStatements(2, async () => {
        expect((await audit(operators[n++] as string, manager)).body.code).toBe(0);
      }),
    ).toBe(4);
  });

  it('a batch of outbox rows is sent with the statements of one row', async () => {
    await drainOutbox(t.app.deps);
    const background = async () =>
      (await t.get<StatementCounts>('/api/bench/statements')).body.data.background;
    /** Statements of sending what `launches` leave behind, and how many rows that was. */
    const sending = async (launches: number) => {
      for (let i = 0; i < launches; i++) await leave();
      const before = await background();
      const rows = await drainOutbox(t.app.deps);
      return { rows, statements: (await background()) - before };
    };
    const one = await sending(1);
    const many = await sending(10);
    expect(one.rows).toBeGreaterThan(0);
    expect(many.rows).toBeGreaterThanOrEqual(10);
    expect(many.statements).toBe(one.statements);
  });
});
