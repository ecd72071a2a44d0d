import {
  type DictItem,
  DictPageApi,
  type DictPageConfig,
  type DictPageItem,
  type DictPageItems,
  type Menu,
  type MenuItem,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down0074, up0074 } from '../../src/db/migrations/0074_cost_centre_page';
import { createTestApp, type TestApp, tenantIdOf } from '../helpers';

/**
 * Dictionary pages (menu type 4): a menu item naming one dictionary type opens that type's items
 * under the menu's own codes (`${menuCode}.add|edit|delete`), kept on the menu by the menu editor.
 */

let t: TestApp;
let admin: string;
let clerk: string;
let buyer: string;
let tenantId: string;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
let t2admin: string;
const en = { 'accept-language': 'en-US' };
const auth = (token: string, headers: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  ...headers,
});
const del = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'DELETE', url, headers: auth(token, headers) });

/** The ids of the test's dictionary types and page menus. */
const ids = { treeType: '', currencyType: '', page: '', currencyPage: '', theirPage: '', roleId: '' };

async function typeIdOf(code: string, tenant = tenantId): Promise<string> {
  const row = await t.db
    .selectFrom('sys_dict_type')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('en_code', '=', code)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const pageMenu = (code: string, typeId: string, isTree = 0) => ({
  menuName: '成本中心',
  menuNameEn: 'Cost centres',
  menuPerms: code,
  menuType: 4,
  propertyJson: JSON.stringify({ moduleId: typeId, isTree }),
});

const item = (enCode: string, extra: Record<string, unknown> = {}) => ({
  enCode,
  fullName: `项${enCode}`,
  ...extra,
});

const flatten = (list: DictPageItem[]): DictPageItem[] =>
  list.flatMap((i) => [i, ...flatten(i.children ?? [])]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  tenantId = await tenantIdOf(t.db, 'admin');
  other = await t.seedOtherTenant('dp');
  t2admin = await t.login('dpadmin', 'admin123');
  ids.currencyType = await typeIdOf('currency');
  const categoryId = String(
    (
      await t.db
        .selectFrom('sys_dict_type')
        .select('category_id')
        .where('id', '=', ids.currencyType)
        .executeTakeFirstOrThrow()
    ).category_id,
  );
  const tree = await t.post<{ id: string }>(
    '/api/system/DictionaryType',
    { categoryId, enCode: 'ccTest', fullName: '成本中心', fullNameEn: 'Cost centre', isTree: true },
    admin,
  );
  expect(tree.body.code).toBe(0);
  ids.treeType = tree.body.data.id;
  const theirType = await typeIdOf('currency', other.tenantId);
  const theirs = await t.post<Menu>('/api/system/Menu', pageMenu('theirCurrency', theirType), t2admin);
  expect(theirs.body.code).toBe(0);
  ids.theirPage = theirs.body.data.id;
});
afterAll(async () => {
  await t?.close();
});

describe('the menu editor', () => {
  it('keeps add, edit and delete buttons on a type-4 menu item', async () => {
    const created = await t.post<Menu>('/api/system/Menu', pageMenu('costCentre', ids.treeType, 1), admin);
    expect(created.body).toMatchObject({ code: 0, data: { menuType: 4, buttonCount: 3 } });
    ids.page = created.body.data.id;
    const buttons = await t.get<MenuItem[]>(`/api/system/ModuleButton?menuId=${ids.page}`, admin);
    expect(buttons.body.data.map((b) => [b.enCode, b.fullName])).toEqual([
      ['costCentre.add', '新增'],
      ['costCentre.edit', '编辑'],
      ['costCentre.delete', '删除'],
    ]);
    const flat = await t.post<Menu>('/api/system/Menu', pageMenu('currencyPage', ids.currencyType), admin);
    expect(flat.body.code).toBe(0);
    ids.currencyPage = flat.body.data.id;
    // Another tenant's dictionary type is no page of ours.
    const foreign = await t.post(
      '/api/system/Menu',
      pageMenu('foreignDict', await typeIdOf('currency', other.tenantId)),
      admin,
    );
    expect(foreign.body.code).toBe(404);
  });

  it('keeps a dictionary type a page names from being deleted', async () => {
    const type = await t.get<{ categoryId: string }>(`/api/system/DictionaryType/${ids.treeType}`, admin);
    const empty = await t.post<{ id: string }>(
      '/api/system/DictionaryType',
      { categoryId: type.body.data.categoryId, enCode: 'ccEmpty', fullName: '空类型' },
      admin,
    );
    const menu = await t.post<Menu>('/api/system/Menu', pageMenu('emptyPage', empty.body.data.id), admin);
    expect(menu.body.code).toBe(0);
    const refused = await del(`/api/system/DictionaryType/${empty.body.data.id}`, admin, en);
    expect(refused.body).toMatchObject({ code: 409, msg: expect.stringContaining('成本中心') });
    expect((await del(`/api/system/Menu/${menu.body.data.id}`, admin)).body.code).toBe(0);
    expect((await del(`/api/system/DictionaryType/${empty.body.data.id}`, admin)).body.code).toBe(0);
  });

  it('gives the page its type and, for the administrator, every button', async () => {
    const config = await t.get<DictPageConfig>(DictPageApi.config(ids.page), admin);
    expect(config.body.data).toMatchObject({
      menuId: ids.page,
      menuCode: 'costCentre',
      type: { id: ids.treeType, enCode: 'ccTest', isTree: true },
      buttons: ['add', 'edit', 'delete'],
    });
  });
});

