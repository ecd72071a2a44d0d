import type { Dept, DeptKey, DeptNode, Page } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
/** Holds no org code; buyer holds the page codes but none of their buttons. */
let vendor: string;
let depts: Record<string, string>;
let users: Record<string, string>;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
const en = { 'accept-language': 'en-US' };

const del = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}`, ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  vendor = await t.login('vendor', 'vendor123');
  const u = await t.db
    .selectFrom('sys_user')
    .select(['id', 'account', 'tenant_id'])
    .where('account', 'in', ['admin', 'buyer'])
    .execute();
  users = Object.fromEntries(u.map((r) => [r.account, String(r.id)]));
  const rows = await t.db
    .selectFrom('sys_dept')
    .select(['id', 'en_code'])
    .where('tenant_id', '=', u[0]?.tenant_id ?? '0')
    .execute();
  depts = Object.fromEntries(rows.map((r) => [r.en_code, String(r.id)]));
  other = await t.seedOtherTenant('od');
});
afterAll(async () => {
  await t?.close();
});

describe('department reads', () => {
  it('gives the department tree of a company without its sub-companies', async () => {
    const res = await t.get<DeptNode[]>(`/api/permission/Department/tree?companyId=${depts.head}`, admin);
    expect(res.body.data.map((d) => d.enCode)).toEqual(['purchase', 'finance', 'it']);
    const east = await t.get<DeptNode[]>(`/api/permission/Department/tree?companyId=${depts.east}`, admin);
    expect(east.body.data.map((d) => d.enCode)).toEqual(['eastPurchase']);
    expect(
      (await t.get(`/api/permission/Department/tree?companyId=${depts.purchase}`, admin)).body.code,
    ).toBe(404);
    expect(
      (await t.get(`/api/permission/Department/tree?companyId=${other.depts.head}`, admin)).body.code,
    ).toBe(404);
  });

  it('pages departments with a keyword', async () => {
    const all = await t.get<Page<Dept>>('/api/permission/Department?pageSize=2', admin);
    expect(all.body.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 5 });
    expect(all.body.data.list).toHaveLength(2);
    const kw = await t.get<Page<Dept>>(
      `/api/permission/Department?keyword=${encodeURIComponent('采购')}`,
      admin,
    );
    expect(kw.body.data.list.map((d) => d.enCode).sort()).toEqual([
      'eastPurchase',
      'purchase',
      'southPurchase',
    ]);
    const bad = await t.get<{ fields: Record<string, string> }>(
      '/api/permission/Department?currentPage=0',
      admin,
      en,
    );
    expect(bad.body).toMatchObject({ code: 400, data: { fields: { currentPage: 'Must be at least 1' } } });
  });

  it('list-all, listDept, getDeptSubAll and queryDeptKeyList', async () => {
    const all = await t.get<Dept[]>('/api/sys/dept/list-all', admin);
    expect(all.body.data).toHaveLength(8);
    const east = await t.get<Dept[]>(`/api/sys/dept/list-all?companyId=${depts.east}`, admin);
    expect(east.body.data.map((d) => d.enCode).sort()).toEqual(['east', 'eastPurchase']);
    const listDept = await t.get<Dept[]>(`/api/sys/dept/listDept?companyId=${depts.head}`, admin);
    expect(listDept.body.data.every((d) => d.deptType === 'department')).toBe(true);
    expect(listDept.body.data).toHaveLength(3);
    const sub = await t.get<Dept[]>(`/api/sys/dept/getDeptSubAll?deptId=${depts.south}`, admin);
    expect(sub.body.data.map((d) => d.enCode).sort()).toEqual(['south', 'southPurchase']);
    const keys = await t.get<DeptKey[]>(
      `/api/sys/dept/key/queryDeptKeyList?keyword=${encodeURIComponent('华东采购')}`,
      admin,
    );
    expect(keys.body.data).toEqual([
      {
        id: depts.eastPurchase,
        deptName: '华东采购部',
        enCode: 'eastPurchase',
        deptType: 'department',
        fullName: '总公司/华东分公司/华东采购部',
      },
    ]);
    expect((await t.get(`/api/sys/dept/getDeptSubAll?deptId=${other.depts.south}`, admin)).body.code).toBe(
      404,
    );
    expect((await t.get('/api/sys/dept/getDeptSubAll', admin)).body.code).toBe(400);
    const others = await t.get<Dept[]>('/api/sys/dept/list-all', admin);
    expect(others.body.data.some((d) => Object.values(other.depts).includes(d.id))).toBe(false);
  });
});

describe('department writes', () => {
  it('creates with a manager, updates, moves and deletes', async () => {
    const created = await t.post<Dept>(
      '/api/permission/Department',
      { parentId: depts.head, deptName: '法务部', enCode: 'legal', managerId: users.admin },
      admin,
    );
    expect(created.body.code).toBe(0);
    expect(created.body.data).toMatchObject({
      deptType: 'department',
      managerId: users.admin,
      managerName: expect.any(String),
    });
    const id = created.body.data.id;
    const info = await t.get<Dept>(`/api/permission/Department/${id}`, admin);
    expect(info.body.data.enCode).toBe('legal');
    const updated = await t.put<Dept>(
      `/api/permission/Department/${id}`,
      { parentId: depts.purchase, deptName: '法务组', enCode: 'legal', managerId: null, orderNum: 3 },
      admin,
    );
    expect(updated.body.data).toMatchObject({
      parentId: depts.purchase,
      deptName: '法务组',
      managerId: null,
    });
    expect((await del(`/api/permission/Department/${id}`, admin)).body.code).toBe(0);
    expect((await t.get(`/api/permission/Department/${id}`, admin)).body.code).toBe(404);
  });

  it('refuses a move under itself, and deletes with children, users or positions', async () => {
    const self = await t.put(
      `/api/permission/Department/${depts.purchase}`,
      { parentId: depts.purchase, deptName: '采购部', enCode: 'purchase' },
      admin,
    );
    expect(self.body.code).toBe(409);
    const child = await t.post<Dept>(
      '/api/permission/Department',
      { parentId: depts.finance, deptName: '会计组', enCode: 'acct' },
      admin,
    );
    const withChild = await del(`/api/permission/Department/${depts.finance}`, admin, en);
    expect(withChild.body).toMatchObject({
      code: 409,
      msg: 'This department has sub-departments and cannot be deleted',
    });
    const below = await t.put(
      `/api/permission/Department/${depts.finance}`,
      { parentId: child.body.data.id, deptName: '财务部', enCode: 'finance' },
      admin,
    );
    expect(below.body.code).toBe(409);
    const withUsers = await del(`/api/permission/Department/${depts.it}`, admin, en);
    expect(withUsers.body).toMatchObject({
      code: 409,
      msg: 'Users still belong to it; it cannot be deleted',
    });
    expect(
      await t.db.selectFrom('sys_dept').select('id').where('id', '=', String(depts.it)).executeTakeFirst(),
    ).toBeDefined();
  });

  it('answers 400 with translated field messages', async () => {
    const res = await t.post<{ fields: Record<string, string> }>(
      '/api/permission/Department',
      { parentId: depts.head, deptName: '', enCode: 'a b', orderNum: -1 },
      admin,
      en,
    );
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields).toMatchObject({
      deptName: 'This field is required',
      orderNum: 'Must be at least 0',
    });
    expect(res.body.data.fields.enCode).toBeTruthy();
    const zh = await t.post<{ fields: Record<string, string> }>(
      '/api/permission/Department',
      { parentId: depts.head },
      admin,
      {
        'accept-language': 'zh-CN',
      },
    );
    expect(zh.body.data.fields.deptName).not.toMatch(/[A-Za-z]{3}/);
  });

  it("answers 404 for another tenant's parent, manager or department", async () => {
    const before = await t.db.selectFrom('sys_dept').selectAll().orderBy('id').execute();
    const otherUser = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', 'odadmin')
      .executeTakeFirstOrThrow();
    const calls = [
      await t.post(
        '/api/permission/Department',
        { parentId: other.depts.head, deptName: 'X', enCode: 'x1' },
        admin,
      ),
      await t.post(
        '/api/permission/Department',
        { parentId: depts.head, deptName: 'X', enCode: 'x2', managerId: String(otherUser.id) },
        admin,
      ),
      await t.put(
        `/api/permission/Department/${other.depts.it}`,
        { parentId: other.depts.head, deptName: 'X', enCode: 'x3' },
        admin,
      ),
      await t.get(`/api/permission/Department/${other.depts.it}`, admin),
      await del(`/api/permission/Department/${other.depts.finance}`, admin),
    ];
    for (const res of calls) expect(res.body.code).toBe(404);
    expect(await t.db.selectFrom('sys_dept').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('answers 403 to a user without the codes (page or button) and changes nothing', async () => {
    const before = await t.db.selectFrom('sys_dept').selectAll().orderBy('id').execute();
    const calls = [
      await t.get(`/api/permission/Department/tree?companyId=${depts.head}`, vendor),
      await t.get('/api/permission/Department', vendor),
      await t.get(`/api/permission/Department/${depts.it}`, vendor),
      await t.get('/api/sys/dept/list-all', vendor),
      await t.get('/api/sys/dept/listDept', vendor),
      await t.get(`/api/sys/dept/getDeptSubAll?deptId=${depts.head}`, vendor),
      await t.get('/api/sys/dept/key/queryDeptKeyList', vendor),
      await t.post(
        '/api/permission/Department',
        { parentId: depts.head, deptName: 'X', enCode: 'x5' },
        buyer,
      ),
      await t.put(
        `/api/permission/Department/${depts.it}`,
        { parentId: depts.head, deptName: 'X', enCode: 'x6' },
        buyer,
      ),
      await del(`/api/permission/Department/${depts.finance}`, buyer),
    ];
    for (const res of calls) expect(res.body).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await t.db.selectFrom('sys_dept').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
