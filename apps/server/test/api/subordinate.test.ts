import { type Subordinate, SubordinateApi } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
const deptId = async (enCode: string, tenantId: string) =>
  (
    await t.db
      .selectFrom('sys_dept')
      .select('id')
      .where('en_code', '=', enCode)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
});
afterAll(async () => {
  await t?.close();
});

describe('current user subordinates', () => {
  it('is empty for a user who manages no department', async () => {
    const res = await t.get<Subordinate[]>(SubordinateApi.current, buyer);
    expect(res.body).toMatchObject({ code: 0, data: [] });
  });

  it('lists the people of the managed department and its sub-departments, not the manager', async () => {
    const users = await t.db.selectFrom('sys_user').select(['id', 'account', 'tenant_id']).execute();
    const adminRow = users.find((u) => u.account === 'admin')!;
    // admin manages the East sub-company: buyer (East purchasing, below it) is a subordinate.
    await t.db
      .updateTable('sys_dept')
      .set({ manager_id: adminRow.id })
      .where('id', '=', await deptId('east', adminRow.tenant_id))
      .execute();
    const res = await t.get<Subordinate[]>(SubordinateApi.current, admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.map((s) => s.account)).toEqual(['buyer']);
    expect(res.body.data[0]).toMatchObject({ realName: '张采购', deptName: '华东采购部', enabled: true });
  });

  it("never lists another tenant's people, and needs a session", async () => {
    const other = await t.seedOtherTenant('t2');
    const adminRow = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    // A manager id pointing across tenants changes nothing for either side.
    await t.db
      .updateTable('sys_dept')
      .set({ manager_id: adminRow.id })
      .where('id', '=', other.depts.eastPurchase!)
      .execute();
    const res = await t.get<Subordinate[]>(SubordinateApi.current, admin);
    expect(res.body.data.map((s) => s.account)).toEqual(['buyer']);
    expect((await t.get(SubordinateApi.current)).body.code).toBe(600);
  });
});
