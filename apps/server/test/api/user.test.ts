import type { Page, User, UserInfo, UserPick } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantIds, type TestApp, userIdOf } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let tenantId: string;
let adminId: string;
let buyerId: string;
let depts: Record<string, string>;
let positions: Record<string, string>;
let roleId: string;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
let otherUserId: string;
let otherRoleId: string;
const en = { 'accept-language': 'en-US' };
const U = '/api/permission/Users';

const del = (url: string, token: string) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

const userId = (account: string) => userIdOf(t.db, account);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  ({ tenantId, adminId, buyerId, depts, positions } = await demoTenantIds(t.db));
  roleId = String(
    (
      await t.db
        .selectFrom('sys_role')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).id,
  );
  other = await t.seedOtherTenant('ou');
  otherUserId = await userId('oubuyer');
  otherRoleId = String(
    (
      await t.db
        .selectFrom('sys_role')
        .select('id')
        .where('tenant_id', '=', other.tenantId)
        .executeTakeFirstOrThrow()
    ).id,
  );
});
afterAll(async () => {
  await t?.close();
});

const newUser = (account: string, extra: Record<string, unknown> = {}) => ({
  account,
  realName: `用户 ${account}`,
  mobile: '13912345678',
  email: `${account}@example.com`,
  password: 'secret123',
  deptId: depts.finance,
  roleIds: [roleId],
  positionIds: [positions.buyer],
  ...extra,
});

describe('user reads', () => {
  it('pages by keyword and by department with its sub-departments', async () => {
    const all = await t.get<Page<User>>(U, admin);
    expect(all.body.code).toBe(0);
    expect(all.body.data.list.map((u) => u.account).sort()).toEqual(['admin', 'buyer', 'vendor']);
    expect(all.body.data.list.some((u) => u.account.startsWith('ou'))).toBe(false);
    const kw = await t.get<Page<User>>(`${U}?keyword=buy`, admin);
    expect(kw.body.data.list.map((u) => u.account)).toEqual(['buyer']);
    const east = await t.get<Page<User>>(`${U}?deptId=${depts.east}`, admin);
    expect(east.body.data.list).toEqual([
      expect.objectContaining({ account: 'buyer', deptName: '华东采购部' }),
    ]);
    const paged = await t.get<Page<User>>(`${U}?pageSize=2&currentPage=2`, admin);
    expect(paged.body.data.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 3 });
    expect(paged.body.data.list).toHaveLength(1);
    expect((await t.get(`${U}?deptId=${other.depts.head}`, admin)).body.code).toBe(404);
  });

  it('reads one user with relations; another tenant is 404', async () => {
    const info = await t.get<UserInfo>(`${U}/${buyerId}`, admin);
    expect(info.body.data).toMatchObject({ account: 'buyer', isAdmin: false, enabled: true });
    expect(Array.isArray(info.body.data.roleIds)).toBe(true);
    expect((await t.get(`${U}/${otherUserId}`, admin)).body.code).toBe(404);
  });

  it('Selector and All need a page that picks users (buyer: departments) and stay in the tenant', async () => {
    const sel = await t.get<UserPick[]>(`${U}/Selector?keyword=admin`, buyer);
    expect(sel.body.code).toBe(0);
    expect(sel.body.data).toEqual([expect.objectContaining({ id: adminId, account: 'admin' })]);
    const all = await t.get<UserPick[]>(`${U}/All`, buyer);
    expect(all.body.data.map((u) => u.account).sort()).toEqual(['admin', 'buyer', 'vendor']);
    expect((await t.get(`${U}/All`, null)).body.code).toBe(600);
    // The supplier user holds none of those pages.
    const vendor = await t.login('vendor', 'vendor123');
    expect((await t.get(`${U}/Selector`, vendor)).body.code).toBe(403);
    expect((await t.get(`${U}/All`, vendor)).body.code).toBe(403);
  });
});

