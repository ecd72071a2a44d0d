import type { User, UserInfo } from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { Database } from '../db/types';
import { likePattern } from '../org/org-service';

type Db = Kysely<Database> | Transaction<Database>;

const ms = (d: Date | string | null): number | null => (d == null ? null : new Date(d).getTime());

/** The user columns of the list, joined with the department name; live users of the tenant only. */
export function userQuery(db: Db, tenantId: string) {
  return db
    .selectFrom('sys_user as u')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted', '=', false);
}

export async function listUsers(
  db: Kysely<Database>,
  tenantId: string,
  options: { keyword?: string; deptIds?: string[]; currentPage: number; pageSize: number },
): Promise<{ list: User[]; total: number }> {
  let q = userQuery(db, tenantId);
  if (options.keyword) {
    const like = likePattern(options.keyword);
    q = q.where((eb) =>
      eb.or([eb('u.account', 'ilike', like), eb('u.real_name', 'ilike', like), eb('u.mobile', 'like', like)]),
    );
  }
  if (options.deptIds) q = q.where('u.dept_id', 'in', options.deptIds);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    q
      .select([
        'u.id',
        'u.account',
        'u.real_name',
        'u.mobile',
        'u.email',
        'u.dept_id',
        'd.dept_name',
        'u.enabled',
        'u.is_admin',
        'u.last_login_time',
        'u.created_at',
      ])
      .orderBy('u.id', 'desc')
      .limit(options.pageSize)
      .offset((options.currentPage - 1) * options.pageSize)
      .execute(),
  ]);
  const list = rows.map((r) => ({
    id: String(r.id),
    account: r.account,
    realName: r.real_name,
    mobile: r.mobile,
    email: r.email,
    deptId: r.dept_id == null ? null : String(r.dept_id),
    deptName: r.dept_name ?? null,
    enabled: r.enabled,
    isAdmin: r.is_admin,
    lastLoginTime: ms(r.last_login_time),
    createdAt: ms(r.created_at) ?? 0,
  }));
  return { list, total: Number(count.n) };
}

/** A live user of the tenant with its role and position ids; 404 otherwise (another tenant's id too). */
export async function loadUserInfo(db: Db, tenantId: string, id: string): Promise<UserInfo> {
  const r = await userQuery(db, tenantId)
    .select([
      'u.id',
      'u.account',
      'u.real_name',
      'u.mobile',
      'u.email',
      'u.dept_id',
      'd.dept_name',
      'u.enabled',
      'u.is_admin',
      'u.last_login_time',
      'u.created_at',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound();
  const [roles, positions] = await Promise.all([
    db
      .selectFrom('user_role')
      .select('role_id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', id)
      .orderBy('role_id')
      .execute(),
    db
      .selectFrom('user_position')
      .select('position_id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', id)
      .orderBy('position_id')
      .execute(),
  ]);
  return {
    id: String(r.id),
    account: r.account,
    realName: r.real_name,
    mobile: r.mobile,
    email: r.email,
    deptId: r.dept_id == null ? null : String(r.dept_id),
    deptName: r.dept_name ?? null,
    enabled: r.enabled,
    isAdmin: r.is_admin,
    lastLoginTime: ms(r.last_login_time),
    createdAt: ms(r.created_at) ?? 0,
    roleIds: roles.map((x) => String(x.role_id)),
    positionIds: positions.map((x) => String(x.position_id)),
  };
}

/**
 * Accounts are unique among live users across the platform (sign-in has no tenant; the unique index
 * sys_user_account enforces it), so a taken account answers 400 with a field message.
 */
export async function assertAccountFree(db: Db, request: FastifyRequest, account: string): Promise<void> {
  const row = await db
    .selectFrom('sys_user')
    .select('id')
    .where('account', '=', account)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (row) throw fieldError({ account: t(request.locale, 'user.accountTaken') });
}

const unique = (ids: string[]) => [...new Set(ids)];

/** The department, roles and positions must all be of the tenant (404 otherwise). */
export async function assertRefs(
  db: Db,
  tenantId: string,
  refs: { deptId: string | null; roleIds: string[]; positionIds: string[] },
): Promise<void> {
  if (refs.deptId) {
    const dept = await db
      .selectFrom('sys_dept')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', refs.deptId)
      .executeTakeFirst();
    if (!dept) throw notFound();
  }
  const roleIds = unique(refs.roleIds);
  if (roleIds.length) {
    const found = await db
      .selectFrom('sys_role')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', roleIds)
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== roleIds.length) throw notFound();
  }
  const positionIds = unique(refs.positionIds);
  if (positionIds.length) {
    const found = await db
      .selectFrom('sys_position')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', positionIds)
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== positionIds.length) throw notFound();
  }
}

/** Replaces the user's roles and positions. */
export async function setRelations(
  tx: Transaction<Database>,
  tenantId: string,
  userId: string,
  refs: { roleIds: string[]; positionIds: string[] },
): Promise<void> {
  await tx.deleteFrom('user_role').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  await tx
    .deleteFrom('user_position')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
  const roleIds = unique(refs.roleIds);
  if (roleIds.length)
    await tx
      .insertInto('user_role')
      .values(roleIds.map((roleId) => ({ tenant_id: tenantId, user_id: userId, role_id: roleId })))
      .execute();
  const positionIds = unique(refs.positionIds);
  if (positionIds.length)
    await tx
      .insertInto('user_position')
      .values(
        positionIds.map((positionId) => ({ tenant_id: tenantId, user_id: userId, position_id: positionId })),
      )
      .execute();
}

/** Ends the user's open sessions as 'forced': their next request answers 602. */
export async function endSessions(db: Db, tenantId: string, userId: string): Promise<void> {
  await db
    .updateTable('sys_session')
    .set({ ended_reason: 'forced', ended_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('ended_reason', 'is', null)
    .execute();
}

/** The tenant's purchasing enterprise (ent_type 1): the enterprise of users created here. */
export async function tenantEntId(db: Db, tenantId: string, fallback: string): Promise<string> {
  const row = await db
    .selectFrom('ent')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('ent_type', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  return row ? String(row.id) : fallback;
}

/** Users that may not be deleted or disabled here: yourself and the tenant administrator. */
export function assertChangeable(
  selfId: string,
  user: UserInfo,
  selfKey: 'user.deleteSelf' | 'user.disableSelf',
): void {
  if (user.id === selfId) throw new AppError(409, selfKey);
  if (user.isAdmin) throw new AppError(409, 'user.adminProtected');
}
