import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  type DataSource,
  DataSourceApi,
  type DataSourceTable,
  type DataSourceTestResult,
  type Dataset,
  DatasetApi,
  type DatasetDefinition,
  type DatasetResult,
  type DatasetSourceChoice,
  type DatasetSummary,
  type DatasetTable,
} from '@srm/contracts';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Data sources against the machine's real MariaDB (127.0.0.1:3306, root without a password) and
 * PostgreSQL (127.0.0.1:5432, trust): a database of each made for the run, read through a user with
 * a password, and dropped after.
 */
const S = DataSourceApi.dataSource;
const en = { 'accept-language': 'en-US' };
const run = randomBytes(4).toString('hex');
const MARIA_DB = `srm_src_${run}`;
const MARIA_USER = `srm_ro_${run}`;
const PASSWORD = `pw-${run}-secret`;
const PG_DB = `srm_src_${run}`;
const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
const logs: string[] = [];
const fieldsOf = (data: unknown) => (data as { fields?: Record<string, string> } | null)?.fields ?? {};
const maria = (extra: Record<string, unknown> = {}) => ({
  code: 'supplier_prices',
  name: '供应商报价库',
  kind: 'mysql',
  host: '127.0.0.1',
  port: 3306,
  database: MARIA_DB,
  username: MARIA_USER,
  password: PASSWORD,
  ...extra,
});

