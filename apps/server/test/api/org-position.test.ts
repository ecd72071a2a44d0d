import type { DeptPostNode, Page, Position } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantIds, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let tenantId: string;
let depts: Record<string, string>;
let positions: Record<string, string>;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
let otherPosition: string;
const en = { 'accept-language': 'en-US' };

const del = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}`, ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  ({ tenantId, depts, positions } = await demoTenantIds(t.db));
  other = await t.seedOtherTenant('op');
  const op = await t.db
    .selectFrom('sys_position')
    .select('id')
    .where('tenant_id', '=', other.tenantId)
    .where('en_code', '=', 'buyer')
    .executeTakeFirstOrThrow();
  otherPosition = String(op.id);
});
afterAll(async () => {
  await t?.close();
});

describe('position reads', () => {
  it('pages positions of a company, of a department, by keyword', async () => {
    const all = await t.get<Page<Position>>('/api/permission/Position', admin);
    expect(all.body.data.pagination.total).toBe(3);
    const head = await t.get<Page<Position>>(`/api/permission/Position?companyId=${depts.head}`, admin);
    expect(head.body.data.list.map((p) => p.enCode)).toEqual(['sysAdmin', 'purchaseManager']);
    const east = await t.get<Page<Position>>(`/api/permission/Position?deptId=${depts.eastPurchase}`, admin);
    expect(east.body.data.list).toEqual([
      expect.objectContaining({ enCode: 'buyer', deptName: '华东采购部', userCount: 1 }),
    ]);
    const kw = await t.get<Page<Position>>('/api/permission/Position?keyword=Manager', admin);
    expect(kw.body.data.list.map((p) => p.enCode)).toEqual(['purchaseManager']);
    const info = await t.get<Position>(`/api/permission/Position/${positions.sysAdmin}`, admin);
    expect(info.body.data).toMatchObject({ positionName: '系统管理员', userCount: 1 });
    expect((await t.get(`/api/permission/Position?companyId=${other.depts.head}`, admin)).body.code).toBe(
      404,
    );
    const bad = await t.get<{ fields: Record<string, string> }>(
      '/api/permission/Position?pageSize=0',
      admin,
      en,
    );
    expect(bad.body).toMatchObject({ code: 400, data: { fields: { pageSize: 'Must be at least 1' } } });
  });

  it('post/all and queryDeptPostTree', async () => {
    const all = await t.get<Position[]>('/api/sys/post/all', admin);
    expect(all.body.data.map((p) => p.enCode).sort()).toEqual(['buyer', 'purchaseManager', 'sysAdmin']);
    const tree = await t.get<DeptPostNode[]>(`/api/sys/post/queryDeptPostTree?tenantId=${tenantId}`, admin);
    expect(tree.body.code).toBe(0);
    const head = tree.body.data[0];
    expect(head).toMatchObject({ id: depts.head, type: 'company' });
    const it = head?.children?.find((n) => n.id === depts.it);
    expect(it?.children).toEqual([
      expect.objectContaining({ id: positions.sysAdmin, type: 'position', children: null }),
    ]);
    expect((await t.get(`/api/sys/post/queryDeptPostTree?tenantId=${other.tenantId}`, admin)).body.code).toBe(
      404,
    );
    expect((await t.get('/api/sys/post/queryDeptPostTree', admin)).body.code).toBe(400);
  });
});

describe('position writes', () => {
  it('creates, updates and deletes (with its user assignments and grants)', async () => {
    const created = await t.post<Position>(
      '/api/permission/Position',
      { deptId: depts.finance, positionName: '会计', enCode: 'accountant', orderNum: 4 },
      admin,
    );
    expect(created.body.code).toBe(0);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ deptId: depts.finance, deptName: '财务部', userCount: 0 });
    const updated = await t.put<Position>(
      `/api/permission/Position/${id}`,
      { deptId: depts.it, positionName: '出纳', enCode: 'cashier', enabled: false },
      admin,
    );
    expect(updated.body.data).toMatchObject({ deptId: depts.it, positionName: '出纳', enabled: false });
    const buyerUser = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', 'buyer')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_position')
      .values({ tenant_id: tenantId, user_id: buyerUser.id, position_id: id })
      .execute();
    await t.db
      .insertInto('sys_grant')
      .values({ tenant_id: tenantId, item_type: 'menu', item_id: 1, object_type: 'position', object_id: id })
      .execute();
    expect((await del(`/api/permission/Position/${id}`, admin)).body.code).toBe(0);
    expect(
      await t.db.selectFrom('user_position').select('user_id').where('position_id', '=', id).execute(),
    ).toEqual([]);
    const grants = await t.db
      .selectFrom('sys_grant')
      .select('id')
      .where('object_type', '=', 'position')
      .where('object_id', '=', id)
      .execute();
    expect(grants).toEqual([]);
    expect((await t.get(`/api/permission/Position/${id}`, admin)).body.code).toBe(404);
  });

  it('answers 400 with translated field messages, and for a code in use', async () => {
    const res = await t.post<{ fields: Record<string, string> }>(
      '/api/permission/Position',
      { deptId: depts.it, positionName: 'x%y', enCode: '' },
      admin,
      en,
    );
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields.enCode).toBe('This field is required');
    expect(res.body.data.fields.positionName).toBeTruthy();
    const taken = await t.post<{ fields: Record<string, string> }>(
      '/api/permission/Position',
      { deptId: depts.it, positionName: 'Dup', enCode: 'buyer' },
      admin,
      en,
    );
    expect(taken.body).toMatchObject({
      code: 400,
      data: { fields: { enCode: 'This code is already in use' } },
    });
  });

  it("answers 404 for another tenant's ids and changes nothing", async () => {
    const before = await t.db.selectFrom('sys_position').selectAll().orderBy('id').execute();
    const beforeUp = await t.db.selectFrom('user_position').selectAll().execute();
    const calls = [
      await t.get(`/api/permission/Position/${otherPosition}`, admin),
      await t.post(
        '/api/permission/Position',
        { deptId: other.depts.it, positionName: 'X', enCode: 'x1' },
        admin,
      ),
      await t.put(
        `/api/permission/Position/${otherPosition}`,
        { deptId: depts.it, positionName: 'X', enCode: 'x2' },
        admin,
      ),
      await t.put(
        `/api/permission/Position/${positions.buyer}`,
        { deptId: other.depts.it, positionName: 'X', enCode: 'x3' },
        admin,
      ),
      await del(`/api/permission/Position/${otherPosition}`, admin),
    ];
    for (const res of calls) expect(res.body.code).toBe(404);
    expect(await t.db.selectFrom('sys_position').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await t.db.selectFrom('user_position').selectAll().execute()).toEqual(beforeUp);
  });

  it('answers 403 to a user without the codes and changes nothing', async () => {
    const before = await t.db.selectFrom('sys_position').selectAll().orderBy('id').execute();
    const calls = [
      await t.get('/api/permission/Position', buyer),
      await t.get(`/api/permission/Position/${positions.buyer}`, buyer),
      await t.get('/api/sys/post/all', buyer),
      await t.get(`/api/sys/post/queryDeptPostTree?tenantId=${tenantId}`, buyer),
      await t.post('/api/permission/Position', { deptId: depts.it, positionName: 'X', enCode: 'x4' }, buyer),
      await t.put(
        `/api/permission/Position/${positions.buyer}`,
        { deptId: depts.it, positionName: 'X', enCode: 'x5' },
        buyer,
      ),
      await del(`/api/permission/Position/${positions.purchaseManager}`, buyer),
    ];
    for (const res of calls) expect(res.body).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await t.db.selectFrom('sys_position').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
