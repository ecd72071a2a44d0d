import type { FlowTaskDetail, FlowTaskItem, FlowTaskSaved, Page, UserPick } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * Whom a person may hand workflow work to, over HTTP on a tenant seeded with the workflow demo
 * (accounts ftadmin, ftbuyer, ftmanager, ftvendor): transfer, delegation, copy-to and the monitor's
 * assign take live staff users only (not a supplier's user, not a disabled one), refused 400 at the
 * field in the caller's language (another tenant's user: 404), and the pickers list only those when asked `staffOnly`; a
 * delegation never hands the delegate his own request; a delegation whose window is over is refused.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let manager: string;
let vendor: string;
let ids: { tenant: string; admin: string; buyer: string; manager: string; purchase: string; leave: string };
let depts: Record<string, string>;
/** The tenant's supplier user, and a staff user who is disabled. */
let vendorId: string;
let disabledId: string;
const en = { 'accept-language': 'en-US' };
const tw = { 'accept-language': 'zh-TW' };
const B = '/api/flow/FlowEngine/FlowBefore';
const E = '/api/workflow/Engine';
const D = `${E}/FlowDelegate`;
const HOUR = 3_600_000;
const NOT_STAFF_EN = 'Choose an enabled staff user of this company (not a supplier’s user)';
const LAUNCHER_EN = 'The launcher cannot approve his own request: choose someone else';

type Fields = { fields: Record<string, string> };
const fieldsOf = (body: { data: unknown }) => (body.data as Fields | null)?.fields ?? {};
const list = (type: number, token: string, filters: Record<string, unknown> = {}) =>
  t.post<Page<FlowTaskItem>>(`${B}/List/${type}`, { pageSize: 100, ...filters }, token);
const launch = (price: number, token = buyer) =>
  t.post<FlowTaskSaved>(
    '/api/workflow/Form/PurchaseRequisition',
    {
      flowId: ids.purchase,
      formData: {
        deptId: depts.eastPurchase,
        requesterId: ids.buyer,
        reason: '对象测试',
        neededBy: '2030-12-31',
        lines: [{ item: '物料', unit: '个', quantity: 1, price, spec: '' }],
      },
    },
    token,
  );
const todoOf = async (taskId: string, token: string) =>
  (await list(1, token)).body.data.list.find((i) => i.id === taskId) ?? null;
/** The open item of a task (its operator id) held by a user, read from the table. */
const itemOf = async (taskId: string, userId: string) => {
  const row = await t.db
    .selectFrom('flow_operator')
    .select('id')
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return String(row.id);
};
const endDelegations = () => t.db.deleteFrom('flow_delegation').where('tenant_id', '=', ids.tenant).execute();

