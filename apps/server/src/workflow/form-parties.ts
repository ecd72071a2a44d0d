import { type FlowMessageKey, type FormSchema, flowMessage, UserPerm } from '@srm/contracts';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { AppError } from '../core/errors';
import type { MessageKey } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { isSupplierUser } from '../core/user-reach';
import type { Database } from '../db/types';
import { dataScopeFilter, type ScopeColumns, USER_SCOPE } from '../permission/data-scope';
import { assertTenantIds, formIds } from './tenant-ids';

/**
 * Whom a caller may name in a form's user and department fields (issue 36 §3): himself and his own
 * department always; others only where he may act for them — the tenant administrator for anyone
 * of the tenant, a staff user holding the user page for the users and departments his data rule
 * on that page reaches; a supplier's user never for anyone else.
 */
export interface CallerReach {
  userId: string;
  deptId: string | null;
  /** Other users he may name: null anyone of the tenant, false nobody, else a condition on `sys_user as u`. */
  users: RawBuilder<SqlBool> | null | false;
  /** Other departments: null any of the tenant, false none, else a condition on `sys_dept as d`. */
  depts: RawBuilder<SqlBool> | null | false;
}

/**
 * The departments a data rule of the user page reaches, read on `sys_dept as d`: a rule by
 * department or company reaches those departments themselves, `own` the departments he manages.
 */
const DEPT_SCOPE: ScopeColumns = {
  owner: 'd.manager_id',
  dept: 'd.id',
  fields: { dept_id: { column: 'd.id', type: 'id' } },
};

/**
 * The caller's reach, read before the caller's transaction opens: the permission set and the data
 * rules come through caches that read the shared database handle (on the embedded database the
 * one connection a transaction holds).
 */
export async function callerReach(ctx: ServiceContext): Promise<CallerReach> {
  const self = { userId: ctx.userId, deptId: ctx.auth.deptId };
  if (isSupplierUser(ctx.auth)) return { ...self, users: false, depts: false };
  const perms = await ctx.permissions();
  if (perms.isAdmin) return { ...self, users: null, depts: null };
  if (!perms.codes.has(UserPerm.user)) return { ...self, users: false, depts: false };
  const [users, depts] = await Promise.all([
    dataScopeFilter(ctx, UserPerm.user, USER_SCOPE),
    dataScopeFilter(ctx, UserPerm.user, DEPT_SCOPE),
  ]);
  return { ...self, users, depts };
}

function refuse(ctx: Pick<ServiceContext, 'locale'>, field: string, key: FlowMessageKey): AppError {
  const message = flowMessage(key, ctx.locale);
  return new AppError(400, message as MessageKey, undefined, { fields: { [field]: message } });
}

/**
 * Checks the user and department ids of a form's data: every one of the caller's tenant (else 400
 * naming the id), and every one changed from `stored` within the caller's reach (else 400 at the
 * field). A value the task already held is kept without a new check (an approver passing it on).
 */
export async function assertFormParties(
  ctx: Pick<ServiceContext, 'tenantId' | 'locale'>,
  db: Kysely<Database>,
  reach: CallerReach,
  form: FormSchema,
  data: Record<string, unknown>,
  stored: Record<string, unknown> = {},
): Promise<void> {
  const refs = formIds(form, data);
  await assertTenantIds(ctx, db, refs);
  const kept = new Set(formIds(form, stored).map((r) => `${r.field}|${r.id}`));
  const fresh = refs.filter((r) => !kept.has(`${r.field}|${r.id}`));
  const users = fresh.filter((r) => r.kind === 'user' && r.id !== reach.userId);
  const depts = fresh.filter((r) => r.kind === 'dept' && r.id !== reach.deptId);
  if (users.length > 0) {
    const allowed = await reachable(db, ctx.tenantId, 'user', reach.users, users);
    const bad = users.find((r) => !allowed.has(r.id));
    if (bad) throw refuse(ctx, bad.field, 'flow.error.requesterNotAllowed');
  }
  if (depts.length > 0) {
    const allowed = await reachable(db, ctx.tenantId, 'dept', reach.depts, depts);
    const bad = depts.find((r) => !allowed.has(r.id));
    if (bad) throw refuse(ctx, bad.field, 'flow.error.deptNotAllowed');
  }
}

async function reachable(
  db: Kysely<Database>,
  tenantId: string,
  table: 'user' | 'dept',
  scope: RawBuilder<SqlBool> | null | false,
  refs: readonly { id: string }[],
): Promise<Set<string>> {
  if (scope === false) return new Set();
  const ids = [...new Set(refs.map((r) => r.id))];
  const from = table === 'user' ? sql`sys_user as u` : sql`sys_dept as d`;
  const alias = sql.ref(table === 'user' ? 'u' : 'd');
  const { rows } = await sql<{ id: string | number }>`select ${alias}.id from ${from}
    where ${alias}.tenant_id = ${tenantId} and ${alias}.id in (${sql.join(ids)}) and ${scope ?? sql`true`}`.execute(
    db,
  );
  return new Set(rows.map((r) => String(r.id)));
}
