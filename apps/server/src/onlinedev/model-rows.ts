import {
  computeForm,
  type DataModelDefinition,
  type DataModelField,
  type FormField,
  type ListQueryOp,
  type Locale,
  MODEL_PAGE_COUNT_BEYOND,
  MODEL_PAGE_LINES_MAX,
  MODEL_PAGE_OPTIONS_MAX,
  type ModelPageQueryValue,
  type ModelRow,
  type ModelRowLaunch,
  type ModelRowPage,
  modelRowLocked,
  validationMessage,
} from '@srm/contracts';
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { dataScopeFilter, type ScopeColumns } from '../permission/data-scope';
import { checkForm, type RegisteredForm } from '../workflow/forms';
import { launchFormTask } from '../workflow/task-service';
import { assertTenantIds, formIds } from '../workflow/tenant-ids';
import { modelsByCode } from './data-model-service';
import { designFormName } from './design-service';
import { indexName, modelTableName } from './model-ddl';
import { type ModelPage, readerForm, ruleFieldType } from './model-page';
import { madeByEnterprise, supplierEnt } from './supplier-rows';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

const ID = /^\d{1,18}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ref = (column: string) => sql.ref(column);
const col = (code: string) => sql.ref(`r.${code}`);

const hasColumn = (f: DataModelField) => f.kind !== 'lines';

/** The select expression of a field's column: values as JSON reads them (ids and numbers as text first). */
function readExpr(field: DataModelField): RawBuilder<unknown> {
  const c = col(field.code);
  switch (field.kind) {
    case 'date':
      return sql`to_char(${c}, 'YYYY-MM-DD')`;
    case 'integer':
    case 'decimal':
    case 'money':
    case 'user':
    case 'department':
    case 'supplier':
    case 'reference':
      return sql`${c}::text`;
    default:
      return sql`${c}`;
  }
}

/** A column's value as the page sends it. */
function readValue(field: DataModelField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'integer':
    case 'decimal':
    case 'money':
      return Number(value);
    case 'datetime':
      return new Date(value as string | Date).toISOString();
    default:
      return value;
  }
}

/** A form value as the column's parameter. */
function writeValue(field: DataModelField, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  switch (field.kind) {
    case 'multiSelect':
    case 'file':
      return sql`${JSON.stringify(value)}::jsonb`;
    case 'integer':
      return String(value);
    case 'datetime':
      return new Date(value as string).toISOString();
    default:
      return value;
  }
}

/** The scope columns of a model table: the creator, and his department for the department rules. */
function scopeColumns(page: ModelPage, tenantId: string): ScopeColumns {
  const fields: ScopeColumns['fields'] = {};
  for (const f of page.model.definition.fields) {
    const type = ruleFieldType(f);
    if (type) fields[f.code] = { column: `r.${f.code}`, type };
  }
  return {
    owner: 'r.created_by',
    // Model rows carry no department: the rules read the department of the user who made the row.
    dept: { ownerIn: 'r.created_by', tenantId },
    fields,
  };
}

/** The rows of the page the reader may see at all (tenant and data rules, a supplier's own), as one condition. */
async function visibleRows(ctx: ServiceContext, page: ModelPage): Promise<RawBuilder<SqlBool>> {
  const tenant = sql<SqlBool>`${ref('r.tenant_id')} = ${ctx.auth.tenantId}`;
  // A supplier's user: his own enterprise's rows only (supplier-rows.ts), not the tenant's rules.
  const ent = supplierEnt(ctx);
  const scope =
    ent === null
      ? await dataScopeFilter(ctx, page.menuCode, scopeColumns(page, ctx.auth.tenantId))
      : madeByEnterprise(ctx, ent, 'r.created_by');
  return scope ? sql<SqlBool>`${tenant} and ${scope}` : tenant;
}

function selectList(page: ModelPage): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`r.id::text as id`, sql`r.created_by::text as created_by`];
  parts.push(sql`r.created_at`, sql`r.updated_at`);
  parts.push(sql`r.flow_task_id::text as flow_task_id`, sql`r.flow_state`);
  parts.push(page.model.definition.isTree ? sql`r.parent_id::text as parent_id` : sql`null as parent_id`);
  for (const f of page.model.definition.fields)
    if (hasColumn(f) && !page.hidden.has(f.code)) parts.push(sql`${readExpr(f)} as ${sql.id(f.code)}`);
  return sql.join(parts);
}

const problem = (fields: Record<string, string>) =>
  new AppError(400, 'error.badRequest', undefined, { fields });

/** One query value parsed for the field's kind; undefined when it does not suit it. */
function queryScalar(field: DataModelField, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  switch (field.kind) {
    case 'integer':
    case 'decimal':
    case 'money': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? value
        : undefined;
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? new Date(value).toISOString()
        : undefined;
    case 'boolean':
      return typeof value === 'boolean'
        ? value
        : value === 'true'
          ? true
          : value === 'false'
            ? false
            : undefined;
    case 'user':
    case 'department':
    case 'supplier':
    case 'reference':
      return typeof value === 'string' && ID.test(value) ? value : undefined;
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  }
}

