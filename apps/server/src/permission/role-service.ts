import type { Role, RoleUser } from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { Database } from '../db/types';
import { likePattern } from '../org/org-service';

export interface RoleFilter {
  id?: string;
  keyword?: string;
  enabled?: boolean;
  offset?: number;
  limit?: number;
}

/** Roles of a tenant (with their live user counts), filtered and paged. */
export async function listRoles(
  db: Kysely<Database>,
  tenantId: string,
  filter: RoleFilter = {},
): Promise<{ list: Role[]; total: number }> {
  let q = db.selectFrom('sys_role as r').where('r.tenant_id', '=', tenantId);
  if (filter.id) q = q.where('r.id', '=', filter.id);
  if (filter.enabled !== undefined) q = q.where('r.enabled', '=', filter.enabled);
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    q = q.where((eb) => eb.or([eb('r.role_name', 'ilike', like), eb('r.en_code', 'ilike', like)]));
  }
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    q
      .select((eb) => [
        'r.id',
        'r.role_name',
        'r.en_code',
        'r.enabled',
        'r.order_num',
        eb
          .selectFrom('user_role as ur')
          .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
          .select((e) => e.fn.countAll<string>().as('c'))
          .whereRef('ur.role_id', '=', 'r.id')
          .where('u.deleted', '=', false)
          .as('user_count'),
      ])
      .orderBy('r.order_num')
      .orderBy('r.id')
      .offset(filter.offset ?? 0)
      .limit(filter.limit ?? 100_000)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    list: rows.map((r) => ({
      id: String(r.id),
      roleName: r.role_name,
      enCode: r.en_code,
      enabled: r.enabled,
      orderNum: r.order_num,
      userCount: Number(r.user_count ?? 0),
    })),
  };
}

/** A role of the tenant; 404 when it does not exist there. */
export async function getRole(db: Kysely<Database>, tenantId: string, id: string): Promise<Role> {
  const { list } = await listRoles(db, tenantId, { id });
  const role = list[0];
  if (!role) throw notFound();
  return role;
}

/** 400 on enCode when another role of the tenant has the code. */
export async function assertRoleCodeFree(
  request: FastifyRequest,
  db: Kysely<Database>,
  tenantId: string,
  enCode: string,
  selfId?: string,
): Promise<void> {
  let q = db
    .selectFrom('sys_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('en_code', '=', enCode);
  if (selfId) q = q.where('id', '<>', selfId);
  if (await q.executeTakeFirst()) throw fieldError({ enCode: t(request.locale, 'role.codeTaken') });
}

/** 404 unless every id is a live user of the tenant. Returns the distinct ids. */
export async function assertUsersOfTenant(
  db: Kysely<Database>,
  tenantId: string,
  userIds: string[],
): Promise<string[]> {
  const ids = [...new Set(userIds)];
  const rows = await db
    .selectFrom('sys_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('deleted', '=', false)
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== ids.length) throw notFound();
  return ids;
}

/** Live users holding a role, paged (keyword on account and name). */
export async function listRoleUsers(
  db: Kysely<Database>,
  tenantId: string,
  roleId: string,
  filter: { keyword?: string; offset: number; limit: number },
): Promise<{ list: RoleUser[]; total: number }> {
  let q = db
    .selectFrom('user_role as ur')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .where('ur.tenant_id', '=', tenantId)
    .where('ur.role_id', '=', roleId)
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted', '=', false);
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    q = q.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.real_name', 'ilike', like)]));
  }
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    q
      .select(['u.id', 'u.account', 'u.real_name', 'd.dept_name', 'u.enabled'])
      .orderBy('u.account')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    list: rows.map((r) => ({
      id: String(r.id),
      account: r.account,
      realName: r.real_name,
      deptName: r.dept_name ?? null,
      enabled: r.enabled,
    })),
  };
}
