import { createHash } from 'node:crypto';
import {
  type DataModelDefinition,
  type DataModelField,
  type DataModelLossKind,
  DM_MONEY,
  identifierProblem,
} from '@srm/contracts';
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
} from 'kysely';

/**
 * The DDL planner of the data models: from the model as it was (or nothing) and as it should be,
 * the statements that make its table so, in order, and what they would lose. Pure: it compiles SQL
 * text without a database (the service counts the rows and runs the statements in one
 * transaction). Every identifier is a model or field code checked again here and quoted with
 * `sql.id`; type texts are built from validated numbers; defaults are literals escaped by Kysely.
 * Nothing a user typed is ever spliced into the text.
 */

/** Compiles only: the statements are run by the service's transaction. */
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const compile = (query: RawBuilder<unknown>): CompiledQuery => {
  const compiled = query.compile(compiler);
  // A parameter would mean a value slipped in unquoted by the rules above; DDL takes none anyway.
  if (compiled.parameters.length) throw new Error('a DDL statement must not carry parameters');
  return compiled;
};

/** Something the change would lose: the query counts the rows of the current table holding it. */
export interface PlannedLoss {
  kind: DataModelLossKind;
  field: string;
  count: CompiledQuery;
}

/** Something the table's rows could contradict: the change applies only while the count is 0. */
export interface PlannedCheck {
  kind: 'requiredNoDefault' | 'requiredHasNulls' | 'uniqueDuplicates';
  /** The field's code, or the index's fields joined by commas. */
  field: string;
  count: CompiledQuery;
}

export interface DdlPlan {
  tableName: string;
  statements: CompiledQuery[];
  losses: PlannedLoss[];
  checks: PlannedCheck[];
}

function checkedIdentifier(code: string, column: boolean): string {
  const problem = identifierProblem(code, { column });
  if (problem) throw new Error(`not an identifier (${problem}): ${JSON.stringify(code)}`);
  return code;
}

function checkedTenant(tenantId: string): string {
  if (!/^[1-9]\d{0,18}$/.test(tenantId)) throw new Error('tenant id must be a positive bigint');
  return tenantId;
}

/** The table of a tenant's model: `dm_<tenant>_<code>` (at most 3 + 19 + 1 + 30 = 53 characters). */
export function modelTableName(tenantId: string, code: string): string {
  return `dm_${checkedTenant(tenantId)}_${checkedIdentifier(code, false)}`;
}

/** PostgreSQL type of a field's column; null for a lines field (its rows are in the sub-table). */
export function columnType(field: DataModelField): string | null {
  const n = (value: number) => {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error('type sizes are whole numbers');
    return value;
  };
  switch (field.kind) {
    case 'text':
      return `varchar(${n(field.length)})`;
    case 'longText':
    case 'select':
      return 'text';
    case 'integer':
    case 'user':
    case 'department':
    case 'supplier':
    case 'reference':
      return 'bigint';
    case 'decimal':
      return `numeric(${n(field.precision)}, ${n(field.scale)})`;
    case 'money':
      return `numeric(${DM_MONEY.precision}, ${DM_MONEY.scale})`;
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    case 'multiSelect':
    case 'file':
      return 'jsonb';
    case 'lines':
      return null;
  }
}

const hasColumn = (field: DataModelField) => field.kind !== 'lines';

function defaultLiteral(field: DataModelField): RawBuilder<unknown> | null {
  const value = field.defaultValue;
  if (value === undefined || value === null) return null;
  const type = columnType(field);
  if (!type) return null;
  // A typed literal: '2026-01-31'::date, 12.5::numeric(10, 2), 'abc'::varchar(20).
  return sql`${sql.lit(value)}::${sql.raw(type)}`;
}

function columnDefinition(field: DataModelField): RawBuilder<unknown> {
  const type = columnType(field);
  if (!type) throw new Error('a lines field has no column');
  const def = defaultLiteral(field);
  return sql.join(
    [
      sql`${sql.id(checkedIdentifier(field.code, true))} ${sql.raw(type)}`,
      ...(def ? [sql`default ${def}`] : []),
      ...(field.required ? [sql`not null`] : []),
    ],
    sql` `,
  );
}

interface IndexSpec {
  key: string;
  fields: string[];
  unique: boolean;
}

/** The indexes a model asks for: its `unique` fields and its index list, each once. */
function indexesOf(model: DataModelDefinition): Map<string, IndexSpec> {
  const out = new Map<string, IndexSpec>();
  const add = (fields: string[], unique: boolean) => {
    const key = `${unique ? 'u' : 'i'}:${fields.join(',')}`;
    if (!out.has(key)) out.set(key, { key, fields, unique });
  };
  for (const field of model.fields) if (field.unique && hasColumn(field)) add([field.code], true);
  for (const index of model.indexes ?? []) add(index.fields, Boolean(index.unique));
  return out;
}

