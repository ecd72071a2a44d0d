import type { ComboxOption, Page, User, UserInfo } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, idByCode, type TestApp, tenantIdOf } from '../helpers';

/**
 * The filter drop-downs of the list screens (`GET /api/sys/filter/combox-list`) and the
 * user list filtered by role and by position that the user screen offers with them.
 */
let t: TestApp;
let admin: string;
let nobody: string;
let vendor: string;
let tenantId: string;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
const en = { 'accept-language': 'en-US' };
const COMBOX = '/api/sys/filter/combox-list';

const idIn = (table: 'sys_role' | 'sys_position', code: string, tenant = tenantId) =>
  idByCode(t.db, table, tenant, code);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  vendor = await t.login('vendor', 'vendor123');
  tenantId = await tenantIdOf(t.db, 'admin');
  other = await t.seedOtherTenant('cf');
  // A staff member of the tenant without any role: no page at all.
  const created = await t.post<UserInfo>(
    '/api/permission/Users',
    { account: 'norole1', realName: '无角色', mobile: '13912340001', password: 'secret123' },
    admin,
  );
  expect(created.body.code).toBe(0);
  nobody = await t.login('norole1', 'secret123');
});
afterAll(async () => {
  await t?.close();
});

describe('filter drop-downs (combox-list)', () => {
  it('offers the enabled roles of the tenant, and only them', async () => {
    const off = await t.post(
      '/api/sys/role/save',
      { roleName: '停用角色', enCode: 'offRole', enabled: false },
      admin,
    );
    expect(off.body.code).toBe(0);
    const res = await t.get<ComboxOption[]>(`${COMBOX}?type=role`, admin);
    expect(res.body.code).toBe(0);
    const codes = res.body.data.map((o) => o.enCode);
    expect(codes).toEqual(expect.arrayContaining(['admin', 'buyer', 'vendor']));
    expect(codes).not.toContain('offRole');
    // The other tenant's roles share codes but not ids.
    const theirs = await idIn('sys_role', 'buyer', other.tenantId);
    expect(res.body.data.map((o) => o.id)).not.toContain(theirs);
    expect(res.body.data.find((o) => o.enCode === 'buyer')?.fullName).toBe('采购员');
  });

  it('narrows by keyword on name or code', async () => {
    const byName = await t.get<ComboxOption[]>(
      `${COMBOX}?type=position&keyword=${encodeURIComponent('采购')}`,
      admin,
    );
    expect(byName.body.data.map((o) => o.enCode).sort()).toEqual(['buyer', 'purchaseManager']);
    const byCode = await t.get<ComboxOption[]>(`${COMBOX}?type=role&keyword=VEND`, admin);
    expect(byCode.body.data.map((o) => o.enCode)).toEqual(['vendor']);
  });

  it('names companies and departments with their path', async () => {
    const companies = await t.get<ComboxOption[]>(`${COMBOX}?type=company`, admin);
    const departments = await t.get<ComboxOption[]>(`${COMBOX}?type=department`, admin);
    expect(companies.body.data.length).toBeGreaterThan(1);
    expect(departments.body.data.length).toBeGreaterThan(1);
    const head = companies.body.data[0];
    // Every department sits under a company: its name starts with that company's path.
    for (const d of departments.body.data) {
      expect(companies.body.data.some((c) => d.fullName.startsWith(`${c.fullName}/`))).toBe(true);
    }
    expect(departments.body.data.map((d) => d.id)).not.toContain(head?.id);
  });

  it('refuses an unknown type with a field message in the caller language', async () => {
    const res = await t.get<{ fields: Record<string, string> }>(`${COMBOX}?type=supplier`, admin, en);
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields.type).toMatch(/[A-Za-z]/);
    const missing = await t.get(`${COMBOX}`, admin);
    expect(missing.body.code).toBe(400);
  });

  it('is refused to users without a page that filters by them', async () => {
    for (const token of [nobody, vendor]) {
      const res = await t.get(`${COMBOX}?type=role`, token);
      expect(res.body.code).toBe(403);
    }
  });
});

describe('user list by role and by position', () => {
  it('keeps only the holders of the role, in the list and the export', async () => {
    const buyerRole = await idIn('sys_role', 'buyer');
    const res = await t.get<Page<User>>(`/api/permission/Users?roleId=${buyerRole}&pageSize=50`, admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.list.map((u) => u.account)).toEqual(['buyer']);
    expect(res.body.data.pagination.total).toBe(1);
    const all = await t.get<Page<User>>('/api/permission/Users?pageSize=50', admin);
    expect(all.body.data.pagination.total).toBeGreaterThan(1);
  });

  it('counts the role holders again once the role gains a member (the total is not stale)', async () => {
    const role = await t.post<{ id: string }>(
      '/api/sys/role/save',
      { roleName: '审计员', enCode: 'auditRole' },
      admin,
    );
    const roleId = role.body.data.id;
    const list = () => t.get<Page<User>>(`/api/permission/Users?roleId=${roleId}`, admin);
    expect((await list()).body.data.pagination.total).toBe(0);
    expect((await list()).body.data.pagination.total).toBe(0);
    const buyerId = String(
      (
        await t.db
          .selectFrom('sys_user')
          .select('id')
          .where('account', '=', 'buyer')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await t.post('/api/sys/role/addUsers', { roleId, userIds: [buyerId] }, admin);
    const after = await list();
    expect(after.body.data.pagination.total).toBe(1);
    expect(after.body.data.list.map((u) => u.account)).toEqual(['buyer']);
  });

  it('keeps only the holders of the position, combined with the other filters', async () => {
    const sysAdmin = await idIn('sys_position', 'sysAdmin');
    const res = await t.get<Page<User>>(`/api/permission/Users?positionId=${sysAdmin}`, admin);
    expect(res.body.data.list.map((u) => u.account)).toEqual(['admin']);
    const none = await t.get<Page<User>>(`/api/permission/Users?positionId=${sysAdmin}&enabled=false`, admin);
    expect(none.body.data.list).toEqual([]);
    expect(none.body.data.pagination.total).toBe(0);
  });

  it("answers 404 for another tenant's role or position", async () => {
    const theirRole = await idIn('sys_role', 'buyer', other.tenantId);
    const theirPosition = await idIn('sys_position', 'buyer', other.tenantId);
    expect((await t.get(`/api/permission/Users?roleId=${theirRole}`, admin)).body.code).toBe(404);
    expect((await t.get(`/api/permission/Users?positionId=${theirPosition}`, admin)).body.code).toBe(404);
    expect((await t.get(`/api/permission/Users/Actions/Export?roleId=${theirRole}`, admin)).body.code).toBe(
      404,
    );
  });

  it('refuses a malformed id with a field message', async () => {
    const res = await t.get<{ fields: Record<string, string> }>(
      '/api/permission/Users?roleId=abc',
      admin,
      en,
    );
    expect(res.body.code).toBe(400);
    expect(Object.keys(res.body.data.fields)).toContain('roleId');
    // Digits beyond the bigint range are bad input too, not a database error.
    for (const url of [
      '/api/permission/Users?roleId=9999999999999999999',
      '/api/permission/Users?positionId=9223372036854775808',
      '/api/permission/Users/Actions/Export?roleId=9999999999999999999',
    ]) {
      const big = await t.get<{ fields: Record<string, string> }>(url, admin, en);
      expect(big.body.code).toBe(400);
      expect(Object.values(big.body.data.fields).join(' ')).toMatch(/[A-Za-z]/);
    }
    const largest = await t.get('/api/permission/Users?roleId=9223372036854775807', admin);
    expect(largest.body.code).toBe(404);
  });
});
