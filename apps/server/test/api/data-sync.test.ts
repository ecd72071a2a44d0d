import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  type DataModel,
  DataModelApi,
  type DataSource,
  DataSourceApi,
  type DataSync,
  DataSyncApi,
  type DataSyncDiff,
  type DataSyncModelProposal,
  type DataSyncRun,
  type Page,
} from '@srm/contracts';
import { sql } from 'kysely';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tenantIdOf } from '../helpers';

/**
 * Data sync against the machine's real MariaDB (127.0.0.1:3306, root without a password) and
 * PostgreSQL (127.0.0.1:5432, trust), as data-source.test.ts reaches them: a MariaDB table taken in
 * as a model and synced in full and then incrementally, a dry run that writes nothing, a PostgreSQL
 * table synced in full, an unreachable source failing its run with retries, permissions and
 * another tenant's ids.
 */
const S = DataSyncApi.dataSync;
const SRC = DataSourceApi.dataSource;
const en = { 'accept-language': 'en-US' };
const run = randomBytes(4).toString('hex');
const MARIA_DB = `srm_sync_${run}`;
const MARIA_USER = `srm_sy_${run}`;
const PASSWORD = `pw-${run}-sync`;
const PG_DB = `srm_sync_${run}`;
const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
let tenantId: string;
const logs: string[] = [];
const fieldsOf = (data: unknown) => (data as { fields?: Record<string, string> } | null)?.fields ?? {};

async function maria<T>(work: (c: mysql.Connection) => Promise<T>): Promise<T> {
  const root = await mysql.createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    database: MARIA_DB,
  });
  try {
    return await work(root);
  } finally {
    await root.end();
  }
}

async function runsOf(syncId: string, token = admin, headers = {}): Promise<DataSyncRun[]> {
  const res = await t.get<Page<DataSyncRun>>(`${S}/${syncId}/Runs?pageSize=50`, token, headers);
  expect(res.body.code).toBe(0);
  return res.body.data.list;
}

