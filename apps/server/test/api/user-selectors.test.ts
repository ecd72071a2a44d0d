import type { ImUser, Page, User, UserInfo, UserPick } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantIds, type TestApp, userIdOf } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let vendor: string;
let adminId: string;
let buyerId: string;
let depts: Record<string, string>;
let positions: Record<string, string>;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
let otherUserId: string;
let otherPositionId: string;
const en = { 'accept-language': 'en-US' };
type Fields = { fields: Record<string, string> };

const idOf = (account: string) => userIdOf(t.db, account);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  vendor = await t.login('vendor', 'vendor123');
  ({ adminId, buyerId, depts, positions } = await demoTenantIds(t.db));
  other = await t.seedOtherTenant('os');
  otherUserId = await idOf('osbuyer');
  otherPositionId = String(
    (
      await t.db
        .selectFrom('sys_position')
        .select('id')
        .where('tenant_id', '=', other.tenantId)
        .executeTakeFirstOrThrow()
    ).id,
  );
  // A disabled user is no chat contact.
  const off = await t.post<UserInfo>(
    '/api/permission/Users',
    { account: 'offline1', realName: '停用者', mobile: '13912345678', password: 'secret123', enabled: false },
    admin,
  );
  expect(off.body.code).toBe(0);
});
afterAll(async () => {
  await t?.close();
});

describe('chat contacts (ImUser)', () => {
  it('pages the enabled users of the tenant for a staff user', async () => {
    const res = await t.get<Page<ImUser>>('/api/permission/Users/ImUser?currentPage=1&pageSize=2', admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    const all = await t.get<Page<ImUser>>('/api/permission/Users/ImUser', admin);
    expect(all.body.data.list.map((u) => u.account).sort()).toEqual(['admin', 'buyer', 'vendor']);
    const kw = await t.get<Page<ImUser>>('/api/permission/Users/ImUser?keyword=buy', admin);
    expect(kw.body.data.list).toEqual([
      { id: buyerId, realName: '张采购', account: 'buyer', headIcon: '', department: '华东采购部' },
    ]);
    // A supplier's user: the staff it works with (the buyer recorded its supplier), by name only.
    const theirs = await t.get<Page<ImUser>>('/api/permission/Users/ImUser', vendor);
    expect(theirs.body.data.list.map((u) => [u.realName, u.account])).toEqual([
      ['张采购', ''],
      [expect.any(String), 'vendor'],
    ]);
    expect((await t.get('/api/permission/Users/ImUser', null)).body.code).toBe(600);
  });

  it('400 on a bad page size', async () => {
    const res = await t.get<Fields>('/api/permission/Users/ImUser?pageSize=0', buyer, en);
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields).toHaveProperty('pageSize');
  });

  it('Selector/{id} leaves that user out; another tenant user is 404; a bad id 400', async () => {
    const res = await t.post<Page<ImUser>>(`/api/permission/Users/ImUser/Selector/${buyerId}`, {}, buyer);
    expect(res.body.data.list.map((u) => u.account).sort()).toEqual(['admin', 'vendor']);
    const kw = await t.post<Page<ImUser>>(
      `/api/permission/Users/ImUser/Selector/${buyerId}`,
      { keyword: 'adm' },
      buyer,
    );
    expect(kw.body.data.list.map((u) => u.id)).toEqual([adminId]);
    expect((await t.post(`/api/permission/Users/ImUser/Selector/${otherUserId}`, {}, buyer)).body.code).toBe(
      404,
    );
    const badId = await t.post<Fields>('/api/permission/Users/ImUser/Selector/abc', {}, buyer, en);
    expect(badId.body.code).toBe(400);
    expect(Object.keys(badId.body.data.fields)).toEqual(['id']);
    const badBody = await t.post<Fields>(
      `/api/permission/Users/ImUser/Selector/${buyerId}`,
      { keyword: 1 },
      buyer,
      en,
    );
    expect(badBody.body.code).toBe(400);
    expect(Object.keys(badBody.body.data.fields)).toEqual(['keyword']);
  });
});

