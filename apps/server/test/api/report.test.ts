import {
  type DataModel,
  DataModelApi,
  type Dataset,
  DatasetApi,
  type DatasetResult,
  type Menu,
  type Report,
  ReportApi,
  type ReportDataset,
  type ReportSummary,
  type ReportView,
} from '@srm/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, grantToUser, type TestApp, userIdOf } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
let tenantId: string;
let otherTenantId: string;
let spendId: string;
let otherDatasetId: string;
let directoryId: string;
const en = { 'accept-language': 'en-US' };
const names = (zh: string, enUs?: string) => ({ 'zh-CN': zh, ...(enUs ? { 'en-US': enUs } : {}) });
const R = ReportApi.report;
const V = ReportApi.view;
const del = async (url: string, token: string) =>
  (await t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } })).body;
const fieldsOf = (data: unknown) => (data as { fields?: Record<string, string> } | null)?.fields ?? {};

// Spend by category and month of each supplier: what the spend report of the demo reads.
const SPEND_SQL = `select o.category, to_char(o.ordered_on, 'YYYY-MM') as month, sum(o.amount) as total, count(*) as orders
from rp_order o
where o.amount >= :min_amount
group by o.category, to_char(o.ordered_on, 'YYYY-MM')
order by o.category, month`;

const reportBody = (datasetId: string, code = 'spend_report') => ({
  code,
  names: names('品类月度采购额', 'Spend by category and month'),
  definition: {
    datasetId,
    table: {
      columns: [
        { field: 'category', names: names('品类', 'Category'), format: 'text' },
        { field: 'month', names: names('月份', 'Month'), format: 'text' },
        { field: 'total', names: names('金额', 'Amount'), format: 'money' },
        { field: 'orders', names: names('单数', 'Orders'), format: 'number' },
      ],
      groupBy: ['category'],
      subtotals: true,
    },
    pivot: { rows: ['category'], column: 'month', value: 'total', aggregate: 'sum' },
    charts: [{ type: 'bar', names: names('月度采购额'), x: 'month', y: ['total'], series: 'category' }],
  },
});

const grantTo = async (account: string, itemType: 'menu' | 'button' | 'data', codes: string[]) =>
  grantToUser(t.db, tenantId, await userIdOf(t.db, account), itemType, codes);

