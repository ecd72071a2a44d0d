import type { CompanyDetail, DeptNode, Position } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

// What the organisation, department and position screens add to the org API: the whole org tree
// for pickers, company details with counts, and the position state switch.

let t: TestApp;
let admin: string;
let buyer: string;
let vendor: string;
let tenantId: string;
let depts: Record<string, string>;
let positions: Record<string, string>;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
const en = { 'accept-language': 'en-US' };

async function codesToIds(table: 'sys_dept' | 'sys_position', tenant: string) {
  const rows = await t.db
    .selectFrom(table)
    .select(['id', 'en_code'])
    .where('tenant_id', '=', tenant)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.en_code, String(r.id)]));
}

const flat = (nodes: DeptNode[]): DeptNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  vendor = await t.login('vendor', 'vendor123');
  const u = await t.db
    .selectFrom('sys_user')
    .select('tenant_id')
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  tenantId = String(u.tenant_id);
  depts = await codesToIds('sys_dept', tenantId);
  positions = await codesToIds('sys_position', tenantId);
  other = await t.seedOtherTenant('os');
});
afterAll(async () => {
  await t?.close();
});

describe('org tree (companies and departments)', () => {
  it('nests departments under their company, disabled ones included, only of the own tenant', async () => {
    await t.db
      .updateTable('sys_dept')
      .set({ enabled: false })
      .where('id', '=', depts.finance as string)
      .execute();
    const res = await t.get<DeptNode[]>('/api/permission/Organize/orgTree', admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.map((n) => n.enCode)).toEqual(['head']);
    const head = res.body.data[0];
    expect(head?.children?.map((c) => [c.enCode, c.deptType])).toEqual([
      ['east', 'company'],
      ['south', 'company'],
      ['purchase', 'department'],
      ['finance', 'department'],
      ['it', 'department'],
    ]);
    const all = flat(res.body.data);
    expect(all.find((n) => n.enCode === 'finance')?.enabled).toBe(false);
    expect(all.find((n) => n.enCode === 'eastPurchase')?.parentId).toBe(depts.east);
    expect(all.some((n) => Object.values(other.depts).includes(n.id))).toBe(false);
  });

  it('is open to holders of any org or user screen code, 403 otherwise', async () => {
    expect((await t.get('/api/permission/Organize/orgTree', buyer)).body.code).toBe(0);
    const denied = await t.get('/api/permission/Organize/orgTree', vendor);
    expect(denied.body.code).toBe(403);
    expect(denied.body.msg).toBe('暂无权限');
    expect((await t.get('/api/permission/Organize/orgTree')).body.code).toBe(600);
  });
});

describe('company details', () => {
  it('gives the parent name and what still belongs to the company', async () => {
    const head = await t.get<CompanyDetail>(`/api/permission/Organize/${depts.head}`, admin);
    expect(head.body.data).toMatchObject({
      id: depts.head,
      parentName: null,
      subCompanyCount: 2,
      deptCount: 3,
      userCount: 0,
      positionCount: 0,
    });
    const east = await t.get<CompanyDetail>(`/api/permission/Organize/${depts.east}`, buyer);
    expect(east.body.data).toMatchObject({ parentName: '总公司', subCompanyCount: 0, deptCount: 1 });
  });

  it('answers 400 on a bad id, 404 for a department or another tenant, 403 without the code', async () => {
    const bad = await t.get<{ fields: Record<string, string> }>('/api/permission/Organize/x1', admin, en);
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields.id).toBeTruthy();
    expect((await t.get(`/api/permission/Organize/${depts.it}`, admin)).body.code).toBe(404);
    expect((await t.get(`/api/permission/Organize/${other.depts.head}`, admin)).body.code).toBe(404);
    expect((await t.get(`/api/permission/Organize/${depts.head}`, vendor)).body.code).toBe(403);
  });
});

describe('position state', () => {
  const stateUrl = (id: string) => `/api/permission/Position/${id}/Actions/State`;
  const enabledOf = async (id: string) =>
    (await t.db.selectFrom('sys_position').select('enabled').where('id', '=', id).executeTakeFirstOrThrow())
      .enabled;

  it('disables and enables a position', async () => {
    const off = await t.put<Position>(stateUrl(positions.buyer as string), { enabled: false }, admin);
    expect(off.body).toMatchObject({ code: 0, data: { id: positions.buyer, enabled: false } });
    expect(await enabledOf(positions.buyer as string)).toBe(false);
    const list = await t.get<{ list: Position[] }>(
      `/api/permission/Position?deptId=${depts.eastPurchase}`,
      admin,
    );
    expect(list.body.data.list[0]?.enabled).toBe(false);
    const on = await t.put<Position>(stateUrl(positions.buyer as string), { enabled: true }, admin);
    expect(on.body.data.enabled).toBe(true);
  });

  it('answers 400 with a field message on a bad body', async () => {
    const bad = await t.put<{ fields: Record<string, string> }>(
      stateUrl(positions.buyer as string),
      { enabled: 'yes' },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields.enabled).toMatch(/[a-z]/i);
    expect(await enabledOf(positions.buyer as string)).toBe(true);
  });

  it('answers 403 without the edit code and 404 for another tenant, changing nothing', async () => {
    // buyer holds permission.department and permission.organize, not permission.position.edit
    const denied = await t.put(stateUrl(positions.buyer as string), { enabled: false }, buyer);
    expect(denied.body.code).toBe(403);
    expect(await enabledOf(positions.buyer as string)).toBe(true);
    const otherPositions = await codesToIds('sys_position', other.tenantId);
    const foreign = otherPositions.buyer as string;
    const res = await t.put(stateUrl(foreign), { enabled: false }, admin);
    expect(res.body.code).toBe(404);
    expect(await enabledOf(foreign)).toBe(true);
  });
});