beforeAll(async () => {
  const root = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
  await root.query(`create database ${MARIA_DB}`);
  await root.query(`create user '${MARIA_USER}'@'%' identified by '${PASSWORD}'`);
  await root.query(`grant select on ${MARIA_DB}.* to '${MARIA_USER}'@'%'`);
  await root.query(`create table ${MARIA_DB}.supplier_price (
    id int primary key, supplier varchar(50), price decimal(12,2), quoted_on date, active tinyint(1))`);
  await root.query(`insert into ${MARIA_DB}.supplier_price values (1, '华东钢材', 4200.50, '2026-11-01', 1),
    (2, '华东钢材', 99.50, '2026-11-20', 1), (3, 'O''Hare \\\\ Metals', 10, '2026-10-03', 0)`);
  await root.end();
  const pgAdmin = new pg.Client({ connectionString: PG_ADMIN });
  await pgAdmin.connect();
  await pgAdmin.query(`create database ${PG_DB}`);
  await pgAdmin.end();
  const pgSource = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${PG_DB}` });
  await pgSource.connect();
  await pgSource.query(
    'create table erp_order (id bigint primary key, amount numeric(12,2), placed_at timestamptz, paid boolean)',
  );
  await pgSource.query(`insert into erp_order values (1, 120.00, '2026-11-03T08:00:00Z', true),
    (2, 30.50, '2026-11-03T09:00:00Z', true), (3, 999, '2026-11-04T09:00:00Z', false)`);
  await pgSource.end();

  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  t = await createTestApp({
    dataSourceHosts: ['127.0.0.1:3306', '127.0.0.1:5432', '127.0.0.1:1'],
    logger: true,
    logLevel: 'debug',
    logStream: stream,
  });
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('src');
  otherAdmin = await t.login('srcadmin', 'admin123');
});

afterAll(async () => {
  await t?.close();
  const root = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
  await root.query(`drop database if exists ${MARIA_DB}`);
  await root.query(`drop user if exists '${MARIA_USER}'@'%'`);
  await root.end();
  const pgAdmin = new pg.Client({ connectionString: PG_ADMIN });
  await pgAdmin.connect();
  await pgAdmin.query(`drop database if exists ${PG_DB}`);
  await pgAdmin.end();
});

describe('data sources', () => {
  let mariaId: string;

  it('tests a MariaDB connection as typed, and says which field is wrong when it fails', async () => {
    const ok = await t.post<DataSourceTestResult>(`${S}/Actions/Test`, maria(), admin);
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.version).toMatch(/MariaDB/);
    const wrong = await t.post(`${S}/Actions/Test`, maria({ password: 'wrong' }), admin, en);
    expect(wrong.body.code).toBe(400);
    expect(fieldsOf(wrong.body.data)).toEqual({ password: 'The user name or password is wrong' });
    const noDb = await t.post(`${S}/Actions/Test`, maria({ database: 'nothing_here' }), admin, en);
    expect(fieldsOf(noDb.body.data)).toEqual({
      database: 'There is no database nothing_here this user may read',
    });
  });

  it('reaches only hosts and ports on the platform’s allow-list; an unreachable one answers at once', async () => {
    for (const [host, port] of [
      ['10.0.0.1', 3306],
      ['localhost', 3306],
      ['127.0.0.1', 6379],
      ['169.254.169.254', 80],
    ] as const) {
      const res = await t.post(`${S}/Actions/Test`, maria({ host, port }), admin, en);
      expect(res.body.code).toBe(400);
      expect(fieldsOf(res.body.data).host).toBe(
        `${host}:${port} may not be reached: the platform operator sets the hosts and ports data sources may reach`,
      );
      // Nor saved.
      expect((await t.post(S, maria({ host, port, code: 'refused' }), admin)).body.code).toBe(400);
    }
    const started = Date.now();
    const closed = await t.post(`${S}/Actions/Test`, maria({ port: 1 }), admin, en);
    expect(closed.body.code).toBe(400);
    expect(fieldsOf(closed.body.data).host).toMatch(/^Cannot reach 127\.0\.0\.1:1/);
    expect(Date.now() - started).toBeLessThan(10_000);
    // A URL or options where a host goes: bad input, refused by the schema.
    const url = await t.post(
      `${S}/Actions/Test`,
      maria({ host: 'mysql://127.0.0.1?allowLoadLocalInfile=true' }),
      admin,
      en,
    );
    expect(url.body.code).toBe(400);
    expect(Object.keys(fieldsOf(url.body.data))).toEqual(['host']);
  });

  it('saves a source with its password sealed: never answered, never in the database or the logs as typed', async () => {
    const created = await t.post<DataSource>(S, maria(), admin);
    expect(created.body.code).toBe(0);
    mariaId = created.body.data.id;
    expect(created.body.data).toMatchObject({ kind: 'mysql', passwordSet: true, database: MARIA_DB });
    expect(created.raw).not.toContain(PASSWORD);
    const list = await t.get<{ list: DataSource[] }>(S, admin);
    expect(list.raw).not.toContain(PASSWORD);
    const stored = await t.db
      .selectFrom('dm_data_source')
      .select('password_sealed')
      .where('id', '=', mariaId)
      .executeTakeFirstOrThrow();
    expect(stored.password_sealed).toMatch(/^v1\./);
    expect(stored.password_sealed).not.toContain(PASSWORD);
    // Edited without a password: the kept one stays, and a test by id uses it.
    const { password: _password, ...withoutPassword } = maria({ name: '报价库' });
    const edited = await t.put<DataSource>(`${S}/${mariaId}`, withoutPassword, admin);
    expect(edited.body.data).toMatchObject({ name: '报价库', passwordSet: true });
    const byId = await t.post<DataSourceTestResult>(
      `${S}/Actions/Test`,
      { ...withoutPassword, id: mariaId },
      admin,
    );
    expect(byId.body.code).toBe(0);
    const twice = await t.post(S, maria(), admin, en);
    expect(fieldsOf(twice.body.data).code).toMatch(/already exists/);
    expect(logs.join('')).not.toContain(PASSWORD);
  });

  it('browses the tables of a MariaDB and a PostgreSQL source with their column types', async () => {
    const tables = await t.get<{ list: DataSourceTable[] }>(`${S}/${mariaId}/Tables`, admin);
    expect(tables.body.code).toBe(0);
    expect(tables.body.data.list).toEqual([
      {
        schema: MARIA_DB,
        name: 'supplier_price',
        columns: [
          { name: 'id', type: 'number', dbType: 'int(11)' },
          { name: 'supplier', type: 'text', dbType: 'varchar(50)' },
          { name: 'price', type: 'number', dbType: 'decimal(12,2)' },
          { name: 'quoted_on', type: 'date', dbType: 'date' },
          { name: 'active', type: 'boolean', dbType: 'tinyint(1)' },
        ],
      },
    ]);
    const source = await t.post<DataSource>(
      S,
      {
        code: 'erp',
        name: 'ERP',
        kind: 'postgres',
        host: '127.0.0.1',
        port: 5432,
        database: PG_DB,
        username: 'postgres',
      },
      admin,
    );
    expect(source.body.data.passwordSet).toBe(false);
    const pgTables = await t.get<{ list: DataSourceTable[] }>(`${S}/${source.body.data.id}/Tables`, admin);
    expect(pgTables.body.data.list).toEqual([
      {
        schema: 'public',
        name: 'erp_order',
        columns: [
          { name: 'id', type: 'number', dbType: 'bigint' },
          { name: 'amount', type: 'number', dbType: 'numeric' },
          { name: 'placed_at', type: 'datetime', dbType: 'timestamp with time zone' },
          { name: 'paid', type: 'boolean', dbType: 'boolean' },
        ],
      },
    ]);
  });

  it('keeps each tenant’s sources its own and checks the permission on the server', async () => {
    expect((await t.get(`${S}/${mariaId}`, otherAdmin)).body.code).toBe(404);
    expect((await t.get(`${S}/${mariaId}/Tables`, otherAdmin)).body.code).toBe(404);
    // Another tenant's id lending its kept password: missing.
    const { password: _p, ...typed } = maria();
    expect((await t.post(`${S}/Actions/Test`, { ...typed, id: mariaId }, otherAdmin)).body.code).toBe(404);
    expect((await t.get<{ list: DataSource[] }>(S, otherAdmin)).body.data.list).toEqual([]);
    expect((await t.get(S, buyer)).body.code).toBe(403);
    expect((await t.post(`${S}/Actions/Test`, maria(), buyer)).body.code).toBe(403);
    const del = await t.request({
      method: 'DELETE',
      url: `${S}/${mariaId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(del.body.code).toBe(0);
    expect((await t.get(`${S}/${mariaId}`, admin)).body.code).toBe(404);
  });

  it('reaches tenants seeded before it once, however often it runs (migration 0082)', async () => {
    const { down0082, up0082 } = await import('../../src/db/migrations/0082_data_sources');
    const pages = () =>
      t.db.selectFrom('sys_menu').select('id').where('menu_perms', '=', 'systemData.dataSource').execute();
    const before = (await pages()).length;
    expect(before).toBeGreaterThan(0);
    await down0082(t.db as never);
    expect(await pages()).toEqual([]);
    await up0082(t.db as never);
    await up0082(t.db as never);
    expect(await pages()).toHaveLength(before);
  });
});