beforeAll(async () => {
  t = await createTestApp();
  ({ depts, ids, admin, buyer, manager } = await workflowTenant(t, 'ft', '流程对象', '139000003'));
  vendor = await t.login('ftvendor', 'vendor123');
  const account = (a: string) =>
    t.db
      .selectFrom('sys_user')
      .select('id')
      .where('tenant_id', '=', ids.tenant)
      .where('account', '=', a)
      .executeTakeFirstOrThrow();
  vendorId = String((await account('ftvendor')).id);
  // A staff user of the buying company, disabled.
  const staff = await t.db
    .selectFrom('sys_user')
    .selectAll()
    .where('id', '=', ids.buyer)
    .executeTakeFirstOrThrow();
  const created = await t.db
    .insertInto('sys_user')
    .values({
      tenant_id: ids.tenant,
      ent_id: staff.ent_id,
      dept_id: staff.dept_id,
      account: 'ftleaver',
      real_name: '离职员工',
      password_hash: staff.password_hash,
      enabled: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  disabledId = String(created.id);
});
afterAll(async () => {
  await t?.close();
});

describe('the pickers', () => {
  it('list only live staff when asked staffOnly, for the pages that pick users only', async () => {
    for (const url of ['/api/permission/Users/Selector', '/api/permission/Users/All']) {
      const every = (await t.get<UserPick[]>(url, buyer)).body.data.map((u) => u.id);
      // Without the option the supplier's user is still there (other screens' pickers).
      expect(every).toContain(vendorId);
      const staff = await t.get<UserPick[]>(`${url}?staffOnly=true`, buyer);
      expect(staff.body.code).toBe(0);
      const picked = staff.body.data.map((u) => u.id);
      expect(picked).toEqual(expect.arrayContaining([ids.admin, ids.buyer, ids.manager]));
      expect(picked).not.toContain(vendorId);
      expect(picked).not.toContain(disabledId);
      expect((await t.get(`${url}?staffOnly=yes`, buyer)).body.code).toBe(400);
      // The supplier's user holds none of the pages that pick users.
      expect((await t.get(`${url}?staffOnly=true`, vendor)).body.code).toBe(403);
    }
    const found = await t.get<UserPick[]>(
      '/api/permission/Users/Selector?staffOnly=true&keyword=ftvendor',
      admin,
    );
    expect(found.body.data).toEqual([]);
  });
});

describe('targets a person chooses', () => {
  it('transfers to a staff user; a supplier’s or a disabled user is refused at the field', async () => {
    const task = (await launch(11)).body.data.id;
    const op = await itemOf(task, ids.manager);
    const toVendor = await t.post(`${B}/Transfer/${op}`, { toUserId: vendorId }, manager, en);
    expect(toVendor.body.code).toBe(400);
    expect(fieldsOf(toVendor.body)).toEqual({ toUserId: NOT_STAFF_EN });
    const toDisabled = await t.post(`${B}/Transfer/${op}`, { toUserId: disabledId }, manager, tw);
    expect(toDisabled.body.code).toBe(400);
    expect(fieldsOf(toDisabled.body).toUserId).toBe('只能選擇本企業已啟用的員工（不能選擇供應商的使用者）');
    const toVendorZh = await t.post(`${B}/Transfer/${op}`, { toUserId: vendorId }, manager);
    expect(fieldsOf(toVendorZh.body)).toEqual({
      toUserId: '只能选择本企业已启用的员工（不能选择供应商的用户）',
    });
    // Another tenant's user is not found, as any other id of theirs.
    expect((await t.post(`${B}/Transfer/${op}`, { toUserId: '1' }, manager)).body.code).toBe(404);
    // Not his to-do: the buyer may not hand it on.
    expect((await t.post(`${B}/Transfer/${op}`, { toUserId: ids.admin }, buyer)).body.code).toBe(403);
    // Nor to the launcher: nobody approves his own request.
    const toLauncher = await t.post(`${B}/Transfer/${op}`, { toUserId: ids.buyer }, manager, en);
    expect(toLauncher.body.code).toBe(400);
    expect(fieldsOf(toLauncher.body)).toEqual({ toUserId: LAUNCHER_EN });
    // Nothing moved: still the manager's.
    expect(await todoOf(task, manager)).not.toBeNull();
    const moved = await t.post(
      `${B}/Transfer/${op}`,
      { toUserId: ids.admin, handleOpinion: '请代审' },
      manager,
    );
    expect(moved.body.code).toBe(0);
    expect(await todoOf(task, admin)).not.toBeNull();
    expect(await todoOf(task, vendor)).toBeNull();
  });

  it('copies an approval to staff only', async () => {
    const task = (await launch(12)).body.data.id;
    const op = await itemOf(task, ids.manager);
    const refused = await t.post(
      `${B}/Audit/${op}`,
      { handleOpinion: '同意', copyIds: [ids.admin, vendorId] },
      manager,
      en,
    );
    expect(refused.body.code).toBe(400);
    expect(fieldsOf(refused.body)).toEqual({ copyIds: NOT_STAFF_EN });
    // Refused as a whole: the to-do is still open and nobody got a copy.
    expect(await todoOf(task, manager)).not.toBeNull();
    const copies = await t.db
      .selectFrom('flow_circulation')
      .select('user_id')
      .where('task_id', '=', task)
      .execute();
    expect(copies).toEqual([]);
    const approved = await t.post(
      `${B}/Audit/${op}`,
      { handleOpinion: '同意', copyIds: [ids.admin] },
      manager,
    );
    expect(approved.body.code).toBe(0);
    expect((await list(3, admin)).body.data.list.map((i) => i.id)).toContain(task);
  });

  it('assigns a node to staff only, from the monitor only', async () => {
    const task = (await launch(13)).body.data.id;
    const assign = (userIds: string[], token = admin) =>
      t.post(
        `${E}/FlowBefore/Assign/${task}`,
        { nodeId: 'deptManager', userIds, handleOpinion: '' },
        token,
        en,
      );
    const refused = await assign([ids.admin, vendorId]);
    expect(refused.body.code).toBe(400);
    expect(fieldsOf(refused.body)).toEqual({ userIds: NOT_STAFF_EN });
    expect((await assign([disabledId])).body.code).toBe(400);
    const toLauncher = await assign([ids.buyer]);
    expect(toLauncher.body.code).toBe(400);
    expect(fieldsOf(toLauncher.body)).toEqual({ userIds: LAUNCHER_EN });
    expect((await assign([ids.admin], buyer)).body.code).toBe(403);
    expect(await todoOf(task, manager)).not.toBeNull();
    expect((await assign([ids.admin])).body.code).toBe(0);
    expect(await todoOf(task, admin)).not.toBeNull();
    expect(await todoOf(task, manager)).toBeNull();
  });

  it('delegates to staff only', async () => {
    await endDelegations();
    const now = Date.now();
    const window = { startTime: now - HOUR, endTime: now + HOUR };
    const toVendor = await t.post(D, { toUserId: vendorId, ...window }, manager, en);
    expect(toVendor.body.code).toBe(400);
    expect(fieldsOf(toVendor.body)).toEqual({ toUserId: NOT_STAFF_EN });
    expect((await t.post(D, { toUserId: disabledId, ...window }, manager)).body.code).toBe(400);
    // A supplier's user has no delegation page.
    expect((await t.post(D, { toUserId: ids.buyer, ...window }, vendor)).body.code).toBe(403);
    expect((await t.get<unknown[]>(D, manager)).body.data).toEqual([]);
    const delegated = await t.post<{ id: string }>(D, { toUserId: ids.buyer, ...window }, manager);
    expect(delegated.body.code).toBe(0);
    await endDelegations();
  });
});

describe('a delegation and the delegate’s own request', () => {
  it('leaves the delegate’s own request with the delegator; others’ reach the delegate', async () => {
    await endDelegations();
    const now = Date.now();
    const delegated = await t.post(
      D,
      { toUserId: ids.buyer, startTime: now - HOUR, endTime: now + HOUR },
      manager,
    );
    expect(delegated.body.code).toBe(0);
    try {
      // The buyer's own request: the manager's to-do, never the buyer's "(for the manager)".
      const own = (await launch(14)).body.data.id;
      const ownOp = await itemOf(own, ids.manager);
      expect(await todoOf(own, buyer)).toBeNull();
      const buyerTodos = (await list(1, buyer)).body.data;
      expect(buyerTodos.pagination.total).toBe(buyerTodos.list.length);
      expect((await list(1, buyer, { keyword: '对象测试' })).body.data.list.map((i) => i.id)).not.toContain(
        own,
      );
      expect((await t.post(`${B}/Audit/${ownOp}`, { handleOpinion: '自己批' }, buyer)).body.code).toBe(403);
      expect((await t.post(`${B}/Reject/${ownOp}`, { handleOpinion: '不同意' }, buyer)).body.code).toBe(403);
      expect((await t.post(`${B}/Transfer/${ownOp}`, { toUserId: ids.admin }, buyer)).body.code).toBe(403);
      const detail = await t.get<FlowTaskDetail>(`${B}/${own}`, buyer);
      expect(detail.body.code).toBe(0);
      expect(detail.body.data.myItem ?? null).toBeNull();
      // The manager still has it and decides it.
      expect(await todoOf(own, manager)).not.toBeNull();
      expect((await t.post(`${B}/Audit/${ownOp}`, { handleOpinion: '同意' }, manager)).body.code).toBe(0);

      // Someone else's request on the manager's desk does reach the delegate, marked.
      const other = (await launch(15, admin)).body.data.id;
      await t.post(
        `${E}/FlowBefore/Assign/${other}`,
        { nodeId: 'deptManager', userIds: [ids.manager] },
        admin,
      );
      const theirs = await todoOf(other, buyer);
      expect(theirs?.delegatorName).toMatch(/委托/);
      const after = (await list(1, buyer)).body.data;
      expect(after.pagination.total).toBe(after.list.length);
      expect(
        (await t.post(`${B}/Audit/${theirs?.operatorId as string}`, { handleOpinion: '代批' }, buyer)).body
          .code,
      ).toBe(0);
    } finally {
      await endDelegations();
    }
  });
});

describe('the delegation’s window', () => {
  it('refuses a window already over, or ending before it starts, at the end time', async () => {
    await endDelegations();
    const now = Date.now();
    const over = await t.post(
      D,
      { toUserId: ids.buyer, startTime: now - 5 * HOUR, endTime: now - HOUR },
      manager,
      en,
    );
    expect(over.body.code).toBe(400);
    expect(fieldsOf(over.body)).toEqual({
      endTime: 'The end has already passed: a delegation cannot cover a time that is over',
    });
    const overZh = await t.post(
      D,
      { toUserId: ids.buyer, startTime: now - 5 * HOUR, endTime: now - HOUR },
      manager,
    );
    expect(fieldsOf(overZh.body).endTime).toBe('结束时间已过，不能委托已结束的时段');
    const backwards = await t.post(
      D,
      { toUserId: ids.buyer, startTime: now + 2 * HOUR, endTime: now + HOUR },
      manager,
    );
    expect(backwards.body.code).toBe(400);
    expect(Object.keys(fieldsOf(backwards.body))).toEqual(['endTime']);
    expect((await t.get<unknown[]>(D, manager)).body.data).toEqual([]);

    // A window ahead is fine; moving it into the past is refused the same way.
    const ahead = await t.post<{ id: string }>(
      D,
      { toUserId: ids.buyer, startTime: now + HOUR, endTime: now + 5 * HOUR },
      manager,
    );
    expect(ahead.body.code).toBe(0);
    const moved = await t.put(
      `${D}/${ahead.body.data.id}`,
      { toUserId: ids.buyer, startTime: now - 5 * HOUR, endTime: now - HOUR },
      manager,
      en,
    );
    expect(moved.body.code).toBe(400);
    expect(Object.keys(fieldsOf(moved.body))).toEqual(['endTime']);
    // No delegation page: refused before anything is read.
    expect(
      (await t.post(D, { toUserId: ids.buyer, startTime: now - 5 * HOUR, endTime: now - HOUR }, vendor)).body
        .code,
    ).toBe(403);
    await endDelegations();
  });
});
