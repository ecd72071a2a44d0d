import type { DatasetTable } from '@srm/contracts';
import { describe, expect, it } from 'vitest';
import { DatasetSqlError, guardSql } from '../../src/onlinedev/dataset-guard';
import { compileVisual, sourceDialect, type VisualBind } from '../../src/onlinedev/dataset-visual';

const TABLES = new Set(['srm_supplier', 'srm_user', 'purchase_line']);
const PARAMS = new Map([
  ['from_date', 'date' as const],
  ['min_amount', 'number' as const],
  ['keyword', 'text' as const],
]);

const guard = (sql: string) => guardSql({ sql, tables: TABLES, params: PARAMS });

/** The refusal's message key, or 'ok'. */
async function verdict(sql: string): Promise<string> {
  try {
    await guard(sql);
    return 'ok';
  } catch (error) {
    if (error instanceof DatasetSqlError) return error.key;
    throw error;
  }
}

describe('the dataset SQL guard', () => {
  it('lets a grouped, joined, parameterised SELECT through and names what it reads', async () => {
    const guarded = await guard(`
      with big as (select * from purchase_line where amount >= :min_amount)
      select s.supplier_name, date_trunc('month', b.created_at)::date as month, sum(b.amount) as total,
             count(*) filter (where b.amount > 0) as lines
      from big b join srm_supplier s on s.id = b.supplier -- a comment with :not_a_param
      where b.created_at >= :from_date and s.supplier_name ilike '%' || :keyword || '%'
        and s.state <> ':literal'
      group by 1, 2 order by total desc`);
    expect([...guarded.tables].sort()).toEqual(['purchase_line', 'srm_supplier']);
    expect(guarded.params).toEqual(['min_amount', 'from_date', 'keyword']);
    expect(guarded.pieces).toHaveLength(4);
    expect(guarded.outputNames).toEqual(['supplier_name', 'month', 'total', 'lines']);
    // A cast is not a parameter.
    expect((await guard('select id::text as id from srm_user')).params).toEqual([]);
  });

  it('refuses every statement that writes, also inside a CTE (the trial that a tree walk alone let through)', async () => {
    expect(await verdict('with x as (delete from srm_user returning *) select * from x')).toBe(
      'dataset.selectOnly',
    );
    expect(await verdict('with x as (update srm_user set account = 1 returning *) select * from x')).toBe(
      'dataset.selectOnly',
    );
    expect(await verdict('insert into srm_user (account) values (1)')).toBe('dataset.selectOnly');
    expect(await verdict('drop table srm_user')).toBe('dataset.selectOnly');
    expect(await verdict('select 1; delete from srm_user')).toBe('dataset.oneStatement');
    expect(await verdict('select * into evil from srm_user')).toBe('dataset.selectInto');
    expect(await verdict('select * from srm_user for update')).toBe('dataset.locking');
    expect(await verdict('copy srm_user to program $$id$$')).toBe('dataset.selectOnly');
  });

  it("refuses the anchors' payloads: catalog reads, files, sleeps, other schemas and stacked queries", async () => {
    // JeecgBoot #4702 / #4976 / jimureport#2812 style: reach the catalog or the host from a report query.
    expect(await verdict('select * from pg_shadow')).toBe('dataset.unknownTable');
    expect(await verdict('select usename, passwd from pg_catalog.pg_user')).toBe('dataset.qualifiedTable');
    expect(await verdict('select * from public.sys_user')).toBe('dataset.qualifiedTable');
    expect(await verdict('select * from sys_user')).toBe('dataset.unknownTable');
    expect(await verdict("select pg_read_file('/etc/passwd')")).toBe('dataset.function');
    expect(await verdict('select pg_sleep(100)')).toBe('dataset.function');
    expect(await verdict("select * from dblink('host=10.0.0.1', 'select 1') as t(a int)")).toBe(
      'dataset.function',
    );
    expect(await verdict("select current_setting('data_directory')")).toBe('dataset.function');
    expect(await verdict("select set_config('role', 'postgres', true)")).toBe('dataset.function');
    expect(await verdict("select nextval('sys_user_id_seq')")).toBe('dataset.function');
    expect(await verdict("select lo_import('/etc/passwd')")).toBe('dataset.function');
    expect(await verdict('select current_user')).toBe('dataset.function');
    expect(await verdict("select 'sys_user'::regclass")).toBe('dataset.cast');
    expect(await verdict("select pg_catalog.pg_ls_dir('.')")).toBe('dataset.function');
    expect(await verdict('select public.lower(account) from srm_user')).toBe('dataset.function');
    expect(await verdict("select * from xmltable('/a' passing '<a/>' columns x int)")).toBe(
      'dataset.function',
    );
    // CVE-2023-41544 style: a value spliced into the text. Here a parameter is bound, so `:keyword`
    // can hold anything; a hand-written $1 is refused.
    expect(await verdict('select * from srm_user where account = $1')).toBe('dataset.positionalParam');
    expect(await verdict('select * from srm_user where account = :who')).toBe('dataset.undeclaredParam');
    expect(await verdict("select * from srm_user where account = '' or 1=1 --'")).toBe('ok');
  });

  it('resolves CTE names by scope: a name defined in one branch does not reach a table in another', async () => {
    expect(await verdict('with sys_user as (select 1 as id) select * from sys_user')).toBe('ok');
    expect(
      await verdict('select * from (with sys_user as (select 1 as id) select * from sys_user) a, sys_user'),
    ).toBe('dataset.unknownTable');
    expect(await verdict('select * from srm_user union select * from (select * from sys_user) x')).toBe(
      'dataset.unknownTable',
    );
    expect(await verdict('with recursive r as (select 1 union all select 1 from r) select * from r')).toBe(
      'dataset.recursive',
    );
    expect(await verdict('select (select max(id) from sys_user) from srm_user')).toBe('dataset.unknownTable');
  });

  it('says where a syntax error is', async () => {
    try {
      await guard('select id from srm_user where');
      expect.unreachable();
    } catch (error) {
      expect((error as DatasetSqlError).key).toBe('dataset.sqlSyntax');
      expect((error as DatasetSqlError).params.message).toMatch(/syntax error/);
    }
  });
});