/** `dmx_<tenant>_<hash>`: fixed length, the same for the same model and index on every run. */
export function indexName(tenantId: string, modelCode: string, key: string): string {
  const hash = createHash('sha256').update(`${modelCode}|${key}`).digest('hex').slice(0, 12);
  return `dmx_${checkedTenant(tenantId)}_${hash}`;
}

const ids = (codes: string[]) =>
  sql.join(
    codes.map((c) => sql.id(checkedIdentifier(c, true))),
    sql`, `,
  );

function createIndex(tenantId: string, model: DataModelDefinition, table: string, index: IndexSpec) {
  const name = sql.id(indexName(tenantId, model.code, index.key));
  // Every index starts with the tenant column: the queries of a tenant's rows are always scoped by it.
  return sql`create ${sql.raw(index.unique ? 'unique index' : 'index')} ${name} on ${sql.id(table)} (${sql.id('tenant_id')}, ${ids(index.fields)})`;
}

/** The index a flow finds its task's row by (every model table has it; `flowTaskIndexName`). */
function flowTaskIndex(tenantId: string, code: string, table: string) {
  return sql`create index ${sql.id(flowTaskIndexName(tenantId, code))} on ${sql.id(table)} (${sql.id('tenant_id')}, ${sql.id('flow_task_id')})`;
}

export const flowTaskIndexName = (tenantId: string, code: string) => indexName(tenantId, code, 'flow');

/** The statements of a new model: its table and its indexes. */
function createPlan(tenantId: string, model: DataModelDefinition, table: string): CompiledQuery[] {
  const columns: RawBuilder<unknown>[] = [
    sql`${sql.id('id')} bigint generated always as identity primary key`,
    sql`${sql.id('tenant_id')} bigint not null references ${sql.id('tenant')} (${sql.id('id')})`,
  ];
  if (model.isTree) columns.push(sql`${sql.id('parent_id')} bigint`);
  if (model.isLines) columns.push(sql`${sql.id('master_id')} bigint`);
  for (const field of model.fields) if (hasColumn(field)) columns.push(columnDefinition(field));
  columns.push(
    sql`${sql.id('created_by')} bigint`,
    sql`${sql.id('created_at')} timestamptz not null default now()`,
    sql`${sql.id('updated_by')} bigint`,
    sql`${sql.id('updated_at')} timestamptz`,
    // A row written by a task of a designed flow form: the task and its status (FLOW_STATUS).
    sql`${sql.id('flow_task_id')} bigint`,
    sql`${sql.id('flow_state')} smallint`,
  );
  const statements = [sql`create table ${sql.id(table)} (${sql.join(columns, sql`, `)})`];
  if (model.isTree)
    statements.push(
      sql`create index ${sql.id(`${indexName(tenantId, model.code, 'parent')}`)} on ${sql.id(table)} (${sql.id('tenant_id')}, ${sql.id('parent_id')})`,
    );
  if (model.isLines)
    statements.push(
      sql`create index ${sql.id(`${indexName(tenantId, model.code, 'master')}`)} on ${sql.id(table)} (${sql.id('tenant_id')}, ${sql.id('master_id')})`,
    );
  for (const index of indexesOf(model).values()) statements.push(createIndex(tenantId, model, table, index));
  statements.push(flowTaskIndex(tenantId, model.code, table));
  return statements.map(compile);
}

type Change =
  | { type: 'same' }
  | { type: 'widen'; using?: RawBuilder<unknown> }
  | { type: 'narrow'; kind: DataModelLossKind; using: RawBuilder<unknown>; atRisk: RawBuilder<unknown> }
  | { type: 'replace' };

