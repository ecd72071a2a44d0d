import {
  type DataModel,
  DataModelApi,
  type Dataset,
  DatasetApi,
  type DatasetResult,
  type DatasetSummary,
  type DatasetTable,
} from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, grantToUser, type TestApp, userIdOf } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
let tenantId: string;
let otherTenantId: string;
const en = { 'accept-language': 'en-US' };
const names = (zh: string, enUs?: string) => ({ 'zh-CN': zh, ...(enUs ? { 'en-US': enUs } : {}) });
const D = DatasetApi.dataset;
const del = (url: string, token: string) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

const SPEND_SQL = `select s.supplier_name, sum(o.amount) as total, count(*) as orders
from ds_order o left join srm_supplier s on s.id = o.supplier
where o.amount >= :min_amount
group by s.supplier_name
order by total desc`;

const spend = (code = 'spend_by_supplier') => ({
  code,
  names: names('供应商采购额', 'Spend by supplier'),
  definition: {
    kind: 'sql',
    sql: SPEND_SQL,
    params: [
      { code: 'min_amount', names: names('最小金额'), type: 'number', required: false, defaultValue: '0' },
    ],
  },
});

const grantTo = async (account: string, itemType: 'menu' | 'button' | 'data', codes: string[]) =>
  grantToUser(t.db, tenantId, await userIdOf(t.db, account), itemType, codes);

async function orderModel(token: string) {
  const model = await t.post<DataModel>(
    DataModelApi.dataModel,
    {
      code: 'ds_order',
      names: names('订单', 'Order'),
      fields: [
        { code: 'title', names: names('标题'), kind: 'text', length: 40 },
        { code: 'amount', names: names('金额'), kind: 'money' },
        { code: 'ordered_on', names: names('下单日期'), kind: 'date' },
        { code: 'supplier', names: names('供应商'), kind: 'supplier' },
      ],
    },
    token,
  );
  expect(model.body.code).toBe(0);
  return model.body.data;
}

