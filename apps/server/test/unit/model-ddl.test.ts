import type { DataModelDefinition, DataModelField } from '@srm/contracts';
import { describe, expect, it } from 'vitest';
import { indexName, modelTableName, planModelDdl } from '../../src/onlinedev/model-ddl';

const T = '7';
const names = (zh: string) => ({ 'zh-CN': zh });
const text = (code: string, length: number, over: Partial<DataModelField> = {}): DataModelField =>
  ({ code, names: names(code), kind: 'text', length, ...over }) as DataModelField;
const decimal = (code: string, precision: number, scale: number): DataModelField => ({
  code,
  names: names(code),
  kind: 'decimal',
  precision,
  scale,
});
const field = (code: string, kind: string, over: Record<string, unknown> = {}) =>
  ({ code, names: names(code), kind, ...over }) as DataModelField;

const base: DataModelDefinition = {
  code: 'sample',
  names: names('样品'),
  fields: [text('title', 100, { required: true }), decimal('amount', 12, 2), field('qty', 'integer')],
};
const withFields = (fields: DataModelField[], over: Partial<DataModelDefinition> = {}) => ({
  ...base,
  fields,
  ...over,
});
const plan = (after: DataModelDefinition, before: DataModelDefinition | null = base) =>
  planModelDdl(T, before, after);
const sqls = (after: DataModelDefinition, before: DataModelDefinition | null = base) =>
  plan(after, before).statements.map((s) => s.sql);
const losses = (after: DataModelDefinition, before: DataModelDefinition = base) =>
  plan(after, before).losses.map((l) => [l.kind, l.field]);

describe('model table', () => {
  it('is named by tenant and code, within 63 characters', () => {
    expect(modelTableName('7', 'sample')).toBe('dm_7_sample');
    expect(modelTableName('9223372036854775807', 'a'.repeat(30)).length).toBeLessThanOrEqual(63);
    expect(indexName('9223372036854775807', 'a'.repeat(30), 'u:x,y').length).toBeLessThanOrEqual(63);
  });

  it('refuses codes that are no identifiers even if the schema was skipped', () => {
    expect(() => planModelDdl(T, null, { ...base, code: 'x"; drop table tenant; --' })).toThrow(/identifier/);
    expect(() => planModelDdl(T, null, withFields([text('select', 5)]))).toThrow(/identifier/);
    expect(() => planModelDdl('1 or 1', null, base)).toThrow(/tenant/);
  });

  it('creates the table with the product columns, the fields and tenant-scoped indexes', () => {
    const model = withFields(
      [
        text('title', 100, { required: true, defaultValue: "it's" }),
        field('total', 'money', { unique: true }),
        field('tags', 'multiSelect', { dictType: 'tag' }),
        field('lines', 'lines', { model: 'sample_line' }),
      ],
      { isTree: true, indexes: [{ fields: ['title', 'total'] }] },
    );
    const statements = plan(model, null).statements;
    expect(statements.every((s) => s.parameters.length === 0)).toBe(true);
    const [create, ...indexes] = statements.map((s) => s.sql);
    expect(create).toBe(
      'create table "dm_7_sample" ("id" bigint generated always as identity primary key, ' +
        '"tenant_id" bigint not null references "tenant" ("id"), "parent_id" bigint, ' +
        `"title" varchar(100) default 'it''s'::varchar(100) not null, "total" numeric(18, 2), "tags" jsonb, ` +
        '"created_by" bigint, "created_at" timestamptz not null default now(), "updated_by" bigint, "updated_at" timestamptz, ' +
        '"flow_task_id" bigint, "flow_state" smallint)',
    );
    expect(indexes).toHaveLength(4);
    expect(indexes[3]).toMatch(/^create index "dmx_7_\w+" on "dm_7_sample" \("tenant_id", "flow_task_id"\)$/);
    expect(indexes[0]).toMatch(
      /^create index "dmx_7_[0-9a-f]{12}" on "dm_7_sample" \("tenant_id", "parent_id"\)$/,
    );
    expect(indexes[1]).toMatch(/^create unique index "dmx_7_\w+" on "dm_7_sample" \("tenant_id", "total"\)$/);
    expect(indexes[2]).toMatch(
      /^create index "dmx_7_\w+" on "dm_7_sample" \("tenant_id", "title", "total"\)$/,
    );
  });

  it('gives a lines model its master column', () => {
    const [create, index] = sqls({ ...base, code: 'sample_line', isLines: true }, null);
    expect(create).toContain('"master_id" bigint');
    expect(index).toContain('("tenant_id", "master_id")');
  });
});