describe('the administrator on the page', () => {
  it('adds, edits, disables and deletes items of the type, a tree answered as a tree', async () => {
    const P = DictPageApi.items(ids.page);
    const root = await t.post<DictItem>(P, item('cc1', { fullNameEn: 'Head office' }), admin);
    expect(root.body).toMatchObject({ code: 0, data: { typeId: ids.treeType, parentId: '0' } });
    const child = await t.post<DictItem>(P, item('cc11', { parentId: root.body.data.id }), admin);
    expect(child.body.code).toBe(0);
    const list = await t.get<DictPageItems>(P, admin);
    expect(list.body.data.isTree).toBe(true);
    expect(list.body.data.list.map((i) => [i.enCode, i.children?.map((c) => c.enCode)])).toEqual([
      ['cc1', ['cc11']],
    ]);
    // A keyword keeps a match's ancestors: the child stays under its parent.
    const found = await t.get<DictPageItems>(`${P}?keyword=CC11`, admin);
    expect(found.body.data.list.map((i) => [i.enCode, i.children?.map((c) => c.enCode)])).toEqual([
      ['cc1', ['cc11']],
    ]);
    const byEnglish = await t.get<DictPageItems>(`${P}?keyword=head`, admin);
    expect(byEnglish.body.data.list.map((i) => [i.enCode, i.children])).toEqual([['cc1', null]]);

    const id = child.body.data.id;
    const edited = await t.put<DictItem>(
      DictPageApi.item(ids.page, id),
      item('cc12', { parentId: root.body.data.id, fullName: '研发中心' }),
      admin,
    );
    expect(edited.body).toMatchObject({ code: 0, data: { enCode: 'cc12', fullName: '研发中心' } });
    const off = await t.put(DictPageApi.itemState(ids.page, id), { enabled: false }, admin);
    expect(off.body.code).toBe(0);
    const after = flatten((await t.get<DictPageItems>(P, admin)).body.data.list);
    expect(after.find((i) => i.id === id)?.enabled).toBe(false);
    // A parent with children stays (the dictionary screen's rule and message).
    const refused = await del(DictPageApi.item(ids.page, root.body.data.id), admin, en);
    expect(refused.body.code).toBe(409);
    expect((await del(DictPageApi.item(ids.page, id), admin)).body.code).toBe(0);
    expect(flatten((await t.get<DictPageItems>(P, admin)).body.data.list).map((i) => i.enCode)).toEqual([
      'cc1',
    ]);
  });

  it('lists a flat type as a list', async () => {
    const list = await t.get<DictPageItems>(DictPageApi.items(ids.currencyPage), admin);
    expect(list.body.data.isTree).toBe(false);
    expect(list.body.data.list.map((i) => i.enCode)).toEqual(expect.arrayContaining(['CNY', 'USD']));
    expect(list.body.data.list.every((i) => i.children === null && i.typeId === ids.currencyType)).toBe(true);
  });

  it('answers bad input with 400 and a translated message at its field', async () => {
    const P = DictPageApi.items(ids.page);
    const empty = await t.post<{ fields: Record<string, string> }>(
      P,
      { enCode: '', fullName: ' ' },
      admin,
      en,
    );
    expect(empty.body.code).toBe(400);
    expect(empty.body.data.fields).toMatchObject({
      fullName: 'This field is required',
      enCode: expect.any(String),
    });
    const taken = await t.post<{ fields: Record<string, string> }>(P, item('cc1'), admin, en);
    expect(taken.body).toMatchObject({ code: 400, data: { fields: { enCode: expect.any(String) } } });
    // A flat type's item has no parent.
    const flat = await t.post<{ fields: Record<string, string> }>(
      DictPageApi.items(ids.currencyPage),
      item('zz', { parentId: (await t.get<DictPageItems>(P, admin)).body.data.list[0]?.id }),
      admin,
      en,
    );
    expect(flat.body).toMatchObject({ code: 400, data: { fields: { parentId: expect.any(String) } } });
    const badId = await t.put<{ fields: Record<string, string> }>(`${P}/not-an-id`, item('x'), admin, en);
    expect(badId.body).toMatchObject({ code: 400, data: { fields: { id: expect.any(String) } } });
  });

  it('gives one item for ten identical creates at once, never a 5xx', async () => {
    const P = DictPageApi.items(ids.page);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post<{ fields?: Record<string, string> }>(P, item('race'), admin, en),
      ),
    );
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, ...Array(9).fill(400)]);
    const taken = answers.find((a) => a.body.code === 400)?.body.data.fields?.enCode;
    expect(taken).toBeTruthy();
    const rows = await t.db
      .selectFrom('sys_dict_item')
      .select('id')
      .where('type_id', '=', ids.treeType)
      .where('en_code', '=', 'race')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('permissions and scope', () => {
  beforeAll(async () => {
    // A role holding the page and its add button only, and a user in it.
    const role = await t.post<{ id: string }>(
      '/api/sys/role/save',
      { roleName: '成本录入', enCode: 'ccClerk' },
      admin,
    );
    expect(role.body.code).toBe(0);
    ids.roleId = role.body.data.id;
    const buttons = await t.get<MenuItem[]>(`/api/system/ModuleButton?menuId=${ids.page}`, admin);
    const add = buttons.body.data.find((b) => b.enCode === 'costCentre.add')?.id ?? '';
    const granted = await t.put(
      `/api/permission/Authority/Data/role/${ids.roleId}`,
      { menu: [ids.page], button: [add], column: [], data: [], app: [] },
      admin,
    );
    expect(granted.body.code).toBe(0);
    const user = await t.post(
      '/api/permission/Users',
      {
        realName: '录入员',
        mobile: '13955551234',
        account: 'ccclerk',
        password: 'clerk1234',
        roleIds: [ids.roleId],
      },
      admin,
    );
    expect(user.body.code).toBe(0);
    clerk = await t.login('ccclerk', 'clerk1234');
  });

  it('a role with the page and add lists and adds, and is refused edit and delete', async () => {
    const P = DictPageApi.items(ids.page);
    const config = await t.get<DictPageConfig>(DictPageApi.config(ids.page), clerk);
    expect(config.body.data.buttons).toEqual(['add']);
    expect((await t.get<DictPageItems>(P, clerk)).body.data.list.length).toBeGreaterThan(0);
    const added = await t.post<DictItem>(P, item('clerk1'), clerk);
    expect(added.body.code).toBe(0);
    const id = added.body.data.id;
    expect((await del(DictPageApi.item(ids.page, id), clerk)).body.code).toBe(403);
    expect((await t.put(DictPageApi.item(ids.page, id), item('clerk2'), clerk)).body.code).toBe(403);
    expect((await t.put(DictPageApi.itemState(ids.page, id), { enabled: false }, clerk)).body.code).toBe(403);
    // The page is his, no other dictionary page and not the dictionary screen.
    expect((await t.get(DictPageApi.items(ids.currencyPage), clerk)).body.code).toBe(403);
    expect((await t.get(`/api/system/DictionaryData?typeId=${ids.treeType}`, clerk)).body.code).toBe(403);
  });

  it('a user without the menu is refused with 403', async () => {
    const res = await t.get(DictPageApi.items(ids.page), buyer, en);
    expect(res.body).toMatchObject({ code: 403 });
    expect((await t.get(DictPageApi.config(ids.page), buyer)).body.code).toBe(403);
    expect((await t.post(DictPageApi.items(ids.page), item('nope'), buyer)).body.code).toBe(403);
  });

  it("another tenant's menu, a menu of another type and a disabled one answer 404", async () => {
    expect((await t.get(DictPageApi.items(ids.theirPage), admin)).body.code).toBe(404);
    expect((await t.post(DictPageApi.items(ids.theirPage), item('x1'), admin)).body.code).toBe(404);
    const userPage = await t.db
      .selectFrom('sys_menu')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('menu_perms', '=', 'permission.user')
      .executeTakeFirstOrThrow();
    expect((await t.get(DictPageApi.items(String(userPage.id)), admin)).body.code).toBe(404);
    const off = await t.put(`/api/system/Menu/${ids.currencyPage}/Actions/State`, { enabled: false }, admin);
    expect(off.body.code).toBe(0);
    expect((await t.get(DictPageApi.items(ids.currencyPage), admin)).body.code).toBe(404);
    await t.put(`/api/system/Menu/${ids.currencyPage}/Actions/State`, { enabled: true }, admin);
  });

  it('an item of another type, or of another tenant, answers 404 and stays as it was', async () => {
    const currency = (await t.get<DictPageItems>(DictPageApi.items(ids.currencyPage), admin)).body.data.list;
    const usd = currency.find((i) => i.enCode === 'USD');
    if (!usd) throw new Error('USD');
    const wrongType = [
      await t.put(DictPageApi.item(ids.page, usd.id), item('USD2'), admin),
      await t.put(DictPageApi.itemState(ids.page, usd.id), { enabled: false }, admin),
      await del(DictPageApi.item(ids.page, usd.id), admin),
    ];
    expect(wrongType.map((r) => r.body.code)).toEqual([404, 404, 404]);
    const theirItem = await t.db
      .selectFrom('sys_dict_item')
      .select('id')
      .where('tenant_id', '=', other.tenantId)
      .executeTakeFirstOrThrow();
    expect((await del(DictPageApi.item(ids.page, String(theirItem.id)), admin)).body.code).toBe(404);
    const still = await t.db
      .selectFrom('sys_dict_item')
      .select(['en_code', 'enabled'])
      .where('id', '=', usd.id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ en_code: 'USD', enabled: true });
    // A parent of another type is refused at its field, as on the dictionary screen.
    const parent = await t.post<{ fields: Record<string, string> }>(
      DictPageApi.items(ids.page),
      item('x2', { parentId: usd.id }),
      admin,
      en,
    );
    expect(parent.body).toMatchObject({ code: 400, data: { fields: { parentId: expect.any(String) } } });
  });
});

