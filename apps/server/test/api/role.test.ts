import type { Page, Role, RoleOption, RoleUser } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let tenantId: string;
let users: { admin: string; buyer: string; vendor: string };
let roles: Record<string, string>;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
let otherRole: string;
const en = { 'accept-language': 'en-US' };

async function roleIds(tenant: string): Promise<Record<string, string>> {
  const rows = await t.db
    .selectFrom('sys_role')
    .select(['id', 'en_code'])
    .where('tenant_id', '=', tenant)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.en_code, String(r.id)]));
}

async function permsOf(token: string): Promise<string[]> {
  const res = await t.get<{ permsList: string[] }>('/api/sys/user/info', token);
  expect(res.body.code).toBe(0);
  return res.body.data.permsList;
}

async function counts(roleId: string) {
  const [ur, g, r] = await Promise.all([
    t.db
      .selectFrom('user_role')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role_id', '=', roleId)
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('sys_grant')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('object_type', '=', 'role')
      .where('object_id', '=', roleId)
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('sys_role')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', '=', roleId)
      .executeTakeFirstOrThrow(),
  ]);
  return { userRoles: Number(ur.n), grants: Number(g.n), roles: Number(r.n) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  const u = await t.db
    .selectFrom('sys_user')
    .select(['id', 'tenant_id', 'account'])
    .where('deleted', '=', false)
    .execute();
  const mine = u.filter((r) => ['admin', 'buyer', 'vendor'].includes(r.account));
  tenantId = String(mine[0]?.tenant_id);
  const id = (account: string) => String(mine.find((r) => r.account === account)?.id);
  users = { admin: id('admin'), buyer: id('buyer'), vendor: id('vendor') };
  roles = await roleIds(tenantId);
  other = await t.seedOtherTenant('or');
  otherRole = (await roleIds(other.tenantId)).buyer as string;
});
afterAll(async () => {
  await t?.close();
});

