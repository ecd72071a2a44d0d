/**
 * The tables a dataset reads, and what each one is when a dataset runs: a CTE of the same name
 * over the real table, holding only the caller's tenant's rows that his data rules let him see, and
 * only the columns listed here. A dataset's SQL names these and nothing else (dataset-guard.ts), so
 * it never meets another tenant's row, a password hash or the catalog.
 *
 * - Every data model of the tenant, by its code, with the data rules of every model page (menu type
 *   3) over it: a row is in when one page's rules show it to the caller (a page without rules shows
 *   every row); a model without pages has only the tenant's boundary.
 * - Four tables of the product, prefixed `srm_`: suppliers, departments, users (the user list's data
 *   rules) and flow tasks (all of them for the flow monitor's holders, else the caller's own).
 * - A supplier's user sees only his own enterprise: its supplier row, its users, the flow tasks he
 *   launched and the model rows its users made; no departments (the tenant's data rules aside).
 */
import {
  type DataModelDefinition,
  type DataModelField,
  type DatasetTable,
  type DatasetTableColumn,
  LOCALES,
  type Locale,
  MenuType,
} from '@srm/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { dataScopeFilter, type ScopeColumns, USER_SCOPE } from '../permission/data-scope';
import { modelsByCode } from './data-model-service';
import { modelTableName } from './model-ddl';
import { ruleFieldType } from './model-page';
import { madeByEnterprise, supplierEnt } from './supplier-rows';

type ColumnType = DatasetTableColumn['type'];

/** A table as a dataset sees it, and how to make its CTE for a caller. */
export interface CatalogTable extends DatasetTable {
  /** `select <columns> from <table> where <tenant and rules>` for the caller. */
  body(ctx: ServiceContext): Promise<RawBuilder<unknown>>;
  /** The real table its rows come from (what a write names: core/written-tables.ts). */
  table(tenantId: string): string;
}

const namesOfKey = (key: string) =>
  Object.fromEntries(
    LOCALES.map((locale: Locale) => [locale, t(locale, key as never)]),
  ) as unknown as DatasetTable['names'];

/** The tenant condition on `alias`, with the rules' condition when there is one. */
const tenantAnd = (ctx: ServiceContext, alias: string, scope: RawBuilder<SqlBool> | null) => {
  const tenant = sql<SqlBool>`${sql.ref(`${alias}.tenant_id`)} = ${ctx.auth.tenantId}`;
  return scope ? sql<SqlBool>`${tenant} and ${scope}` : tenant;
};

interface ProductColumn {
  name: string;
  type: ColumnType;
  /** The expression over the table's alias; the column itself when absent. */
  expr?: string;
  references?: string;
}

interface ProductTable {
  name: string;
  table: string;
  alias: string;
  columns: ProductColumn[];
  scope(ctx: ServiceContext): Promise<RawBuilder<SqlBool> | null>;
  /** What a supplier's user sees of it (his own enterprise's rows); none when absent. */
  supplierScope?(ctx: ServiceContext, entId: string): RawBuilder<SqlBool>;
}

const noRules = async () => null;