const tenantOf = async (account: string) =>
  String(
    (
      await t.db
        .selectFrom('sys_user')
        .select('tenant_id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).tenant_id,
  );

async function orderModel(token: string): Promise<DataModel> {
  const model = await t.post<DataModel>(
    DataModelApi.dataModel,
    {
      code: 'rp_order',
      names: names('订单', 'Order'),
      fields: [
        { code: 'category', names: names('品类'), kind: 'text', length: 40 },
        { code: 'amount', names: names('金额'), kind: 'money' },
        { code: 'ordered_on', names: names('下单日期'), kind: 'date' },
      ],
    },
    token,
  );
  expect(model.body.code).toBe(0);
  return model.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('rp');
  otherAdmin = await t.login('rpadmin', 'admin123');
  tenantId = await tenantOf('admin');
  otherTenantId = await tenantOf('rpadmin');
  await orderModel(admin);
  await orderModel(otherAdmin);
  await sql`insert into ${sql.table(`dm_${tenantId}_rp_order`)} (tenant_id, category, amount, ordered_on) values
    (${tenantId}, '原材料', 100, '2026-01-05'), (${tenantId}, '原材料', 250.5, '2026-02-20'),
    (${tenantId}, '办公用品', 40, '2026-01-02')`.execute(t.db);
  await sql`insert into ${sql.table(`dm_${otherTenantId}_rp_order`)} (tenant_id, category, amount, ordered_on) values
    (${otherTenantId}, '原材料', 99999, '2026-01-01')`.execute(t.db);
  const dataset = (token: string) =>
    t.post<Dataset>(
      DatasetApi.dataset,
      {
        code: 'rp_spend',
        names: names('品类月度采购额'),
        definition: {
          kind: 'sql',
          sql: SPEND_SQL,
          params: [
            {
              code: 'min_amount',
              names: names('最小金额'),
              type: 'number',
              required: false,
              defaultValue: '0',
            },
          ],
        },
      },
      token,
    );
  spendId = (await dataset(admin)).body.data.id;
  otherDatasetId = (await dataset(otherAdmin)).body.data.id;
  directoryId = String(
    (
      await t.db
        .selectFrom('sys_menu')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('menu_perms', '=', 'onlineDev')
        .executeTakeFirstOrThrow()
    ).id,
  );
});

afterAll(async () => {
  await t.close();
});

describe('data reports', () => {
  let reportId: string;
  let menuId: string;

  it('offers the datasets with their parameters and the columns their SQL answers', async () => {
    const res = await t.get<{ list: ReportDataset[] }>(`${R}/Datasets`, admin);
    expect(res.body.code).toBe(0);
    const spend = res.body.data.list.find((d) => d.id === spendId);
    expect(spend?.columns).toEqual(['category', 'month', 'total', 'orders']);
    expect(spend?.params.map((p) => p.code)).toEqual(['min_amount']);
    // The other tenant's dataset of the same code is not offered.
    expect(res.body.data.list.map((d) => d.id)).not.toContain(otherDatasetId);
  });

  it('saves a report over a dataset; a field the dataset does not answer is refused at its path', async () => {
    const wrong = reportBody(spendId);
    wrong.definition.table.columns[2] = { field: 'amount', names: names('金额'), format: 'money' };
    const refused = await t.post(R, wrong, admin, en);
    expect(refused.body.code).toBe(400);
    expect(fieldsOf(refused.body.data)['definition.table.columns.2.field']).toBe(
      'The dataset has no column amount',
    );
    const created = await t.post<Report>(R, reportBody(spendId), admin);
    expect(created.body.code).toBe(0);
    reportId = created.body.data.id;
    expect(created.body.data.definition.pivot?.column).toBe('month');
    const list = await t.get<{ list: ReportSummary[] }>(R, admin);
    expect(list.body.data.list.find((r) => r.id === reportId)?.datasetNames['zh-CN']).toBe('品类月度采购额');
    // The same code twice: 400 at code, nothing saved.
    const twice = await t.post(R, reportBody(spendId), admin, en);
    expect(twice.body.code).toBe(400);
    expect(fieldsOf(twice.body.data).code).toMatch(/already exists/);
  });

  it('refuses bad input with a message per field and another tenant’s dataset as missing', async () => {
    const bad = await t.post(
      R,
      {
        code: 'Bad Code',
        names: { 'zh-CN': '' },
        definition: { ...reportBody(spendId).definition, charts: 'x' },
      },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(Object.keys(fieldsOf(bad.body.data)).sort()).toEqual(['code', 'definition.charts', 'names.zh-CN']);
    const group = reportBody(spendId, 'grouped');
    group.definition.table.groupBy = ['supplier'];
    const notColumn = await t.post(R, group, admin, en);
    expect(fieldsOf(notColumn.body.data)['definition.table.groupBy.0']).toBe(
      'A group field must be a column of the table',
    );
    const theirs = await t.post(R, reportBody(otherDatasetId, 'theirs'), admin);
    expect(theirs.body.code).toBe(404);
    const preview = await t.post(`${R}/Actions/Preview`, { datasetId: otherDatasetId }, admin);
    expect(preview.body.code).toBe(404);
    const count = await t.db
      .selectFrom('dm_report')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('previews the dataset’s rows for the designer, without its statement', async () => {
    const res = await t.post<DatasetResult>(
      `${R}/Actions/Preview`,
      { datasetId: spendId, params: {} },
      admin,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.statement).toBeUndefined();
    expect(res.body.data.rows).toEqual([
      { category: '办公用品', month: '2026-01', total: 40, orders: 1 },
      { category: '原材料', month: '2026-01', total: 100, orders: 1 },
      { category: '原材料', month: '2026-02', total: 250.5, orders: 1 },
    ]);
  });

  it('publishes as a menu item of type 5 whose export is a button to grant', async () => {
    const res = await t.post<Menu>(
      `${R}/${reportId}/Actions/Publish`,
      { parentId: directoryId, enCode: 'report.spend' },
      admin,
    );
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
    menuId = res.body.data.id;
    expect(res.body.data).toMatchObject({ menuType: 5, menuName: '品类月度采购额', parentId: directoryId });
    expect(JSON.parse(res.body.data.propertyJson)).toEqual({ moduleId: reportId });
    const buttons = await t.db
      .selectFrom('sys_menu_button')
      .select('en_code')
      .where('tenant_id', '=', tenantId)
      .where('menu_id', '=', menuId)
      .execute();
    expect(buttons.map((b) => b.en_code)).toEqual(['report.spend.export']);
    const list = await t.get<{ list: ReportSummary[] }>(R, admin);
    expect(list.body.data.list.find((r) => r.id === reportId)?.menus).toEqual([
      { id: menuId, name: '品类月度采购额' },
    ]);
    // The same code again is refused at the code; ten at once make one menu item, never a 500.
    const again = await t.post(
      `${R}/${reportId}/Actions/Publish`,
      { parentId: directoryId, enCode: 'report.spend' },
      admin,
      en,
    );
    expect(again.body.code).toBe(400);
    expect(Object.keys(fieldsOf(again.body.data))).toEqual(['enCode']);
    const racing = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post(`${R}/${reportId}/Actions/Publish`, { parentId: directoryId, enCode: 'report.race' }, admin),
      ),
    );
    expect(racing.map((r) => r.body.code).sort()).toEqual([0, ...Array(9).fill(400)]);
    const raced = racing.find((r) => r.body.code === 0)?.body.data as Menu;
    expect((await del(`/api/system/Menu/${raced.id}`, admin)).code).toBe(0);
    const foreign = await t.post(
      `${R}/${reportId}/Actions/Publish`,
      { parentId: directoryId, enCode: 'x.y' },
      otherAdmin,
    );
    expect(foreign.body.code).toBe(404);
  });

  it('opens for a reader holding the menu item: his rows, no statement; export needs its button', async () => {
    expect((await t.get(`${V}/${menuId}/Config`, buyer)).body.code).toBe(403);
    await grantTo('buyer', 'menu', ['onlineDev', 'report.spend']);
    const config = await t.get<ReportView>(`${V}/${menuId}/Config`, buyer);
    expect(config.body.code).toBe(0);
    expect(config.body.data.buttons).toEqual([]);
    expect(config.body.data.params.map((p) => p.code)).toEqual(['min_amount']);
    expect(config.body.data.definition).not.toHaveProperty('datasetId');
    const run = await t.post<DatasetResult>(
      `${V}/${menuId}/Actions/Run`,
      { params: { min_amount: 50 } },
      buyer,
    );
    expect(run.body.code).toBe(0);
    expect(run.body.data.statement).toBeUndefined();
    // 99999 is the other tenant's; 40 is under the minimum.
    expect(run.body.data.rows.map((r) => r.total)).toEqual([100, 250.5]);
    const badParam = await t.post(
      `${V}/${menuId}/Actions/Run`,
      { params: { min_amount: 'many' } },
      buyer,
      en,
    );
    expect(badParam.body.code).toBe(400);
    expect(Object.keys(fieldsOf(badParam.body.data))).toEqual(['params.min_amount']);
    expect((await t.get(`${V}/${menuId}/Actions/Export`, buyer)).body.code).toBe(403);
    // The designer's endpoints are not the reader's.
    expect((await t.get(R, buyer)).body.code).toBe(403);
    expect((await t.get(`${V}/${menuId}/Config`, otherAdmin)).body.code).toBe(404);
  });

  it('exports the table with its subtotals and the pivot as .xlsx, built on the server', async () => {
    await grantTo('buyer', 'button', ['report.spend.export']);
    const res = await t.app.inject({
      method: 'GET',
      url: `${V}/${menuId}/Actions/Export?params=${encodeURIComponent(JSON.stringify({ min_amount: 0 }))}`,
      headers: { authorization: `Bearer ${buyer}`, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet('Rows');
    const values = (sheet: ExcelJS.Worksheet | undefined) =>
      (sheet?.getSheetValues() ?? []).filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(values(rows)).toEqual([
      ['Category', 'Month', 'Amount', 'Orders'],
      ['办公用品', '2026-01', 40, 1],
      ['办公用品', 'Subtotal', 40, 1],
      ['原材料', '2026-01', 100, 1],
      ['原材料', '2026-02', 250.5, 1],
      ['原材料', 'Subtotal', 350.5, 2],
      ['Total', undefined, 390.5, 3],
    ]);
    expect(rows?.getColumn(3).numFmt).toBe('#,##0.00');
    expect(values(book.getWorksheet('Pivot'))).toEqual([
      ['Category', '2026-01', '2026-02', 'Total'],
      ['办公用品', 40, undefined, 40],
      ['原材料', 100, 250.5, 350.5],
      ['Total', 140, 250.5, 390.5],
    ]);
    const bad = await t.get(`${V}/${menuId}/Actions/Export?params=not-json`, buyer, en);
    expect(bad.body.code).toBe(400);
  });

  it('runs under the reader’s data rules', async () => {
    const users = await t.post<Dataset>(
      DatasetApi.dataset,
      {
        code: 'rp_users',
        names: names('用户'),
        definition: { kind: 'sql', sql: 'select account from srm_user order by account', params: [] },
      },
      admin,
    );
    const report = await t.post<Report>(
      R,
      {
        code: 'users_report',
        names: names('用户'),
        definition: {
          datasetId: users.body.data.id,
          table: {
            columns: [{ field: 'account', names: names('账号'), format: 'text' }],
            groupBy: [],
            subtotals: false,
          },
          pivot: null,
          charts: [],
        },
      },
      admin,
    );
    const menu = await t.post<Menu>(
      `${R}/${report.body.data.id}/Actions/Publish`,
      { parentId: directoryId, enCode: 'report.users' },
      admin,
    );
    await grantTo('buyer', 'menu', ['report.users']);
    const asAdmin = await t.post<DatasetResult>(`${V}/${menu.body.data.id}/Actions/Run`, {}, admin);
    const asBuyer = await t.post<DatasetResult>(`${V}/${menu.body.data.id}/Actions/Run`, {}, buyer);
    const all = asAdmin.body.data.rows.map((r) => r.account);
    const mine = asBuyer.body.data.rows.map((r) => r.account);
    expect(all).toContain('admin');
    expect(mine).not.toContain('admin');
    expect(mine.length).toBeLessThan(all.length);
  });

  it('keeps what menus and reports use: a published report and a read dataset refuse their delete', async () => {
    const report = await del(`${R}/${reportId}`, admin);
    expect(report.code).toBe(409);
    expect(report.msg).toContain('品类月度采购额');
    const dataset = await del(`${DatasetApi.dataset}/${spendId}`, admin);
    expect(dataset.code).toBe(409);
    expect((await del(`${R}/${reportId}`, otherAdmin)).code).toBe(404);
    expect((await del(`${R}/${reportId}`, buyer)).code).toBe(403);
    // Once its menu item is gone, the report goes.
    expect((await del(`/api/system/Menu/${menuId}`, admin)).code).toBe(0);
    expect((await del(`${R}/${reportId}`, admin)).code).toBe(0);
    expect((await t.get(`${R}/${reportId}`, admin)).body.code).toBe(404);
  });
});
