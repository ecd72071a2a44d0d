import type {
  AuthorizeData,
  AuthorizeObject,
  GrantIds,
  GrantNode,
  GrantTrees,
  NavResult,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let vendor: string;
let tenantId: string;
let users: { admin: string; buyer: string; vendor: string };
let roles: Record<string, string>;
let positions: Record<string, string>;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
const en = { 'accept-language': 'en-US' };
const data = (type: string, id: string) => `/api/permission/Authority/Data/${type}/${id}`;

/** Item ids of a tenant by code: menus, buttons, columns and data rules. */
async function itemIds(tenant: string) {
  const [menus, buttons, columns, rules] = await Promise.all(
    (['sys_menu', 'sys_menu_button', 'sys_menu_column', 'sys_menu_data_rule'] as const).map((table) =>
      table === 'sys_menu'
        ? t.db
            .selectFrom('sys_menu')
            .select(['id', 'menu_perms as code'])
            .where('tenant_id', '=', tenant)
            .execute()
        : t.db.selectFrom(table).select(['id', 'en_code as code']).where('tenant_id', '=', tenant).execute(),
    ),
  );
  const map = (rows: { id: string; code: string }[] = []) =>
    Object.fromEntries(rows.map((r) => [r.code, String(r.id)])) as Record<string, string>;
  return { menu: map(menus), button: map(buttons), column: map(columns), data: map(rules) };
}
let items: Awaited<ReturnType<typeof itemIds>>;
let otherItems: Awaited<ReturnType<typeof itemIds>>;

async function grantsOf(objectType: string, objectId: string) {
  const rows = await t.db
    .selectFrom('sys_grant')
    .select(['item_type', 'item_id'])
    .where('object_type', '=', objectType as 'role')
    .where('object_id', '=', objectId)
    .orderBy('item_type')
    .orderBy('item_id')
    .execute();
  return rows.map((r) => `${r.item_type}:${r.item_id}`);
}

async function permsOf(token: string): Promise<string[]> {
  const res = await t.get<{ permsList: string[] }>('/api/sys/user/info', token);
  expect(res.body.code).toBe(0);
  return res.body.data.permsList;
}

function flatten(nodes: GrantNode[]): GrantNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

const ids = (partial: Partial<GrantIds>): GrantIds => ({
  menu: [],
  button: [],
  column: [],
  data: [],
  app: [],
  ...partial,
});

beforeAll(async () => {
  t = await createTestApp();
  [admin, buyer, vendor] = await Promise.all([
    t.login('admin', 'admin123'),
    t.login('buyer', 'buyer123'),
    t.login('vendor', 'vendor123'),
  ]);
  const u = await t.db
    .selectFrom('sys_user')
    .select(['id', 'tenant_id', 'account'])
    .where('account', 'in', ['admin', 'buyer', 'vendor'])
    .execute();
  tenantId = String(u[0]?.tenant_id);
  const id = (account: string) => String(u.find((r) => r.account === account)?.id);
  users = { admin: id('admin'), buyer: id('buyer'), vendor: id('vendor') };
  const byCode = async (table: 'sys_role' | 'sys_position') =>
    Object.fromEntries(
      (
        await t.db.selectFrom(table).select(['id', 'en_code']).where('tenant_id', '=', tenantId).execute()
      ).map((r) => [r.en_code, String(r.id)]),
    ) as Record<string, string>;
  roles = await byCode('sys_role');
  positions = await byCode('sys_position');
  items = await itemIds(tenantId);
  other = await t.seedOtherTenant('az');
  otherItems = await itemIds(other.tenantId);
});
afterAll(async () => {
  await t?.close();
});

/** The buttons the demo's buyer role holds: the supplier and order pages' and the user export. */
const BUYER_BUTTONS = [
  'base.vendor.supplier.export',
  'base.vendorNotice.add',
  'base.vendorNotice.edit',
  'base.vendorNotice.delete',
  'base.vendorNotice.check',
  'base.vendorNotice.export',
  'base.vendor.invitation.add',
  'procurement.rfq.add',
  'procurement.rfq.edit',
  'procurement.rfq.delete',
  'procurement.rfq.publish',
  'procurement.rfq.award',
  'procurement.order.add',
  'procurement.order.edit',
  'procurement.order.delete',
  'procurement.order.release',
  'procurement.order.close',
  'procurement.receipt.add',
  'procurement.receipt.reverse',
  'procurement.invoice.decide',
  'permission.user.export',
];

describe('authorize reads', () => {
  it("gives the tenant's five trees in the caller's language with the object's own checked ids", async () => {
    const res = await t.get<AuthorizeData>(data('role', roles.buyer as string), admin, en);
    expect(res.body.code).toBe(0);
    const { trees, checked } = res.body.data;
    const permission = trees.menu.find((n) => n.enCode === 'permission');
    expect(permission).toMatchObject({ title: 'Permissions', itemType: 'menu', menuType: 0 });
    expect(permission?.children?.map((n) => n.enCode)).toContain('permission.role');
    // Buttons hang under their page, inside its directory; keys never collide across types.
    const roleButtons = flatten(trees.button).find((n) => n.enCode === 'permission.role');
    expect(roleButtons?.children?.map((n) => [n.itemType, n.enCode])).toEqual([
      ['button', 'permission.role.add'],
      ['button', 'permission.role.edit'],
      ['button', 'permission.role.delete'],
    ]);
    expect(
      flatten(trees.column)
        .filter((n) => n.itemType === 'column')
        .map((n) => n.enCode),
    ).toEqual(expect.arrayContaining(['permission.user.mobile', 'system.log.ipAddress']));
    expect(flatten(trees.data).filter((n) => n.itemType === 'data')).toHaveLength(5);
    expect(trees.app).toEqual([]);
    // A page without data rules is not in the data tree.
    expect(flatten(trees.data).map((n) => n.enCode)).not.toContain('system.log');
    expect(checked.menu.sort()).toEqual(
      [
        'base',
        'base.vendor.supplier',
        'base.vendorNotice',
        'base.vendor.invitation',
        'procurement',
        'procurement.rfq',
        'procurement.order',
        'procurement.receipt',
        'procurement.invoice',
        'permission',
        'permission.organize',
        'permission.department',
        'permission.user',
        'system',
        'system.log',
        'system.help',
        'workFlow',
        'workFlow.flowLaunch',
        'workFlow.flowTodo',
        'workFlow.flowDone',
        'workFlow.flowCirculate',
        'workFlow.entrust',
      ]
        .map((c) => items.menu[c])
        .sort(),
    );
    expect(checked.button.sort()).toEqual(BUYER_BUTTONS.map((c) => items.button[c]).sort());
    expect(checked.data).toEqual([items.data['permission.user.data.company']]);
    const zh = await t.get<AuthorizeData>(data('role', roles.buyer as string), admin, {
      'accept-language': 'zh-TW',
    });
    expect(zh.body.data.trees.menu.find((n) => n.enCode === 'permission')?.title).toBe('權限管理');
    const position = await t.get<AuthorizeData>(data('position', positions.buyer as string), admin);
    expect(position.body.data.checked).toEqual(ids({}));
    const user = await t.get<AuthorizeData>(data('user', users.vendor), admin);
    expect(user.body.code).toBe(0);
  });

  it('lists roles, positions and users to authorize, by keyword', async () => {
    const r = await t.get<AuthorizeObject[]>('/api/permission/Authority/Objects/role', admin);
    expect(r.body.data.map((o) => o.code)).toEqual(['admin', 'buyer', 'vendor']);
    const p = await t.get<AuthorizeObject[]>(
      '/api/permission/Authority/Objects/position?keyword=采购',
      admin,
    );
    expect(p.body.data.map((o) => o.code)).toEqual(['purchaseManager', 'buyer']);
    expect(p.body.data[1]).toMatchObject({ name: '采购专员', extra: '华东采购部', enabled: true });
    const u = await t.get<AuthorizeObject[]>('/api/permission/Authority/Objects/user?keyword=vend', admin);
    expect(u.body.data.map((o) => o.id)).toEqual([users.vendor]);
  });

  it("the signed-in user's own effective grants, read-only", async () => {
    const mine = await t.get<GrantTrees>('/api/permission/Users/Current/Authorize', buyer);
    expect(mine.body.code).toBe(0);
    const menuCodes = flatten(mine.body.data.menu).map((n) => n.enCode);
    expect(menuCodes).toContain('permission.user');
    expect(menuCodes).not.toContain('permission.role');
    expect(
      flatten(mine.body.data.button)
        .filter((n) => n.itemType === 'button')
        .map((n) => n.enCode),
    ).toEqual(BUYER_BUTTONS);
    expect(mine.body.data.column).toEqual([]);
    const all = await t.get<GrantTrees>('/api/permission/Users/Current/Authorize', admin);
    expect(flatten(all.body.data.button).filter((n) => n.itemType === 'button').length).toBe(
      Object.keys(items.button).length,
    );
  });

  it('is in the OpenAPI document', async () => {
    const doc = await t.get<unknown>('/api/docs/json');
    const paths = Object.keys((JSON.parse(doc.raw) as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/permission/Authority/Objects/{objectType}',
      '/api/permission/Authority/Data/{objectType}/{objectId}',
      '/api/permission/Users/Current/Authorize',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe('authorize writes', () => {
  it("saving reaches the affected user's permsList and nav at the next request, without signing in again", async () => {
    const before = await permsOf(buyer);
    expect(before).not.toContain('system.menu');
    const role = roles.buyer as string;
    const current = (await t.get<AuthorizeData>(data('role', role), admin)).body.data.checked;
    const saved = await t.put<GrantIds>(
      data('role', role),
      {
        ...current,
        menu: [...current.menu, items.menu['system.menu']],
        button: [items.button['system.menu.add']],
      },
      admin,
      en,
    );
    expect(saved.body).toMatchObject({ code: 0, msg: expect.any(String) });
    expect(saved.body.data.button).toEqual([items.button['system.menu.add']]);
    const after = await permsOf(buyer);
    expect(after).toEqual(expect.arrayContaining(['system.menu', 'system.menu.add']));
    expect(after).not.toContain('permission.user.export');
    const nav = await t.get<NavResult>('/api/sys/menu-ent/nav', buyer);
    const system = nav.body.data.menuList.find((m) => m.menuPerms === 'system');
    expect(system?.children?.map((m) => m.menuPerms)).toContain('system.menu');
    const entry = nav.body.data.permissionList.find((p) => p.modelId === items.menu['system.menu']);
    expect(entry?.button.map((b) => b.enCode)).toEqual(['system.menu.add']);

    // Taking the button away again: gone at the next request.
    const removed = await t.put(
      data('role', role),
      { ...current, menu: [...current.menu, items.menu['system.menu']] },
      admin,
    );
    expect(removed.body.code).toBe(0);
    expect(await permsOf(buyer)).not.toContain('system.menu.add');
    const nav2 = await t.get<NavResult>('/api/sys/menu-ent/nav', buyer);
    expect(
      nav2.body.data.permissionList.find((p) => p.modelId === items.menu['system.menu'])?.button,
    ).toEqual([]);
  });

  it('grants to a user or a position add the directory ancestors of a page', async () => {
    expect(await permsOf(vendor)).not.toContain('permission.role');
    const res = await t.put<GrantIds>(
      data('user', users.vendor),
      ids({
        menu: [items.menu['permission.role'] as string],
        button: [items.button['permission.role.add'] as string],
      }),
      admin,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.menu.sort()).toEqual([items.menu.permission, items.menu['permission.role']].sort());
    expect(await permsOf(vendor)).toEqual(
      expect.arrayContaining(['permission', 'permission.role', 'permission.role.add']),
    );
    // A supplier's user holds the codes, but its menu stays its own portal.
    const nav = await t.get<NavResult>('/api/sys/menu-ent/nav', vendor);
    expect(nav.body.data.menuList.map((m) => m.menuPerms)).toEqual(['vendorPortal']);

    const pos = await t.put(
      data('position', positions.buyer as string),
      ids({ column: [items.column['permission.user.mobile'] as string] }),
      admin,
    );
    expect(pos.body.code).toBe(0);
    expect(await permsOf(buyer)).toContain('permission.user.mobile');
    // Clearing every tab leaves the object with no grants.
    expect((await t.put(data('position', positions.buyer as string), ids({}), admin)).body.code).toBe(0);
    expect(await grantsOf('position', positions.buyer as string)).toEqual([]);
    expect(await permsOf(buyer)).not.toContain('permission.user.mobile');
  });

  it('app menus are their own tab: granted as app items, never as web menus', async () => {
    const inserted = await t.db
      .insertInto('sys_menu')
      .values({
        tenant_id: tenantId,
        parent_id: '0',
        menu_name: '移动审批',
        menu_name_en: 'Mobile approvals',
        menu_name_tw: '移動審批',
        menu_perms: 'app.approve',
        menu_icon: '',
        menu_type: 1,
        menu_url: '/app/approve',
        order_num: 1,
        link_target: '_self',
        property_json: '',
        enabled: true,
        category: 'app',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const appId = String(inserted.id);
    const read = await t.get<AuthorizeData>(data('role', roles.vendor as string), admin, en);
    expect(read.body.data.trees.app.map((n) => [n.id, n.title])).toEqual([[appId, 'Mobile approvals']]);
    expect(flatten(read.body.data.trees.menu).map((n) => n.id)).not.toContain(appId);
    const asMenu = await t.put(data('role', roles.vendor as string), ids({ menu: [appId] }), admin);
    expect(asMenu.body.code).toBe(404);
    const keep = read.body.data.checked;
    const saved = await t.put<GrantIds>(
      data('role', roles.vendor as string),
      { ...keep, app: [appId] },
      admin,
    );
    expect(saved.body.data.app).toEqual([appId]);
    const mine = await t.get<GrantTrees>('/api/permission/Users/Current/Authorize', vendor);
    expect(mine.body.data.app.map((n) => n.enCode)).toEqual(['app.approve']);
  });

  it('the page code reads but only the save button saves', async () => {
    // vendor now holds permission.role only; give them the authorize page without its save button.
    await t.put(
      data('user', users.vendor),
      ids({ menu: [items.menu['permission.authorize'] as string] }),
      admin,
    );
    const read = await t.get<AuthorizeData>(data('role', roles.vendor as string), vendor);
    expect(read.body.code).toBe(0);
    const before = await grantsOf('role', roles.vendor as string);
    const save = await t.put(data('role', roles.vendor as string), ids({}), vendor);
    expect(save.body.code).toBe(403);
    expect(await grantsOf('role', roles.vendor as string)).toEqual(before);
  });

  it('answers 400 with translated field messages, nothing changed', async () => {
    const role = roles.vendor as string;
    const before = await grantsOf('role', role);
    const badType = await t.put<{ fields: Record<string, string> }>(data('group', role), ids({}), admin, en);
    expect(badType.body).toMatchObject({ code: 400, data: { fields: { objectType: expect.any(String) } } });
    const badId = await t.get<{ fields: Record<string, string> }>(data('role', 'abc'), admin, en);
    expect(badId.body).toMatchObject({ code: 400, data: { fields: { objectId: expect.any(String) } } });
    const badBody = await t.put<{ fields: Record<string, string> }>(
      data('role', role),
      { menu: ['x1'], button: 'all', column: [] },
      admin,
      en,
    );
    expect(badBody.body.code).toBe(400);
    expect(Object.keys(badBody.body.data.fields)).toEqual(expect.arrayContaining(['button', 'data', 'app']));
    expect(Object.keys(badBody.body.data.fields).some((k) => k.startsWith('menu'))).toBe(true);
    const zh = await t.put<{ fields: Record<string, string> }>(data('role', role), { menu: [] }, admin);
    expect(Object.values(zh.body.data.fields).join('')).toMatch(/[\u4e00-\u9fff]/);
    const objects = await t.get<{ fields: Record<string, string> }>(
      '/api/permission/Authority/Objects/team',
      admin,
      en,
    );
    expect(objects.body).toMatchObject({ code: 400, data: { fields: { objectType: expect.any(String) } } });
    expect(await grantsOf('role', role)).toEqual(before);
  });

  it('unknown ids, ids of the wrong tab and other tenants: 404 and nothing changed', async () => {
    const role = roles.vendor as string;
    const before = await grantsOf('role', role);
    expect(before.length).toBeGreaterThan(0);
    const keep = (await t.get<AuthorizeData>(data('role', role), admin)).body.data.checked;
    const attempts: GrantIds[] = [
      { ...keep, menu: [...keep.menu, '999999999'] },
      // A button id is not a menu, even where the numbers happen to meet.
      { ...keep, button: [items.menu['system.log'] as string, '999999998'] },
      { ...keep, data: [otherItems.data['permission.user.data.all'] as string] },
      { ...keep, menu: [...keep.menu, otherItems.menu['system.menu'] as string] },
      // A web menu is not an app menu.
      { ...keep, app: [items.menu['system.log'] as string] },
    ];
    for (const body of attempts) {
      const res = await t.put(data('role', role), body, admin);
      expect(res.body.code).toBe(404);
    }
    expect(await grantsOf('role', role)).toEqual(before);

    const otherRole = String(
      (
        await t.db
          .selectFrom('sys_role')
          .select('id')
          .where('tenant_id', '=', other.tenantId)
          .where('en_code', '=', 'buyer')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const otherBefore = await grantsOf('role', otherRole);
    const calls = [
      t.get(data('role', otherRole), admin),
      t.get(data('user', other.users.buyer), admin),
      t.put(data('role', otherRole), ids({}), admin),
      t.put(data('user', other.users.buyer), ids({ menu: [items.menu.system as string] }), admin),
    ];
    for (const res of await Promise.all(calls)) expect(res.body.code).toBe(404);
    expect(await grantsOf('role', otherRole)).toEqual(otherBefore);
    expect(await grantsOf('user', other.users.buyer)).toEqual([]);
  });

  it('buyer lacks the codes: 403 and nothing changed', async () => {
    const role = roles.buyer as string;
    const before = await grantsOf('role', role);
    const calls = [
      t.get('/api/permission/Authority/Objects/role', buyer),
      t.get(data('role', role), buyer),
      t.put(data('role', role), ids({ menu: Object.values(items.menu) }), buyer),
      t.put(data('user', users.buyer), ids({ menu: Object.values(items.menu) }), buyer),
    ];
    for (const res of await Promise.all(calls)) expect(res.body.code).toBe(403);
    expect(await grantsOf('role', role)).toEqual(before);
    expect(await grantsOf('user', users.buyer)).toEqual([]);
  });
});