const PRODUCT_TABLES: ProductTable[] = [
  {
    name: 'srm_supplier',
    table: 'vendor_supplier',
    alias: 's',
    columns: [
      { name: 'id', type: 'id' },
      { name: 'supplier_code', type: 'text' },
      { name: 'supplier_name', type: 'text' },
      { name: 'state', type: 'text' },
      { name: 'area_code', type: 'text' },
      { name: 'company_type', type: 'text' },
      { name: 'registered_capital', type: 'number' },
      { name: 'blacklisted', type: 'boolean' },
      { name: 'created_at', type: 'datetime' },
    ],
    scope: noRules,
    supplierScope: (_ctx, entId) => sql<SqlBool>`s.ent_id = ${entId}`,
  },
  {
    name: 'srm_department',
    table: 'sys_dept',
    alias: 'd',
    columns: [
      { name: 'id', type: 'id' },
      { name: 'parent_id', type: 'id', references: 'srm_department' },
      { name: 'dept_name', type: 'text' },
      { name: 'dept_type', type: 'text' },
      { name: 'en_code', type: 'text' },
      { name: 'enabled', type: 'boolean' },
    ],
    scope: noRules,
  },
  {
    name: 'srm_user',
    table: 'sys_user',
    alias: 'u',
    columns: [
      { name: 'id', type: 'id' },
      { name: 'account', type: 'text' },
      { name: 'real_name', type: 'text' },
      { name: 'dept_id', type: 'id', references: 'srm_department' },
      { name: 'enabled', type: 'boolean' },
      { name: 'created_at', type: 'datetime' },
    ],
    // The user list's data rules (USER_SCOPE reads `u.`).
    scope: (ctx) => dataScopeFilter(ctx, 'permission.user', USER_SCOPE),
    supplierScope: (_ctx, entId) => sql<SqlBool>`u.ent_id = ${entId}`,
  },
  {
    name: 'srm_flow_task',
    table: 'flow_task',
    alias: 'f',
    columns: [
      { name: 'id', type: 'id' },
      { name: 'bill_no', type: 'text' },
      { name: 'form_name', type: 'text' },
      { name: 'title', type: 'text' },
      { name: 'status', type: 'number' },
      { name: 'launcher_id', type: 'id', references: 'srm_user' },
      { name: 'created_at', type: 'datetime' },
      { name: 'submitted_at', type: 'datetime' },
      { name: 'finished_at', type: 'datetime' },
      { name: 'form_data', type: 'json' },
    ],
    scope: async (ctx) => {
      const perms = await ctx.permissions();
      if (perms.isAdmin || perms.codes.has('workFlow.flowMonitor')) return null;
      return sql<SqlBool>`f.launcher_id = ${ctx.auth.userId}`;
    },
    supplierScope: (ctx) => sql<SqlBool>`f.launcher_id = ${ctx.auth.userId}`,
  },
];

function productTable(table: ProductTable): CatalogTable {
  return {
    name: table.name,
    names: namesOfKey(`datasetTable.${table.name}`),
    source: 'product',
    table: () => table.table,
    columns: table.columns.map((c) => ({
      name: c.name,
      names: namesOfKey(`datasetColumn.${table.name}.${c.name}`),
      type: c.type,
      ...(c.references ? { references: c.references } : {}),
    })),
    async body(ctx) {
      const columns = table.columns.map(
        (c) => sql`${sql.ref(`${table.alias}.${c.name}`)} as ${sql.id(c.name)}`,
      );
      const ent = supplierEnt(ctx);
      const scope =
        ent === null ? await table.scope(ctx) : (table.supplierScope?.(ctx, ent) ?? sql<SqlBool>`false`);
      const where = tenantAnd(ctx, table.alias, scope);
      return sql`select ${sql.join(columns)} from ${sql.table(table.table)} as ${sql.id(table.alias)} where ${where}`;
    },
  };
}

function fieldType(field: DataModelField): { type: ColumnType; references?: string } | null {
  switch (field.kind) {
    case 'lines':
      return null;
    case 'integer':
    case 'decimal':
    case 'money':
      return { type: 'number' };
    case 'date':
      return { type: 'date' };
    case 'datetime':
      return { type: 'datetime' };
    case 'boolean':
      return { type: 'boolean' };
    case 'multiSelect':
    case 'file':
      return { type: 'json' };
    case 'user':
      return { type: 'id', references: 'srm_user' };
    case 'department':
      return { type: 'id', references: 'srm_department' };
    case 'supplier':
      return { type: 'id', references: 'srm_supplier' };
    case 'reference':
      return { type: 'id', references: field.model };
    default:
      return { type: 'text' };
  }
}

function modelColumns(definition: DataModelDefinition): DatasetTableColumn[] {
  const system = (name: string, type: ColumnType, references?: string): DatasetTableColumn => ({
    name,
    names: namesOfKey(`datasetColumn.model.${name}`),
    type,
    ...(references ? { references } : {}),
  });
  const columns: DatasetTableColumn[] = [system('id', 'id')];
  if (definition.isTree) columns.push(system('parent_id', 'id'));
  if (definition.isLines) columns.push(system('master_id', 'id'));
  for (const field of definition.fields) {
    const type = fieldType(field);
    if (!type) continue;
    columns.push({
      name: field.code,
      names: { 'zh-CN': field.names['zh-CN'], 'en-US': field.names['en-US'], 'zh-TW': field.names['zh-TW'] },
      type: type.type,
      ...(type.references ? { references: type.references } : {}),
    });
  }
  columns.push(
    system('created_by', 'id', 'srm_user'),
    system('created_at', 'datetime'),
    system('updated_at', 'datetime'),
    system('flow_state', 'number'),
  );
  return columns;
}

