import type {
  FlowTaskDetail,
  FlowTaskItem,
  FlowTaskSaved,
  NavResult,
  Page,
  ServerMenuItem,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedTenant } from '../../src/setup/seed';
import { drainOutbox } from '../../src/workflow/outbox';
import { createTestApp, type TestApp } from '../helpers';

/**
 * What the staff's task screens (launch, to-do, done, copied to me, the task page) rely on besides
 * the runtime's own calls: the seeded pages in the menu of admin, buyer and manager, the pickers the
 * pages open, the names of a form's users and departments for readers, and a push to the launcher
 * at every step of his task so that his view follows it live.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let manager: string;
let ids: { admin: string; buyer: string; manager: string; purchase: string; tenant: string };
let depts: Record<string, string>;
const B = '/api/flow/FlowEngine/FlowBefore';
const PAGES = ['/workFlow/flowLaunch', '/workFlow/flowTodo', '/workFlow/flowDone', '/workFlow/flowCirculate'];

const pr = (quantity: number, price: number) => ({
  deptId: depts.eastPurchase,
  requesterId: ids.buyer,
  reason: '屏幕测试',
  neededBy: '2030-12-31',
  lines: [{ item: '物料', unit: '个', quantity, price, spec: '' }],
});

/** Every page url of a user's menu. */
async function menuUrls(token: string): Promise<string[]> {
  const res = await t.get<NavResult>('/api/sys/menu-ent/nav', token);
  const out: string[] = [];
  const walk = (items: ServerMenuItem[]) => {
    for (const item of items) {
      if (item.menuUrl) out.push(item.menuUrl);
      walk(item.children ?? []);
    }
  };
  walk(res.body.data.menuList);
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedTenant(t.db, {
    code: 'fs',
    name: '屏幕租户',
    entName: '屏幕集团',
    vendorEntName: '屏幕供应商',
    accountPrefix: 'fs',
    mobilePrefix: '139000002',
    workflowDemo: true,
  });
  depts = seeded.depts;
  const flow = await t.db
    .selectFrom('flow_definition')
    .select('id')
    .where('tenant_id', '=', seeded.tenantId)
    .where('en_code', '=', 'purchaseRequisition')
    .executeTakeFirstOrThrow();
  ids = {
    tenant: seeded.tenantId,
    admin: seeded.users.admin,
    buyer: seeded.users.buyer,
    manager: seeded.users.manager ?? '',
    purchase: String(flow.id),
  };
  admin = await t.login('fsadmin', 'admin123');
  buyer = await t.login('fsbuyer', 'buyer123');
  manager = await t.login('fsmanager', 'manager123');
});
afterAll(async () => {
  await t?.close();
});

describe('the task pages', () => {
  it('are in the menu of admin, buyer and manager; the vendor sees none', async () => {
    for (const token of [admin, buyer, manager])
      expect(await menuUrls(token)).toEqual(expect.arrayContaining(PAGES));
    const vendor = await t.login('fsvendor', 'vendor123');
    expect((await menuUrls(vendor)).filter((u) => u.startsWith('/workFlow'))).toEqual([]);
  });

  it('open the user picker; launching opens the department tree; the calls stay open without them', async () => {
    const roles = await t.db
      .insertInto('sys_role')
      .values({
        tenant_id: ids.tenant,
        role_name: '只办待办',
        en_code: 'todoOnly',
        enabled: true,
        order_num: 9,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const page = (code: string) =>
      t.db
        .selectFrom('sys_menu')
        .select('id')
        .where('tenant_id', '=', ids.tenant)
        .where('menu_perms', '=', code)
        .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_grant')
      .values(
        [await page('workFlow'), await page('workFlow.flowTodo')].map((m) => ({
          tenant_id: ids.tenant,
          item_type: 'menu' as const,
          item_id: m.id,
          object_type: 'role' as const,
          object_id: String(roles.id),
        })),
      )
      .execute();
    const created = await t.post<{ id: string }>(
      '/api/permission/Users',
      {
        account: 'fstodo',
        realName: '只办待办',
        password: 'todo12345',
        mobile: '13900000299',
        roleIds: [String(roles.id)],
      },
      admin,
    );
    expect(created.body.code, created.body.msg).toBe(0);
    const todoOnly = await t.login('fstodo', 'todo12345');
    expect((await t.get('/api/permission/Users/Selector?keyword=张', todoOnly)).body.code).toBe(0);
    expect((await t.get('/api/permission/Organize/orgTree', todoOnly)).body.code).toBe(403);
    expect((await t.get('/api/permission/Organize/orgTree', buyer)).body.code).toBe(0);
    // A user with no workFlow page at all still reads his own lists (the flow names approvers).
    const vendor = await t.login('fsvendor', 'vendor123');
    expect((await t.post(`${B}/List/1`, {}, vendor)).body.code).toBe(0);
    expect((await t.get('/api/permission/Users/Selector?keyword=张', vendor)).body.code).toBe(403);
  });
});

describe('the task page', () => {
  it('names the form’s department and users for a reader without pickers', async () => {
    const saved = await t.post<FlowTaskSaved>(
      '/api/workflow/Form/PurchaseRequisition',
      { flowId: ids.purchase, formData: pr(2, 10) },
      buyer,
    );
    const detail = await t.get<FlowTaskDetail>(`${B}/${saved.body.data.id}`, manager);
    expect(detail.body.data.formLabels).toMatchObject({
      [`dept:${depts.eastPurchase}`]: '华东采购部',
      [`user:${ids.buyer}`]: '张采购',
    });
  });
});

describe('live updates', () => {
  it('push to the launcher at every step, to the new handlers and to the one who acted', async () => {
    await drainOutbox(t.app.deps);
    const saved = await t.post<FlowTaskSaved>(
      '/api/workflow/Form/PurchaseRequisition',
      { flowId: ids.purchase, formData: pr(100, 1000) },
      buyer,
    );
    const task = saved.body.data.id;
    await drainOutbox(t.app.deps);
    const send = vi.spyOn(t.app.deps.realtime, 'sendToUsers');
    const todo = await t.post<Page<FlowTaskItem>>(`${B}/List/1`, { pageSize: 100 }, manager);
    const op = todo.body.data.list.find((i) => i.id === task)?.operatorId as string;
    // The manager approves: the task goes on to the countersign, not yet a result for the buyer.
    expect((await t.post(`${B}/Audit/${op}`, { handleOpinion: '同意' }, manager)).body.code).toBe(0);
    await drainOutbox(t.app.deps);
    const pushedTo = send.mock.calls.flatMap(([, users, frame]) =>
      (frame as { method: string }).method === 'messagePush' ? users : [],
    );
    expect(pushedTo).toEqual(expect.arrayContaining([ids.buyer, ids.manager, ids.admin]));
    const toManager = send.mock.calls.find(
      ([, users, frame]) =>
        users.includes(ids.manager) && (frame as { method: string }).method === 'messagePush',
    );
    expect(toManager?.[2]).toMatchObject({ method: 'messagePush', todoCount: expect.any(Number) });
    send.mockRestore();
  });
});
