import type { Dept, DeptNode } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
/** Holds no org code; buyer holds the page codes but none of their buttons. */
let vendor: string;
let depts: Record<string, string>;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
const en = { 'accept-language': 'en-US' };

async function deptIds(): Promise<Record<string, string>> {
  const tenant = await t.db
    .selectFrom('sys_user')
    .select('tenant_id')
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  const rows = await t.db
    .selectFrom('sys_dept')
    .select(['id', 'en_code'])
    .where('tenant_id', '=', tenant.tenant_id)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.en_code, String(r.id)]));
}

const del = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}`, ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  vendor = await t.login('vendor', 'vendor123');
  depts = await deptIds();
  other = await t.seedOtherTenant('oc');
});
afterAll(async () => {
  await t?.close();
});

describe('company tree and info', () => {
  it('gives the company tree without departments', async () => {
    const res = await t.get<DeptNode[]>('/api/permission/Organize/tree', admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toHaveLength(1);
    const head = res.body.data[0];
    expect(head).toMatchObject({ id: depts.head, deptType: 'company', parentId: '0' });
    expect(head?.children?.map((c) => c.enCode)).toEqual(['east', 'south']);
    expect(head?.children?.every((c) => c.deptType === 'company')).toBe(true);
  });

  it('gives company details, 404 for a department or another tenant', async () => {
    const res = await t.get<Dept>(`/api/permission/Organize/${depts.east}`, admin);
    expect(res.body.data).toMatchObject({ id: depts.east, deptName: '华东分公司', parentId: depts.head });
    expect((await t.get(`/api/permission/Organize/${depts.purchase}`, admin)).body.code).toBe(404);
    expect((await t.get(`/api/permission/Organize/${other.depts.east}`, admin)).body.code).toBe(404);
  });
});

describe('company writes', () => {
  it('creates, updates, moves and deletes a company', async () => {
    const created = await t.post<Dept>(
      '/api/permission/Organize',
      { parentId: depts.head, deptName: '华北分公司', enCode: 'north', orderNum: 4 },
      admin,
    );
    expect(created.body.code).toBe(0);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ deptType: 'company', parentId: depts.head, enabled: true });

    const updated = await t.put<Dept>(
      `/api/permission/Organize/${id}`,
      { deptName: '华北公司', enCode: 'north2', orderNum: 5, enabled: false },
      admin,
    );
    expect(updated.body.data).toMatchObject({ deptName: '华北公司', enCode: 'north2', enabled: false });

    const moved = await t.put<Dept>(
      `/api/permission/Organize/${id}/Actions/Move`,
      { parentId: depts.east },
      admin,
    );
    expect(moved.body.data.parentId).toBe(depts.east);

    const removed = await del(`/api/permission/Organize/${id}`, admin);
    expect(removed.body.code).toBe(0);
    expect(
      await t.db.selectFrom('sys_dept').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a move under itself or a descendant', async () => {
    const self = await t.put(
      `/api/permission/Organize/${depts.head}/Actions/Move`,
      { parentId: depts.head },
      admin,
      en,
    );
    expect(self.body).toMatchObject({ code: 409, msg: 'Cannot move under itself or one of its descendants' });
    const below = await t.put(
      `/api/permission/Organize/${depts.head}/Actions/Move`,
      { parentId: depts.east },
      admin,
    );
    expect(below.body.code).toBe(409);
    const row = await t.db
      .selectFrom('sys_dept')
      .select('parent_id')
      .where('id', '=', String(depts.head))
      .executeTakeFirstOrThrow();
    expect(String(row.parent_id)).toBe('0');
  });

  it('refuses to delete a company with departments, then with users', async () => {
    const withDepts = await del(`/api/permission/Organize/${depts.east}`, admin, en);
    expect(withDepts.body).toMatchObject({
      code: 409,
      msg: 'This company still has departments or sub-companies and cannot be deleted',
    });
    const c = await t.post<Dept>(
      '/api/permission/Organize',
      { parentId: depts.head, deptName: '空公司', enCode: 'empty' },
      admin,
    );
    const cid = c.body.data.id;
    await t.db.updateTable('sys_user').set({ dept_id: cid }).where('account', '=', 'vendor').execute();
    const withUsers = await del(`/api/permission/Organize/${cid}`, admin, { 'accept-language': 'zh-CN' });
    expect(withUsers.body).toMatchObject({ code: 409, msg: '该组织下还有用户，不能删除' });
    expect(
      await t.db.selectFrom('sys_dept').select('id').where('id', '=', cid).executeTakeFirst(),
    ).toBeDefined();
  });

  it('answers 400 with translated field messages', async () => {
    const res = await t.post<{ fields: Record<string, string> }>(
      '/api/permission/Organize',
      { parentId: 'x', deptName: 'a$b', enCode: '.bad.' },
      admin,
      en,
    );
    expect(res.body.code).toBe(400);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['deptName', 'enCode', 'parentId']);
    expect(res.body.data.fields.parentId).toBe('Invalid value');
    const missing = await t.post<{ fields: Record<string, string> }>(
      '/api/permission/Organize',
      { parentId: '0' },
      admin,
      en,
    );
    expect(missing.body.data.fields.deptName).toBe('This field is required');
    const taken = await t.post<{ fields: Record<string, string> }>(
      '/api/permission/Organize',
      { parentId: '0', deptName: 'Dup', enCode: 'east' },
      admin,
      en,
    );
    expect(taken.body).toMatchObject({
      code: 400,
      data: { fields: { enCode: 'This code is already in use' } },
    });
  });

  it("answers 404 for another tenant's ids and changes nothing there", async () => {
    const parent = await t.post(
      '/api/permission/Organize',
      { parentId: other.depts.head, deptName: 'X', enCode: 'x1' },
      admin,
    );
    expect(parent.body.code).toBe(404);
    const upd = await t.put(
      `/api/permission/Organize/${other.depts.east}`,
      { deptName: 'X', enCode: 'x2' },
      admin,
    );
    expect(upd.body.code).toBe(404);
    const mv = await t.put(
      `/api/permission/Organize/${other.depts.east}/Actions/Move`,
      { parentId: '0' },
      admin,
    );
    expect(mv.body.code).toBe(404);
    const mv2 = await t.put(
      `/api/permission/Organize/${depts.south}/Actions/Move`,
      { parentId: other.depts.head },
      admin,
    );
    expect(mv2.body.code).toBe(404);
    expect((await del(`/api/permission/Organize/${other.depts.south}`, admin)).body.code).toBe(404);
    const row = await t.db
      .selectFrom('sys_dept')
      .selectAll()
      .where('id', '=', String(other.depts.east))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ dept_name: '华东分公司', en_code: 'east' });
  });

  it('answers 403 to a user without the codes (page or button) and changes nothing', async () => {
    const before = await t.db.selectFrom('sys_dept').selectAll().orderBy('id').execute();
    const calls = [
      await t.get('/api/permission/Organize/tree', vendor),
      await t.get(`/api/permission/Organize/${depts.east}`, vendor),
      await t.post('/api/permission/Organize', { parentId: depts.head, deptName: 'X', enCode: 'x3' }, buyer),
      await t.put(`/api/permission/Organize/${depts.east}`, { deptName: 'X', enCode: 'x4' }, buyer),
      await t.put(`/api/permission/Organize/${depts.south}/Actions/Move`, { parentId: depts.east }, buyer),
      await del(`/api/permission/Organize/${depts.south}`, buyer),
    ];
    for (const res of calls) expect(res.body).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await t.db.selectFrom('sys_dept').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('OpenAPI', () => {
  it('describes the organisation routes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys((JSON.parse(res.raw) as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/permission/Organize/tree',
      '/api/permission/Organize/{id}/Actions/Move',
      '/api/permission/Department',
      '/api/sys/dept/list-all',
      '/api/sys/dept/listDept',
      '/api/sys/dept/getDeptSubAll',
      '/api/sys/dept/key/queryDeptKeyList',
      '/api/permission/Position/{id}',
      '/api/sys/post/all',
      '/api/sys/post/queryDeptPostTree',
    ])
      expect(paths).toContain(p);
  });
});