async function settled(syncId: string, runId: string, headers = {}): Promise<DataSyncRun> {
  for (let i = 0; i < 400; i++) {
    const found = (await runsOf(syncId, admin, headers)).find((r) => r.id === runId);
    if (found && (found.status === 'success' || found.status === 'failure')) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${runId} did not end`);
}

async function modelRows(code: string): Promise<Record<string, unknown>[]> {
  const res = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(`dm_${tenantId}_${code}`)} order by id`.execute(t.db);
  return res.rows;
}

beforeAll(async () => {
  const root = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
  await root.query(`create database ${MARIA_DB}`);
  await root.query(`create user '${MARIA_USER}'@'%' identified by '${PASSWORD}'`);
  await root.query(`grant select on ${MARIA_DB}.* to '${MARIA_USER}'@'%'`);
  await root.query(`create table ${MARIA_DB}.supplier_price (
    id int primary key, supplier varchar(50) not null, price decimal(12,2), quoted_on date,
    active tinyint(1), updated_at datetime(3) not null, doc blob)`);
  await root.query(`insert into ${MARIA_DB}.supplier_price (id, supplier, price, quoted_on, active, updated_at) values
    (1, '华东钢材', 4200.50, '2026-11-01', 1, '2026-11-01 08:00:00.000'),
    (2, '华南铝业', 18000.00, '2026-11-02', 0, '2026-11-02 09:30:00.000'),
    (3, '西北铜业', 66000.10, '2026-11-03', 1, '2026-11-03 10:00:00.250')`);
  await root.end();
  const pgAdmin = new pg.Client({ connectionString: PG_ADMIN });
  await pgAdmin.connect();
  await pgAdmin.query(`create database ${PG_DB}`);
  await pgAdmin.end();
  const pgSource = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${PG_DB}` });
  await pgSource.connect();
  await pgSource.query(
    'create table erp_order (id bigint primary key, amount numeric(12,2), placed_at timestamptz, paid boolean, note text, tags jsonb)',
  );
  await pgSource.query(`insert into erp_order values
    (10, 99.90, '2026-10-01 12:00:00+08', true, '首单', '["a"]'),
    (11, 1500.00, '2026-10-02 12:00:00+08', false, null, null)`);
  await pgSource.end();

  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  t = await createTestApp({
    dataSourceHosts: ['127.0.0.1:3306', '127.0.0.1:5432', '127.0.0.1:1'],
    jobs: { workers: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
    logger: true,
    logLevel: 'debug',
    logStream: stream,
  });
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  tenantId = await tenantIdOf(t.db, 'admin');
  await t.seedOtherTenant('syn');
  otherAdmin = await t.login('synadmin', 'admin123');
}, 60_000);

afterAll(async () => {
  await t?.close();
  const root = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
  await root.query(`drop database if exists ${MARIA_DB}`);
  await root.query(`drop user if exists '${MARIA_USER}'@'%'`);
  await root.end();
  const pgAdmin = new pg.Client({ connectionString: PG_ADMIN });
  await pgAdmin.connect();
  await pgAdmin.query(`drop database if exists ${PG_DB} with (force)`);
  await pgAdmin.end();
});

describe('data sync', () => {
  let mariaId: string;
  let pgId: string;
  let model: DataModel;
  let proposal: DataSyncModelProposal;
  let sync: DataSync;

  const syncBody = (over: Record<string, unknown> = {}) => ({
    code: 'prices',
    names: { 'zh-CN': '报价同步', 'en-US': 'Prices' },
    sourceKind: 'table',
    sourceId: mariaId,
    sourceSchema: MARIA_DB,
    sourceTable: 'supplier_price',
    modelId: model.id,
    mapping: proposal.mapping,
    keyColumns: ['id'],
    mode: 'incremental',
    watermarkColumn: 'updated_at',
    watermarkType: 'timestamp',
    batchSize: 2,
    retryLimit: 0,
    retryDelaySeconds: 1,
    ...over,
  });

  it('takes a MariaDB table in as a model: fields from its columns, the blob said and left out', async () => {
    const source = await t.post<DataSource>(
      SRC,
      {
        code: 'prices_db',
        name: '报价库',
        kind: 'mysql',
        host: '127.0.0.1',
        port: 3306,
        database: MARIA_DB,
        username: MARIA_USER,
        password: PASSWORD,
      },
      admin,
    );
    expect(source.body.code).toBe(0);
    mariaId = source.body.data.id;
    const res = await t.post<DataSyncModelProposal>(
      `${S}/Actions/ProposeModel`,
      { sourceId: mariaId, schema: MARIA_DB, table: 'supplier_price' },
      admin,
      en,
    );
    expect(res.body.code).toBe(0);
    proposal = res.body.data;
    expect(proposal.definition.code).toBe('supplier_price');
    expect(proposal.definition.fields.map((f) => [f.code, f.kind])).toEqual([
      ['src_id', 'integer'],
      ['supplier', 'text'],
      ['price', 'decimal'],
      ['quoted_on', 'date'],
      ['active', 'boolean'],
      ['src_updated_at', 'datetime'],
    ]);
    expect(proposal.definition.fields[0]).toMatchObject({ required: true, unique: true });
    expect(proposal.definition.fields[2]).toMatchObject({ precision: 12, scale: 2 });
    expect(proposal.skipped).toEqual([
      { column: 'doc', dbType: 'blob', reason: 'Binary columns cannot be copied' },
    ]);
    expect(proposal.primaryKey).toEqual(['id']);
    expect(proposal.watermark).toEqual({ column: 'updated_at', type: 'timestamp' });
    const created = await t.post<DataModel>(DataModelApi.dataModel, proposal.definition, admin);
    expect(created.body.code).toBe(0);
    model = created.body.data;
    // Another tenant's source answers 404, in a body too.
    const foreign = await t.post(
      `${S}/Actions/ProposeModel`,
      { sourceId: mariaId, table: 'supplier_price' },
      otherAdmin,
    );
    expect(foreign.body.code).toBe(404);
  });

  it('checks a sync against its source and model, each problem at its path', async () => {
    const bad = await t.post(
      S,
      syncBody({
        mapping: [...proposal.mapping.slice(0, 5), { column: 'nothing', field: 'src_updated_at' }],
        watermarkColumn: 'price',
      }),
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(fieldsOf(bad.body.data)).toMatchObject({
      'mapping.5.column': 'The source has no column nothing',
      watermarkType: 'The watermark column’s type does not match the watermark type',
    });
    const noKey = await t.post(S, syncBody({ keyColumns: [] }), admin, en);
    expect(fieldsOf(noKey.body.data)).toEqual({ keyColumns: 'Choose at least one key column' });
    const junk = await t.post(S, { code: 'x', mode: 'sometimes' }, admin, en);
    expect(junk.body.code).toBe(400);
    const cron = await t.post(S, syncBody({ cron: '61 * * * *' }), admin, en);
    expect(Object.keys(fieldsOf(cron.body.data))).toEqual(['cron']);
    const foreignModel = await t.post(S, syncBody({ code: 'other' }), otherAdmin);
    expect(foreignModel.body.code).toBe(404);
  });

  it('dry-runs without writing, then syncs in full from the start', async () => {
    const created = await t.post<DataSync>(S, syncBody(), admin);
    expect(created.body.code).toBe(0);
    sync = created.body.data;
    expect(sync).toMatchObject({ watermark: null, mode: 'incremental', lastRun: null });
    const dry = await t.post<DataSyncDiff>(`${S}/${sync.id}/Actions/DryRun`, {}, admin);
    expect(dry.body.code).toBe(0);
    expect(dry.body.data).toMatchObject({
      rowsRead: 3,
      toInsert: 3,
      toUpdate: 0,
      unchanged: 0,
      truncated: false,
    });
    expect(dry.body.data.watermarkAfter).toBe('2026-11-03 10:00:00.250');
    expect(dry.body.data.inserts[0]?.values).toMatchObject({
      src_id: '1',
      supplier: '华东钢材',
      price: '4200.50',
      quoted_on: '2026-11-01',
      active: true,
    });
    expect(await modelRows('supplier_price')).toEqual([]);

    const exec = await t.post<{ runId: string }>(`${S}/${sync.id}/Actions/Execute`, {}, admin);
    expect(exec.body.code).toBe(0);
    const done = await settled(sync.id, exec.body.data.runId);
    expect(done).toMatchObject({
      status: 'success',
      trigger: 'manual',
      rowsRead: 3,
      inserted: 3,
      updated: 0,
      watermarkBefore: null,
      watermarkAfter: '2026-11-03 10:00:00.250',
    });
    const rows = await modelRows('supplier_price');
    expect(rows.map((r) => [String(r.src_id), r.supplier, String(r.price), r.active])).toEqual([
      ['1', '华东钢材', '4200.50', true],
      ['2', '华南铝业', '18000.00', false],
      ['3', '西北铜业', '66000.10', true],
    ]);
    const again = await t.get<DataSync>(`${S}/${sync.id}`, admin);
    expect(again.body.data.watermark).toBe('2026-11-03 10:00:00.250');
  });

  it('syncs incrementally: only rows past the watermark come, a changed row updates', async () => {
    await maria(async (c) => {
      await c.query(`insert into supplier_price (id, supplier, price, quoted_on, active, updated_at) values
        (4, '东北木材', 10.00, '2026-11-04', 1, '2026-11-04 08:00:00.000'),
        (5, '西南竹业', 20.00, '2026-11-05', 1, '2026-11-04 08:00:00.000')`);
      await c.query(
        `update supplier_price set price = 4300.00, updated_at = '2026-11-05 08:00:00.000' where id = 1`,
      );
    });
    const dry = await t.post<DataSyncDiff>(`${S}/${sync.id}/Actions/DryRun`, {}, admin);
    expect(dry.body.data).toMatchObject({ rowsRead: 3, toInsert: 2, toUpdate: 1, unchanged: 0 });
    expect(dry.body.data.updates[0]).toMatchObject({ key: '1', before: { price: '4200.50' } });
    expect((await modelRows('supplier_price')).length).toBe(3);
    // Two identical "run now" at once: one run.
    const [a, b] = await Promise.all([
      t.post<{ runId: string }>(`${S}/${sync.id}/Actions/Execute`, {}, admin),
      t.post<{ runId: string }>(`${S}/${sync.id}/Actions/Execute`, {}, admin),
    ]);
    expect(a.body.data.runId).toBe(b.body.data.runId);
    const done = await settled(sync.id, a.body.data.runId);
    expect(done).toMatchObject({ status: 'success', rowsRead: 3, inserted: 2, updated: 1, unchanged: 0 });
    expect(done.watermarkBefore).toBe('2026-11-03 10:00:00.250');
    expect(done.watermarkAfter).toBe('2026-11-05 08:00:00.000');
    const rows = await modelRows('supplier_price');
    expect(rows.length).toBe(5);
    expect(String(rows.find((r) => String(r.src_id) === '1')?.price)).toBe('4300.00');
    // Nothing new: a run reads nothing.
    const idle = await t.post<{ runId: string }>(`${S}/${sync.id}/Actions/Execute`, {}, admin);
    expect(await settled(sync.id, idle.body.data.runId)).toMatchObject({ status: 'success', rowsRead: 0 });
    expect((await runsOf(sync.id)).length).toBe(3);
  });

  it('syncs a PostgreSQL table in full; its JSON column is left out of the proposal', async () => {
    const source = await t.post<DataSource>(
      SRC,
      {
        code: 'erp_pg',
        name: 'ERP',
        kind: 'postgres',
        host: '127.0.0.1',
        port: 5432,
        database: PG_DB,
        username: 'postgres',
      },
      admin,
    );
    pgId = source.body.data.id;
    const res = await t.post<DataSyncModelProposal>(
      `${S}/Actions/ProposeModel`,
      { sourceId: pgId, schema: 'public', table: 'erp_order' },
      admin,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.skipped.map((s) => s.column)).toEqual(['tags']);
    expect(res.body.data.watermark).toEqual({ column: 'id', type: 'number' });
    const created = await t.post<DataModel>(DataModelApi.dataModel, res.body.data.definition, admin);
    expect(created.body.code).toBe(0);
    const pgSync = await t.post<DataSync>(
      S,
      {
        code: 'erp_orders',
        names: { 'zh-CN': 'ERP 订单' },
        sourceKind: 'table',
        sourceId: pgId,
        sourceSchema: 'public',
        sourceTable: 'erp_order',
        modelId: created.body.data.id,
        mapping: res.body.data.mapping,
        keyColumns: ['id'],
        mode: 'full',
        retryLimit: 0,
      },
      admin,
    );
    expect(pgSync.body.code).toBe(0);
    const exec = await t.post<{ runId: string }>(`${S}/${pgSync.body.data.id}/Actions/Execute`, {}, admin);
    expect(await settled(pgSync.body.data.id, exec.body.data.runId)).toMatchObject({
      status: 'success',
      inserted: 2,
    });
    const rows = await modelRows('erp_order');
    expect(
      rows.map((r) => [String(r.src_id), String(r.amount), r.paid, (r.placed_at as Date).toISOString()]),
    ).toEqual([
      ['10', '99.90', true, '2026-10-01T04:00:00.000Z'],
      ['11', '1500.00', false, '2026-10-02T04:00:00.000Z'],
    ]);
    // A second full run finds every row as it is.
    const again = await t.post<{ runId: string }>(`${S}/${pgSync.body.data.id}/Actions/Execute`, {}, admin);
    expect(await settled(pgSync.body.data.id, again.body.data.runId)).toMatchObject({
      status: 'success',
      inserted: 0,
      updated: 0,
      unchanged: 2,
    });
  });

  it('fails a run on an unreachable source within its timeout, retried per policy, said in each language', async () => {
    const source = await t.get<DataSource>(`${SRC}/${mariaId}`, admin);
    const { passwordSet: _p, id: _i, updatedAt: _u, updatedByName: _n, ...kept } = source.body.data;
    expect((await t.put(`${SRC}/${mariaId}`, { ...kept, port: 1 }, admin)).body.code).toBe(0);
    const started = Date.now();
    const dry = await t.post(`${S}/${sync.id}/Actions/DryRun`, {}, admin, en);
    expect(dry.body.code).toBe(400);
    expect(dry.body.msg).toMatch(/Cannot reach 127\.0\.0\.1:1/);
    expect(Date.now() - started).toBeLessThan(12_000);
    await t.put(S.concat(`/${sync.id}`), syncBody({ retryLimit: 1, retryDelaySeconds: 1 }), admin).then((r) =>
      // Saving checks the source too: unreachable, it says so at the source.
      expect(Object.keys(fieldsOf(r.body.data))).toEqual(['sourceId']),
    );
    await t.db
      .updateTable('dm_data_sync')
      .set({ retry_limit: 1, retry_delay_seconds: 1 })
      .where('id', '=', sync.id)
      .execute();
    const exec = await t.post<{ runId: string }>(`${S}/${sync.id}/Actions/Execute`, {}, admin);
    const failed = await settled(sync.id, exec.body.data.runId, en);
    expect(failed).toMatchObject({ status: 'failure', attempt: 2 });
    expect(failed.message).toMatch(/^Cannot reach 127\.0\.0\.1:1/);
    const zh = (await runsOf(sync.id)).find((r) => r.id === failed.id);
    expect(zh?.message).toMatch(/^无法连接 127\.0\.0\.1:1|127\.0\.0\.1:1/);
    expect(zh?.message).not.toBe(failed.message);
    // The watermark stayed where the last committed batch left it.
    expect((await t.get<DataSync>(`${S}/${sync.id}`, admin)).body.data.watermark).toBe(
      '2026-11-05 08:00:00.000',
    );
    await t.put(`${SRC}/${mariaId}`, { ...kept, port: 3306 }, admin);
    expect(logs.join('')).not.toContain(PASSWORD);
  }, 60_000);

  it('answers 403 without the permission and 404 for another tenant’s sync', async () => {
    for (const [method, url] of [
      ['GET', S],
      ['GET', `${S}/${sync.id}`],
      ['POST', `${S}/${sync.id}/Actions/Execute`],
      ['POST', `${S}/${sync.id}/Actions/DryRun`],
      ['DELETE', `${S}/${sync.id}`],
    ] as const) {
      const res = await t.request({
        method,
        url,
        headers: { authorization: `Bearer ${buyer}` },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.body.code, `${method} ${url}`).toBe(403);
      const other = await t.request({
        method,
        url,
        headers: { authorization: `Bearer ${otherAdmin}` },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      if (url !== S) expect(other.body.code, `${method} ${url}`).toBe(404);
    }
    expect((await t.get(`${S}/${sync.id}/Runs`, otherAdmin)).body.code).toBe(404);
    expect((await t.get<{ list: DataSync[] }>(S, otherAdmin)).body.data.list).toEqual([]);
    // A model a sync writes into is not deleted under it.
    const del = await t.request({
      method: 'DELETE',
      url: `${DataModelApi.dataModel}/${model.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(del.body.code).toBe(409);
  });

  it('reaches tenants seeded before it once with its buttons, however often it runs (migration 0086)', async () => {
    const { down0086, up0086 } = await import('../../src/db/migrations/0086_data_sync');
    const buttons = () =>
      t.db
        .selectFrom('sys_menu_button as b')
        .innerJoin('sys_menu as m', 'm.id', 'b.menu_id')
        .select('b.en_code')
        .where('m.menu_perms', '=', 'systemData.dataSync')
        .where('m.tenant_id', '=', tenantId)
        .orderBy('b.en_code')
        .execute();
    const before = await buttons();
    expect(before.map((b) => b.en_code)).toEqual([
      'systemData.dataSync.add',
      'systemData.dataSync.delete',
      'systemData.dataSync.edit',
      'systemData.dataSync.execute',
    ]);
    await down0086(t.db as never);
    expect(await buttons()).toEqual([]);
    await up0086(t.db as never);
    await up0086(t.db as never);
    expect(await buttons()).toEqual(before);
  });
});