describe("the demo's cost centre page", () => {
  const pageRows = () =>
    t.db
      .selectFrom('sys_menu as m')
      .innerJoin('sys_menu as p', 'p.id', 'm.parent_id')
      .select(['m.id', 'm.menu_type', 'm.menu_name_en', 'm.property_json', 'p.menu_perms as parent'])
      .where('m.tenant_id', '=', tenantId)
      .where('m.menu_perms', '=', 'systemData.costCentre')
      .execute();

  it('is seeded under 系统数据 on the cost centre tree, with its buttons', async () => {
    const [menu] = await pageRows();
    expect(menu).toMatchObject({ menu_type: 4, menu_name_en: 'Cost Centres', parent: 'systemData' });
    const config = await t.get<DictPageConfig>(DictPageApi.config(String(menu?.id)), admin, en);
    expect(config.body.data).toMatchObject({
      menuCode: 'systemData.costCentre',
      type: { enCode: 'costCentre', fullNameEn: 'Cost centre', isTree: true },
      buttons: ['add', 'edit', 'delete'],
    });
    const items = await t.get<DictPageItems>(DictPageApi.items(String(menu?.id)), admin);
    expect(items.body.data.list.map((i) => [i.enCode, i.children?.map((c) => c.enCode) ?? null])).toEqual([
      ['hq', ['hq.finance', 'hq.hr']],
      ['plant', ['plant.one', 'plant.two']],
      ['rd', null],
    ]);
  });

  it('is added to tenants seeded before by migration 0074, once, granted to the admin role', async () => {
    await down0074(t.db as never);
    expect(await pageRows()).toEqual([]);
    await up0074(t.db as never);
    await up0074(t.db as never);
    const rows = await pageRows();
    expect(rows).toHaveLength(1);
    const menuId = String(rows[0]?.id);
    const buttons = await t.db
      .selectFrom('sys_menu_button')
      .select(['id', 'en_code'])
      .where('menu_id', '=', menuId)
      .orderBy('order_num')
      .execute();
    expect(buttons.map((b) => b.en_code)).toEqual([
      'systemData.costCentre.add',
      'systemData.costCentre.edit',
      'systemData.costCentre.delete',
    ]);
    const adminRole = await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('en_code', '=', 'admin')
      .executeTakeFirstOrThrow();
    const granted = await t.db
      .selectFrom('sys_grant')
      .select('item_id')
      .where('object_type', '=', 'role')
      .where('object_id', '=', adminRole.id)
      .where('item_id', 'in', [menuId, ...buttons.map((b) => String(b.id))])
      .execute();
    expect(granted).toHaveLength(4);
    // The other tenant has it too, on its own type.
    const theirs = await t.db
      .selectFrom('sys_menu')
      .select('property_json')
      .where('tenant_id', '=', other.tenantId)
      .where('menu_perms', '=', 'systemData.costCentre')
      .execute();
    expect(theirs).toHaveLength(1);
    expect(theirs[0]?.property_json).toContain(await typeIdOf('costCentre', other.tenantId));
    // The menu editor keeps the page's buttons as they are.
    const menu = await t.get<Menu>(`/api/system/Menu/${menuId}`, admin);
    expect(menu.body.data.buttonCount).toBe(3);
  });
});
