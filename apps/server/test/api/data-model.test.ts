import { type DataModel, DataModelApi, type DataModelLoss, type DataModelVersion } from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tenantIdOf } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
let tenantId: string;
const en = { 'accept-language': 'en-US' };
const M = DataModelApi.dataModel;

const del = (url: string, token: string) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}`, ...en } });

const names = (zh: string, enUs?: string) => ({ 'zh-CN': zh, ...(enUs ? { 'en-US': enUs } : {}) });

/** A model as the screen would send it (loosely typed: the tests also send bad ones). */
type Field = Record<string, unknown> & { code: string };
type Def = Record<string, unknown> & { fields: Field[] };

const sample = (over: Record<string, unknown> = {}): Def => ({
  code: 'sample_request',
  names: names('样品申请', 'Sample request'),
  fields: [
    { code: 'title', names: names('标题'), kind: 'text', length: 100, required: true },
    { code: 'amount', names: names('金额'), kind: 'decimal', precision: 12, scale: 2 },
    { code: 'currency', names: names('币种'), kind: 'select', dictType: 'currency', defaultValue: 'CNY' },
    { code: 'note', names: names('备注'), kind: 'longText' },
  ],
  ...over,
});

const rowsOf = async (table: string) =>
  (await sql<Record<string, unknown>>`select * from ${sql.id(table)} order by id`.execute(t.db)).rows;

const columnsOf = async (table: string) =>
  (
    await sql<{ column_name: string; data_type: string; character_maximum_length: number | null }>`
      select column_name, data_type, character_maximum_length from information_schema.columns
      where table_name = ${table} order by ordinal_position`.execute(t.db)
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  tenantId = await tenantIdOf(t.db, 'admin');
  await t.seedOtherTenant('dm');
  otherAdmin = await t.login('dmadmin', 'admin123');
});

afterAll(async () => {
  await t?.close();
});

describe('data models', () => {
  let model: DataModel;
  let def: Def;

  it('creates a model and its table with the product columns', async () => {
    const res = await t.post<DataModel>(M, sample(), admin, en);
    expect(res.body.code).toBe(0);
    model = res.body.data;
    expect(model).toMatchObject({
      code: 'sample_request',
      version: 1,
      tableName: `dm_${tenantId}_sample_request`,
    });
    const columns = (await columnsOf(model.tableName)).map((c) => c.column_name);
    expect(columns).toEqual([
      'id',
      'tenant_id',
      'title',
      'amount',
      'currency',
      'note',
      'created_by',
      'created_at',
      'updated_by',
      'updated_at',
      'flow_task_id',
      'flow_state',
    ]);
    def = sample();
    const list = await t.get<{ list: { code: string; fieldCount: number }[] }>(M, admin);
    // What the list screen shows of a model: its flags, its size and who changed it last.
    expect(list.body.data.list).toEqual([
      expect.objectContaining({
        code: 'sample_request',
        fieldCount: 4,
        isTree: false,
        isLines: false,
        version: 1,
        updatedByName: '系统管理员',
      }),
    ]);
  });

  it('answers the same code again, and concurrent identical creates, with one model and 400s at code', async () => {
    const again = await t.post(M, sample(), admin, en);
    expect(again.body).toMatchObject({
      code: 400,
      data: { fields: { code: 'A model with this code already exists' } },
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.post<DataModel>(M, sample({ code: 'race_model' }), admin, en)),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 0))
      expect(a.body).toMatchObject({
        code: 400,
        data: { fields: { code: 'A model with this code already exists' } },
      });
    const rows = await t.db.selectFrom('dm_model').select('id').where('code', '=', 'race_model').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input naming the path of the bad part', async () => {
    const bad = sample({
      code: 'select',
      fields: [
        { code: 'tenant_id', names: names('x'), kind: 'integer' },
        { code: 'ok', names: names('x'), kind: 'text', length: 99999 },
      ],
    });
    const res = await t.post(M, bad, admin, en);
    expect(res.body.code).toBe(400);
    expect(res.body.data).toEqual({
      fields: {
        code: 'This is a reserved word of the database; choose another code',
        'fields.0.code': 'This name belongs to a column the product keeps; choose another code',
        'fields.1.length': 'Must be at most 4000',
      },
    });
    const unknown = await t.post(
      M,
      sample({
        code: 'x1',
        fields: [{ code: 'c', names: names('c'), kind: 'select', dictType: 'noSuchType' }],
      }),
      admin,
      en,
    );
    expect(unknown.body).toMatchObject({
      code: 400,
      data: { fields: { 'fields.0.dictType': 'No dictionary type with this code' } },
    });
  });

  it('applies adding a field and widening at once, each a numbered version', async () => {
    def = { ...def, fields: [...def.fields, { code: 'due', names: names('到期'), kind: 'date' }] };
    const added = await t.put<DataModel>(`${M}/${model.id}`, { definition: def }, admin, en);
    expect(added.body.code).toBe(0);
    expect(added.body.data.version).toBe(2);
    await sql`insert into ${sql.id(model.tableName)} (tenant_id, title, amount, note)
      values (${tenantId}, 'a fairly long title', 1234.56, 'n1'), (${tenantId}, 'short', null, null),
             (${tenantId}, 'x', 7.5, 'n3')`.execute(t.db);

    def = { ...def, fields: def.fields.map((f) => (f.code === 'title' ? { ...f, length: 200 } : f)) };
    const widened = await t.put<DataModel>(`${M}/${model.id}`, { definition: def }, admin, en);
    expect(widened.body.data.version).toBe(3);
    const title = (await columnsOf(model.tableName)).find((c) => c.column_name === 'title');
    expect(title?.character_maximum_length).toBe(200);
    expect((await rowsOf(model.tableName)).map((r) => r.title)).toEqual([
      'a fairly long title',
      'short',
      'x',
    ]);
  });

  it('refuses a narrowing or a drop without confirmation, with the rows holding values', async () => {
    const narrowed = {
      ...def,
      fields: def.fields
        .filter((f) => f.code !== 'note')
        .map((f) =>
          f.code === 'title' ? { ...f, length: 5 } : f.code === 'amount' ? { ...f, scale: 0 } : f,
        ),
    };
    const refused = await t.put<{ losses: DataModelLoss[] }>(
      `${M}/${model.id}`,
      { definition: narrowed },
      admin,
      en,
    );
    expect(refused.body.code).toBe(409);
    expect(refused.body.msg).toBe('This change would lose data: confirm to save it');
    expect(refused.body.data.losses).toEqual(
      expect.arrayContaining([
        { kind: 'dropField', field: 'note', rows: 2 },
        { kind: 'narrowText', field: 'title', rows: 1 },
        { kind: 'narrowDecimal', field: 'amount', rows: 2 },
      ]),
    );
    expect(refused.body.data.losses).toHaveLength(3);
    // Nothing changed: neither the table nor the version.
    expect((await columnsOf(model.tableName)).map((c) => c.column_name)).toContain('note');
    expect((await t.get<DataModel>(`${M}/${model.id}`, admin)).body.data.version).toBe(3);

    const applied = await t.put<DataModel>(
      `${M}/${model.id}`,
      { definition: narrowed, confirm: true },
      admin,
      en,
    );
    expect(applied.body.code).toBe(0);
    expect(applied.body.data.version).toBe(4);
    const rows = await rowsOf(model.tableName);
    expect(rows.map((r) => r.title)).toEqual(['a fai', 'short', 'x']);
    expect(rows.map((r) => (r.amount === null ? null : Number(r.amount)))).toEqual([1235, null, 8]);
    expect(rows[0]).not.toHaveProperty('note');
    def = narrowed;
  });

  it('refuses what the rows contradict, at the part, even with confirmation', async () => {
    const required = {
      ...def,
      fields: [...def.fields, { code: 'grade', names: names('等级'), kind: 'integer', required: true }],
    };
    const res = await t.put(`${M}/${model.id}`, { definition: required, confirm: true }, admin, en);
    expect(res.body).toMatchObject({
      code: 400,
      data: {
        fields: {
          'definition.fields.4.defaultValue': 'The model has 3 rows: a new required field needs a default',
        },
      },
    });
    await sql`update ${sql.id(model.tableName)} set title = 'same'`.execute(t.db);
    const unique = { ...def, indexes: [{ fields: ['title'], unique: true }] };
    const dup = await t.put(`${M}/${model.id}`, { definition: unique }, admin, en);
    expect(dup.body).toMatchObject({
      code: 400,
      data: { fields: { 'definition.indexes.0': '3 rows hold duplicated values: it cannot be unique' } },
    });
    // A confirmed change the rows cannot take is the database's refusal, a 400, and nothing changes:
    // a required score narrowed below a value it holds (the value would become empty).
    const scored = {
      ...def,
      fields: [
        ...def.fields,
        {
          code: 'score',
          names: names('得分'),
          kind: 'decimal',
          precision: 12,
          scale: 2,
          required: true,
          defaultValue: 0,
        },
      ],
    };
    const added = await t.put<DataModel>(`${M}/${model.id}`, { definition: scored }, admin, en);
    expect(added.body.code, added.body.msg).toBe(0);
    await sql`update ${sql.id(model.tableName)} set score = 123456.78 where id = (select min(id) from ${sql.id(model.tableName)})`.execute(
      t.db,
    );
    const narrowed = {
      ...scored,
      fields: scored.fields.map((f) => (f.code === 'score' ? { ...f, precision: 4 } : f)),
    };
    const before = await rowsOf(model.tableName);
    const refused = await t.put(`${M}/${model.id}`, { definition: narrowed, confirm: true }, admin, en);
    expect(refused.body.code, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.msg).toMatch(/do not fit this change/);
    expect(await rowsOf(model.tableName)).toEqual(before);
    expect((await t.get<DataModel>(`${M}/${model.id}`, admin)).body.data.version).toBe(
      added.body.data.version,
    );
    def = scored;
    const code = await t.put(`${M}/${model.id}`, { definition: { ...def, code: 'renamed' } }, admin, en);
    expect(code.body).toMatchObject({
      code: 400,
      data: { fields: { 'definition.code': expect.any(String) } },
    });
  });

  it('lists the versions with who, when and the statements', async () => {
    const res = await t.get<{ list: DataModelVersion[] }>(`${M}/${model.id}/Versions`, admin);
    // The fifth added the score; the refused narrowing of it left no version.
    expect(res.body.data.list.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
    const [v5, v4, , , v1] = res.body.data.list;
    expect(v5?.statements.join('\n')).toMatch(/add column "score"/);
    expect(v1?.statements[0]).toMatch(/^create table "dm_\d+_sample_request"/);
    expect(v4?.statements).toEqual(
      expect.arrayContaining([`alter table "${model.tableName}" drop column "note"`]),
    );
    expect(v4).toMatchObject({ createdBy: expect.any(String), createdByName: expect.any(String) });
    expect(v4?.definition.fields.map((f) => f.code)).toEqual(['title', 'amount', 'currency', 'due']);
  });

  it('refuses a user without the permission and hides the model from another tenant', async () => {
    expect((await t.get(M, buyer)).body.code).toBe(403);
    expect((await t.post(M, sample({ code: 'b1' }), buyer)).body.code).toBe(403);
    expect((await t.get(`${M}/${model.id}`, otherAdmin)).body.code).toBe(404);
    expect((await t.put(`${M}/${model.id}`, { definition: def }, otherAdmin)).body.code).toBe(404);
    expect((await del(`${M}/${model.id}`, otherAdmin)).body.code).toBe(404);
    expect((await t.get<{ list: unknown[] }>(M, otherAdmin)).body.data.list).toEqual([]);
    // The other tenant may use the same code: its own table.
    const own = await t.post<DataModel>(M, sample(), otherAdmin, en);
    expect(own.body.code).toBe(0);
    expect(own.body.data.tableName).not.toBe(model.tableName);
  });

  it('refuses deleting a model another references, naming it; then drops the table', async () => {
    const line = await t.post<DataModel>(
      M,
      {
        code: 'sample_line',
        names: names('样品行', 'Sample line'),
        isLines: true,
        fields: [{ code: 'qty', names: names('数量'), kind: 'integer' }],
      },
      admin,
      en,
    );
    expect(line.body.code).toBe(0);
    const withLines = {
      ...def,
      fields: [...def.fields, { code: 'lines', names: names('明细'), kind: 'lines', model: 'sample_line' }],
    };
    expect((await t.put(`${M}/${model.id}`, { definition: withLines }, admin, en)).body.code).toBe(0);
    const refused = await del(`${M}/${line.body.data.id}`, admin);
    expect(refused.body).toMatchObject({
      code: 409,
      msg: 'Other models use this one: Sample request (sample_request)',
    });
    expect(await columnsOf(line.body.data.tableName)).not.toEqual([]);

    expect((await del(`${M}/${model.id}`, admin)).body.code).toBe(0);
    expect(await columnsOf(model.tableName)).toEqual([]);
    expect((await del(`${M}/${line.body.data.id}`, admin)).body.code).toBe(0);
    expect(
      await t.db.selectFrom('dm_model_version').select('id').where('model_id', '=', model.id).execute(),
    ).toEqual([]);
  });
});