/** The designed query fields' conditions; a field not designed, or a value that does not suit it, is a 400. */
function queryFilters(ctx: ServiceContext, page: ModelPage, query: Record<string, ModelPageQueryValue>) {
  const ops = new Map<string, ListQueryOp>(
    page.content.list.query.filter((q) => !page.hidden.has(q.field)).map((q) => [q.field, q.op]),
  );
  const out: RawBuilder<SqlBool>[] = [];
  const bad: Record<string, string> = {};
  const invalid = validationMessage('validation.invalid', ctx.locale);
  for (const [code, value] of Object.entries(query)) {
    if (
      value === null ||
      value === '' ||
      (Array.isArray(value) && value.every((v) => v === null || v === ''))
    )
      continue;
    const op = ops.get(code);
    const field = page.fields.get(code);
    if (!op || !field || !hasColumn(field)) {
      bad[`query.${code}`] = invalid;
      continue;
    }
    const c = col(code);
    if (op === 'between') {
      if (!Array.isArray(value) || value.length !== 2) {
        bad[`query.${code}`] = invalid;
        continue;
      }
      const [from, to] = value.map((v) => queryScalar(field, v));
      if (
        (value[0] != null && value[0] !== '' && from === undefined) ||
        (value[1] != null && value[1] !== '' && to === undefined)
      ) {
        bad[`query.${code}`] = invalid;
        continue;
      }
      if (from !== undefined) out.push(sql<SqlBool>`${c} >= ${from}`);
      // A day's end: a datetime range "to" a day takes all of that day.
      if (to !== undefined)
        out.push(
          field.kind === 'datetime' && typeof value[1] === 'string' && DATE.test(value[1])
            ? sql<SqlBool>`${c} < (${value[1]}::date + 1)`
            : sql<SqlBool>`${c} <= ${to}`,
        );
      continue;
    }
    if (op === 'in') {
      const list = (Array.isArray(value) ? value : [value]).map((v) => queryScalar(field, v));
      if (!list.length || list.some((v) => v === undefined)) {
        bad[`query.${code}`] = invalid;
        continue;
      }
      out.push(
        field.kind === 'multiSelect'
          ? sql<SqlBool>`${c} ?| ${sql.val(list.map(String))}::text[]`
          : sql<SqlBool>`${c} in (${sql.join(list)})`,
      );
      continue;
    }
    const scalar = Array.isArray(value) ? undefined : queryScalar(field, value);
    if (scalar === undefined) {
      bad[`query.${code}`] = invalid;
      continue;
    }
    out.push(
      op === 'like'
        ? sql<SqlBool>`${c}::text ilike ${likePattern(String(scalar))}`
        : sql<SqlBool>`${c} = ${scalar}`,
    );
  }
  if (Object.keys(bad).length) throw problem(bad);
  return out;
}

/** The order: a sortable column the reader sees, else the design's default sort, else the newest first. */
function orderOf(page: ModelPage, sort?: { field: string; order: 'asc' | 'desc' }): RawBuilder<unknown> {
  const list = page.content.list;
  const sortable = (field: string) =>
    !page.hidden.has(field) && list.columns.some((c) => c.field === field && c.sortable);
  const chosen =
    sort && sortable(sort.field)
      ? sort
      : list.sort && !page.hidden.has(list.sort.field)
        ? list.sort
        : undefined;
  // PostgreSQL's own null order (last ascending, first descending): an index on the column, read
  // either way, then gives the order without sorting the rows that match.
  const dir = (o: 'asc' | 'desc') => sql.raw(o === 'asc' ? 'asc' : 'desc');
  return chosen ? sql`${col(chosen.field)} ${dir(chosen.order)}, r.id desc` : sql`r.id desc`;
}

export interface ListInput {
  currentPage: number;
  pageSize: number;
  query?: Record<string, ModelPageQueryValue> | undefined;
  sort?: { field: string; order: 'asc' | 'desc' } | undefined;
  parentId?: string | undefined;
}

/** The conditions of a list or an export: tenant, data rules, the query, a tree's parent. */
async function listWhere(
  ctx: ServiceContext,
  page: ModelPage,
  input: Omit<ListInput, 'currentPage' | 'pageSize'>,
) {
  const parts = [await visibleRows(ctx, page), ...queryFilters(ctx, page, input.query ?? {})];
  if (input.parentId !== undefined && page.model.definition.isTree)
    parts.push(
      input.parentId === '0'
        ? sql<SqlBool>`r.parent_id is null`
        : sql<SqlBool>`r.parent_id = ${input.parentId}`,
    );
  return sql.join(parts, sql` and `);
}

export async function listModelRows(
  ctx: ServiceContext,
  page: ModelPage,
  input: ListInput,
): Promise<ModelRowPage> {
  const { db } = ctx.deps;
  const where = await listWhere(ctx, page, input);
  const table = sql.table(page.table);
  const offset = (input.currentPage - 1) * input.pageSize;
  const countCap = offset + input.pageSize + MODEL_PAGE_COUNT_BEYOND;
  const [rows, count] = await Promise.all([
    sql<Row>`select ${selectList(page)} from ${table} as r where ${where} order by ${orderOf(page, input.sort)} limit ${input.pageSize} offset ${offset}`.execute(
      db,
    ),
    // Counted up to a cap past the page: at a million rows an exact count costs more than the page.
    sql<{
      total: string;
    }>`select count(*)::text as total from (select 1 from ${table} as r where ${where} limit ${countCap}) as c`.execute(
      db,
    ),
  ]);
  const total = Number(count.rows[0]?.total ?? 0);
  return {
    list: await toRows(ctx, page, rows.rows),
    pagination: { currentPage: input.currentPage, pageSize: input.pageSize, total },
    ...(total >= countCap ? { totalCapped: true } : {}),
  };
}