describe('user pickers (Selector and All)', () => {
  it("answer each user's department id and name, so the user tree can place them", async () => {
    const all = await t.get<UserPick[]>('/api/permission/Users/All', admin);
    expect(all.body.code).toBe(0);
    const byAccount = Object.fromEntries(all.body.data.map((u) => [u.account, u]));
    expect(Object.keys(byAccount).sort()).toEqual(['admin', 'buyer', 'vendor']);
    expect(byAccount.buyer).toEqual({
      id: buyerId,
      realName: '张采购',
      account: 'buyer',
      deptId: depts.eastPurchase,
      deptName: '华东采购部',
    });
    expect(byAccount.admin).toMatchObject({ id: adminId, deptId: depts.it, deptName: '信息部' });
    // The supplier user belongs to no department.
    expect(byAccount.vendor).toMatchObject({ deptId: null, deptName: null });
    const sel = await t.get<UserPick[]>('/api/permission/Users/Selector?keyword=张采', admin);
    expect(sel.body.data).toEqual([byAccount.buyer]);
  });

  it('400 on a too long keyword, 403 without a page that picks users', async () => {
    const bad = await t.get<Fields>(`/api/permission/Users/Selector?keyword=${'x'.repeat(101)}`, admin, en);
    expect(bad.body.code).toBe(400);
    expect(Object.keys(bad.body.data.fields)).toEqual(['keyword']);
    expect((await t.get('/api/permission/Users/All', vendor)).body.code).toBe(403);
    expect((await t.get('/api/permission/Users/Selector?keyword=buy', vendor)).body.code).toBe(403);
  });
});

describe('POST /api/sys/postStaff/userList', () => {
  it('filters by position, department and keyword', async () => {
    const byPosition = await t.post<Page<User>>(
      '/api/sys/postStaff/userList',
      { positionId: positions.buyer },
      admin,
    );
    expect(byPosition.body.data.list.map((u) => u.account)).toEqual(['buyer']);
    const byDept = await t.post<Page<User>>('/api/sys/postStaff/userList', { deptId: depts.head }, admin);
    expect(byDept.body.data.list.map((u) => u.account).sort()).toEqual(['admin', 'buyer']);
    const paged = await t.post<Page<User>>(
      '/api/sys/postStaff/userList',
      { currentPage: 2, pageSize: 1 },
      admin,
    );
    expect(paged.body.data.pagination).toEqual({ currentPage: 2, pageSize: 1, total: 4 });
    const kw = await t.post<Page<User>>('/api/sys/postStaff/userList', { keyword: 'vend' }, admin);
    expect(kw.body.data.list.map((u) => u.account)).toEqual(['vendor']);
  });

  it("applies the user page's data rule and column permissions (buyer: his company, no mobile)", async () => {
    const res = await t.post<Page<User>>('/api/sys/postStaff/userList', {}, buyer);
    expect(res.body.data.list.map((u) => u.account)).toEqual(['buyer']);
    expect(res.body.data.list[0]).not.toHaveProperty('mobile');
  });

  it('400 bad filter, 403 without the user or position code, 404 other tenant', async () => {
    const bad = await t.post<Fields>(
      '/api/sys/postStaff/userList',
      { positionId: 'x', pageSize: 0 },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['pageSize', 'positionId']);
    expect((await t.post('/api/sys/postStaff/userList', {}, vendor)).body.code).toBe(403);
    expect(
      (await t.post('/api/sys/postStaff/userList', { positionId: otherPositionId }, admin)).body.code,
    ).toBe(404);
    expect((await t.post('/api/sys/postStaff/userList', { deptId: other.depts.head }, admin)).body.code).toBe(
      404,
    );
  });
});