beforeAll(async () => {
  // A short statement timeout, so that the PostgreSQL run's timeout case waits a second, not ten.
  t = await createTestApp({ datasetTimeoutMs: 1000 });
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('ds');
  otherAdmin = await t.login('dsadmin', 'admin123');
  tenantId = String(
    (
      await t.db
        .selectFrom('sys_user')
        .select('tenant_id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).tenant_id,
  );
  otherTenantId = String(
    (
      await t.db
        .selectFrom('sys_user')
        .select('tenant_id')
        .where('account', '=', 'dsadmin')
        .executeTakeFirstOrThrow()
    ).tenant_id,
  );
  await orderModel(admin);
  await orderModel(otherAdmin);
  const suppliers = await t.db
    .selectFrom('vendor_supplier')
    .select(['id', 'supplier_name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .limit(1)
    .execute();
  const a = suppliers[0];
  if (!a) throw new Error('the demo tenant has a supplier');
  const table = sql.table(`dm_${tenantId}_ds_order`);
  await sql`insert into ${table} (tenant_id, title, amount, ordered_on, supplier) values
    (${tenantId}, 'A1', 100, '2026-01-05', ${a.id}), (${tenantId}, 'A2', 250.5, '2026-01-20', ${a.id}),
    (${tenantId}, 'B1', 40, '2026-02-02', null)`.execute(t.db);
  // The other tenant's rows of a model with the same code: never in tenant 1's results.
  await sql`insert into ${sql.table(`dm_${otherTenantId}_ds_order`)} (tenant_id, title, amount) values
    (${otherTenantId}, 'X1', 99999)`.execute(t.db);
});

afterAll(async () => {
  await t.close();
});

describe('datasets', () => {
  let spendId: string;

  it('lists the tables a dataset reads: the tenant’s models and the srm_ tables, never a password', async () => {
    const res = await t.get<{ list: DatasetTable[] }>(`${D}/Tables`, admin, en);
    expect(res.body.code).toBe(0);
    const byName = new Map(res.body.data.list.map((x) => [x.name, x]));
    expect(byName.get('srm_supplier')?.names['en-US']).toBe('Suppliers');
    expect(byName.get('ds_order')?.columns.find((c) => c.name === 'supplier')?.references).toBe(
      'srm_supplier',
    );
    expect(byName.get('srm_user')?.columns.map((c) => c.name)).not.toContain('password');
  });

  it('saves an SQL dataset with a parameter and runs it: the tenant’s rows, grouped, the value bound', async () => {
    const created = await t.post<Dataset>(D, spend(), admin, en);
    expect(created.body.code).toBe(0);
    spendId = created.body.data.id;
    const run = await t.post<DatasetResult>(`${D}/${spendId}/Actions/Run`, { params: {} }, admin);
    expect(run.body.code).toBe(0);
    expect(run.body.data.columns).toEqual([
      { name: 'supplier_name', type: 'text' },
      { name: 'total', type: 'number' },
      { name: 'orders', type: 'number' },
    ]);
    expect(run.body.data.rows.map((r) => [r.total, r.orders])).toEqual([
      [350.5, 2],
      [40, 1],
    ]);
    expect(run.body.data.truncated).toBe(false);
    // 99999 is the other tenant's: not here. A bound value is a value, never SQL.
    const high = await t.post<DatasetResult>(
      `${D}/${spendId}/Actions/Run`,
      { params: { min_amount: 200 } },
      admin,
    );
    expect(high.body.data.rows.map((r) => r.total)).toEqual([250.5]);
    const list = await t.get<{ list: DatasetSummary[] }>(D, admin);
    expect(list.body.data.list.map((d) => d.code)).toContain('spend_by_supplier');
  });

  it('builds a visual dataset along a reference, grouped by month', async () => {
    const res = await t.post<DatasetResult>(
      `${D}/Actions/Preview`,
      {
        definition: {
          kind: 'visual',
          params: [],
          visual: {
            table: 'ds_order',
            joins: [{ via: 'supplier' }],
            columns: [
              { column: 'ordered_on', alias: 'month', bucket: 'month' },
              { column: 'amount', alias: 'total', aggregate: 'sum' },
            ],
            filters: [{ column: 'title', op: 'ne', value: 'nothing' }],
            sort: [{ alias: 'month', order: 'asc' }],
          },
        },
      },
      admin,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.rows).toEqual([
      { month: '2026-01-01', total: 350.5 },
      { month: '2026-02-01', total: 40 },
    ]);
  });

  it('refuses what the guard refuses at `definition.sql`, in the caller’s language, and saves nothing', async () => {
    const refused = async (text: string, pattern: RegExp) => {
      const res = await t.post(
        D,
        { ...spend('refused'), definition: { ...spend().definition, sql: text } },
        admin,
        en,
      );
      expect(res.body.code).toBe(400);
      expect((res.body.data as { fields: Record<string, string> }).fields['definition.sql']).toMatch(pattern);
    };
    await refused('with x as (delete from srm_user returning *) select * from x', /only reads: a DELETE/);
    await refused('select * from sys_user', /cannot read the table sys_user/);
    await refused("select pg_read_file('/etc/passwd')", /Calling pg_read_file is not allowed/);
    await refused('select * from srm_user where id = :nobody', /:nobody is not declared/);
    await refused('select id from srm_user where', /syntax error/);
    const zh = await t.post(
      D,
      { ...spend('refused'), definition: { ...spend().definition, sql: 'select 1; select 2' } },
      admin,
    );
    expect((zh.body.data as { fields: Record<string, string> }).fields['definition.sql']).toBe(
      '只能写一条 SELECT 语句',
    );
    const stored = await t.db.selectFrom('dm_dataset').select('code').where('code', '=', 'refused').execute();
    expect(stored).toEqual([]);
  });

  it('answers bad input with 400 at its place, never 500', async () => {
    const noCode = await t.post(D, { ...spend(), code: 'Bad Code' }, admin, en);
    expect(noCode.body.code).toBe(400);
    const wrongType = await t.post(
      `${D}/${spendId}/Actions/Run`,
      { params: { min_amount: 'ten' } },
      admin,
      en,
    );
    expect(wrongType.body.code).toBe(400);
    expect((wrongType.body.data as { fields: Record<string, string> }).fields['params.min_amount']).toBe(
      'Enter a number',
    );
    const runtime = await t.post(
      `${D}/Actions/Preview`,
      { definition: { kind: 'sql', sql: 'select nothing_here from srm_user', params: [] } },
      admin,
      en,
    );
    expect(runtime.body.code).toBe(400);
    expect((runtime.body.data as { fields: Record<string, string> }).fields['definition.sql']).toMatch(
      /could not run: .*nothing_here/,
    );
    const badId = await t.get(`${D}/not-a-number`, admin);
    expect(badId.body.code).toBe(400);
  });

  it('caps the rows it answers and says so', async () => {
    const res = await t.post<DatasetResult>(
      `${D}/Actions/Preview`,
      { definition: { kind: 'sql', sql: 'select g as n from generate_series(1, 500) g', params: [] } },
      admin,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.rows).toHaveLength(100);
    expect(res.body.data.truncated).toBe(true);
  });

  it('refuses a query too large for the embedded database before it runs, or stops it at the timeout', async () => {
    const res = await t.post(
      `${D}/Actions/Preview`,
      {
        definition: {
          kind: 'sql',
          sql: 'select count(*) from generate_series(1, 100000) a, generate_series(1, 100000) b',
          params: [],
        },
      },
      admin,
      en,
    );
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(
      t.handle.kind === 'pglite' ? /too large for the embedded database/ : /ran past/,
    );
  });

  it('runs under the caller’s data rules: the user list’s rules limit srm_user', async () => {
    await grantTo('buyer', 'menu', ['onlineDev', 'onlineDev.dataSet']);
    const users = await t.post<Dataset>(
      D,
      {
        code: 'all_users',
        names: names('用户'),
        definition: { kind: 'sql', sql: 'select account from srm_user order by account', params: [] },
      },
      admin,
    );
    expect(users.body.code).toBe(0);
    const asAdmin = await t.post<DatasetResult>(`${D}/${users.body.data.id}/Actions/Run`, {}, admin);
    expect(asAdmin.body.data.rows.map((r) => r.account)).toContain('buyer');
    // The buyer holds no data rule of the user list (his default is "own"): far fewer users, no admin.
    const asBuyer = await t.post<DatasetResult>(`${D}/${users.body.data.id}/Actions/Run`, {}, buyer);
    expect(asBuyer.body.code).toBe(0);
    const mine = asBuyer.body.data.rows.map((r) => r.account);
    const all = asAdmin.body.data.rows.map((r) => r.account);
    expect(mine.length).toBeLessThan(all.length);
    expect(mine.every((a) => all.includes(a))).toBe(true);
    expect(mine).not.toContain('admin');
    // Given the rule "all" of the user list, he sees every user of the tenant, and no other tenant's.
    await grantTo('buyer', 'data', ['permission.user.data.all']);
    const widened = await t.post<DatasetResult>(`${D}/${users.body.data.id}/Actions/Run`, {}, buyer);
    expect(widened.body.data.rows.map((r) => r.account)).toEqual(all);
    expect(all).not.toContain('dsadmin');
  });

  it('checks the permission on the server: viewing runs, designing needs the buttons', async () => {
    const definition = spend().definition;
    // buyer holds the page (previous test) but no button.
    expect((await t.post(`${D}/Actions/Preview`, { definition }, buyer)).body.code).toBe(403);
    expect((await t.post(D, spend('buyer_made'), buyer)).body.code).toBe(403);
    expect((await t.put(`${D}/${spendId}`, spend(), buyer)).body.code).toBe(403);
    expect((await del(`${D}/${spendId}`, buyer)).body.code).toBe(403);
    expect((await t.post(`${D}/${spendId}/Actions/Run`, {}, buyer)).body.code).toBe(0);
    const supplierUser = await t.login('vendor', 'vendor123');
    expect((await t.get(D, supplierUser)).body.code).toBe(403);
    expect((await t.post(`${D}/${spendId}/Actions/Run`, {}, supplierUser)).body.code).toBe(403);
  });

  it('keeps tenants apart: another tenant’s id answers 404, its model is not a table here', async () => {
    for (const res of [
      await t.get(`${D}/${spendId}`, otherAdmin),
      await t.post(`${D}/${spendId}/Actions/Run`, {}, otherAdmin),
      await t.put(`${D}/${spendId}`, spend(), otherAdmin),
      await del(`${D}/${spendId}`, otherAdmin),
    ])
      expect(res.body.code).toBe(404);
    // The other tenant runs the same SQL over its own ds_order: its own row only.
    const own = await t.post<DatasetResult>(
      `${D}/Actions/Preview`,
      { definition: { kind: 'sql', sql: 'select title, amount from ds_order', params: [] } },
      otherAdmin,
    );
    expect(own.body.data.rows).toEqual([{ title: 'X1', amount: 99999 }]);
    expect((await t.get<{ list: DatasetSummary[] }>(D, otherAdmin)).body.data.list).toEqual([]);
  });

  it('two identical creates at once: one saved, the other told the code is taken', async () => {
    const [a, b] = await Promise.all([
      t.post(D, spend('twin'), admin, en),
      t.post(D, spend('twin'), admin, en),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([0, 400]);
    const loser = a.body.code === 400 ? a : b;
    expect((loser.body.data as { fields: Record<string, string> }).fields.code).toBe(
      'A dataset with this code already exists',
    );
    const rows = await t.db.selectFrom('dm_dataset').select('id').where('code', '=', 'twin').execute();
    expect(rows).toHaveLength(1);
  });

  it('edits and deletes', async () => {
    const edited = await t.put<Dataset>(`${D}/${spendId}`, { ...spend(), names: names('采购额') }, admin);
    expect(edited.body.code).toBe(0);
    expect(edited.body.data.names['zh-CN']).toBe('采购额');
    expect((await del(`${D}/${spendId}`, admin)).body.code).toBe(0);
    expect((await t.get(`${D}/${spendId}`, admin)).body.code).toBe(404);
  });
  it('reaches tenants seeded before it once, however often it runs (migrations 0080, 0081)', async () => {
    const { down0080, up0080 } = await import('../../src/db/migrations/0080_datasets');
    // The reports' table reads datasets: it goes first and comes back after (migration 0081).
    const { down0081, up0081 } = await import('../../src/db/migrations/0081_reports');
    const pages = () =>
      t.db
        .selectFrom('sys_menu')
        .select('menu_perms')
        .where('tenant_id', '=', tenantId)
        .where('menu_perms', 'in', ['onlineDev.dataSet', 'onlineDev.dataReport'])
        .orderBy('menu_perms')
        .execute();
    const before = await t.db
      .selectFrom('dm_dataset')
      .select('code')
      .where('tenant_id', '=', tenantId)
      .execute();
    await down0081(t.db as never);
    await down0080(t.db as never);
    expect(await pages()).toEqual([]);
    await up0080(t.db as never);
    await up0080(t.db as never);
    await up0081(t.db as never);
    await up0081(t.db as never);
    expect((await pages()).map((p) => p.menu_perms)).toEqual(['onlineDev.dataReport', 'onlineDev.dataSet']);
    const buttons = await t.db
      .selectFrom('sys_menu_button')
      .select('en_code')
      .where('tenant_id', '=', tenantId)
      .where((eb) =>
        eb.or([
          eb('en_code', 'like', 'onlineDev.dataSet.%'),
          eb('en_code', 'like', 'onlineDev.dataReport.%'),
        ]),
      )
      .execute();
    expect(buttons.map((b) => b.en_code).sort()).toEqual([
      'onlineDev.dataReport.add',
      'onlineDev.dataReport.delete',
      'onlineDev.dataReport.edit',
      'onlineDev.dataSet.add',
      'onlineDev.dataSet.delete',
      'onlineDev.dataSet.edit',
    ]);
    // The table came back empty (down drops it): the datasets made above are gone with it.
    expect(before.length).toBeGreaterThan(0);
    expect(await t.db.selectFrom('dm_dataset').select('code').execute()).toEqual([]);
  });
});
