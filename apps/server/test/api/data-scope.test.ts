import type { Page, User } from '@srm/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, deptIdsByCode, type TestApp, tenantIdOf } from '../helpers';

/**
 * Data rules of the user page (docs/rules.md#data-rules): the scoper (department 采购部 of the head office) gets
 * the page through a test role; each test grants that role some rules and counts what the list returns.
 */
let t: TestApp;
let admin: string;
let scoper: string;
let tenantId: string;
let scoperId: string;
let roleId: string;
let menuId: string;
let depts: Record<string, string>;
const rules: Record<string, string> = {};
const U = '/api/permission/Users';

const idOf = async (account: string) =>
  String(
    (await t.db.selectFrom('sys_user').select('id').where('account', '=', account).executeTakeFirstOrThrow())
      .id,
  );

const accounts = async (token: string, query = '') => {
  const res = await t.get<Page<User>>(`${U}?pageSize=500${query}`, token);
  expect(res.body.code).toBe(0);
  // The total (kept between requests) follows every rule change too.
  expect(res.body.data.pagination.total).toBe(res.body.data.list.length);
  return res.body.data.list.map((u) => u.account).sort();
};

/** Replaces the test role's data grants with these rules (by enCode suffix). */
const grant = async (...names: string[]) => {
  await t.db
    .deleteFrom('sys_grant')
    .where('object_type', '=', 'role')
    .where('object_id', '=', roleId)
    .where('item_type', '=', 'data')
    .execute();
  if (names.length)
    await t.db
      .insertInto('sys_grant')
      .values(
        names.map((n) => ({
          tenant_id: tenantId,
          item_type: 'data' as const,
          item_id: rules[n] ?? '',
          object_type: 'role' as const,
          object_id: roleId,
        })),
      )
      .execute();
};