describe('/api/sys/user aliases', () => {
  it('GET list and info/{id} answer like the Users endpoints', async () => {
    const list = await t.get<Page<User>>('/api/sys/user/list?keyword=admin', admin);
    expect(list.body.data.list.map((u) => u.id)).toEqual([adminId]);
    const info = await t.get<UserInfo>(`/api/sys/user/info/${buyerId}`, admin);
    expect(info.body.data).toMatchObject({
      account: 'buyer',
      mobile: '13800000001',
      positionIds: [positions.buyer],
    });
    // buyer may read his own record, without the mobile and email columns.
    const own = await t.get<UserInfo>(`/api/sys/user/info/${buyerId}`, buyer);
    expect(own.body.code).toBe(0);
    expect(own.body.data).not.toHaveProperty('mobile');
    expect(own.body.data).not.toHaveProperty('email');
  });

  it('list and info: 400, 403, 404', async () => {
    expect((await t.get('/api/sys/user/list?enabled=maybe', admin)).body.code).toBe(400);
    expect((await t.get('/api/sys/user/info/abc', admin)).body.code).toBe(400);
    expect((await t.get('/api/sys/user/list', vendor)).body.code).toBe(403);
    expect((await t.get(`/api/sys/user/info/${buyerId}`, vendor)).body.code).toBe(403);
    expect((await t.get(`/api/sys/user/info/${otherUserId}`, admin)).body.code).toBe(404);
    expect((await t.get(`/api/sys/user/list?deptId=${other.depts.head}`, admin)).body.code).toBe(404);
  });

  it('POST update changes the user; 400, 403 (nothing changed), 404', async () => {
    const body = {
      id: buyerId,
      realName: '张采购二',
      mobile: '13800000001',
      email: 'b@example.com',
      deptId: depts.eastPurchase,
    };
    const before = await t.get<UserInfo>(`/api/sys/user/info/${buyerId}`, admin);
    expect(before.body.data.roleIds.length).toBeGreaterThan(0);
    const res = await t.post<UserInfo>('/api/sys/user/update', body, admin);
    expect(res.body.code).toBe(0);
    // Roles and positions left out of the body stay as they were.
    expect(res.body.data).toMatchObject({
      realName: '张采购二',
      email: 'b@example.com',
      deptId: depts.eastPurchase,
      roleIds: before.body.data.roleIds,
      positionIds: before.body.data.positionIds,
    });
    const bad = await t.post<Fields>(
      '/api/sys/user/update',
      { id: buyerId, realName: '', mobile: '1' },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      realName: 'This field is required',
      mobile: 'please enter your mobile number correctly',
    });
    expect((await t.post('/api/sys/user/update', { ...body, realName: 'Hacked' }, buyer)).body.code).toBe(
      403,
    );
    expect((await t.post('/api/sys/user/update', { ...body, id: otherUserId }, admin)).body.code).toBe(404);
    const after = await t.db
      .selectFrom('sys_user')
      .select('real_name')
      .where('id', '=', buyerId)
      .executeTakeFirstOrThrow();
    expect(after.real_name).toBe('张采购二');
    const foreign = await t.db
      .selectFrom('sys_user')
      .select('real_name')
      .where('id', '=', otherUserId)
      .executeTakeFirstOrThrow();
    expect(foreign.real_name).not.toBe('张采购二');
  });

  it("login/updatePwd changes the caller's own password after checking the old one", async () => {
    const wrong = await t.post<Fields>(
      '/api/sys/user/login/updatePwd',
      { oldPassword: 'nope', password: 'newpass123' },
      vendor,
      en,
    );
    expect(wrong.body).toMatchObject({
      code: 400,
      data: { fields: { oldPassword: 'The current password is wrong' } },
    });
    const weak = await t.post<Fields>(
      '/api/sys/user/login/updatePwd',
      { oldPassword: 'vendor123', password: 'short' },
      vendor,
      en,
    );
    expect(weak.body.code).toBe(400);
    expect(weak.body.data.fields).toHaveProperty('password');
    await t.login('vendor', 'vendor123');
    const ok = await t.post(
      '/api/sys/user/login/updatePwd',
      { oldPassword: 'vendor123', password: 'newpass123' },
      vendor,
    );
    expect(ok.body.code).toBe(0);
    await expect(t.login('vendor', 'vendor123')).rejects.toThrow();
    await t.login('vendor', 'newpass123');
    expect((await t.post('/api/sys/user/login/updatePwd', {}, null)).body.code).toBe(600);
  });
});