/** How a field's column goes from the old kind to the new one. */
function columnChange(before: DataModelField, after: DataModelField): Change {
  const col = sql.id(checkedIdentifier(after.code, true));
  const typeBefore = columnType(before);
  const typeAfter = columnType(after);
  if (typeBefore === typeAfter && sameKindFamily(before, after)) return { type: 'same' };
  const digits = (f: DataModelField) =>
    f.kind === 'money'
      ? { precision: DM_MONEY.precision, scale: DM_MONEY.scale }
      : f.kind === 'decimal'
        ? { precision: f.precision, scale: f.scale }
        : null;
  if (before.kind === 'text' && after.kind === 'text') {
    if (after.length >= before.length) return { type: 'widen' };
    return {
      type: 'narrow',
      kind: 'narrowText',
      using: sql`left(${col}, ${sql.lit(after.length)})`,
      atRisk: sql`char_length(${col}) > ${sql.lit(after.length)}`,
    };
  }
  if (before.kind === 'text' && after.kind === 'longText') return { type: 'widen' };
  if (before.kind === 'longText' && after.kind === 'text')
    return {
      type: 'narrow',
      kind: 'longTextToText',
      using: sql`left(${col}, ${sql.lit(after.length)})`,
      atRisk: sql`char_length(${col}) > ${sql.lit(after.length)}`,
    };
  const from = digits(before);
  const to = digits(after);
  if (from && to) {
    if (to.scale >= from.scale && to.precision - to.scale >= from.precision - from.scale)
      return { type: 'widen' };
    return { type: 'narrow', kind: 'narrowDecimal', ...numericNarrowing(col, to) };
  }
  if (before.kind === 'integer' && to) {
    // A bigint has up to 19 digits: a decimal with as many before its point holds every one.
    if (to.precision - to.scale >= 19) return { type: 'widen' };
    return { type: 'narrow', kind: 'integerToDecimal', ...numericNarrowing(col, to) };
  }
  return { type: 'replace' };
}

/** Kinds stored in the same column type yet meaning different things (a user id is no supplier id). */
function sameKindFamily(before: DataModelField, after: DataModelField): boolean {
  if (before.kind !== after.kind) {
    const money = new Set(['decimal', 'money']);
    return money.has(before.kind) && money.has(after.kind);
  }
  if (before.kind === 'reference' && after.kind === 'reference') return before.model === after.model;
  return true;
}

/** A value keeps its rounded self when it fits the new digits, else becomes null (the loss counted). */
function numericNarrowing(col: RawBuilder<unknown>, to: { precision: number; scale: number }) {
  const limit = sql.raw(`1e${to.precision - to.scale}`);
  const scale = sql.lit(to.scale);
  return {
    using: sql`case when abs(round(${col}, ${scale})) < ${limit} then round(${col}, ${scale}) end`,
    atRisk: sql`(round(${col}, ${scale}) <> ${col} or abs(round(${col}, ${scale})) >= ${limit})`,
  };
}

const countWhere = (table: string, where: RawBuilder<unknown>) =>
  compile(sql`select count(*)::int as n from ${sql.id(table)} where ${where}`);

/**
 * The plan from `before` (null: a new model) to `after`, for the tenant's table. The caller has
 * validated both with the contracts' schema; codes are checked again here as identifiers.
 */