/** Every row an export takes (at most `cap`), in the list's order. */
export async function exportModelRows(
  ctx: ServiceContext,
  page: ModelPage,
  input: Omit<ListInput, 'currentPage' | 'pageSize'>,
  cap: number,
): Promise<ModelRow[]> {
  const where = await listWhere(ctx, page, input);
  const rows =
    await sql<Row>`select ${selectList(page)} from ${sql.table(page.table)} as r where ${where} order by ${orderOf(page, input.sort)} limit ${cap}`.execute(
      ctx.deps.db,
    );
  return toRows(ctx, page, rows.rows);
}

/** The names behind the ids of the rows: users, departments, suppliers and referenced rows. */
async function labelsOf(
  ctx: ServiceContext,
  db: Db,
  page: ModelPage,
  rows: Row[],
): Promise<Map<string, Map<string, string>>> {
  const tenantId = ctx.auth.tenantId;
  const byKind = new Map<string, Set<string>>();
  const add = (key: string, v: unknown) => {
    if (typeof v !== 'string' || !ID.test(v)) return;
    const set = byKind.get(key) ?? new Set<string>();
    byKind.set(key, set);
    set.add(v);
  };
  for (const f of page.model.definition.fields) {
    if (page.hidden.has(f.code)) continue;
    const key = f.kind === 'reference' ? `reference:${f.model}` : f.kind;
    if (['user', 'department', 'supplier', 'reference'].includes(f.kind))
      for (const r of rows) add(key, r[f.code]);
  }
  const out = new Map<string, Map<string, string>>();
  for (const [key, set] of byKind) {
    const ids = [...set];
    let found: { id: string; label: string }[] = [];
    if (key === 'user')
      found = await db
        .selectFrom('sys_user')
        .select([sql<string>`id::text`.as('id'), 'real_name as label'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
    else if (key === 'department')
      found = await db
        .selectFrom('sys_dept')
        .select([sql<string>`id::text`.as('id'), 'dept_name as label'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
    else if (key === 'supplier')
      found = await db
        .selectFrom('vendor_supplier')
        .select([sql<string>`id::text`.as('id'), 'supplier_name as label'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
    else found = await referenceLabels(ctx, db, page, key.slice('reference:'.length), ids);
    out.set(key, new Map(found.map((r) => [r.id, r.label])));
  }
  return out;
}

/**
 * The rows a reference field of the page may name (the field on the reader's form, or a list
 * column he sees), by label: those of `ids`, or the first matching `keyword`.
 */
export async function referenceOptions(
  ctx: ServiceContext,
  page: ModelPage,
  code: string,
  input: { keyword?: string | undefined; ids?: string | undefined },
): Promise<{ id: string; label: string }[]> {
  const field = page.fields.get(code);
  const onPage =
    readerForm(page).fields.some((f) => f.name === code) ||
    page.content.list.columns.some((c) => c.field === code && !page.hidden.has(code));
  if (field?.kind !== 'reference' || !onPage) throw notFound();
  const db = ctx.deps.db;
  const definition = (await modelsByCode(db, ctx.auth.tenantId, [field.model])).get(field.model);
  if (!definition) throw notFound();
  const label = labelFieldOf(page, field.model, definition);
  const expr = label ? sql`coalesce(${sql.ref(`r.${label.code}`)}::text, r.id::text)` : sql`r.id::text`;
  const parts = [sql<SqlBool>`r.tenant_id = ${ctx.auth.tenantId}`];
  if (input.ids) parts.push(sql<SqlBool>`r.id in (${sql.join(input.ids.split(','))})`);
  else if (input.keyword) parts.push(sql<SqlBool>`${expr} ilike ${likePattern(input.keyword)}`);
  const res = await sql<{
    id: string;
    label: string;
  }>`select r.id::text as id, ${expr} as label from ${sql.table(modelTableName(ctx.auth.tenantId, field.model))} as r where ${sql.join(parts, sql` and `)} order by r.id desc limit ${MODEL_PAGE_OPTIONS_MAX}`.execute(
    db,
  );
  return res.rows;
}

/** The field a referenced model's rows are shown by: the design's label field, else its first text field. */
function labelFieldOf(page: ModelPage, modelCode: string, definition: DataModelDefinition) {
  const designed = page.content.form.fields.find(
    (f) => f.type === 'reference' && f.reference?.model === modelCode,
  )?.reference?.labelField;
  return (
    definition.fields.find((f) => f.code === designed && hasColumn(f)) ??
    definition.fields.find((f) => f.kind === 'text')
  );
}

/** A referenced model's rows by id, each shown by the design's label field, else the model's first text field. */
async function referenceLabels(
  ctx: ServiceContext,
  db: Db,
  page: ModelPage,
  modelCode: string,
  ids: string[],
) {
  const definition = (await modelsByCode(db as Kysely<Database>, ctx.auth.tenantId, [modelCode])).get(
    modelCode,
  );
  if (!definition) return [];
  const label = labelFieldOf(page, modelCode, definition);
  const expr = label ? sql`coalesce(${sql.ref(`r.${label.code}`)}::text, r.id::text)` : sql`r.id::text`;
  const res = await sql<{
    id: string;
    label: string;
  }>`select r.id::text as id, ${expr} as label from ${sql.table(modelTableName(ctx.auth.tenantId, modelCode))} as r where r.tenant_id = ${ctx.auth.tenantId} and r.id in (${sql.join(ids)})`.execute(
    db,
  );
  return res.rows;
}

async function creatorNames(ctx: ServiceContext, db: Db, rows: Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.created_by).filter((v): v is string => typeof v === 'string'))];
  if (!ids.length) return new Map();
  const found = await db
    .selectFrom('sys_user')
    .select([sql<string>`id::text`.as('id'), 'real_name'])
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Map(found.map((r) => [r.id, r.real_name]));
}

async function toRows(
  ctx: ServiceContext,
  page: ModelPage,
  rows: Row[],
  db: Db = ctx.deps.db,
): Promise<ModelRow[]> {
  const [labels, creators] = await Promise.all([labelsOf(ctx, db, page, rows), creatorNames(ctx, db, rows)]);
  return rows.map((r) => {
    const data: Row = {};
    const rowLabels: Record<string, string> = {};
    for (const f of page.model.definition.fields) {
      if (!hasColumn(f) || page.hidden.has(f.code)) continue;
      const value = readValue(f, r[f.code]);
      data[f.code] = value;
      const key = f.kind === 'reference' ? `reference:${f.model}` : f.kind;
      const label = typeof value === 'string' ? labels.get(key)?.get(value) : undefined;
      if (label !== undefined) rowLabels[f.code] = label;
    }
    const createdBy = (r.created_by as string | null) ?? null;
    return {
      id: String(r.id),
      data,
      labels: rowLabels,
      parentId: (r.parent_id as string | null) ?? null,
      createdBy,
      createdByName: createdBy ? (creators.get(createdBy) ?? '') : '',
      createdAt: new Date(r.created_at as string).getTime(),
      updatedAt: r.updated_at ? new Date(r.updated_at as string).getTime() : null,
      flowTaskId: (r.flow_task_id as string | null) ?? null,
      flowState: r.flow_state === null || r.flow_state === undefined ? null : Number(r.flow_state),
    };
  });
}

/** One row the reader may see, with its sub-tables' lines (404 otherwise). */
export async function getModelRow(
  ctx: ServiceContext,
  page: ModelPage,
  id: string,
  db: Db = ctx.deps.db,
  /** Inside a transaction: the condition made before it (the data rules read through the pool). */
  given?: RawBuilder<SqlBool>,
): Promise<ModelRow> {
  if (!ID.test(id)) throw notFound();
  const visible = given ?? (await visibleRows(ctx, page));
  const res =
    await sql<Row>`select ${selectList(page)} from ${sql.table(page.table)} as r where ${visible} and r.id = ${id}`.execute(
      db,
    );
  const row = res.rows[0];
  if (!row) throw notFound();
  const [out] = await toRows(ctx, page, [row], db);
  if (!out) throw notFound();
  for (const [code, lines] of page.lines) {
    if (page.hidden.has(code)) continue;
    const fields = lines.definition.fields.filter(hasColumn);
    const parts = [sql`r.id::text as id`, ...fields.map((f) => sql`${readExpr(f)} as ${sql.id(f.code)}`)];
    const rows =
      await sql<Row>`select ${sql.join(parts)} from ${sql.table(lines.table)} as r where r.tenant_id = ${ctx.auth.tenantId} and r.master_id = ${id} order by r.id`.execute(
        db,
      );
    out.data[code] = rows.rows.map((line) => {
      const value: Row = {};
      for (const f of fields) {
        const v = readValue(f, line[f.code]);
        if (v !== null) value[f.code] = v;
      }
      return value;
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Writes

/** The designed form as the server checks it: the one validator, the shared computations. */
function registeredForm(page: ModelPage): RegisteredForm {
  const schema = page.content.form;
  return { schema, compute: (data) => computeForm(schema.fields, data) };
}

/** What the model asks of a value beyond its control: lengths, digits, a real date-time. */
function modelProblem(locale: Locale, field: DataModelField, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const msg = (key: string, params?: Record<string, string | number>) =>
    validationMessage(key, locale, params);
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' && value.length > field.length
        ? msg('validation.tooLong', { max: field.length })
        : null;
    case 'longText':
      return typeof value === 'string' && value.length > 100_000
        ? msg('validation.tooLong', { max: 100_000 })
        : null;
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? null : msg('validation.invalid');
    case 'decimal':
    case 'money': {
      const { precision, scale } = field.kind === 'decimal' ? field : { precision: 18, scale: 2 };
      const n = typeof value === 'number' ? value : Number.NaN;
      if (!Number.isFinite(n)) return msg('validation.invalid');
      const digits = precision - scale;
      return Math.abs(n) >= 10 ** digits ? msg('validation.numberDigits', { digits }) : null;
    }
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : msg('validation.invalid');
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : msg('validation.invalid');
    case 'boolean':
      return typeof value === 'boolean' ? null : msg('validation.invalid');
    case 'select':
      return typeof value === 'string' && value.length <= 100 ? null : msg('validation.invalid');
    case 'multiSelect':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length <= 100)
        ? null
        : msg('validation.invalid');
    case 'user':
    case 'department':
    case 'supplier':
    case 'reference':
      return typeof value === 'string' && ID.test(value) ? null : msg('validation.invalid');
    default:
      return null;
  }
}

/** The referenced rows named by the data must be rows of the tenant's referenced model (400 at the field). */
async function assertReferences(ctx: ServiceContext, db: Db, page: ModelPage, data: Row): Promise<void> {
  for (const f of page.model.definition.fields) {
    if (f.kind !== 'reference') continue;
    const value = data[f.code];
    if (typeof value !== 'string') continue;
    const res = await sql<{
      id: string;
    }>`select id from ${sql.table(modelTableName(ctx.auth.tenantId, f.model))} where tenant_id = ${ctx.auth.tenantId} and id = ${value}`.execute(
      db,
    );
    if (!res.rows.length) throw problem({ [f.code]: validationMessage('validation.rowMissing', ctx.locale) });
  }
}

export interface RowInput {
  data: Row;
  parentId?: string | null | undefined;
}

/** The stored data of a row for the validator: field code → value, lines as rows. */
async function storedData(ctx: ServiceContext, page: ModelPage, db: Db, id: string): Promise<Row> {
  // Read as an administrator would: fields hidden from the reader keep what they hold.
  const all: ModelPage = { ...page, hidden: new Set() };
  const tenant = sql<SqlBool>`${ref('r.tenant_id')} = ${ctx.auth.tenantId}`;
  return (await getModelRow(ctx, all, id, db, tenant)).data;
}

/**
 * The data to store after the one validator (design form, reader's column rights, linkage) and the
 * model's own rules; 400 naming every field that fails.
 */
function checkRow(ctx: ServiceContext, page: ModelPage, input: Row, stored: Row): Row {
  const checked = checkModelRow(ctx, page, input, stored);
  if ('fields' in checked) throw fieldError(checked.fields);
  return checked.data;
}

/** The same checks as a saved row's, answered instead of thrown (an import reports each row). */
export function checkModelRow(
  ctx: ServiceContext,
  page: ModelPage,
  input: Row,
  stored: Row = {},
): { data: Row } | { fields: Record<string, string> } {
  const rights = Object.fromEntries([...page.hidden].map((f) => [f, 'hidden' as const]));
  const { data, fields } = checkForm(registeredForm(page), input, stored, rights, ctx.locale);
  for (const [path, message] of Object.entries(modelLimits(page, data, ctx.locale))) fields[path] ??= message;
  return Object.keys(fields).length ? { fields } : { data };
}

/** The model's own limits over checked data (lengths, digits, lines): messages by form path. */
export function modelLimits(page: ModelPage, data: Row, locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const f of page.model.definition.fields) {
    if (!(f.code in data) || fields[f.code]) continue;
    if (f.kind === 'lines') {
      const lines = page.lines.get(f.code);
      const rows = Array.isArray(data[f.code]) ? (data[f.code] as Row[]) : [];
      if (rows.length > MODEL_PAGE_LINES_MAX) {
        fields[f.code] = validationMessage('validation.invalid', locale);
        continue;
      }
      rows.forEach((line, i) => {
        for (const lf of lines?.definition.fields ?? []) {
          const p = modelProblem(locale, lf, line[lf.code]);
          if (p) fields[`${f.code}.${i}.${lf.code}`] ??= p;
        }
      });
      continue;
    }
    const p = modelProblem(locale, f, data[f.code]);
    if (p) fields[f.code] = p;
  }
  return fields;
}

/**
 * Rows of an import whose unique field repeats a stored value or one of an earlier row of the file:
 * sheet row → field → message. (A unique index over several fields is left to the insert.)
 */
export async function uniqueProblems(
  ctx: ServiceContext,
  page: ModelPage,
  rows: { row: number; data: Row }[],
): Promise<Map<number, Record<string, string>>> {
  const out = new Map<number, Record<string, string>>();
  const taken = validationMessage('validation.valueTaken', ctx.locale);
  for (const f of page.model.definition.fields) {
    if (!f.unique || !hasColumn(f)) continue;
    const seen = new Set<string>();
    const values = [
      ...new Set(rows.map((r) => r.data[f.code]).filter((v) => v !== undefined && v !== null && v !== '')),
    ].map(String);
    const stored = new Set<string>();
    for (let i = 0; i < values.length; i += 1000) {
      const chunk = values.slice(i, i + 1000);
      const res = await sql<{
        v: string;
      }>`select ${col(f.code)}::text as v from ${sql.table(page.table)} as r where r.tenant_id = ${ctx.auth.tenantId} and ${col(f.code)}::text in (${sql.join(chunk)})`.execute(
        ctx.deps.db,
      );
      for (const r of res.rows) stored.add(r.v);
    }
    for (const r of rows) {
      const v = r.data[f.code];
      if (v === undefined || v === null || v === '') continue;
      const key = String(v);
      if (stored.has(key) || seen.has(key)) out.set(r.row, { ...(out.get(r.row) ?? {}), [f.code]: taken });
      seen.add(key);
    }
  }
  return out;
}

/** Inserts checked rows (an import's) in batches within `tx`: the reader's form fields, no lines. */
export async function insertCheckedRows(
  ctx: ServiceContext,
  tx: Db,
  page: ModelPage,
  rows: Row[],
): Promise<void> {
  const onForm = formFieldNames(readerForm(page).fields);
  const fields = page.model.definition.fields.filter((f) => hasColumn(f) && onForm.has(f.code));
  // PostgreSQL binds at most 65,535 parameters a statement.
  const size = Math.max(1, Math.floor(30_000 / (fields.length + 2)));
  const names = [sql.id('tenant_id'), sql.id('created_by'), ...fields.map((f) => sql.id(f.code))];
  try {
    for (let i = 0; i < rows.length; i += size) {
      const tuples = rows.slice(i, i + size).map(
        (data) =>
          sql`(${sql.join([
            sql`${ctx.auth.tenantId}`,
            sql`${ctx.auth.userId}`,
            // A field left empty takes the column's default, as a row added on the page does.
            ...fields.map((f) =>
              data[f.code] === undefined ? sql`default` : sql`${writeValue(f, data[f.code])}`,
            ),
          ])})`,
      );
      await sql`insert into ${sql.table(page.table)} (${sql.join(names)}) values ${sql.join(tuples)}`.execute(
        tx,
      );
    }
  } catch (error) {
    throw duplicateAt(ctx, page, error) ?? error;
  }
}

/** The unique indexes of a model table, by name → the field a duplicate is reported at. */
function uniqueNames(tenantId: string, model: DataModelDefinition): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of model.fields)
    if (f.unique && hasColumn(f)) out.set(indexName(tenantId, model.code, `u:${f.code}`), f.code);
  for (const index of model.indexes ?? [])
    if (index.unique && index.fields[0])
      out.set(indexName(tenantId, model.code, `u:${index.fields.join(',')}`), index.fields[0]);
  return out;
}

/** A duplicate of a unique field answers 400 at it, as a check before the write would (and a missing required one). */
function duplicateAt(
  ctx: { auth: { tenantId: string }; locale: Locale },
  page: ModelPage,
  error: unknown,
): AppError | null {
  const pg = error as { code?: unknown; constraint?: unknown; column?: unknown } | null;
  // A required field the reader may not see (its column not granted) has nothing to take on an add:
  // a 400 at it, not the database's refusal.
  if (pg?.code === '23502' && typeof pg.column === 'string' && page.fields.has(pg.column))
    return problem({ [pg.column]: validationMessage('validation.required', ctx.locale) });
  if (pg?.code !== '23505' || typeof pg.constraint !== 'string') return null;
  const field = uniqueNames(ctx.auth.tenantId, page.model.definition).get(pg.constraint);
  return field ? problem({ [field]: validationMessage('validation.valueTaken', ctx.locale) }) : null;
}

/** A tree row's parent: a row of the table the reader may see, never the row itself or below it. */
async function checkedParent(
  ctx: ServiceContext,
  page: ModelPage,
  db: Db,
  visible: RawBuilder<SqlBool>,
  parentId: string | null | undefined,
  selfId?: string,
) {
  if (parentId === undefined) return undefined;
  if (parentId === null || parentId === '0') return page.model.definition.isTree ? null : undefined;
  // A page of rows without parents has no row to name as one.
  if (!page.model.definition.isTree) throw notFound();
  const found = await sql<{
    id: string;
  }>`select r.id from ${sql.table(page.table)} as r where ${visible} and r.id = ${parentId}`.execute(db);
  if (!found.rows.length) throw notFound();
  if (selfId) {
    const below = await sql<{ id: string }>`with recursive t(id) as (
        select id from ${sql.table(page.table)} where tenant_id = ${ctx.auth.tenantId} and id = ${selfId}
        union select c.id from ${sql.table(page.table)} c join t on c.parent_id = t.id where c.tenant_id = ${ctx.auth.tenantId})
      select id::text as id from t where id = ${parentId}`.execute(db);
    if (below.rows.length)
      throw problem({ parentId: validationMessage('validation.parentCycle', ctx.locale) });
  }
  return parentId;
}

/** Columns of the main row from the checked data (fields on the form only: others keep their default or value). */
function rowColumns(page: ModelPage, data: Row, onForm: Set<string>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const f of page.model.definition.fields)
    if (hasColumn(f) && onForm.has(f.code)) out.set(f.code, writeValue(f, data[f.code]));
  return out;
}

async function writeLines(
  ctx: { auth: { tenantId: string; userId: string } },
  tx: Db,
  page: ModelPage,
  masterId: string,
  data: Row,
  onForm: Set<string>,
) {
  for (const [code, lines] of page.lines) {
    if (!onForm.has(code) || page.hidden.has(code)) continue;
    await sql`delete from ${sql.table(lines.table)} where tenant_id = ${ctx.auth.tenantId} and master_id = ${masterId}`.execute(
      tx,
    );
    const rows = Array.isArray(data[code]) ? (data[code] as Row[]) : [];
    const fields = lines.definition.fields.filter(hasColumn);
    for (const line of rows) {
      const cols = fields.filter(
        (f) => line[f.code] !== undefined && line[f.code] !== null && line[f.code] !== '',
      );
      const names = [
        sql.id('tenant_id'),
        sql.id('master_id'),
        sql.id('created_by'),
        ...cols.map((f) => sql.id(f.code)),
      ];
      const values = [
        sql`${ctx.auth.tenantId}`,
        sql`${masterId}`,
        sql`${ctx.auth.userId}`,
        ...cols.map((f) => sql`${writeValue(f, line[f.code])}`),
      ];
      await sql`insert into ${sql.table(lines.table)} (${sql.join(names)}) values (${sql.join(values)})`.execute(
        tx,
      );
    }
  }
}

/** Inserts the main row: the product's columns, then the fields' (an empty one takes its default); its id. */
async function insertRow(
  tx: Db,
  page: ModelPage,
  own: Map<string, unknown>,
  cols: Map<string, unknown>,
): Promise<string> {
  const names: ReturnType<typeof sql.id>[] = [];
  const values: RawBuilder<unknown>[] = [];
  for (const [code, value] of [...own, ...cols]) {
    if (value === null) continue;
    names.push(sql.id(code));
    values.push(sql`${value}`);
  }
  const res = await sql<{
    id: string;
  }>`insert into ${sql.table(page.table)} (${sql.join(names)}) values (${sql.join(values)}) returning id::text as id`.execute(
    tx,
  );
  return res.rows[0]?.id as string;
}

function formFieldNames(fields: readonly FormField[]): Set<string> {
  return new Set(fields.map((f) => f.name));
}

async function guardIds(ctx: ServiceContext, db: Db, page: ModelPage, data: Row) {
  await assertTenantIds(ctx, db as Kysely<Database>, formIds(page.content.form, data));
  await assertReferences(ctx, db, page, data);
}

export async function createModelRow(
  ctx: ServiceContext,
  page: ModelPage,
  input: RowInput,
): Promise<ModelRow> {
  const data = checkRow(ctx, page, input.data, {});
  const onForm = formFieldNames(readerForm(page).fields);
  const visible = await visibleRows(ctx, page);
  try {
    const id = await transaction(ctx.deps.db, async (tx) => {
      await guardIds(ctx, tx, page, data);
      const parent = await checkedParent(ctx, page, tx, visible, input.parentId);
      const cols = rowColumns(page, data, onForm);
      const own = new Map<string, unknown>([
        ['tenant_id', ctx.auth.tenantId],
        ['created_by', ctx.auth.userId],
      ]);
      if (parent) own.set('parent_id', parent);
      const newId = await insertRow(tx, page, own, cols);
      await writeLines(ctx, tx, page, newId, data, onForm);
      return newId;
    });
    return getModelRow(ctx, page, id);
  } catch (error) {
    throw duplicateAt(ctx, page, error) ?? error;
  }
}

export async function updateModelRow(
  ctx: ServiceContext,
  page: ModelPage,
  id: string,
  input: RowInput,
): Promise<ModelRow> {
  if (!ID.test(id)) throw notFound();
  const visible = await visibleRows(ctx, page);
  try {
    await transaction(ctx.deps.db, async (tx) => {
      await lockFreeRow(tx, page, visible, id);
      const stored = await storedData(ctx, page, tx, id);
      const data = checkRow(ctx, page, input.data, stored);
      await guardIds(ctx, tx, page, data);
      const parent = await checkedParent(ctx, page, tx, visible, input.parentId, id);
      const onForm = formFieldNames(page.content.form.fields);
      const sets = [sql`${sql.id('updated_by')} = ${ctx.auth.userId}`, sql`${sql.id('updated_at')} = now()`];
      if (parent !== undefined) sets.push(sql`${sql.id('parent_id')} = ${parent}`);
      for (const [code, value] of rowColumns(page, data, onForm)) sets.push(sql`${sql.id(code)} = ${value}`);
      await sql`update ${sql.table(page.table)} set ${sql.join(sets)} where tenant_id = ${ctx.auth.tenantId} and id = ${id}`.execute(
        tx,
      );
      await writeLines(ctx, tx, page, id, data, onForm);
    });
  } catch (error) {
    throw duplicateAt(ctx, page, error) ?? error;
  }
  return getModelRow(ctx, page, id);
}

/** A row its flow holds (in approval, or approved) is not the page's to change: 409. */
function assertNotInFlow(rows: { flow_state: number | null }[]): void {
  if (rows.some((r) => modelRowLocked(r.flow_state))) throw new AppError(409, 'modelPage.rowInFlow');
}

/** Locks a row the reader may see (404 otherwise) that no flow holds (409). */
async function lockFreeRow(tx: Db, page: ModelPage, visible: RawBuilder<SqlBool>, id: string): Promise<void> {
  const locked = await sql<{
    flow_state: number | null;
  }>`select r.flow_state from ${sql.table(page.table)} as r where ${visible} and r.id = ${id} for update`.execute(
    tx,
  );
  if (!locked.rows.length) throw notFound();
  assertNotInFlow(locked.rows);
}

/** Deletes rows the reader may see, with their lines; all or none (404 when one is not his to see, 409 for a tree row with children). */
export async function deleteModelRows(ctx: ServiceContext, page: ModelPage, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length || unique.some((id) => !ID.test(id))) throw notFound();
  const visible = await visibleRows(ctx, page);
  await transaction(ctx.deps.db, async (tx) => {
    const found = await sql<{
      id: string;
      flow_state: number | null;
    }>`select r.id::text as id, r.flow_state from ${sql.table(page.table)} as r where ${visible} and r.id in (${sql.join(unique)}) for update`.execute(
      tx,
    );
    if (found.rows.length !== unique.length) throw notFound();
    assertNotInFlow(found.rows);
    if (page.model.definition.isTree) {
      const children = await sql<{
        id: string;
      }>`select id from ${sql.table(page.table)} where tenant_id = ${ctx.auth.tenantId} and parent_id in (${sql.join(unique)}) and not (id in (${sql.join(unique)})) limit 1`.execute(
        tx,
      );
      if (children.rows.length) throw new AppError(409, 'modelPage.hasChildren');
    }
    for (const lines of page.lines.values())
      await sql`delete from ${sql.table(lines.table)} where tenant_id = ${ctx.auth.tenantId} and master_id in (${sql.join(unique)})`.execute(
        tx,
      );
    await sql`delete from ${sql.table(page.table)} where tenant_id = ${ctx.auth.tenantId} and id in (${sql.join(unique)})`.execute(
      tx,
    );
  });
}