describe('user writes', () => {
  it('creates a user who can sign in, updates it, resets the password', async () => {
    const created = await t.post<UserInfo>(U, newUser('newbie'), admin);
    expect(created.body.code).toBe(0);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({
      account: 'newbie',
      deptId: depts.finance,
      deptName: '财务部',
      roleIds: [roleId],
      positionIds: [positions.buyer],
    });
    const token = await t.login('newbie', 'secret123');
    expect((await t.get(`${U}/All`, token)).body.code).toBe(0);

    const updated = await t.put<UserInfo>(
      `${U}/${id}`,
      { realName: 'New Bie', mobile: '13912345679', deptId: depts.it, roleIds: [], positionIds: [] },
      admin,
    );
    expect(updated.body.data).toMatchObject({
      realName: 'New Bie',
      deptId: depts.it,
      email: '',
      roleIds: [],
      positionIds: [],
    });

    const reset = await t.post(`${U}/${id}/Actions/ResetPassword`, { password: 'other456' }, admin);
    expect(reset.body.code).toBe(0);
    await expect(t.login('newbie', 'secret123')).rejects.toThrow();
    await t.login('newbie', 'other456');
  });

  it("saving a user with the same roles and positions keeps the tenant's permission sets; changing them does not", async () => {
    const created = await t.post<UserInfo>(U, newUser('keeproles'), admin);
    expect(created.body.code).toBe(0);
    const id = created.body.data.id;
    // The tenant's cache version tags every permission set and menu (migration 0013).
    const version = async () =>
      (
        await t.db
          .selectFrom('sys_tenant_cache_version')
          .select('version')
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).version;
    const before = await version();
    const renamed = await t.put<UserInfo>(
      `${U}/${id}`,
      {
        realName: '改名',
        mobile: '13912345678',
        deptId: depts.finance,
        roleIds: [roleId],
        positionIds: [positions.buyer],
      },
      admin,
    );
    expect(renamed.body.data).toMatchObject({
      realName: '改名',
      roleIds: [roleId],
      positionIds: [positions.buyer],
    });
    expect(await version()).toBe(before);
    // A position taken away and the role kept: the version moves, and the relations are as asked.
    const moved = await t.put<UserInfo>(
      `${U}/${id}`,
      {
        realName: '改名',
        mobile: '13912345678',
        deptId: depts.finance,
        roleIds: [roleId, roleId],
        positionIds: [],
      },
      admin,
    );
    expect(moved.body.data).toMatchObject({ roleIds: [roleId], positionIds: [] });
    expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
  });

  it('400 with translated field messages; taken account', async () => {
    const bad = await t.post<{ fields: Record<string, string> }>(
      U,
      { account: 'a b', realName: '', mobile: '123', email: 'x', password: 'short' },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      account: 'Only letters and digits are allowed',
      realName: 'This field is required',
      mobile: 'please enter your mobile number correctly',
      email: 'Please enter a valid email address',
      password: 'Password of 6-16 characters (letters and digits, both required)',
    });
    const taken = await t.post<{ fields: Record<string, string> }>(U, newUser('buyer'), admin, en);
    expect(taken.body).toMatchObject({
      code: 400,
      data: { fields: { account: 'This account already exists' } },
    });
    const state = await t.put<{ fields: Record<string, string> }>(
      `${U}/${buyerId}/Actions/State`,
      {},
      admin,
      en,
    );
    expect(state.body).toMatchObject({ code: 400, data: { fields: { enabled: expect.any(String) } } });
  });

  it("other tenant's department, role, position and user ids are 404", async () => {
    const count = async () => (await t.db.selectFrom('sys_user').select('id').execute()).length;
    const before = await count();
    expect((await t.post(U, newUser('x1', { deptId: other.depts.head }), admin)).body.code).toBe(404);
    expect((await t.post(U, newUser('x2', { roleIds: [otherRoleId] }), admin)).body.code).toBe(404);
    expect((await t.post(U, newUser('x3', { positionIds: ['999999'] }), admin)).body.code).toBe(404);
    expect(await count()).toBe(before);
    const body = { realName: 'X', mobile: '13912345678' };
    expect((await t.put(`${U}/${otherUserId}`, body, admin)).body.code).toBe(404);
    expect((await del(`${U}/${otherUserId}`, admin)).body.code).toBe(404);
    expect(
      (await t.post(`${U}/${otherUserId}/Actions/ResetPassword`, { password: 'abc12345' }, admin)).body.code,
    ).toBe(404);
    expect((await t.put(`${U}/${otherUserId}/Actions/State`, { enabled: false }, admin)).body.code).toBe(404);
    await t.login('oubuyer', 'buyer123');
  });

  it('disabling ends sessions (602) and refuses sign-in; enabling lets in again', async () => {
    await t.post(U, newUser('off1'), admin);
    const id = await userId('off1');
    const token = await t.login('off1', 'secret123');
    expect((await t.put(`${U}/${id}/Actions/State`, { enabled: false }, admin)).body.code).toBe(0);
    expect((await t.get(`${U}/All`, token)).body.code).toBe(602);
    await expect(t.login('off1', 'secret123')).rejects.toThrow(/400/);
    expect((await t.put(`${U}/${id}/Actions/State`, { enabled: true }, admin)).body.code).toBe(0);
    const again = await t.login('off1', 'secret123');
    // PUT without `enabled` keeps the state; with false it disables and ends sessions too.
    const edit = { realName: 'Off One', mobile: '13912345678' };
    expect((await t.put<UserInfo>(`${U}/${id}`, edit, admin)).body.data.enabled).toBe(true);
    expect((await t.get(`${U}/All`, again)).body.code).toBe(0);
    expect((await t.put<UserInfo>(`${U}/${id}`, { ...edit, enabled: false }, admin)).body.data.enabled).toBe(
      false,
    );
    expect((await t.get(`${U}/All`, again)).body.code).toBe(602);
    expect((await t.put(`${U}/${adminId}/Actions/State`, { enabled: false }, admin)).body.code).toBe(409);
  });

  it('delete ends sessions and removes relations and grants; never yourself', async () => {
    await t.post(U, newUser('gone1'), admin);
    const id = await userId('gone1');
    const token = await t.login('gone1', 'secret123');
    const menu = await t.db
      .selectFrom('sys_menu')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_grant')
      .values({
        tenant_id: tenantId,
        item_type: 'menu',
        item_id: menu.id,
        object_type: 'user',
        object_id: id,
      })
      .execute();
    expect((await del(`${U}/${id}`, admin)).body.code).toBe(0);
    expect((await t.get(`${U}/All`, token)).body.code).toBe(602);
    expect((await t.get(`${U}/${id}`, admin)).body.code).toBe(404);
    const left = await Promise.all([
      t.db.selectFrom('user_role').select('role_id').where('user_id', '=', id).execute(),
      t.db.selectFrom('user_position').select('position_id').where('user_id', '=', id).execute(),
      t.db
        .selectFrom('sys_grant')
        .select('id')
        .where('object_type', '=', 'user')
        .where('object_id', '=', id)
        .execute(),
    ]);
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0]);
    await expect(t.login('gone1', 'secret123')).rejects.toThrow();
    // The account is free again.
    expect((await t.post(U, newUser('gone1'), admin)).body.code).toBe(0);
    expect((await del(`${U}/${adminId}`, admin)).body.code).toBe(409);
  });

  it('a buyer without the write codes gets 403 and nothing changes', async () => {
    const before = await t.db
      .selectFrom('sys_user')
      .select(['id', 'enabled', 'deleted', 'real_name'])
      .execute();
    // buyer reads the list of his company only (data rule), so the admin of the head office is 404.
    expect((await t.get(`${U}/${adminId}`, buyer)).body.code).toBe(404);
    expect((await t.post(U, newUser('sneaky'), buyer)).body.code).toBe(403);
    expect((await t.put(`${U}/${adminId}`, { realName: 'X', mobile: '13912345678' }, buyer)).body.code).toBe(
      403,
    );
    expect((await del(`${U}/${adminId}`, buyer)).body.code).toBe(403);
    expect(
      (await t.post(`${U}/${adminId}/Actions/ResetPassword`, { password: 'abc12345' }, buyer)).body.code,
    ).toBe(403);
    expect((await t.put(`${U}/${adminId}/Actions/State`, { enabled: false }, buyer)).body.code).toBe(403);
    const after = await t.db
      .selectFrom('sys_user')
      .select(['id', 'enabled', 'deleted', 'real_name'])
      .execute();
    expect(after).toEqual(before);
    await t.login('admin', 'admin123');
  });
});
