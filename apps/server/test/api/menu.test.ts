import type { DataRule, Menu, MenuItem, MenuNode, NavResult, ServerMenuItem } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, idByCode, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let tenantId: string;
let otherTenantId: string;
const en = { 'accept-language': 'en-US' };

const del = <T = unknown>(url: string, token: string) =>
  t.request<T>({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

async function menuId(code: string, tenant = tenantId): Promise<string> {
  const row = await t.db
    .selectFrom('sys_menu')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('menu_perms', '=', code)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

function itemId(table: 'sys_menu_button' | 'sys_menu_column' | 'sys_menu_data_rule', code: string) {
  return idByCode(t.db, table, tenantId, code);
}

async function roleId(code: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('en_code', '=', code)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Row counts a client could see change: menus, page items and grants of the tenant. */
async function snapshot() {
  const n = async (
    table: 'sys_menu' | 'sys_menu_button' | 'sys_menu_column' | 'sys_menu_data_rule' | 'sys_grant',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const menus = await t.db
    .selectFrom('sys_menu')
    .select(['id', 'parent_id', 'menu_name', 'enabled', 'order_num'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  return {
    menus,
    buttons: await n('sys_menu_button'),
    columns: await n('sys_menu_column'),
    rules: await n('sys_menu_data_rule'),
    grants: await n('sys_grant'),
  };
}

async function nav(token: string): Promise<ServerMenuItem[]> {
  const res = await t.get<NavResult>('/api/sys/menu-ent/nav', token);
  expect(res.body.code).toBe(0);
  const flat: ServerMenuItem[] = [];
  const walk = (items: ServerMenuItem[]) => {
    for (const item of items) {
      flat.push(item);
      walk(item.children ?? []);
    }
  };
  walk(res.body.data.menuList);
  return flat;
}

const linkBody = (parentId: string, code: string) => ({
  parentId,
  menuName: '测试链接',
  menuNameEn: 'Test link',
  menuNameTw: '測試連結',
  menuPerms: code,
  menuIcon: 'LinkOutlined',
  menuType: 7,
  menuUrl: 'https://example.com/docs',
  linkTarget: '_blank',
  orderNum: 5,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  const row = await t.db
    .selectFrom('sys_user')
    .select('tenant_id')
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  tenantId = String(row.tenant_id);
  otherTenantId = (await t.seedOtherTenant('mn')).tenantId;
});
afterAll(async () => {
  await t?.close();
});

describe('menu tree and details', () => {
  it('answers the tree of the tenant by category, with keyword matches and their ancestors', async () => {
    const web = await t.get<MenuNode[]>('/api/system/Menu?category=web', admin);
    expect(web.body.code).toBe(0);
    expect(web.body.data.map((m) => m.menuPerms)).toEqual([
      'vendorPortal',
      'base',
      'procurement',
      'permission',
      'workFlow',
      'onlineDev',
      'system',
      'systemData',
    ]);
    const system = web.body.data.find((m) => m.menuPerms === 'system') as MenuNode;
    expect(system.children?.map((m) => m.menuPerms)).toContain('system.menu');
    const user = web.body.data
      .find((m) => m.menuPerms === 'permission')
      ?.children?.find((m) => m.menuPerms === 'permission.user');
    expect(user).toMatchObject({
      menuType: 1,
      menuUrl: '/permission/user',
      columnCount: 2,
      dataRuleCount: 5,
    });
    const buttons = await t.get<MenuItem[]>(`/api/system/ModuleButton?menuId=${user?.id}`, admin);
    expect(user?.buttonCount).toBe(buttons.body.data.length);
    expect(user?.buttonCount).toBeGreaterThan(3);

    const app = await t.get<MenuNode[]>('/api/system/Menu?category=app', admin);
    expect(app.body.data).toEqual([]);

    // An English name matches too; the ancestors come along, the siblings do not.
    const kw = await t.get<MenuNode[]>('/api/system/Menu?keyword=system%20log', admin);
    expect(kw.body.data.map((m) => m.menuPerms)).toEqual(['system']);
    expect(kw.body.data[0]?.children?.map((m) => m.menuPerms)).toEqual(['system.log']);
  });

  it('gives one menu; another tenant menu is 404; a bad query is 400 with field messages', async () => {
    const id = await menuId('system.log');
    const one = await t.get<Menu>(`/api/system/Menu/${id}`, admin);
    expect(one.body.data).toMatchObject({
      id,
      menuName: '系统日志',
      menuNameEn: 'System Log',
      enabled: true,
    });
    const foreign = await menuId('system.log', otherTenantId);
    expect((await t.get(`/api/system/Menu/${foreign}`, admin)).body.code).toBe(404);
    const bad = await t.get<{ fields: Record<string, string> }>('/api/system/Menu?category=ios', admin, en);
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields.category).toBeTruthy();
  });

  it('refuses a user without system.menu (403)', async () => {
    const res = await t.get('/api/system/Menu', buyer);
    expect(res.body.code).toBe(403);
    expect(res.body.msg).toBe('暂无权限');
    expect((await t.get(`/api/system/Menu/${await menuId('system.log')}`, buyer)).body.code).toBe(403);
  });
});

describe('menu writes', () => {
  it('creates a directory and a link under it; the admin nav shows them on the next request', async () => {
    const dir = await t.post<Menu>(
      '/api/system/Menu',
      {
        menuName: '测试目录',
        menuNameEn: 'Test folder',
        menuNameTw: '測試目錄',
        menuPerms: 'test.dir',
        menuIcon: 'FolderOutlined',
        menuType: 0,
        orderNum: 95,
      },
      admin,
    );
    expect(dir.body.code).toBe(0);
    expect(dir.body.data).toMatchObject({
      parentId: '0',
      category: 'web',
      enabled: true,
      linkTarget: '_self',
    });
    const link = await t.post<Menu>('/api/system/Menu', linkBody(dir.body.data.id, 'test.dir.link'), admin);
    expect(link.body.code).toBe(0);
    expect(link.body.data).toMatchObject({ parentId: dir.body.data.id, menuType: 7, linkTarget: '_blank' });

    const items = await nav(admin);
    expect(items.find((m) => m.menuPerms === 'test.dir.link')).toMatchObject({
      parentId: dir.body.data.id,
      menuNameEn: 'Test link',
      menuUrl: 'https://example.com/docs',
    });
    // The buyer holds no grant of the new menus.
    expect((await nav(buyer)).some((m) => m.menuPerms.startsWith('test.dir'))).toBe(false);
  });

  it('answers 400 with translated field messages for bad bodies, per menu type', async () => {
    const before = await snapshot();
    const empty = await t.post<{ fields: Record<string, string> }>('/api/system/Menu', {}, admin, en);
    expect(empty.body.code).toBe(400);
    expect(empty.body.data.fields).toMatchObject({
      menuName: 'This field is required',
      menuPerms: 'This field is required',
    });
    expect(empty.body.data.fields.menuType).toBeTruthy();

    const cases: [Record<string, unknown>, string, string][] = [
      [{ menuPerms: '.bad' }, 'menuPerms', 'Only letters, digits and dots; a dot cannot be first or last'],
      [{ menuType: 2 }, 'menuType', 'Invalid value'],
      [{ menuType: 1, menuUrl: '' }, 'menuUrl', 'This field is required'],
      [{ menuType: 1, menuUrl: 'system/x' }, 'menuUrl', 'Invalid value'],
      [{ menuType: 7, menuUrl: '' }, 'menuUrl', 'This field is required'],
      [{ menuType: 3, propertyJson: '' }, 'propertyJson', 'This field is required'],
      [{ menuType: 3, propertyJson: '{"isTree":1}' }, 'propertyJson', 'Invalid value'],
      [{ menuType: 0, propertyJson: 'not json' }, 'propertyJson', 'Invalid value'],
      [{ menuIcon: 'bad icon!' }, 'menuIcon', 'Invalid value'],
      [{ linkTarget: '_top' }, 'linkTarget', 'Invalid value'],
      [{ menuName: 'x'.repeat(51) }, 'menuName', 'Must be at most 50 characters'],
      [{ orderNum: -1 }, 'orderNum', 'Must be at least 0'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.post<{ fields: Record<string, string> }>(
        '/api/system/Menu',
        { ...linkBody('0', 'test.bad'), ...patch },
        admin,
        en,
      );
      expect(res.body.code, `${field} ${JSON.stringify(patch)}`).toBe(400);
      expect(res.body.data.fields[field], field).toBe(message);
    }
    // A dynamic page naming a module of the tenant is fine (a dictionary page: one of its types);
    // another tenant's type, or a design that does not exist, answers 404 and writes nothing.
    const dictTypeOf = async (tenantId: string) =>
      String(
        (
          await t.db
            .selectFrom('sys_dict_type')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('en_code', '=', 'currency')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const dynamic = (menuType: number, moduleId: string) => ({
      ...linkBody('0', 'test.dynamic'),
      menuType,
      menuUrl: '',
      propertyJson: JSON.stringify({ moduleId, isTree: 0 }),
    });
    const ourTenantId = String(
      (
        await t.db
          .selectFrom('sys_menu')
          .select('tenant_id')
          .where('id', '=', await menuId('system'))
          .executeTakeFirstOrThrow()
      ).tenant_id,
    );
    expect(
      (await t.post('/api/system/Menu', dynamic(4, await dictTypeOf(otherTenantId)), admin)).body.code,
    ).toBe(404);
    expect((await t.post('/api/system/Menu', dynamic(3, '42'), admin)).body.code).toBe(404);
    const dyn = await t.post<Menu>('/api/system/Menu', dynamic(4, await dictTypeOf(ourTenantId)), admin);
    expect(dyn.body.code).toBe(0);
    expect((await del(`/api/system/Menu/${dyn.body.data.id}`, admin)).body.code).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps codes unique in the tenant and parents of the tenant and category', async () => {
    const taken = await t.post<{ fields: Record<string, string> }>(
      '/api/system/Menu',
      linkBody('0', 'system.log'),
      admin,
      en,
    );
    expect(taken.body.code).toBe(400);
    expect(taken.body.data.fields.menuPerms).toBe('This menu code is already in use');
    // The same code in another tenant is no conflict of this one.
    const foreignParent = await menuId('system', otherTenantId);
    expect((await t.post('/api/system/Menu', linkBody(foreignParent, 'test.x'), admin)).body.code).toBe(404);
    const appChild = await t.post<{ fields: Record<string, string> }>(
      '/api/system/Menu',
      { ...linkBody(await menuId('system'), 'test.app'), category: 'app' },
      admin,
      en,
    );
    expect(appChild.body.code).toBe(400);
    expect(appChild.body.data.fields.parentId).toMatch(/category/);
  });

  it('updates a menu (name shows in nav), refuses a cycle and a code taken by another menu', async () => {
    const dir = await menuId('test.dir');
    const link = await menuId('test.dir.link');
    const renamed = await t.put<Menu>(
      `/api/system/Menu/${link}`,
      { ...linkBody(dir, 'test.dir.link'), menuName: '改名链接', menuNameEn: 'Renamed link' },
      admin,
    );
    expect(renamed.body.code).toBe(0);
    expect(renamed.body.data.menuName).toBe('改名链接');
    expect((await nav(admin)).find((m) => m.id === link)?.menuNameEn).toBe('Renamed link');

    const before = await snapshot();
    const cycle = await t.put(
      `/api/system/Menu/${dir}`,
      { menuName: '测试目录', menuPerms: 'test.dir', menuType: 0, parentId: link },
      admin,
      en,
    );
    expect(cycle.body.code).toBe(409);
    expect(cycle.body.msg).toMatch(/under itself/);
    const self = await t.put(
      `/api/system/Menu/${dir}`,
      { menuName: '测试目录', menuPerms: 'test.dir', menuType: 0, parentId: dir },
      admin,
    );
    expect(self.body.code).toBe(409);
    const taken = await t.put<{ fields: Record<string, string> }>(
      `/api/system/Menu/${link}`,
      linkBody(dir, 'system.menu'),
      admin,
      en,
    );
    expect(taken.body.data.fields.menuPerms).toBe('This menu code is already in use');
    expect(await snapshot()).toEqual(before);

    // Moving to the top level and back is fine.
    const moved = await t.put<Menu>(`/api/system/Menu/${link}`, linkBody('0', 'test.dir.link'), admin);
    expect(moved.body.data.parentId).toBe('0');
    await t.put(`/api/system/Menu/${link}`, linkBody(dir, 'test.dir.link'), admin);
  });

  it('moves sub-menus along when a directory changes category', async () => {
    const dir = await menuId('test.dir');
    const res = await t.put<Menu>(
      `/api/system/Menu/${dir}`,
      { menuName: '测试目录', menuPerms: 'test.dir', menuType: 0, category: 'app', orderNum: 95 },
      admin,
    );
    expect(res.body.code).toBe(0);
    const app = await t.get<MenuNode[]>('/api/system/Menu?category=app', admin);
    expect(app.body.data[0]?.children?.map((m) => m.menuPerms)).toEqual(['test.dir.link']);
    expect((await nav(admin)).some((m) => m.menuPerms.startsWith('test.dir'))).toBe(false);
    await t.put(
      `/api/system/Menu/${dir}`,
      { menuName: '测试目录', menuPerms: 'test.dir', menuType: 0, category: 'web', orderNum: 95 },
      admin,
    );
    expect((await nav(admin)).some((m) => m.menuPerms === 'test.dir.link')).toBe(true);
  });

  it('enables, disables and sorts; a disabled directory hides what is below it in the nav', async () => {
    const dir = await menuId('test.dir');
    const off = await t.put<Menu>(`/api/system/Menu/${dir}/Actions/State`, { enabled: false }, admin);
    expect(off.body.code).toBe(0);
    expect(off.body.data.enabled).toBe(false);
    const items = await nav(admin);
    expect(items.some((m) => m.menuPerms.startsWith('test.dir'))).toBe(false);
    // Still listed for management.
    const tree = await t.get<MenuNode[]>('/api/system/Menu?category=web&keyword=test.dir', admin);
    expect(tree.body.data[0]).toMatchObject({ menuPerms: 'test.dir', enabled: false });
    await t.put(`/api/system/Menu/${dir}/Actions/State`, { enabled: true }, admin);
    expect((await nav(admin)).some((m) => m.menuPerms === 'test.dir.link')).toBe(true);

    const sorted = await t.put<Menu>(`/api/system/Menu/${dir}/Actions/Sort`, { orderNum: 1 }, admin);
    expect(sorted.body.data.orderNum).toBe(1);
    const web = await t.get<MenuNode[]>('/api/system/Menu?category=web', admin);
    expect(web.body.data[0]?.menuPerms).toBe('test.dir');

    const bad = await t.put<{ fields: Record<string, string> }>(
      `/api/system/Menu/${dir}/Actions/Sort`,
      { orderNum: 'x' },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields.orderNum).toBeTruthy();
    const badState = await t.put<{ fields: Record<string, string> }>(
      `/api/system/Menu/${dir}/Actions/State`,
      {},
      admin,
      en,
    );
    expect(badState.body.data.fields.enabled).toBe('This field is required');
  });

  it('refuses writes to a user without the codes (403) and changes nothing', async () => {
    const dir = await menuId('test.dir');
    const before = await snapshot();
    const calls = [
      t.post('/api/system/Menu', linkBody('0', 'test.buyer'), buyer),
      t.put(`/api/system/Menu/${dir}`, { menuName: 'x', menuPerms: 'test.dir', menuType: 0 }, buyer),
      t.put(`/api/system/Menu/${dir}/Actions/State`, { enabled: false }, buyer),
      t.put(`/api/system/Menu/${dir}/Actions/Sort`, { orderNum: 7 }, buyer),
      del(`/api/system/Menu/${await menuId('test.dir.link')}`, buyer),
      t.get(`/api/system/ModuleButton?menuId=${await menuId('permission.user')}`, buyer),
      t.post(
        '/api/system/ModuleButton',
        { menuId: await menuId('permission.user'), enCode: 'x.y', fullName: 'x' },
        buyer,
      ),
      del(`/api/system/ModuleColumn/${await itemId('sys_menu_column', 'permission.user.email')}`, buyer),
      del(
        `/api/system/ModuleDataAuthorize/${await itemId('sys_menu_data_rule', 'permission.user.data.all')}`,
        buyer,
      ),
    ];
    for (const res of await Promise.all(calls)) expect(res.body.code).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for another tenant menu on every write', async () => {
    const foreign = await menuId('system.log', otherTenantId);
    const before = await snapshot();
    expect((await t.put(`/api/system/Menu/${foreign}`, linkBody('0', 'test.f'), admin)).body.code).toBe(404);
    expect(
      (await t.put(`/api/system/Menu/${foreign}/Actions/State`, { enabled: false }, admin)).body.code,
    ).toBe(404);
    expect((await t.put(`/api/system/Menu/${foreign}/Actions/Sort`, { orderNum: 3 }, admin)).body.code).toBe(
      404,
    );
    expect((await del(`/api/system/Menu/${foreign}`, admin)).body.code).toBe(404);
    expect(await snapshot()).toEqual(before);
    const theirs = await t.db
      .selectFrom('sys_menu')
      .select('enabled')
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(theirs.enabled).toBe(true);
  });

  it('refuses deleting a menu with sub-menus; deleting a page removes its items and every grant of them', async () => {
    const dir = await menuId('test.dir');
    const before = await snapshot();
    const refused = await del(`/api/system/Menu/${dir}`, admin);
    expect(refused.body.code).toBe(409);
    expect(refused.body.msg).toBe('该菜单下有子菜单，请先删除或移走子菜单');
    expect(await snapshot()).toEqual(before);

    // A page with a button, a column and a rule, each granted to the buyer role.
    const page = await t.post<Menu>(
      '/api/system/Menu',
      { ...linkBody(dir, 'test.dir.page'), menuType: 1, menuUrl: '/test/page', linkTarget: '_self' },
      admin,
    );
    const pageId = page.body.data.id;
    const button = await t.post<MenuItem>(
      '/api/system/ModuleButton',
      { menuId: pageId, enCode: 'test.dir.page.add', fullName: '新建' },
      admin,
    );
    const column = await t.post<MenuItem>(
      '/api/system/ModuleColumn',
      { menuId: pageId, enCode: 'test.dir.page.amount', fullName: '金额' },
      admin,
    );
    // A page outside DATA_RULE_PAGES takes no new rules; one stored before still goes with its page.
    const tenant = await t.db
      .selectFrom('sys_menu')
      .select('tenant_id')
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow();
    const ruleRow = await t.db
      .insertInto('sys_menu_data_rule')
      .values({
        tenant_id: tenant.tenant_id,
        menu_id: pageId,
        en_code: 'test.dir.page.all',
        full_name: '全部',
        field: '',
        rule_type: 'all',
        condition_op: '',
        condition_value: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rule = { body: { data: { id: String(ruleRow.id) } } };
    const buyerRole = await roleId('buyer');
    await t.db
      .insertInto('sys_grant')
      .values(
        (
          [
            ['menu', pageId],
            ['button', button.body.data.id],
            ['column', column.body.data.id],
            ['data', rule.body.data.id],
          ] as const
        ).map(([item_type, item_id]) => ({
          tenant_id: tenantId,
          item_type,
          item_id,
          object_type: 'role' as const,
          object_id: buyerRole,
        })),
      )
      .execute();
    const perms = await t.get<{ permsList: string[] }>('/api/sys/user/info', buyer);
    expect(perms.body.data.permsList).toContain('test.dir.page.add');

    const gone = await del(`/api/system/Menu/${pageId}`, admin);
    expect(gone.body.code).toBe(0);
    expect(await snapshot()).toEqual(before);
    const after = await t.get<{ permsList: string[] }>('/api/sys/user/info', buyer);
    expect(after.body.data.permsList).not.toContain('test.dir.page.add');

    // Then the link and the directory go, and the nav no longer shows them.
    expect((await del(`/api/system/Menu/${await menuId('test.dir.link')}`, admin)).body.code).toBe(0);
    expect((await del(`/api/system/Menu/${dir}`, admin)).body.code).toBe(0);
    expect((await nav(admin)).some((m) => m.menuPerms.startsWith('test.dir'))).toBe(false);
    expect((await del(`/api/system/Menu/${dir}`, admin)).body.code).toBe(404);
  });
});

describe('buttons and columns of a page', () => {
  it('lists, adds, edits and deletes a button; the nav permission list follows', async () => {
    const userPage = await menuId('permission.user');
    const list = await t.get<MenuItem[]>(`/api/system/ModuleButton?menuId=${userPage}`, admin);
    expect(list.body.data.slice(0, 3).map((b) => b.enCode)).toEqual([
      'permission.user.add',
      'permission.user.edit',
      'permission.user.delete',
    ]);
    expect(list.body.data.map((b) => b.enCode)).toContain('permission.user.export');

    const created = await t.post<MenuItem>(
      '/api/system/ModuleButton',
      { menuId: userPage, enCode: 'permission.user.print', fullName: '打印 / 预览', orderNum: 20 },
      admin,
    );
    expect(created.body.code).toBe(0);
    expect(created.body.data).toMatchObject({ menuId: userPage, fullName: '打印 / 预览', orderNum: 20 });
    const navRes = await t.get<NavResult>('/api/sys/menu-ent/nav', admin);
    const entry = navRes.body.data.permissionList.find((p) => p.modelId === userPage);
    expect(entry?.button.map((b) => b.enCode)).toContain('permission.user.print');

    const edited = await t.put<MenuItem>(
      `/api/system/ModuleButton/${created.body.data.id}`,
      { menuId: userPage, enCode: 'permission.user.print', fullName: '打印' },
      admin,
    );
    expect(edited.body.data.fullName).toBe('打印');

    const dup = await t.post<{ fields: Record<string, string> }>(
      '/api/system/ModuleButton',
      { menuId: userPage, enCode: 'permission.user.add', fullName: '新建' },
      admin,
      en,
    );
    expect(dup.body.code).toBe(400);
    expect(dup.body.data.fields.enCode).toBe('This code is already in use');
    const bad = await t.post<{ fields: Record<string, string> }>(
      '/api/system/ModuleButton',
      { menuId: userPage, enCode: 'a..', fullName: '' },
      admin,
      en,
    );
    expect(bad.body.data.fields).toMatchObject({ fullName: 'This field is required' });
    expect(bad.body.data.fields.enCode).toBeTruthy();

    // A grant of the button goes with it.
    await t.db
      .insertInto('sys_grant')
      .values({
        tenant_id: tenantId,
        item_type: 'button',
        item_id: created.body.data.id,
        object_type: 'role',
        object_id: await roleId('buyer'),
      })
      .execute();
    expect((await del(`/api/system/ModuleButton/${created.body.data.id}`, admin)).body.code).toBe(0);
    const grants = await t.db
      .selectFrom('sys_grant')
      .select('id')
      .where('item_type', '=', 'button')
      .where('item_id', '=', created.body.data.id)
      .execute();
    expect(grants).toEqual([]);
    expect((await del(`/api/system/ModuleButton/${created.body.data.id}`, admin)).body.code).toBe(404);
  });

  it('manages columns the same way and refuses directories and other tenants', async () => {
    const userPage = await menuId('permission.user');
    const cols = await t.get<MenuItem[]>(`/api/system/ModuleColumn?menuId=${userPage}`, admin);
    expect(cols.body.data.map((c) => c.enCode)).toEqual(['permission.user.mobile', 'permission.user.email']);
    const created = await t.post<MenuItem>(
      '/api/system/ModuleColumn',
      { menuId: userPage, enCode: 'permission.user.idCard', fullName: '身份证' },
      admin,
    );
    expect(created.body.code).toBe(0);
    const edited = await t.put<MenuItem>(
      `/api/system/ModuleColumn/${created.body.data.id}`,
      { menuId: userPage, enCode: 'permission.user.idCardNo', fullName: '身份证号' },
      admin,
    );
    expect(edited.body.data).toMatchObject({ enCode: 'permission.user.idCardNo', fullName: '身份证号' });
    expect((await del(`/api/system/ModuleColumn/${created.body.data.id}`, admin)).body.code).toBe(0);

    const directory = await t.post<{ fields: Record<string, string> }>(
      '/api/system/ModuleColumn',
      { menuId: await menuId('system'), enCode: 'system.x', fullName: 'x' },
      admin,
      en,
    );
    expect(directory.body.code).toBe(400);
    expect(directory.body.data.fields.menuId).toMatch(/Only a page/);

    const foreignPage = await menuId('permission.user', otherTenantId);
    expect((await t.get(`/api/system/ModuleColumn?menuId=${foreignPage}`, admin)).body.code).toBe(404);
    expect(
      (await t.post('/api/system/ModuleButton', { menuId: foreignPage, enCode: 'x.y', fullName: 'x' }, admin))
        .body.code,
    ).toBe(404);
    const foreignButton = await t.db
      .selectFrom('sys_menu_button')
      .select('id')
      .where('tenant_id', '=', otherTenantId)
      .executeTakeFirstOrThrow();
    expect(
      (
        await t.put(
          `/api/system/ModuleButton/${foreignButton.id}`,
          { menuId: userPage, enCode: 'x.y', fullName: 'x' },
          admin,
        )
      ).body.code,
    ).toBe(404);
    expect((await del(`/api/system/ModuleButton/${foreignButton.id}`, admin)).body.code).toBe(404);
    expect((await t.get('/api/system/ModuleButton?menuId=abc', admin)).body.code).toBe(400);
  });
});

describe('data rules of a page', () => {
  it('lists, adds, edits and deletes rules with condition operators', async () => {
    const userPage = await menuId('permission.user');
    const list = await t.get<DataRule[]>(`/api/system/ModuleDataAuthorize?menuId=${userPage}`, admin);
    expect(list.body.data.map((r) => r.ruleType)).toEqual(['own', 'dept', 'deptAndBelow', 'company', 'all']);

    const incomplete = await t.post<{ fields: Record<string, string> }>(
      '/api/system/ModuleDataAuthorize',
      { menuId: userPage, enCode: 'permission.user.data.active', fullName: '启用的', ruleType: 'condition' },
      admin,
      en,
    );
    expect(incomplete.body.code).toBe(400);
    expect(incomplete.body.data.fields.conditionOp).toBe('This field is required');
    const badType = await t.post<{ fields: Record<string, string> }>(
      '/api/system/ModuleDataAuthorize',
      { menuId: userPage, enCode: 'permission.user.data.x', fullName: 'x', ruleType: 'everything' },
      admin,
      en,
    );
    expect(badType.body.data.fields.ruleType).toBeTruthy();

    const created = await t.post<DataRule>(
      '/api/system/ModuleDataAuthorize',
      {
        menuId: userPage,
        enCode: 'permission.user.data.active',
        fullName: '启用的',
        ruleType: 'condition',
        field: 'enabled',
        conditionOp: 'eq',
        conditionValue: 'true',
      },
      admin,
    );
    expect(created.body.code).toBe(0);
    expect(created.body.data).toMatchObject({ conditionOp: 'eq', conditionValue: 'true', field: 'enabled' });

    // Turning it into a scope rule clears operator and value.
    const edited = await t.put<DataRule>(
      `/api/system/ModuleDataAuthorize/${created.body.data.id}`,
      {
        menuId: userPage,
        enCode: 'permission.user.data.active',
        fullName: '本公司2',
        ruleType: 'company',
        field: 'dept_id',
        conditionOp: 'eq',
        conditionValue: 'true',
      },
      admin,
    );
    expect(edited.body.data).toMatchObject({ ruleType: 'company', conditionOp: '', conditionValue: '' });

    // Only fields of the page's data rules; only pages whose lists apply data rules.
    const unknownField = await t.post<{ fields: Record<string, string> }>(
      '/api/system/ModuleDataAuthorize',
      {
        menuId: userPage,
        enCode: 'permission.user.data.pwd',
        fullName: '密码',
        ruleType: 'condition',
        field: 'password_hash',
        conditionOp: 'eq',
        conditionValue: 'x',
      },
      admin,
      en,
    );
    expect(unknownField.body.code).toBe(400);
    expect(unknownField.body.data.fields.field).toContain('real_name');
    const camel = await t.post<DataRule>(
      '/api/system/ModuleDataAuthorize',
      {
        menuId: userPage,
        enCode: 'permission.user.data.named',
        fullName: '姓名',
        ruleType: 'condition',
        field: 'realName',
        conditionOp: 'contains',
        conditionValue: '张',
      },
      admin,
    );
    expect(camel.body.data.field).toBe('real_name');
    await del(`/api/system/ModuleDataAuthorize/${camel.body.data.id}`, admin);
    const otherPage = await t.post<{ fields: Record<string, string> }>(
      '/api/system/ModuleDataAuthorize',
      { menuId: await menuId('system.log'), enCode: 'system.log.data.all', fullName: 'x', ruleType: 'all' },
      admin,
      en,
    );
    expect(otherPage.body.code).toBe(400);
    expect(otherPage.body.data.fields.menuId).toBe("This page's lists have no data rules");

    const dup = await t.put<{ fields: Record<string, string> }>(
      `/api/system/ModuleDataAuthorize/${created.body.data.id}`,
      { menuId: userPage, enCode: 'permission.user.data.all', fullName: 'x', ruleType: 'all' },
      admin,
      en,
    );
    expect(dup.body.data.fields.enCode).toBe('This code is already in use');

    expect((await del(`/api/system/ModuleDataAuthorize/${created.body.data.id}`, admin)).body.code).toBe(0);
    const after = await t.get<DataRule[]>(`/api/system/ModuleDataAuthorize?menuId=${userPage}`, admin);
    expect(after.body.data).toHaveLength(5);

    const foreignRule = await t.db
      .selectFrom('sys_menu_data_rule')
      .select('id')
      .where('tenant_id', '=', otherTenantId)
      .executeTakeFirstOrThrow();
    expect((await del(`/api/system/ModuleDataAuthorize/${foreignRule.id}`, admin)).body.code).toBe(404);
    expect(
      (
        await t.put(
          `/api/system/ModuleDataAuthorize/${foreignRule.id}`,
          { menuId: userPage, enCode: 'x.y', fullName: 'x', ruleType: 'all' },
          admin,
        )
      ).body.code,
    ).toBe(404);
  });
});

describe('link menu addresses', () => {
  const TOKEN = ['$', '{token}'].join('');
  it.each([
    [
      `https://help.example.org/?token=${TOKEN}`,
      `The session token ${TOKEN} may only be used in a path of this product, never sent to another site`,
    ],
    [
      'javascript:alert(1)',
      'The link must start with http(s):// or be a path of this product (starting with /)',
    ],
    [
      '//evil.example/x',
      'The link must start with http(s):// or be a path of this product (starting with /)',
    ],
    [
      'data:text/html,x',
      'The link must start with http(s):// or be a path of this product (starting with /)',
    ],
  ])('refuses %s with a field message', async (menuUrl, message) => {
    const res = await t.post<{ fields: Record<string, string> }>(
      '/api/system/Menu',
      { ...linkBody('0', 'test.linkcheck'), menuUrl },
      admin,
      en,
    );
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields.menuUrl).toBe(message);
  });

  it('accepts http(s) addresses and paths of the product (with the token)', async () => {
    for (const [i, menuUrl] of ['https://example.com/docs', `/api/file/report?token=${TOKEN}`].entries()) {
      const res = await t.post(
        '/api/system/Menu',
        { ...linkBody('0', `test.linkok${i}`), menuUrl },
        admin,
        en,
      );
      expect(res.body.code).toBe(0);
    }
  });
});

describe('traditional menu names of tenants seeded earlier (migration 0035)', () => {
  it("renames the names still as seeded, Taiwan's way, and keeps one an administrator chose", async () => {
    const { up0035 } = await import('../../src/db/migrations/0035_menu_names_tw');
    const twOf = async (code: string) =>
      (
        await t.db
          .selectFrom('sys_menu')
          .select('menu_name_tw')
          .where('tenant_id', '=', tenantId)
          .where('menu_perms', '=', code)
          .executeTakeFirstOrThrow()
      ).menu_name_tw;
    const setTw = (code: string, name: string) =>
      t.db
        .updateTable('sys_menu')
        .set({ menu_name_tw: name })
        .where('tenant_id', '=', tenantId)
        .where('menu_perms', '=', code)
        .execute();
    // New tenants are seeded with the new names already.
    expect(await twOf('system.sysConfig')).toBe('系統參數');
    await setTw('system.sysConfig', '系統配置');
    await setTw('permission.user', '用戶管理');
    await setTw('systemData.dictionary', '我們的字典');
    await up0035(t.db as never);
    expect(await twOf('system.sysConfig')).toBe('系統參數');
    expect(await twOf('permission.user')).toBe('使用者管理');
    expect(await twOf('systemData.dictionary')).toBe('我們的字典');
    await setTw('systemData.dictionary', '資料字典');
  });
});

describe('the data-model page of tenants seeded earlier (migration 0071)', () => {
  it('adds the page under 系统数据 with its buttons, granted to the admin role, once', async () => {
    const { down0071, up0071 } = await import('../../src/db/migrations/0071_data_model_menu');
    const page = async () =>
      t.db
        .selectFrom('sys_menu as m')
        .innerJoin('sys_menu as p', 'p.id', 'm.parent_id')
        .select([
          'm.id',
          'm.menu_name',
          'm.menu_name_en',
          'm.menu_name_tw',
          'm.menu_url',
          'p.menu_perms as parent',
        ])
        .where('m.tenant_id', '=', tenantId)
        .where('m.menu_perms', '=', 'systemData.dataModel')
        .execute();
    // A new tenant has it from the seed, as the migration makes it.
    const seeded = await page();
    expect(seeded).toHaveLength(1);
    await down0071(t.db as never);
    expect(await page()).toEqual([]);
    await up0071(t.db as never);
    await up0071(t.db as never);
    const rows = await page();
    expect(rows).toEqual([
      expect.objectContaining({
        menu_name: '数据建模',
        menu_name_en: 'Data Models',
        menu_name_tw: '資料建模',
        menu_url: '/systemData/dataModel',
        parent: 'systemData',
      }),
    ]);
    const buttons = await t.db
      .selectFrom('sys_menu_button')
      .select(['id', 'en_code'])
      .where('menu_id', '=', rows[0]!.id)
      .orderBy('order_num')
      .execute();
    expect(buttons.map((b) => b.en_code)).toEqual([
      'systemData.dataModel.add',
      'systemData.dataModel.edit',
      'systemData.dataModel.delete',
    ]);
    const granted = await t.db
      .selectFrom('sys_grant')
      .select(['item_type', 'item_id'])
      .where('object_type', '=', 'role')
      .where('object_id', '=', await roleId('admin'))
      .where('item_id', 'in', [rows[0]!.id, ...buttons.map((b) => b.id)])
      .execute();
    expect(granted).toHaveLength(4);
    // The page shows in the administrator's menu again.
    const nav = await t.get<NavResult>('/api/sys/menu-ent/nav', admin);
    expect(JSON.stringify(nav.body.data)).toContain('/systemData/dataModel');
  });
});