export function planModelDdl(
  tenantId: string,
  before: DataModelDefinition | null,
  after: DataModelDefinition,
): DdlPlan {
  const table = modelTableName(tenantId, after.code);
  if (!before)
    return { tableName: table, statements: createPlan(tenantId, after, table), losses: [], checks: [] };
  if (before.code !== after.code) throw new Error('a model keeps its code');

  const t = sql.id(table);
  const losses: PlannedLoss[] = [];
  const checks: PlannedCheck[] = [];
  const dropIndexes: RawBuilder<unknown>[] = [];
  const drops: RawBuilder<unknown>[] = [];
  const alters: RawBuilder<unknown>[] = [];
  const adds: RawBuilder<unknown>[] = [];
  const constraints: RawBuilder<unknown>[] = [];
  const creates: RawBuilder<unknown>[] = [];

  const oldFields = new Map(before.fields.filter(hasColumn).map((f) => [f.code, f]));
  const newFields = new Map(after.fields.filter(hasColumn).map((f) => [f.code, f]));
  const col = (code: string) => sql.id(checkedIdentifier(code, true));

  const addColumn = (field: DataModelField, tableMayHaveRows: boolean) => {
    adds.push(sql`alter table ${t} add column ${columnDefinition(field)}`);
    if (field.required && defaultLiteral(field) === null && tableMayHaveRows)
      checks.push({ kind: 'requiredNoDefault', field: field.code, count: countWhere(table, sql`true`) });
  };

  for (const code of oldFields.keys()) {
    if (newFields.has(code)) continue;
    losses.push({ kind: 'dropField', field: code, count: countWhere(table, sql`${col(code)} is not null`) });
    drops.push(sql`alter table ${t} drop column ${col(code)}`);
  }

  for (const [code, field] of newFields) {
    const old = oldFields.get(code);
    if (!old) {
      addColumn(field, true);
      continue;
    }
    const change = columnChange(old, field);
    if (change.type === 'replace') {
      losses.push({
        kind: 'kindChange',
        field: code,
        count: countWhere(table, sql`${col(code)} is not null`),
      });
      drops.push(sql`alter table ${t} drop column ${col(code)}`);
      addColumn(field, true);
      continue;
    }
    const type = sql.raw(columnType(field) ?? '');
    if (change.type === 'widen') alters.push(sql`alter table ${t} alter column ${col(code)} type ${type}`);
    if (change.type === 'narrow') {
      losses.push({
        kind: change.kind,
        field: code,
        count: countWhere(table, sql`${col(code)} is not null and ${change.atRisk}`),
      });
      alters.push(sql`alter table ${t} alter column ${col(code)} type ${type} using ${change.using}`);
    }
    // A default is written again when its value or its column's type changed (its cast names the type).
    const def = defaultLiteral(field);
    const hadDefault = old.defaultValue !== undefined && old.defaultValue !== null;
    if (def && (old.defaultValue !== field.defaultValue || change.type !== 'same'))
      constraints.push(sql`alter table ${t} alter column ${col(code)} set default ${def}`);
    else if (!def && hadDefault)
      constraints.push(sql`alter table ${t} alter column ${col(code)} drop default`);
    if (field.required && !old.required) {
      // Rows without a value take the default; with none, the change waits for the rows to be filled.
      if (def) constraints.push(sql`update ${t} set ${col(code)} = ${def} where ${col(code)} is null`);
      else
        checks.push({
          kind: 'requiredHasNulls',
          field: code,
          count: countWhere(table, sql`${col(code)} is null`),
        });
      constraints.push(sql`alter table ${t} alter column ${col(code)} set not null`);
    } else if (!field.required && old.required) {
      constraints.push(sql`alter table ${t} alter column ${col(code)} drop not null`);
    }
  }

  const structural = (
    flag: 'isTree' | 'isLines',
    column: 'parent_id' | 'master_id',
    kind: DataModelLossKind,
  ) => {
    const was = Boolean(before[flag]);
    const is = Boolean(after[flag]);
    const name = sql.id(indexName(tenantId, after.code, column === 'parent_id' ? 'parent' : 'master'));
    if (was && !is) {
      losses.push({
        kind,
        field: `_${column}`,
        count: countWhere(table, sql`${sql.id(column)} is not null`),
      });
      drops.push(sql`alter table ${t} drop column ${sql.id(column)}`);
    } else if (!was && is) {
      adds.push(sql`alter table ${t} add column ${sql.id(column)} bigint`);
      creates.push(sql`create index ${name} on ${t} (${sql.id('tenant_id')}, ${sql.id(column)})`);
    }
  };
  structural('isTree', 'parent_id', 'treeOff');
  structural('isLines', 'master_id', 'linesOff');

  // An index is named by its fields, so a changed one is dropped and made again; an index over a
  // column whose type changed is rebuilt by PostgreSQL itself.
  const oldIndexes = indexesOf(before);
  const newIndexes = indexesOf(after);
  const replaced = new Set(
    [...newFields.keys()].filter(
      (c) => oldFields.has(c) && columnChange(oldFields.get(c)!, newFields.get(c)!).type === 'replace',
    ),
  );
  const touchesReplaced = (index: IndexSpec) =>
    index.fields.some((f) => replaced.has(f) || !oldFields.has(f));
  for (const [key, index] of oldIndexes) {
    if (newIndexes.has(key) && !touchesReplaced(index)) continue;
    // Dropping a column drops its indexes; naming one of them again would fail.
    if (index.fields.some((f) => !newFields.has(f) || replaced.has(f))) continue;
    dropIndexes.push(sql`drop index ${sql.id(indexName(tenantId, before.code, key))}`);
  }
  for (const [key, index] of newIndexes) {
    if (oldIndexes.has(key) && !touchesReplaced(index)) continue;
    creates.push(createIndex(tenantId, after, table, index));
    if (index.unique && index.fields.every((f) => oldFields.has(f) && !replaced.has(f))) {
      const notNull = sql.join(
        index.fields.map((f) => sql`${col(f)} is not null`),
        sql` and `,
      );
      checks.push({
        kind: 'uniqueDuplicates',
        field: index.fields.join(','),
        count: compile(
          sql`select coalesce(sum(n), 0)::int as n from (select count(*) as n from ${t} where ${notNull} group by ${ids(index.fields)} having count(*) > 1) d`,
        ),
      });
    }
  }

  const statements = [...dropIndexes, ...drops, ...alters, ...adds, ...constraints, ...creates].map(compile);
  return { tableName: table, statements, losses, checks };
}

/** The statements that remove a model's table (its indexes go with it). */
export function dropModelDdl(tenantId: string, code: string): CompiledQuery[] {
  return [compile(sql`drop table if exists ${sql.id(modelTableName(tenantId, code))}`)];
}