describe('datasets over a data source', () => {
  const D = DatasetApi.dataset;
  let mariaId: string;
  let pgId: string;
  const spend = (extra: Partial<DatasetDefinition> = {}): DatasetDefinition => ({
    kind: 'visual',
    sourceId: mariaId,
    visual: {
      table: 'supplier_price',
      joins: [],
      columns: [
        { column: 'supplier', alias: 'supplier' },
        { column: 'quoted_on', alias: 'month', bucket: 'month' },
        { column: 'price', alias: 'total', aggregate: 'sum' },
        { column: 'id', alias: 'quotes', aggregate: 'count' },
      ],
      filters: [
        { column: 'quoted_on', op: 'ge', param: 'since' },
        { column: 'active', op: 'eq', value: 'true' },
      ],
      sort: [{ alias: 'total', order: 'desc' }],
    },
    params: [{ code: 'since', names: { 'zh-CN': '起始日' }, type: 'date', required: false }],
    ...extra,
  });

  beforeAll(async () => {
    mariaId = (await t.post<DataSource>(S, maria({ code: 'quotes_db' }), admin)).body.data.id;
    pgId = (
      await t.post<DataSource>(
        S,
        {
          code: 'erp_db',
          name: 'ERP',
          kind: 'postgres',
          host: '127.0.0.1',
          port: 5432,
          database: PG_DB,
          username: 'postgres',
        },
        admin,
      )
    ).body.data.id;
  });

  it('offers the sources without their connection, and a source’s tables as the builder’s', async () => {
    const sources = await t.get<{ list: DatasetSourceChoice[] }>(`${D}/Sources`, admin);
    expect(sources.body.data.list.map((s) => s.code)).toEqual(['erp_db', 'quotes_db']);
    expect(JSON.stringify(sources.body.data)).not.toMatch(/127\.0\.0\.1|password|srm_ro_/);
    const tables = await t.get<{ list: DatasetTable[] }>(`${D}/Tables?sourceId=${mariaId}`, admin);
    expect(tables.body.data.list).toEqual([
      {
        name: 'supplier_price',
        names: { 'zh-CN': 'supplier_price' },
        source: 'source',
        columns: [
          { name: 'id', names: { 'zh-CN': 'id' }, type: 'number' },
          { name: 'supplier', names: { 'zh-CN': 'supplier' }, type: 'text' },
          { name: 'price', names: { 'zh-CN': 'price' }, type: 'number' },
          { name: 'quoted_on', names: { 'zh-CN': 'quoted_on' }, type: 'date' },
          { name: 'active', names: { 'zh-CN': 'active' }, type: 'boolean' },
        ],
      },
    ]);
  });

  it('reads a MariaDB table grouped by month, its values bound, and saves and runs it', async () => {
    const preview = await t.post<DatasetResult>(
      `${D}/Actions/Preview`,
      { definition: spend(), params: { since: '2026-01-01' } },
      admin,
    );
    expect(preview.body.code).toBe(0);
    expect(preview.body.data.columns).toEqual([
      { name: 'supplier', type: 'text' },
      { name: 'month', type: 'text' },
      { name: 'total', type: 'number' },
      { name: 'quotes', type: 'number' },
    ]);
    expect(preview.body.data.rows).toEqual([
      { supplier: '华东钢材', month: '2026-11-01', total: 4300, quotes: 2 },
    ]);
    expect(preview.body.data.statement).toContain('`supplier_price`');
    const saved = await t.post<Dataset>(
      D,
      { code: 'quote_spend', names: { 'zh-CN': '报价金额' }, definition: spend() },
      admin,
    );
    expect(saved.body.code).toBe(0);
    const run = await t.post<DatasetResult>(
      `${D}/${saved.body.data.id}/Actions/Run`,
      { params: { since: '2026-11-10' } },
      admin,
    );
    expect(run.body.data.rows).toEqual([
      { supplier: '华东钢材', month: '2026-11-01', total: 99.5, quotes: 1 },
    ]);
    const list = await t.get<{ list: DatasetSummary[] }>(D, admin);
    expect(list.body.data.list.find((d) => d.code === 'quote_spend')?.sourceName).toBe('供应商报价库');
    // Quotes and backslashes are values, never SQL: the one row whose name holds them, and the table stays.
    const like = spend({
      visual: {
        table: 'supplier_price',
        joins: [],
        columns: [{ column: 'supplier', alias: 'supplier' }],
        filters: [{ column: 'supplier', op: 'like', value: "'Hare \\\\" }],
        sort: [],
      },
      params: [],
    });
    const odd = await t.post<DatasetResult>(`${D}/Actions/Preview`, { definition: like }, admin);
    expect(odd.body.data.rows).toEqual([{ supplier: "O'Hare \\ Metals" }]);
    // The source's table, deleted under a dataset: refused while it reads it.
    const del = await t.request({
      method: 'DELETE',
      url: `${S}/${mariaId}`,
      headers: { authorization: `Bearer ${admin}`, ...en },
    });
    expect(del.body).toMatchObject({
      code: 409,
      msg: 'Datasets read this data source, so it cannot be deleted: 报价金额 (quote_spend)',
    });
  });

  it('reads a PostgreSQL table by day, a boolean and a number compared as theirs', async () => {
    const definition: DatasetDefinition = {
      kind: 'visual',
      sourceId: pgId,
      visual: {
        table: 'erp_order',
        joins: [],
        columns: [
          { column: 'placed_at', alias: 'day', bucket: 'day' },
          { column: 'amount', alias: 'amount', aggregate: 'sum' },
        ],
        filters: [
          { column: 'paid', op: 'eq', param: 'paid' },
          { column: 'amount', op: 'lt', value: '500' },
        ],
        sort: [{ alias: 'day', order: 'asc' }],
      },
      params: [{ code: 'paid', names: { 'zh-CN': '已付' }, type: 'boolean', required: true }],
    };
    const res = await t.post<DatasetResult>(
      `${D}/Actions/Preview`,
      { definition, params: { paid: true } },
      admin,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.rows).toEqual([{ day: '2026-11-03', amount: 150.5 }]);
    const missing = await t.post(`${D}/Actions/Preview`, { definition, params: {} }, admin, en);
    expect(fieldsOf(missing.body.data)).toEqual({ 'params.paid': 'This field is required' });
  });

  it('refuses SQL over a source, names it does not have, and others’ sources, at their field', async () => {
    const sqlOver = await t.post(
      `${D}/Actions/Preview`,
      { definition: { ...spend(), kind: 'sql', sql: 'select 1' } },
      admin,
      en,
    );
    expect(sqlOver.body.code).toBe(400);
    expect(fieldsOf(sqlOver.body.data)).toEqual({
      'definition.kind': 'A dataset over a data source is built visually only',
    });
    const wrong = spend();
    (wrong.visual as NonNullable<DatasetDefinition['visual']>).columns[0] = {
      column: 'nope',
      alias: 'supplier',
    };
    const unknown = await t.post(`${D}/Actions/Preview`, { definition: wrong }, admin, en);
    expect(fieldsOf(unknown.body.data)).toEqual({ 'definition.visual.columns.0.column': expect.any(String) });
    // Another tenant's source, in a body or a query: not there for him; nor for a supplier's user.
    expect((await t.post(`${D}/Actions/Preview`, { definition: spend() }, otherAdmin)).body.code).toBe(404);
    expect((await t.get(`${D}/Tables?sourceId=${mariaId}`, otherAdmin)).body.code).toBe(404);
    const vendor = await t.login('vendor', 'vendor123');
    expect((await t.get(`${D}/Tables?sourceId=${mariaId}`, vendor)).body.code).toBe(403);
    expect((await t.get(`${D}/Sources`, buyer)).body.code).toBe(403);
  });
});