const names = (zh: string) => ({ 'zh-CN': zh });
const CATALOG = new Map<string, DatasetTable>([
  [
    'purchase_line',
    {
      name: 'purchase_line',
      names: names('采购明细'),
      source: 'model',
      columns: [
        { name: 'id', names: names('ID'), type: 'id' },
        { name: 'amount', names: names('金额'), type: 'number' },
        { name: 'title', names: names('标题'), type: 'text' },
        { name: 'ordered_on', names: names('日期'), type: 'date' },
        { name: 'supplier', names: names('供应商'), type: 'id', references: 'srm_supplier' },
      ],
    },
  ],
  [
    'srm_supplier',
    {
      name: 'srm_supplier',
      names: names('供应商'),
      source: 'product',
      columns: [
        { name: 'id', names: names('ID'), type: 'id' },
        { name: 'supplier_name', names: names('名称'), type: 'text' },
      ],
    },
  ],
]);

describe('the visual dataset builder', () => {
  it('writes grouped SQL along a reference, with bound parameters and quoted literals, that the guard passes', async () => {
    const compiled = compileVisual(
      {
        table: 'purchase_line',
        joins: [{ via: 'supplier' }],
        columns: [
          { column: 'supplier.supplier_name', alias: 'supplier_name' },
          { column: 'ordered_on', alias: 'month', bucket: 'month' },
          { column: 'amount', alias: 'total', aggregate: 'sum' },
          { column: 'id', alias: 'lines', aggregate: 'count' },
        ],
        filters: [
          { column: 'amount', op: 'ge', param: 'min_amount' },
          { column: 'title', op: 'ne', value: "o'hare" },
        ],
        sort: [{ alias: 'total', order: 'desc' }],
      },
      [{ code: 'min_amount', names: names('最小金额'), type: 'number', required: false }],
      CATALOG,
    );
    if (!('sql' in compiled)) throw new Error(JSON.stringify(compiled.problems));
    expect(compiled.sql).toContain(`left join "srm_supplier" as "supplier" on "supplier".id = t0."supplier"`);
    expect(compiled.sql).toContain(`sum(t0."amount") as "total"`);
    expect(compiled.sql).toContain(`t0."title" <> 'o''hare'`);
    expect(compiled.sql).toContain(
      `group by "supplier"."supplier_name", date_trunc('month', t0."ordered_on")::date`,
    );
    const guarded = await guardSql({
      sql: compiled.sql,
      tables: new Set(CATALOG.keys()),
      params: new Map([['min_amount', 'number']]),
    });
    expect(guarded.params).toEqual(['min_amount']);
    expect([...guarded.tables].sort()).toEqual(['purchase_line', 'srm_supplier']);
  });

  it('answers each wrong part at its path', () => {
    const compiled = compileVisual(
      {
        table: 'purchase_line',
        joins: [{ via: 'title' }],
        columns: [
          { column: 'nope', alias: 'a' },
          { column: 'title', alias: 'b', aggregate: 'sum' },
          { column: 'title', alias: 'b', bucket: 'month' },
        ],
        filters: [
          { column: 'amount', op: 'eq', value: 'ten' },
          { column: 'amount', op: 'eq', param: 'missing' },
          { column: 'amount', op: 'eq' },
        ],
        sort: [{ alias: 'zzz', order: 'asc' }],
      },
      [],
      CATALOG,
    );
    expect('problems' in compiled && compiled.problems).toEqual({
      'visual.joins.0.via': 'dataset.noReference',
      'visual.columns.0.column': 'dataset.unknownColumn',
      'visual.columns.1.aggregate': 'dataset.aggregateNotNumber',
      'visual.columns.2.alias': 'dataset.duplicate',
      'visual.columns.2.bucket': 'dataset.bucketNotDate',
      'visual.filters.0.value': 'dataset.valueType',
      'visual.filters.1.param': 'dataset.undeclaredParam',
      'visual.filters.2.value': 'dataset.filterValue',
      'visual.sort.0.alias': 'dataset.unknownColumn',
    });
    expect(
      compileVisual({ table: 'sys_user', joins: [], columns: [], filters: [], sort: [] }, [], CATALOG),
    ).toEqual({
      problems: { 'visual.table': 'dataset.unknownTable' },
    });
  });

  it('writes a source’s dialect with every value bound, never spliced', () => {
    const source = new Map<string, DatasetTable>([
      [
        'erp.Orders',
        {
          name: 'erp.Orders',
          names: names('erp.Orders'),
          source: 'source',
          columns: [
            { name: 'Amount', names: names('Amount'), type: 'number' },
            { name: 'placed', names: names('placed'), type: 'date' },
            { name: 'who', names: names('who'), type: 'text' },
          ],
        },
      ],
    ]);
    const visual = {
      table: 'erp.Orders',
      joins: [],
      columns: [
        { column: 'placed', alias: 'month', bucket: 'month' as const },
        { column: 'Amount', alias: 'total', aggregate: 'sum' as const },
      ],
      filters: [
        { column: 'who', op: 'like' as const, value: "x' or 1=1 -- \\" },
        { column: 'Amount', op: 'gt' as const, param: 'min' },
      ],
      sort: [],
    };
    const params = [{ code: 'min', names: names('最小'), type: 'number' as const, required: false }];
    const binds: VisualBind[] = [];
    const mysql = compileVisual(visual, params, source, sourceDialect('mysql', binds));
    expect(mysql).toEqual({
      sql: [
        "select cast(date_format(t0.`placed`, '%Y-%m-01') as date) as `month`, sum(t0.`Amount`) as `total`",
        'from `erp`.`Orders` as t0',
        "where cast(t0.`who` as char) like concat('%', ?, '%') and t0.`Amount` > cast(? as decimal(65,10))",
        "group by cast(date_format(t0.`placed`, '%Y-%m-01') as date)",
      ].join('\n'),
    });
    expect(binds).toEqual([{ value: "x' or 1=1 -- \\", type: 'text' }, { param: 'min' }]);
    const pgBinds: VisualBind[] = [];
    const pg = compileVisual(visual, params, source, sourceDialect('postgres', pgBinds));
    expect('sql' in pg && pg.sql).toContain('from "erp"."Orders" as t0');
    expect('sql' in pg && pg.sql).toContain(`t0."Amount" > ($2::numeric)`);
    expect(pgBinds).toHaveLength(2);
  });
});