/** The menu codes of the tenant's model pages (type 3) over each model, by model code. */
async function modelPageCodes(ctx: ServiceContext): Promise<Map<string, string[]>> {
  const rows = await ctx.deps.db
    .selectFrom('sys_menu as s')
    .innerJoin('dm_design as d', (j) =>
      j
        .on('d.tenant_id', '=', ctx.auth.tenantId)
        .on(
          sql`d.id::text`,
          '=',
          sql`case when s.property_json like '{%' then s.property_json::jsonb ->> 'moduleId' end`,
        ),
    )
    .innerJoin('dm_model as m', 'm.id', 'd.model_id')
    .select(['m.code', 's.menu_perms'])
    .where('s.tenant_id', '=', ctx.auth.tenantId)
    .where('s.menu_type', '=', MenuType.dynamicModel)
    .where('s.enabled', '=', true)
    .execute();
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.code, [...(out.get(row.code) ?? []), row.menu_perms]);
  return out;
}

function modelTable(code: string, definition: DataModelDefinition, pages: string[]): CatalogTable {
  const columns = modelColumns(definition);
  // The rule fields a model page's condition rules may name (as model-rows.ts reads them).
  const ruleFields: ScopeColumns['fields'] = {};
  for (const f of definition.fields) {
    const type = ruleFieldType(f);
    if (type) ruleFields[f.code] = { column: `r.${f.code}`, type };
  }
  return {
    name: code,
    names: {
      'zh-CN': definition.names['zh-CN'],
      'en-US': definition.names['en-US'],
      'zh-TW': definition.names['zh-TW'],
    },
    source: 'model',
    columns,
    table: (tenantId) => modelTableName(tenantId, code),
    async body(ctx) {
      const tenantId = ctx.auth.tenantId;
      let scope: RawBuilder<SqlBool> | null = null;
      const ent = supplierEnt(ctx);
      if (ent !== null) {
        // A supplier's user: the rows his own enterprise's users made, and no others.
        scope = madeByEnterprise(ctx, ent, 'r.created_by');
      } else if (pages.length) {
        const parts: RawBuilder<SqlBool>[] = [];
        for (const page of pages) {
          // Model rows carry no department: the rules read that of the user who made the row.
          const part = await dataScopeFilter(ctx, page, {
            owner: 'r.created_by',
            dept: { ownerIn: 'r.created_by', tenantId },
            fields: ruleFields,
          });
          if (!part) {
            parts.length = 0;
            break;
          }
          parts.push(part);
        }
        scope = parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : null;
      }
      const list = columns.map((c) => sql`${sql.ref(`r.${c.name}`)} as ${sql.id(c.name)}`);
      return sql`select ${sql.join(list)} from ${sql.table(modelTableName(tenantId, code))} as r where ${tenantAnd(ctx, 'r', scope)}`;
    },
  };
}

/** The product's tables the catalog reads (what a write must name for a live widget to read again). */
export const PRODUCT_SOURCE_TABLES: ReadonlySet<string> = new Set(PRODUCT_TABLES.map((t) => t.table));

/** The tables the caller's datasets read: the product's four, then the tenant's models by code. */
export async function datasetCatalog(ctx: ServiceContext): Promise<Map<string, CatalogTable>> {
  const catalog = new Map<string, CatalogTable>();
  for (const table of PRODUCT_TABLES) catalog.set(table.name, productTable(table));
  const [models, pages] = await Promise.all([
    modelsByCode(ctx.deps.db, ctx.auth.tenantId),
    modelPageCodes(ctx),
  ]);
  for (const [code, definition] of models) {
    // A model named like a product table stays behind it: the product's name is the documented one.
    if (!catalog.has(code)) catalog.set(code, modelTable(code, definition, pages.get(code) ?? []));
  }
  return catalog;
}