/**
 * Submits a row of the page to the released flow bound to its design (form `Design<id>`), with the
 * row's stored data: the task is tied to the row before it is submitted, so the form's submit hook
 * updates this row (state 1) instead of adding one. The row is locked first: a second launch at
 * once waits, then finds it in approval (409), as does one of a row approved. A row rejected,
 * withdrawn or terminated may be launched again (a new task). No released flow: 409.
 */
export async function launchModelRow(
  ctx: ServiceContext,
  page: ModelPage,
  id: string,
): Promise<ModelRowLaunch> {
  if (!ID.test(id)) throw notFound();
  // The data rules read through the pool: before the transaction (one connection on the embedded database).
  const visible = await visibleRows(ctx, page);
  await ctx.deps.jobs.start();
  const saved = await transaction(ctx.deps.db, async (tx) => {
    await lockFreeRow(tx, page, visible, id);
    const data = await storedData(ctx, page, tx, id);
    return launchFormTask(ctx.deps, tx, {
      tenantId: ctx.auth.tenantId,
      formName: designFormName(page.designId),
      launcherId: ctx.auth.userId,
      formData: data,
      locale: ctx.locale,
      beforeSubmit: async (inTx, taskId) => {
        await sql`update ${sql.table(page.table)} set flow_task_id = ${taskId} where tenant_id = ${ctx.auth.tenantId} and id = ${id}`.execute(
          inTx,
        );
      },
    });
  });
  return {
    taskId: saved.id,
    billNo: saved.billNo,
    status: saved.status,
    row: await getModelRow(ctx, page, id),
  };
}