describe('changes applied at once', () => {
  it('renaming a label is no statement', () => {
    const renamed = withFields(
      base.fields.map((f) => ({ ...f, names: { 'zh-CN': `${f.code}!`, 'en-US': 'x' } })),
    );
    expect(plan({ ...renamed, names: { 'zh-CN': '新名' } })).toMatchObject({
      statements: [],
      losses: [],
      checks: [],
    });
  });

  it('adding a field adds its column', () => {
    const after = withFields([...base.fields, field('due', 'date', { defaultValue: '2026-01-31' })]);
    expect(sqls(after)).toEqual([
      `alter table "dm_7_sample" add column "due" date default '2026-01-31'::date`,
    ]);
    expect(plan(after).losses).toEqual([]);
  });

  it('adding an index creates it', () => {
    const after = { ...base, indexes: [{ fields: ['qty'] }] };
    expect(sqls(after)).toEqual([
      expect.stringMatching(/^create index "dmx_7_\w+" on "dm_7_sample" \("tenant_id", "qty"\)$/),
    ]);
    expect(plan(after).checks).toEqual([]);
  });

  it.each([
    ['a longer text', text('title', 200, { required: true }), 'varchar(200)'],
    ['text to long text', field('title', 'longText', { required: true }), 'text'],
  ])('widening: %s', (_name, widened, type) => {
    const after = withFields([widened, ...base.fields.slice(1)]);
    expect(sqls(after)).toEqual([`alter table "dm_7_sample" alter column "title" type ${type}`]);
    expect(plan(after).losses).toEqual([]);
  });

  it.each([
    ['more digits', decimal('amount', 16, 2), 'numeric(16, 2)'],
    ['more places', decimal('amount', 13, 3), 'numeric(13, 3)'],
    ['decimal to money', field('amount', 'money'), 'numeric(18, 2)'],
  ])('widening a decimal: %s', (_name, widened, type) => {
    const after = withFields([base.fields[0]!, widened, base.fields[2]!]);
    expect(sqls(after)).toEqual([`alter table "dm_7_sample" alter column "amount" type ${type}`]);
    expect(plan(after).losses).toEqual([]);
  });

  it('integer to a decimal that holds every bigint', () => {
    const after = withFields([...base.fields.slice(0, 2), decimal('qty', 21, 2)]);
    expect(sqls(after)).toEqual(['alter table "dm_7_sample" alter column "qty" type numeric(21, 2)']);
    expect(losses(after)).toEqual([]);
  });

  it('dropping required or unique, and changing a default', () => {
    const before = withFields([
      text('title', 100, { required: true, unique: true }),
      ...base.fields.slice(1),
    ]);
    const after = withFields([text('title', 100, { defaultValue: 'n/a' }), ...base.fields.slice(1)]);
    const out = sqls(after, before);
    expect(out).toEqual([
      expect.stringMatching(/^drop index "dmx_7_\w+"$/),
      `alter table "dm_7_sample" alter column "title" set default 'n/a'::varchar(100)`,
      'alter table "dm_7_sample" alter column "title" drop not null',
    ]);
    expect(plan(after, before).losses).toEqual([]);
  });
});