const addRule = async (code: string, field: string, op: string, value: string) => {
  const row = await t.db
    .insertInto('sys_menu_data_rule')
    .values({
      tenant_id: tenantId,
      menu_id: menuId,
      en_code: `permission.user.data.${code}`,
      full_name: code,
      field,
      rule_type: 'condition',
      condition_op: op,
      condition_value: value,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  rules[code] = String(row.id);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  tenantId = await tenantIdOf(t.db, 'admin');
  depts = await deptIdsByCode(t.db, tenantId);
  // A sub-department below 采购部 for deptAndBelow.
  depts.purchaseSub = String(
    (
      await t.db
        .insertInto('sys_dept')
        .values({
          tenant_id: tenantId,
          parent_id: depts.purchase ?? '',
          dept_name: '采购一组',
          dept_type: 'department',
          en_code: 'purchaseSub',
          order_num: 1,
          enabled: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const create = async (account: string, deptId: string | undefined) => {
    const res = await t.post(
      U,
      { account, realName: account, mobile: '13912345678', password: 'secret123', deptId },
      admin,
    );
    expect(res.body.code).toBe(0);
  };
  await create('scoper', depts.purchase);
  await create('upur', depts.purchase);
  await create('usub', depts.purchaseSub);
  await create('uown', depts.finance);
  await create('usouth', depts.southPurchase);
  scoperId = await idOf('scoper');
  // uown was created by the scoper (rule own); the others by admin.
  await t.db.updateTable('sys_user').set({ created_by: scoperId }).where('account', '=', 'uown').execute();

  const menu = await t.db
    .selectFrom('sys_menu')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('menu_perms', '=', 'permission.user')
    .executeTakeFirstOrThrow();
  menuId = String(menu.id);
  for (const r of await t.db
    .selectFrom('sys_menu_data_rule')
    .select(['id', 'en_code'])
    .where('menu_id', '=', menuId)
    .execute())
    rules[r.en_code.replace('permission.user.data.', '')] = String(r.id);
  await addRule('condIn', 'account', 'in', 'upur, usouth');
  await addRule('condContains', 'realName', 'contains', 'SUB');
  await addRule('condBadField', 'password_hash', 'eq', 'x');

  roleId = String(
    (
      await t.db
        .insertInto('sys_role')
        .values({
          tenant_id: tenantId,
          role_name: '范围测试',
          en_code: 'scopeTest',
          enabled: true,
          order_num: 9,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await t.db
    .insertInto('user_role')
    .values({ tenant_id: tenantId, user_id: scoperId, role_id: roleId })
    .execute();
  await t.db
    .insertInto('sys_grant')
    .values({
      tenant_id: tenantId,
      item_type: 'menu',
      item_id: menuId,
      object_type: 'role',
      object_id: roleId,
    })
    .execute();
  scoper = await t.login('scoper', 'secret123');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await grant();
});

const everyone = ['admin', 'buyer', 'scoper', 'uown', 'upur', 'usouth', 'usub', 'vendor'];

/** Gives the test role these buttons or menus (by code) besides the user page. */
const grantCodes = async (...codes: string[]) => {
  const buttons = await t.db
    .selectFrom('sys_menu_button')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('en_code', 'in', codes)
    .execute();
  const menus = await t.db
    .selectFrom('sys_menu')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('menu_perms', 'in', codes)
    .execute();
  await t.db
    .insertInto('sys_grant')
    .values(
      [
        ...buttons.map((b) => ({ item_type: 'button' as const, item_id: b.id })),
        ...menus.map((m) => ({ item_type: 'menu' as const, item_id: m.id })),
      ].map((g) => ({ ...g, tenant_id: tenantId, object_type: 'role' as const, object_id: roleId })),
    )
    .execute();
};

describe('writes stay inside the scope; no one hands out more than they hold', () => {
  const roleOf = async (code: string) =>
    String(
      (
        await t.db
          .selectFrom('sys_role')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('en_code', '=', code)
          .executeTakeFirstOrThrow()
      ).id,
    );
  const newUser = (account: string, deptId: string | undefined, roleIds: string[] = []) => ({
    account,
    realName: account,
    mobile: '13912345670',
    password: 'secret123',
    deptId,
    roleIds,
  });
  const exists = async (account: string) =>
    !!(await t.db.selectFrom('sys_user').select('id').where('account', '=', account).executeTakeFirst());

  afterAll(async () => {
    // The list tests below count users: the ones made here go again.
    const made = await t.db.selectFrom('sys_user').select('id').where('account', 'like', 'w%').execute();
    const ids = made.map((u) => u.id);
    if (ids.length) {
      await t.db.deleteFrom('user_role').where('user_id', 'in', ids).execute();
      await t.db.deleteFrom('sys_user').where('id', 'in', ids).execute();
    }
    await t.db
      .deleteFrom('user_role')
      .where('user_id', '=', await idOf('upur'))
      .execute();
  });
  beforeAll(async () => {
    await grantCodes(
      'permission.user.add',
      'permission.user.edit',
      'permission.authorize',
      'permission.authorize.save',
    );
  });

  it('a user limited to his department creates and moves users only inside it (403, nothing written)', async () => {
    await grant('dept');
    const outside = await t.post(U, newUser('wfin', depts.finance), scoper);
    expect(outside.body.code).toBe(403);
    expect(await exists('wfin')).toBe(false);
    const inside = await t.post(U, newUser('wpur', depts.purchase), scoper);
    expect(inside.body.code).toBe(0);
    const upur = await idOf('upur');
    const moved = await t.put(
      `${U}/${upur}`,
      { realName: 'upur', mobile: '13912345678', deptId: depts.finance },
      scoper,
    );
    expect(moved.body.code).toBe(403);
    const row = await t.db
      .selectFrom('sys_user')
      .select('dept_id')
      .where('id', '=', upur)
      .executeTakeFirstOrThrow();
    expect(String(row.dept_id)).toBe(depts.purchase);
  });

  it('a partial update keeps the department, roles and positions it does not name', async () => {
    await grant('dept');
    const upur = await idOf('upur');
    await t.db
      .insertInto('user_role')
      .values({ tenant_id: tenantId, user_id: upur, role_id: roleId })
      .execute();
    const res = await t.put<{ deptId: string; roleIds: string[] }>(
      `${U}/${upur}`,
      { realName: 'upur2', mobile: '13912345678' },
      scoper,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ deptId: depts.purchase, roleIds: [roleId] });
  });

  it('roles carrying items the writer lacks are refused on create, edit and role membership', async () => {
    await grant('dept');
    const adminRole = await roleOf('admin');
    const refused = await t.post(U, newUser('wesc', depts.purchase, [adminRole]), scoper);
    expect(refused.body.code).toBe(403);
    expect(await exists('wesc')).toBe(false);
    const self = await t.put(
      `${U}/${scoperId}`,
      { realName: 'scoper', mobile: '13912345678', roleIds: [roleId, adminRole] },
      scoper,
    );
    expect(self.body.code).toBe(403);
    const roles = await t.db
      .selectFrom('user_role')
      .select('role_id')
      .where('user_id', '=', scoperId)
      .execute();
    expect(roles.map((r) => String(r.role_id))).toEqual([roleId]);
    // His own role holds nothing he lacks: allowed.
    expect((await t.post(U, newUser('wsame', depts.purchase, [roleId]), scoper)).body.code).toBe(0);
  });

  it('the authorize screen grants only what the writer holds', async () => {
    const log = await t.db
      .selectFrom('sys_menu')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('menu_perms', '=', 'system.log')
      .executeTakeFirstOrThrow();
    const data = `/api/permission/Authority/Data/role/${roleId}`;
    const current = await t.get<{ checked: Record<string, string[]> }>(data, scoper);
    expect(current.body.code).toBe(0);
    const checked = current.body.data.checked;
    const escalate = await t.put(
      data,
      { ...checked, menu: [...(checked.menu ?? []), String(log.id)] },
      scoper,
    );
    expect(escalate.body.code).toBe(403);
    const after = await t.get<{ checked: Record<string, string[]> }>(data, admin);
    expect(after.body.data.checked.menu).not.toContain(String(log.id));
    // Saving what is already there (nothing new) is allowed.
    expect((await t.put(data, checked, scoper)).body.code).toBe(0);
  });
});

describe('user list data rules', () => {
  it('the tenant administrator sees every user', async () => {
    expect(await accounts(admin)).toEqual(everyone);
  });

  it('no granted rule on a page that has rules: only own rows', async () => {
    expect(await accounts(scoper)).toEqual(['uown']);
  });

  it('own, dept, deptAndBelow each return exactly their rows; several rules are a union', async () => {
    await grant('own');
    expect(await accounts(scoper)).toEqual(['uown']);
    await grant('dept');
    expect(await accounts(scoper)).toEqual(['scoper', 'upur']);
    await grant('deptAndBelow');
    expect(await accounts(scoper)).toEqual(['scoper', 'upur', 'usub']);
    await grant('own', 'dept');
    expect(await accounts(scoper)).toEqual(['scoper', 'uown', 'upur']);
  });

  it('company follows the sub-company switch of the session', async () => {
    await grant('company');
    // Default: the company containing 采购部 is the head office, whose subtree holds every department.
    expect(await accounts(scoper)).toEqual(everyone.filter((a) => a !== 'vendor'));
    const switched = await t.post('/api/sys/dept/switchCompany', { companyId: depts.south }, scoper);
    expect(switched.body.code).toBe(0);
    expect(await accounts(scoper)).toEqual(['usouth']);
    await t.post('/api/sys/dept/switchCompany', { companyId: depts.east }, scoper);
    expect(await accounts(scoper)).toEqual(['buyer']);
    // Another session of the same user keeps its own company.
    const second = await t.login('scoper', 'secret123');
    expect(await accounts(second)).toEqual(everyone.filter((a) => a !== 'vendor'));
    await t.post('/api/sys/dept/switchCompany', { companyId: depts.head }, scoper);
  });

  it('the seeded buyer sees his own company (East) only', async () => {
    const buyer = await t.login('buyer', 'buyer123');
    expect(await accounts(buyer)).toEqual(['buyer']);
  });

  it('all lifts the limit; condition rules compare whitelisted fields only', async () => {
    await grant('all');
    expect(await accounts(scoper)).toEqual(everyone);
    await grant('condIn');
    expect(await accounts(scoper)).toEqual(['upur', 'usouth']);
    await grant('condContains');
    expect(await accounts(scoper)).toEqual(['usub']);
    await grant('condBadField');
    expect(await accounts(scoper)).toEqual([]);
    await grant('condIn', 'dept');
    expect(await accounts(scoper)).toEqual(['scoper', 'upur', 'usouth']);
  });

  it('rules granted to the user directly or through a position count too', async () => {
    await t.db
      .insertInto('sys_grant')
      .values({
        tenant_id: tenantId,
        item_type: 'data',
        item_id: rules.dept ?? '',
        object_type: 'user',
        object_id: scoperId,
      })
      .execute();
    expect(await accounts(scoper)).toEqual(['scoper', 'upur']);
    await t.db
      .deleteFrom('sys_grant')
      .where('object_type', '=', 'user')
      .where('object_id', '=', scoperId)
      .execute();
    const position = await t.db
      .selectFrom('sys_position')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_position')
      .values({ tenant_id: tenantId, user_id: scoperId, position_id: position.id })
      .execute();
    await t.db
      .insertInto('sys_grant')
      .values({
        tenant_id: tenantId,
        item_type: 'data',
        item_id: rules.deptAndBelow ?? '',
        object_type: 'position',
        object_id: position.id,
      })
      .execute();
    expect(await accounts(scoper)).toEqual(['scoper', 'upur', 'usub']);
    await t.db.deleteFrom('user_position').where('user_id', '=', scoperId).execute();
    expect(await accounts(scoper)).toEqual(['uown']);
  });

  it('details outside the scope are 404; filters combine with the scope', async () => {
    await grant('dept');
    expect((await t.get(`${U}/${await idOf('upur')}`, scoper)).body.code).toBe(0);
    expect((await t.get(`${U}/${await idOf('usouth')}`, scoper)).body.code).toBe(404);
    expect(await accounts(scoper, '&keyword=upur')).toEqual(['upur']);
    expect(await accounts(scoper, `&deptId=${depts.south}`)).toEqual([]);
  });

  it('a page without rules has no limit', async () => {
    await t.db.deleteFrom('sys_grant').where('item_type', '=', 'data').execute();
    await t.db.deleteFrom('sys_menu_data_rule').where('menu_id', '=', menuId).execute();
    expect(await accounts(scoper)).toEqual(everyone);
  });
});