describe('role reads', () => {
  it('pages roles by keyword and enabled, gives info, selector and users of a role', async () => {
    const all = await t.get<Page<Role>>('/api/sys/role/list', admin);
    expect(all.body.code).toBe(0);
    expect(all.body.data.pagination.total).toBe(3);
    expect(all.body.data.list.map((r) => r.enCode)).toEqual(['admin', 'buyer', 'vendor']);
    expect(all.body.data.list[1]).toMatchObject({ roleName: '采购员', enabled: true, userCount: 1 });
    const kw = await t.get<Page<Role>>('/api/sys/role/list?keyword=vend&pageSize=1', admin);
    expect(kw.body.data.list.map((r) => r.enCode)).toEqual(['vendor']);
    const disabled = await t.get<Page<Role>>('/api/sys/role/list?enabled=false', admin);
    expect(disabled.body.data.pagination.total).toBe(0);
    const info = await t.get<Role>(`/api/sys/role/info/${roles.buyer}`, admin);
    expect(info.body.data).toMatchObject({ id: roles.buyer, enCode: 'buyer', userCount: 1 });
    const select = await t.get<RoleOption[]>(`/api/sys/role/select/${tenantId}`, admin);
    expect(select.body.data.map((r) => r.enCode)).toEqual(['admin', 'buyer', 'vendor']);
    const members = await t.get<Page<RoleUser>>(`/api/sys/role/userList?roleId=${roles.buyer}`, admin);
    expect(members.body.data.list).toEqual([expect.objectContaining({ id: users.buyer, account: 'buyer' })]);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await t.get<unknown>('/api/docs/json');
    const paths = Object.keys((JSON.parse(doc.raw) as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/sys/role/list',
      '/api/sys/role/select/{tenantId}',
      '/api/sys/role/save',
      '/api/sys/role/update',
      '/api/sys/role/info/{id}',
      '/api/sys/role/delete',
      '/api/permission/Role/{id}/Actions/State',
      '/api/sys/role/userList',
      '/api/sys/role/addUsers',
      '/api/sys/role/removeUsers',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe('role writes', () => {
  it('creates and updates a role; codes are unique per tenant', async () => {
    const created = await t.post<Role>(
      '/api/sys/role/save',
      { roleName: '审计员', enCode: 'auditor', orderNum: 5 },
      admin,
    );
    expect(created.body).toMatchObject({
      code: 0,
      data: { roleName: '审计员', enabled: true, userCount: 0 },
    });
    const id = created.body.data.id;
    const dup = await t.post<{ fields: Record<string, string> }>(
      '/api/sys/role/save',
      { roleName: '重复', enCode: 'buyer' },
      admin,
      en,
    );
    expect(dup.body).toMatchObject({
      code: 400,
      data: { fields: { enCode: 'This role code is already in use' } },
    });
    // The same code in another tenant does not count.
    const otherAdmin = await t.login('oradmin', 'admin123');
    const otherCode = await t.post<Role>(
      '/api/sys/role/save',
      { roleName: '审计员', enCode: 'auditor' },
      otherAdmin,
    );
    expect(otherCode.body.code).toBe(0);
    await t.post('/api/sys/role/delete', { id: otherCode.body.data.id }, otherAdmin);
    const updated = await t.post<Role>(
      '/api/sys/role/update',
      { id, roleName: '审计主管', enCode: 'auditLead', orderNum: 6, enabled: false },
      admin,
    );
    expect(updated.body.data).toMatchObject({
      id,
      roleName: '审计主管',
      enCode: 'auditLead',
      enabled: false,
    });
    const select = await t.get<RoleOption[]>(`/api/sys/role/select/${tenantId}`, admin);
    expect(select.body.data.map((r) => r.enCode)).not.toContain('auditLead');
    const self = await t.post<Role>(
      '/api/sys/role/update',
      { id, roleName: '审计主管', enCode: 'auditLead' },
      admin,
    );
    expect(self.body.code).toBe(0);
    const taken = await t.post('/api/sys/role/update', { id, roleName: 'x', enCode: 'vendor' }, admin);
    expect(taken.body.code).toBe(400);
  });

  it('answers 400 with translated field messages', async () => {
    const bad = await t.post<{ fields: Record<string, string> }>(
      '/api/sys/role/save',
      { roleName: '', enCode: '1 bad', orderNum: -1 },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['enCode', 'orderNum', 'roleName']);
    expect(bad.body.data.fields.orderNum).toBe('Must be at least 0');
    const zh = await t.post<{ fields: Record<string, string> }>('/api/sys/role/save', { enCode: 'x' }, admin);
    expect(zh.body.code).toBe(400);
    expect(zh.body.data.fields.roleName).toMatch(/[\u4e00-\u9fff]/);
    const users = await t.post<{ fields: Record<string, string> }>(
      '/api/sys/role/addUsers',
      { roleId: roles.buyer, userIds: [] },
      admin,
      en,
    );
    expect(users.body).toMatchObject({ code: 400, data: { fields: { userIds: expect.any(String) } } });
    const state = await t.put<{ fields: Record<string, string> }>(
      `/api/permission/Role/${roles.buyer}/Actions/State`,
      { enabled: 'yes' },
      admin,
      en,
    );
    expect(state.body).toMatchObject({ code: 400, data: { fields: { enabled: expect.any(String) } } });
    const page = await t.get<{ fields: Record<string, string> }>(
      '/api/sys/role/userList?roleId=abc',
      admin,
      en,
    );
    expect(page.body).toMatchObject({ code: 400, data: { fields: { roleId: expect.any(String) } } });
  });

  it('a disabled role no longer grants its codes; enabling it again restores them', async () => {
    expect(await permsOf(buyer)).toContain('system.log');
    const off = await t.put<Role>(
      `/api/permission/Role/${roles.buyer}/Actions/State`,
      { enabled: false },
      admin,
    );
    expect(off.body).toMatchObject({ code: 0, data: { enabled: false } });
    expect(await permsOf(buyer)).not.toContain('system.log');
    const on = await t.put<Role>(
      `/api/permission/Role/${roles.buyer}/Actions/State`,
      { enabled: true },
      admin,
    );
    expect(on.body.data.enabled).toBe(true);
    expect(await permsOf(buyer)).toContain('system.log');
  });

  it('adds and removes users of the tenant (one transaction; a foreign user: 404, nothing changes)', async () => {
    const add = await t.post(
      '/api/sys/role/addUsers',
      { roleId: roles.vendor, userIds: [users.buyer, users.admin] },
      admin,
    );
    expect(add.body.code).toBe(0);
    const again = await t.post(
      '/api/sys/role/addUsers',
      { roleId: roles.vendor, userIds: [users.buyer] },
      admin,
    );
    expect(again.body.code).toBe(0);
    let members = await t.get<Page<RoleUser>>(`/api/sys/role/userList?roleId=${roles.vendor}`, admin);
    expect(members.body.data.list.map((u) => u.account)).toEqual(['admin', 'buyer', 'vendor']);
    const kw = await t.get<Page<RoleUser>>(
      `/api/sys/role/userList?roleId=${roles.vendor}&keyword=buy`,
      admin,
    );
    expect(kw.body.data.list.map((u) => u.account)).toEqual(['buyer']);

    const foreign = await t.post(
      '/api/sys/role/addUsers',
      { roleId: roles.admin, userIds: [users.vendor, other.users.buyer] },
      admin,
    );
    expect(foreign.body.code).toBe(404);
    expect((await counts(roles.admin as string)).userRoles).toBe(1);

    const removeForeign = await t.post(
      '/api/sys/role/removeUsers',
      { roleId: roles.vendor, userIds: [users.buyer, other.users.vendor] },
      admin,
    );
    expect(removeForeign.body.code).toBe(404);
    expect((await counts(roles.vendor as string)).userRoles).toBe(3);

    const remove = await t.post(
      '/api/sys/role/removeUsers',
      { roleId: roles.vendor, userIds: [users.buyer, users.admin] },
      admin,
    );
    expect(remove.body.code).toBe(0);
    members = await t.get<Page<RoleUser>>(`/api/sys/role/userList?roleId=${roles.vendor}`, admin);
    expect(members.body.data.list.map((u) => u.account)).toEqual(['vendor']);
  });

  it('buyer lacks the codes: 403 and nothing changes', async () => {
    const before = await counts(roles.buyer as string);
    const calls = [
      t.get('/api/sys/role/list', buyer),
      t.get(`/api/sys/role/select/${tenantId}`, buyer),
      t.get(`/api/sys/role/info/${roles.buyer}`, buyer),
      t.get(`/api/sys/role/userList?roleId=${roles.buyer}`, buyer),
      t.post('/api/sys/role/save', { roleName: '越权', enCode: 'sneaky' }, buyer),
      t.post('/api/sys/role/update', { id: roles.buyer, roleName: '越权', enCode: 'buyer' }, buyer),
      t.post('/api/sys/role/delete', { id: roles.buyer }, buyer),
      t.put(`/api/permission/Role/${roles.buyer}/Actions/State`, { enabled: false }, buyer),
      t.post('/api/sys/role/addUsers', { roleId: roles.admin, userIds: [users.buyer] }, buyer),
      t.post('/api/sys/role/removeUsers', { roleId: roles.buyer, userIds: [users.buyer] }, buyer),
    ];
    for (const res of await Promise.all(calls)) expect(res.body.code).toBe(403);
    expect(await counts(roles.buyer as string)).toEqual(before);
    expect(await counts(roles.admin as string)).toMatchObject({ userRoles: 1 });
    expect(await roleIds(tenantId)).not.toHaveProperty('sneaky');
    const info = await t.get<Role>(`/api/sys/role/info/${roles.buyer}`, admin);
    expect(info.body.data).toMatchObject({ roleName: '采购员', enabled: true });
  });

  it("another tenant's ids: 404 and nothing changes", async () => {
    const before = await counts(otherRole);
    const calls = [
      t.get(`/api/sys/role/select/${other.tenantId}`, admin),
      t.get(`/api/sys/role/info/${otherRole}`, admin),
      t.get(`/api/sys/role/userList?roleId=${otherRole}`, admin),
      t.post('/api/sys/role/update', { id: otherRole, roleName: '越界', enCode: 'buyer' }, admin),
      t.post('/api/sys/role/delete', { id: otherRole }, admin),
      t.put(`/api/permission/Role/${otherRole}/Actions/State`, { enabled: false }, admin),
      t.post('/api/sys/role/addUsers', { roleId: otherRole, userIds: [users.buyer] }, admin),
      t.post('/api/sys/role/removeUsers', { roleId: otherRole, userIds: [other.users.buyer] }, admin),
    ];
    for (const res of await Promise.all(calls)) expect(res.body.code).toBe(404);
    expect(await counts(otherRole)).toEqual(before);
    const row = await t.db
      .selectFrom('sys_role')
      .select(['role_name', 'enabled'])
      .where('id', '=', otherRole)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role_name: '采购员', enabled: true });
  });

  it('deleting a role removes its grants and user relations; the user loses its codes', async () => {
    expect(await permsOf(buyer)).toContain('system.help');
    const before = await counts(roles.buyer as string);
    expect(before).toMatchObject({ userRoles: 1, roles: 1 });
    expect(before.grants).toBeGreaterThan(0);
    const res = await t.post('/api/sys/role/delete', { id: roles.buyer }, admin);
    expect(res.body.code).toBe(0);
    expect(await counts(roles.buyer as string)).toEqual({ userRoles: 0, grants: 0, roles: 0 });
    expect(await permsOf(buyer)).not.toContain('system.help');
    expect((await t.get(`/api/sys/role/info/${roles.buyer}`, admin)).body.code).toBe(404);
    expect((await t.post('/api/sys/role/delete', { id: roles.buyer }, admin)).body.code).toBe(404);
  });
});