describe('changes that lose data', () => {
  it('dropping a field', () => {
    const after = withFields(base.fields.slice(0, 2));
    expect(sqls(after)).toEqual(['alter table "dm_7_sample" drop column "qty"']);
    const [loss] = plan(after).losses;
    expect(loss).toMatchObject({ kind: 'dropField', field: 'qty' });
    expect(loss?.count.sql).toBe('select count(*)::int as n from "dm_7_sample" where "qty" is not null');
  });

  it('a shorter text cuts the longer values', () => {
    const after = withFields([text('title', 20, { required: true }), ...base.fields.slice(1)]);
    expect(sqls(after)).toEqual([
      'alter table "dm_7_sample" alter column "title" type varchar(20) using left("title", 20)',
    ]);
    const [loss] = plan(after).losses;
    expect(loss).toMatchObject({ kind: 'narrowText', field: 'title' });
    expect(loss?.count.sql).toContain('char_length("title") > 20');
  });

  it('long text to text', () => {
    const before = withFields([field('title', 'longText'), ...base.fields.slice(1)]);
    const after = withFields([text('title', 50), ...base.fields.slice(1)]);
    expect(losses(after, before)).toEqual([['longTextToText', 'title']]);
  });

  it.each([
    ['fewer places', decimal('amount', 12, 1)],
    ['fewer digits', decimal('amount', 8, 2)],
  ])('a smaller decimal: %s', (_name, narrowed) => {
    const after = withFields([base.fields[0]!, narrowed, base.fields[2]!]);
    const [statement] = sqls(after);
    expect(statement).toMatch(
      /^alter table "dm_7_sample" alter column "amount" type numeric\(\d+, \d\) using case when/,
    );
    expect(losses(after)).toEqual([['narrowDecimal', 'amount']]);
  });

  it('integer to a decimal too small for a bigint', () => {
    const after = withFields([...base.fields.slice(0, 2), decimal('qty', 10, 2)]);
    expect(losses(after)).toEqual([['integerToDecimal', 'qty']]);
  });

  it('an incompatible kind replaces the column', () => {
    const after = withFields([...base.fields.slice(0, 2), field('qty', 'boolean')]);
    expect(sqls(after)).toEqual([
      'alter table "dm_7_sample" drop column "qty"',
      'alter table "dm_7_sample" add column "qty" boolean',
    ]);
    expect(losses(after)).toEqual([['kindChange', 'qty']]);
    const reference = (model: string) =>
      withFields([...base.fields.slice(0, 2), field('qty', 'reference', { model })]);
    expect(losses(reference('b'), reference('a'))).toEqual([['kindChange', 'qty']]);
  });

  it('a tree no more drops the parents', () => {
    expect(losses(base, { ...base, isTree: true })).toEqual([['treeOff', '_parent_id']]);
    expect(sqls(base, { ...base, isTree: true })).toEqual([
      'alter table "dm_7_sample" drop column "parent_id"',
    ]);
  });
});

describe('changes the rows must allow', () => {
  it('a required field without default waits for an empty table', () => {
    const after = withFields([...base.fields, field('code', 'integer', { required: true })]);
    expect(sqls(after)).toEqual(['alter table "dm_7_sample" add column "code" bigint not null']);
    expect(plan(after).checks.map((c) => [c.kind, c.field])).toEqual([['requiredNoDefault', 'code']]);
    const withDefault = withFields([
      ...base.fields,
      field('code', 'integer', { required: true, defaultValue: 0 }),
    ]);
    expect(plan(withDefault).checks).toEqual([]);
  });

  it('making a field required fills from its default, else needs no empty value', () => {
    const filled = withFields([
      base.fields[0]!,
      base.fields[1]!,
      field('qty', 'integer', { required: true, defaultValue: 1 }),
    ]);
    expect(sqls(filled)).toEqual([
      'alter table "dm_7_sample" alter column "qty" set default 1::bigint',
      'update "dm_7_sample" set "qty" = 1::bigint where "qty" is null',
      'alter table "dm_7_sample" alter column "qty" set not null',
    ]);
    const bare = withFields([base.fields[0]!, base.fields[1]!, field('qty', 'integer', { required: true })]);
    expect(plan(bare).checks.map((c) => [c.kind, c.field, c.count.sql])).toEqual([
      ['requiredHasNulls', 'qty', 'select count(*)::int as n from "dm_7_sample" where "qty" is null'],
    ]);
  });

  it('a unique index on existing fields counts the duplicated rows', () => {
    const after = { ...base, indexes: [{ fields: ['title', 'qty'], unique: true }] };
    const [check] = plan(after).checks;
    expect(check).toMatchObject({ kind: 'uniqueDuplicates', field: 'title,qty' });
    expect(check?.count.sql).toContain('group by "title", "qty" having count(*) > 1');
  });
});