/** A flow's hold on its model row: the task and its status (contracts' FLOW_STATUS codes). */
export interface FlowRow {
  tenantId: string;
  /** Who made the row (the task's launcher). */
  userId: string;
  taskId: string;
  state: number;
  data: Row;
  /** The language of a refusal (a duplicate of a unique field: 400 at it). */
  locale: Locale;
}

/**
 * Writes the model row of a task of a designed form (inside the task's transaction): the form's
 * fields, the lines, `flow_task_id` and `flow_state`. The first write adds the row; later ones (the
 * end, a resubmit) change it.
 */
export async function writeFlowRow(tx: Db, page: ModelPage, row: FlowRow): Promise<void> {
  try {
    await writeFlowRowIn(tx, page, row);
  } catch (error) {
    throw duplicateAt({ auth: { tenantId: row.tenantId }, locale: row.locale }, page, error) ?? error;
  }
}

async function writeFlowRowIn(tx: Db, page: ModelPage, row: FlowRow): Promise<void> {
  const onForm = formFieldNames(page.content.form.fields);
  const cols = rowColumns(page, row.data, onForm);
  const auth = { auth: { tenantId: row.tenantId, userId: row.userId } };
  const found = await sql<{
    id: string;
  }>`select id::text as id from ${sql.table(page.table)} where tenant_id = ${row.tenantId} and flow_task_id = ${row.taskId} for update`.execute(
    tx,
  );
  let id = found.rows[0]?.id;
  if (id) {
    const sets = [sql`${sql.id('flow_state')} = ${row.state}`, sql`${sql.id('updated_at')} = now()`];
    for (const [code, value] of cols) sets.push(sql`${sql.id(code)} = ${value}`);
    await sql`update ${sql.table(page.table)} set ${sql.join(sets)} where tenant_id = ${row.tenantId} and id = ${id}`.execute(
      tx,
    );
  } else {
    const own = new Map<string, unknown>([
      ['tenant_id', row.tenantId],
      ['created_by', row.userId],
      ['flow_task_id', row.taskId],
      ['flow_state', row.state],
    ]);
    id = await insertRow(tx, page, own, cols);
  }
  await writeLines(auth, tx, page, id, row.data, onForm);
}
