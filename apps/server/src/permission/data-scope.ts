import type { DATA_RULE_PAGES, DataRuleConditionOp, DataRuleType } from '@srm/contracts';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ServiceContext } from '../core/service-context';
import { snake } from '../core/sql';
import type { Database } from '../db/types';
import { companyOfDept, loadDepts, orgOf, subtreeIds } from '../org/org-tree';

/** How a field of a page's rows may be compared: the value is parsed by type before it is bound. */
type FieldType = 'text' | 'id' | 'bool';

/**
 * The columns a page's data rules read. Only names listed in `fields` may appear in a `condition`
 * rule: the rule's field is looked up here and never interpolated itself.
 */
export interface ScopeColumns {
  /** Who created the row (rule `own`). */
  owner: string;
  /**
   * The row's department (rules dept, deptAndBelow, company), or, for rows that carry none (a data
   * model's), the department of the user in `ownerIn` who made them.
   */
  dept: string | { ownerIn: string; tenantId: string };
  /** Condition whitelist: rule field (snake_case; camelCase is accepted) → qualified column and type. */
  fields: Record<string, { column: string; type: FieldType }>;
}

type FieldsOf<P extends keyof typeof DATA_RULE_PAGES> = Record<
  (typeof DATA_RULE_PAGES)[P][number],
  { column: string; type: FieldType }
>;

/** The user list (`sys_user as u`); its condition fields are those of DATA_RULE_PAGES. */
export const USER_SCOPE: ScopeColumns & { fields: FieldsOf<'permission.user'> } = {
  owner: 'u.created_by',
  dept: 'u.dept_id',
  fields: {
    account: { column: 'u.account', type: 'text' },
    real_name: { column: 'u.real_name', type: 'text' },
    mobile: { column: 'u.mobile', type: 'text' },
    email: { column: 'u.email', type: 'text' },
    dept_id: { column: 'u.dept_id', type: 'id' },
    created_by: { column: 'u.created_by', type: 'id' },
    enabled: { column: 'u.enabled', type: 'bool' },
  },
};

interface PageRule {
  id: string;
  ruleType: DataRuleType;
  field: string;
  conditionOp: string;
  conditionValue: string;
}

/** The data rules of the page (enabled menu with that enCode), cached under the cache version. */
function pageRules(ctx: ServiceContext, pageCode: string): Promise<PageRule[]> {
  const auth = ctx.auth;
  const { db, cache } = ctx.deps;
  return cache.get(`dataRules:${auth.tenantId}:${pageCode}`, auth.cacheVersion, () =>
    loadPageRules(db, auth.tenantId, pageCode),
  );
}

async function loadPageRules(db: Kysely<Database>, tenantId: string, pageCode: string): Promise<PageRule[]> {
  const rows = await db
    .selectFrom('sys_menu_data_rule as r')
    .innerJoin('sys_menu as m', 'm.id', 'r.menu_id')
    .select(['r.id', 'r.rule_type', 'r.field', 'r.condition_op', 'r.condition_value'])
    .where('r.tenant_id', '=', tenantId)
    .where('m.tenant_id', '=', tenantId)
    .where('m.menu_perms', '=', pageCode)
    .where('m.enabled', '=', true)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    ruleType: r.rule_type as DataRuleType,
    field: r.field,
    conditionOp: r.condition_op,
    conditionValue: r.condition_value,
  }));
}

const NOTHING = sql<SqlBool>`false`;

function inIds(column: ScopeColumns['dept'], ids: Iterable<string>): RawBuilder<SqlBool> {
  const list = [...ids];
  if (!list.length) return NOTHING;
  if (typeof column !== 'string')
    return sql<SqlBool>`${sql.ref(column.ownerIn)} in (select u.id from sys_user u where u.tenant_id = ${column.tenantId} and u.dept_id in (${sql.join(list)}))`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(list)})`;
}

/** `field op value` on a whitelisted column; an unknown field or unusable value matches nothing. */
function conditionFilter(rule: PageRule, columns: ScopeColumns): RawBuilder<SqlBool> {
  const field = columns.fields[rule.field] ?? columns.fields[snake(rule.field)];
  if (!field) return NOTHING;
  const op = rule.conditionOp as DataRuleConditionOp;
  const ref = sql.ref(field.column);
  const raw = op === 'in' ? rule.conditionValue.split(',') : [rule.conditionValue];
  const values: (string | boolean)[] = [];
  for (const item of raw.map((v) => v.trim())) {
    if (field.type === 'id' && /^\d{1,19}$/.test(item)) values.push(item);
    else if (field.type === 'bool' && (item === 'true' || item === 'false')) values.push(item === 'true');
    else if (field.type === 'text') values.push(item);
  }
  if (!values.length) return NOTHING;
  switch (op) {
    case 'eq':
      return sql<SqlBool>`${ref} = ${values[0]}`;
    case 'ne':
      return sql<SqlBool>`${ref} <> ${values[0]}`;
    case 'contains':
      if (field.type !== 'text') return NOTHING;
      return sql<SqlBool>`${ref} ilike ${`%${String(values[0]).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
    case 'in':
      return sql<SqlBool>`${ref} in (${sql.join(values)})`;
    default:
      return NOTHING;
  }
}

/**
 * The rows of `pageCode` the request's user may see, as a where-expression, or null for no limit:
 * tenant administrators and pages without rules are unlimited; otherwise the union of the rules
 * granted to the user on the page (their own, their roles' and positions' grants), and `own` when
 * none is granted.
 */
export async function dataScopeFilter(
  ctx: ServiceContext,
  pageCode: string,
  columns: ScopeColumns,
): Promise<RawBuilder<SqlBool> | null> {
  const auth = ctx.auth;
  const perms = await ctx.permissions();
  if (perms.isAdmin) return null;
  const rules = await pageRules(ctx, pageCode);
  if (!rules.length) return null;
  const granted = rules.filter((r) => perms.ids.data.has(r.id));
  if (granted.some((r) => r.ruleType === 'all')) return null;
  const effective: PageRule[] = granted.length
    ? granted
    : [{ id: '', ruleType: 'own', field: '', conditionOp: '', conditionValue: '' }];

  const { db } = ctx.deps;
  const parts: RawBuilder<SqlBool>[] = [];
  for (const rule of effective) {
    switch (rule.ruleType) {
      case 'own':
        parts.push(sql<SqlBool>`${sql.ref(columns.owner)} = ${auth.userId}`);
        break;
      case 'dept':
        parts.push(auth.deptId ? inIds(columns.dept, [auth.deptId]) : NOTHING);
        break;
      case 'deptAndBelow': {
        if (!auth.deptId) parts.push(NOTHING);
        else {
          const org = await orgOf(ctx);
          parts.push(
            org.some((d) => d.id === auth.deptId)
              ? inIds(columns.dept, subtreeIds(org, auth.deptId))
              : NOTHING,
          );
        }
        break;
      }
      case 'company': {
        const companyId =
          auth.companyId ?? companyOfDept(await loadDepts(db, auth.tenantId), auth.deptId)?.id;
        if (!companyId) parts.push(NOTHING);
        else {
          const org = await orgOf(ctx);
          const company = org.find((d) => d.id === companyId);
          parts.push(company ? inIds(columns.dept, subtreeIds(org, company.id)) : NOTHING);
        }
        break;
      }
      case 'condition':
        parts.push(conditionFilter(rule, columns));
        break;
      default:
        parts.push(NOTHING);
    }
  }
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
