import { randomBytes } from 'node:crypto';
import { type FlowDefinitionSave, FlowTaskApi, type FlowTaskSaved, type FlowTree } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pushCounts } from '../../src/message/notify';
import { createTestApp, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';
import { settle, TestSocket } from '../ws-client';

/**
 * Trust at the edges of the workflow (issue 36 §3, §4), tried as an attacker would with two
 * tenants seeded with the workflow demo: a supplier's user sees and launches only flows opened to
 * suppliers; a form names as requester and department only the caller and what he may act for;
 * a definition or a form naming another tenant's user, role, position or department is refused
 * 400 naming it; pushes addressed to another tenant's user id never reach his socket.
 */
const API = '/api/flow/FlowEngine';
const PR = '/api/workflow/Form/PurchaseRequisition';
const en = { 'accept-language': 'en-US' };
type Fields = { fields?: Record<string, string>; nodes?: { nodeId: string; code: string }[] };
const dataOf = (body: { data: unknown }) => (body.data ?? {}) as Fields;
let t: TestApp;
let base: string;
let one: Awaited<ReturnType<typeof workflowTenant>>;
let two: Awaited<ReturnType<typeof workflowTenant>>;
let vendor1: string;

const requisition = (who: { deptId: string; requesterId: string }) => ({
  ...who,
  reason: '信任测试',
  neededBy: '2030-12-31',
  lines: [{ item: '物料', unit: '个', quantity: 1, price: 9_999_000, spec: '' }],
});
const launch = (tenant: typeof one, token: string, who: { deptId: string; requesterId: string }) =>
  t.post<FlowTaskSaved>(
    PR,
    { flowId: tenant.ids.purchase, urgency: 3, formData: requisition(who) },
    token,
    en,
  );
const flowIds = (tree: FlowTree) => tree.flatMap((g) => g.flows.map((f) => f.id));
const open: TestSocket[] = [];

async function connect(token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(base, token);
  open.push(socket);
  return socket;
}

beforeAll(async () => {
  // The PostgreSQL run delivers through Redis (as several processes would), the PGlite run in-process.
  const redisUrl = inject('testDb') === 'pg' ? process.env.REDIS_URL : undefined;
  t = await createTestApp(
    redisUrl ? { redisUrl, redisPrefix: `srmtest-${randomBytes(4).toString('hex')}` } : {},
  );
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  one = await workflowTenant(t, 'ta', '信任甲', '139000061');
  two = await workflowTenant(t, 'tb', '信任乙', '139000062');
  vendor1 = await t.login('tavendor', 'vendor123');
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

describe('pushes are addressed by tenant and user', () => {
  it('tenant 1’s socket receives nothing that tenant 2 sends to his user id', async () => {
    const buyer1 = await connect(one.buyer);
    const buyer2 = await connect(two.buyer);
    // Tenant 2's counts for an id that is tenant 1's buyer (a task of tenant 2 naming him), and a
    // frame to both ids: only tenant 2's own buyer is told.
    await pushCounts(t.app.deps, two.ids.tenant, [one.ids.buyer, two.ids.buyer]);
    await t.app.deps.realtime.sendToUsers(two.ids.tenant, [one.ids.buyer, two.ids.buyer], {
      method: 'messagePush',
      unreadMessageCount: 0,
      unreadNoticeCount: 0,
      todoCount: 7,
    });
    await buyer2.next('messagePush');
    await buyer2.next('messagePush');
    await settle();
    expect(buyer1.all('messagePush')).toEqual([]);
    // His own tenant still reaches him.
    await pushCounts(t.app.deps, one.ids.tenant, [one.ids.buyer]);
    await buyer1.next('messagePush');
  });
});

describe('supplier users and staff flows', () => {
  it('a supplier’s user sees no staff flow and cannot launch the purchase requisition', async () => {
    const staffTree = (await t.get<FlowTree>(FlowTaskApi.flowTreeList, one.buyer)).body;
    expect(flowIds(staffTree.data)).toContain(one.ids.purchase);
    const tree = await t.get<FlowTree>(FlowTaskApi.flowTreeList, vendor1);
    expect(tree.body.code).toBe(0);
    expect(flowIds(tree.body.data)).toEqual([]);
    // The launch form and the launch itself: not found for him, and nothing lands in a to-do list.
    const form = await t.get(`/api/workflow/Form/PurchaseRequisition/0?flowId=${one.ids.purchase}`, vendor1);
    expect(form.body.code).toBe(404);
    const vendorId = String(
      (
        await t.db
          .selectFrom('sys_user')
          .select('id')
          .where('account', '=', 'tavendor')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const before = await t.db
      .selectFrom('flow_task')
      .select('id')
      .where('launcher_id', '=', vendorId)
      .execute();
    const forged = await launch(one, vendor1, {
      deptId: one.depts.eastPurchase!,
      requesterId: one.ids.buyer,
    });
    expect(forged.body.code).toBe(404);
    const after = await t.db
      .selectFrom('flow_task')
      .select('id')
      .where('launcher_id', '=', vendorId)
      .execute();
    expect(after.length).toBe(before.length);
  });

  it('a flow opened to suppliers in its basic settings is listed for them', async () => {
    const exported = await t.get<FlowDefinitionSave>(`${API}/${one.ids.leave}/Actions/ExportData`, one.admin);
    expect(exported.body.data.openToSuppliers).toBe(false);
    const opened = await t.post(
      `${API}/update`,
      { ...exported.body.data, id: one.ids.leave, openToSuppliers: true },
      one.admin,
    );
    expect(opened.body.code).toBe(0);
    expect((await t.post(`${API}/release/${one.ids.leave}`, {}, one.admin)).body.code).toBe(0);
    const info = await t.get<{ openToSuppliers: boolean }>(`${API}/info/${one.ids.leave}`, one.admin);
    expect(info.body.data.openToSuppliers).toBe(true);
    const tree = await t.get<FlowTree>(FlowTaskApi.flowTreeList, vendor1);
    expect(flowIds(tree.body.data)).toEqual([one.ids.leave]);
    // A wrong value is a translated 400 at the field.
    const bad = await t.post(
      `${API}/update`,
      { ...exported.body.data, id: one.ids.leave, openToSuppliers: 'yes' },
      one.admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(Object.keys(dataOf(bad.body).fields ?? {})).toContain('openToSuppliers');
  });
});

describe('user and department fields of a form', () => {
  type View = { data: Record<string, unknown>; labels?: Record<string, string>; fixedFields?: string[] };

  it('a new requisition starts with the launcher and his department, by name', async () => {
    const view = await t.get<View>(`${PR}/0?flowId=${one.ids.purchase}`, one.buyer);
    expect(view.body.data.data).toMatchObject({
      deptId: one.depts.eastPurchase,
      requesterId: one.ids.buyer,
    });
    expect(view.body.data.labels).toEqual({
      [`user:${one.ids.buyer}`]: '张采购',
      [`dept:${one.depts.eastPurchase}`]: '华东采购部',
    });
    // His data rule reaches his company's users: he may change them.
    expect(view.body.data.fixedFields).toEqual([]);
  });

  it('a supplier’s user starts as the requester and may not change it', async () => {
    const view = await t.get<View>(`${PR}/0`, vendor1);
    expect(view.body.code).toBe(0);
    expect(view.body.data.data.requesterId).toMatch(/^\d+$/);
    // He has no department of the tenant to start with.
    expect(view.body.data.data.deptId).toBeUndefined();
    expect(view.body.data.fixedFields).toEqual(['requesterId']);
  });

  it('the buyer launches as himself from his department', async () => {
    const own = await launch(one, one.buyer, { deptId: one.depts.eastPurchase!, requesterId: one.ids.buyer });
    expect(own.body.code).toBe(0);
  });

  it('a forged requester is a 400 naming the field', async () => {
    // The administrator sits in another company: outside the buyer's data rule.
    const forged = await launch(one, one.buyer, {
      deptId: one.depts.eastPurchase!,
      requesterId: one.ids.admin,
    });
    expect(forged.body.code).toBe(400);
    expect(dataOf(forged.body).fields).toEqual({ requesterId: 'Name yourself, or a user you may act for' });
  });

  it('a forged department is a 400 naming the field', async () => {
    const forged = await launch(one, one.buyer, {
      deptId: one.depts.southPurchase!,
      requesterId: one.ids.buyer,
    });
    expect(forged.body.code).toBe(400);
    expect(Object.keys(dataOf(forged.body).fields ?? {})).toEqual(['deptId']);
  });

  it('the tenant administrator may act for anyone of his tenant', async () => {
    const forOther = await launch(one, one.admin, {
      deptId: one.depts.southPurchase!,
      requesterId: one.ids.buyer,
    });
    expect(forOther.body.code).toBe(0);
  });

  it('another tenant’s user or department is a 400 naming it', async () => {
    const user = await launch(two, two.admin, {
      deptId: two.depts.eastPurchase!,
      requesterId: one.ids.buyer,
    });
    expect(user.body).toMatchObject({ code: 400, msg: `User ${one.ids.buyer} is not a user of this tenant` });
    expect(Object.keys(dataOf(user.body).fields ?? {})).toEqual(['requesterId']);
    const dept = await launch(two, two.admin, {
      deptId: one.depts.eastPurchase!,
      requesterId: two.ids.buyer,
    });
    expect(dept.body.code).toBe(400);
    expect(Object.keys(dataOf(dept.body).fields ?? {})).toEqual(['deptId']);
  });
});

describe('ids of another tenant inside a definition', () => {
  type Assignee =
    | { kind: 'users'; userIds: string[] }
    | { kind: 'roles'; roleIds: string[] }
    | { kind: 'positions'; positionIds: string[] };
  const approverOf = (who: string | Assignee) => ({
    id: 'start',
    type: 'start',
    name: '发起',
    next: {
      id: 'a1',
      type: 'approver',
      name: '审批',
      assignee: typeof who === 'string' ? { kind: 'users', userIds: [who] } : who,
      signMode: 'or',
      next: { id: 'end', type: 'end', name: '结束' },
    },
  });
  const body = (enCode: string, who: string | Assignee) => ({
    enCode,
    fullName: enCode.replace('.', ' '),
    category: 'purchase',
    formName: 'PurchaseRequisition',
    flowTemplateJson: approverOf(who),
  });
  /** The first role or position of a tenant, by id. */
  const firstOf = async (table: 'sys_role' | 'sys_position', tenantId: string) =>
    String(
      (
        await t.db
          .selectFrom(table)
          .select('id')
          .where('tenant_id', '=', tenantId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const roleOf = (tenantId: string) => firstOf('sys_role', tenantId);
  const positionOf = (tenantId: string) => firstOf('sys_position', tenantId);

  it('tenant 2 cannot save or import a flow whose approver is tenant 1’s buyer', async () => {
    const saved = await t.post(`${API}/save`, body('foreign.save', one.ids.buyer), two.admin, en);
    expect(saved.body).toMatchObject({
      code: 400,
      msg: `User ${one.ids.buyer} is not a user of this tenant`,
    });
    expect(dataOf(saved.body).nodes).toEqual([expect.objectContaining({ nodeId: 'a1', code: 'foreignId' })]);
    const imported = await t.post(`${API}/import`, body('foreign.import', one.ids.buyer), two.admin, en);
    expect(imported.body.code).toBe(400);
    const launchers = await t.post(
      `${API}/save`,
      {
        ...body('foreign.launchers', two.ids.buyer),
        launchers: { all: false, roleIds: [], deptIds: [one.depts.head!] },
      },
      two.admin,
      en,
    );
    expect(launchers.body.code).toBe(400);
    expect(Object.keys(dataOf(launchers.body).fields ?? {})).toEqual(['launchers.deptIds']);
    // Nothing was written; his own buyer is fine.
    const codes = await t.db
      .selectFrom('flow_definition')
      .select('en_code')
      .where('tenant_id', '=', two.ids.tenant)
      .where('en_code', 'like', 'foreign.%')
      .execute();
    expect(codes).toEqual([]);
    expect((await t.post(`${API}/save`, body('own.save', two.ids.buyer), two.admin)).body.code).toBe(0);
  });

  it.each([
    ['user', 'foreign.release'],
    ['position', 'own.position'],
    ['role', 'own.role'],
  ] as const)(
    'nor release a draft naming tenant 1’s %s (one written before the check)',
    async (kind, enCode) => {
      const saved = await t.post<string>(`${API}/save`, body(enCode, two.ids.buyer), two.admin);
      expect(saved.body.code).toBe(0);
      const row = await t.db
        .selectFrom('flow_definition')
        .select('id')
        .where('tenant_id', '=', two.ids.tenant)
        .where('en_code', '=', enCode)
        .executeTakeFirstOrThrow();
      const id =
        kind === 'user'
          ? one.ids.buyer
          : kind === 'role'
            ? await roleOf(one.ids.tenant)
            : await positionOf(one.ids.tenant);
      const assignee: Assignee =
        kind === 'user'
          ? { kind: 'users', userIds: [id] }
          : kind === 'role'
            ? { kind: 'roles', roleIds: [id] }
            : { kind: 'positions', positionIds: [id] };
      await t.db
        .updateTable('flow_definition')
        .set({ flow_template_json: JSON.stringify(approverOf(assignee)) })
        .where('id', '=', row.id)
        .execute();
      const released = await t.post(`${API}/release/${row.id}`, {}, two.admin, en);
      expect(released.body).toMatchObject({
        code: 400,
        msg: `${kind[0]?.toUpperCase()}${kind.slice(1)} ${id} is not a ${kind} of this tenant`,
      });
      const versions = await t.db
        .selectFrom('flow_version')
        .select('id')
        .where('definition_id', '=', row.id)
        .execute();
      expect(versions).toEqual([]);
    },
  );

  it('nor a role or position of tenant 1: as approvers, launchers or a branch condition', async () => {
    const role1 = await roleOf(one.ids.tenant);
    const position1 = await positionOf(one.ids.tenant);
    const role = await t.post(
      `${API}/save`,
      body('foreign.role', { kind: 'roles', roleIds: [role1] }),
      two.admin,
      en,
    );
    expect(role.body).toMatchObject({ code: 400, msg: `Role ${role1} is not a role of this tenant` });
    expect(dataOf(role.body).nodes).toEqual([expect.objectContaining({ nodeId: 'a1', code: 'foreignId' })]);
    const position = await t.post(
      `${API}/import`,
      body('foreign.position', { kind: 'positions', positionIds: [position1] }),
      two.admin,
      en,
    );
    expect(position.body).toMatchObject({
      code: 400,
      msg: `Position ${position1} is not a position of this tenant`,
    });
    expect(dataOf(position.body).nodes).toEqual([
      expect.objectContaining({ nodeId: 'a1', code: 'foreignId' }),
    ]);
    for (const [key, id] of [
      ['roleIds', role1],
      ['positionIds', position1],
    ] as const) {
      const launchers = await t.post(
        `${API}/save`,
        { ...body(`foreign.l${key}`, two.ids.buyer), launchers: { all: false, [key]: [id] } },
        two.admin,
        en,
      );
      expect(launchers.body.code, key).toBe(400);
      expect(Object.keys(dataOf(launchers.body).fields ?? {})).toEqual([`launchers.${key}`]);
    }
    // A branch taken when the launcher holds tenant 1's role or position.
    for (const [source, id] of [
      ['launcherRole', role1],
      ['launcherPosition', position1],
    ] as const) {
      const tree = approverOf(two.ids.buyer);
      const branched = {
        ...tree,
        next: {
          id: 'c1',
          type: 'condition',
          name: '条件',
          branches: [
            {
              id: 'b1',
              name: '分支',
              condition: {
                kind: 'group',
                op: 'and',
                items: [{ kind: 'rule', source, operator: 'in', value: [id] }],
              },
              next: null,
            },
            { id: 'b2', name: '其他', isDefault: true, next: null },
          ],
          next: tree.next,
        },
      };
      const saved = await t.post(
        `${API}/save`,
        { ...body(`foreign.${source}`, two.ids.buyer), flowTemplateJson: branched },
        two.admin,
        en,
      );
      expect(saved.body.code, source).toBe(400);
      expect(saved.body.msg).toContain(`${id} is not a`);
      expect(dataOf(saved.body).nodes).toEqual([
        expect.objectContaining({ nodeId: 'b1', code: 'foreignId' }),
      ]);
    }
    const codes = await t.db
      .selectFrom('flow_definition')
      .select('en_code')
      .where('tenant_id', '=', two.ids.tenant)
      .where('en_code', 'like', 'foreign.%')
      .execute();
    expect(codes.map((c) => c.en_code)).toEqual(['foreign.release']);
    // His own role and position are fine.
    const own = await t.post(
      `${API}/save`,
      {
        ...body('own.roles', { kind: 'roles', roleIds: [await roleOf(two.ids.tenant)] }),
        launchers: { all: false, positionIds: [await positionOf(two.ids.tenant)] },
      },
      two.admin,
      en,
    );
    expect(own.body.code, own.body.msg).toBe(0);
  });
});
