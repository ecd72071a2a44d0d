import { MsgTemplateCode, type Role, type RoleUser, type roleCreateSchema } from '@srm/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { codeTaken, likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { notifyByTemplate } from '../message/msg-template';
import { assertCallerHoldsObjects } from './authorize-service';

// The unique index behind the check below: a create that loses the race answers as the check does.
declareUnique('sys_role_tenant_id_en_code_key', { field: 'enCode', key: 'role.codeTaken' });

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
  ctx: ServiceContext,
  db: Kysely<Database>,
  tenantId: string,
  enCode: string,
  selfId?: string,
): Promise<void> {
  if (await codeTaken(db, 'sys_role', tenantId, enCode, selfId))
    throw fieldError({ enCode: t(ctx.locale, 'role.codeTaken') });
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

type RoleBody = z.output<typeof roleCreateSchema>;

function roleColumns(body: RoleBody) {
  return { role_name: body.roleName, en_code: body.enCode, enabled: body.enabled, order_num: body.orderNum };
}

/** Creates a role (code unique within the tenant). */
export async function createRole(ctx: ServiceContext, body: RoleBody): Promise<Role> {
  await assertRoleCodeFree(ctx, ctx.db, ctx.tenantId, body.enCode);
  const row = await ctx.db
    .insertInto('sys_role')
    .values({ tenant_id: ctx.tenantId, ...roleColumns(body) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getRole(ctx.db, ctx.tenantId, String(row.id));
}

export async function updateRole(ctx: ServiceContext, id: string, body: RoleBody): Promise<Role> {
  await getRole(ctx.db, ctx.tenantId, id);
  await assertRoleCodeFree(ctx, ctx.db, ctx.tenantId, body.enCode, id);
  await ctx.db
    .updateTable('sys_role')
    .set(roleColumns(body))
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .execute();
  return getRole(ctx.db, ctx.tenantId, id);
}

/** Deletes a role with its user relations and grants (one transaction). */
export async function deleteRole(ctx: ServiceContext, id: string): Promise<void> {
  const { tenantId } = ctx;
  await getRole(ctx.db, tenantId, id);
  await transaction(ctx.db, async (tx) => {
    await tx.deleteFrom('user_role').where('tenant_id', '=', tenantId).where('role_id', '=', id).execute();
    await tx
      .deleteFrom('sys_grant')
      .where('tenant_id', '=', tenantId)
      .where('object_type', '=', 'role')
      .where('object_id', '=', id)
      .execute();
    await tx.deleteFrom('sys_role').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  });
}

export async function setRoleEnabled(ctx: ServiceContext, id: string, enabled: boolean): Promise<Role> {
  await getRole(ctx.db, ctx.tenantId, id);
  await ctx.db
    .updateTable('sys_role')
    .set({ enabled })
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .execute();
  return getRole(ctx.db, ctx.tenantId, id);
}

/** Gives a role to users of the tenant (one transaction); only those who did not hold it yet are told. */
export async function addRoleUsers(ctx: ServiceContext, roleId: string, userIds: string[]): Promise<void> {
  const { db, auth, tenantId } = ctx;
  const role = await getRole(db, tenantId, roleId);
  const ids = await assertUsersOfTenant(db, tenantId, userIds);
  await assertCallerHoldsObjects(db, auth, { roleIds: [roleId], positionIds: [] });
  const added = await transaction(db, async (tx) =>
    tx
      .insertInto('user_role')
      .values(ids.map((userId) => ({ tenant_id: tenantId, user_id: userId, role_id: roleId })))
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
      .returning('user_id')
      .execute(),
  );
  await notifyByTemplate(
    ctx.deps,
    {
      tenantId,
      code: MsgTemplateCode.roleGranted,
      userIds: added.map((r) => String(r.user_id)),
      vars: { operator: auth.realName, roleName: role.roleName },
      creatorId: auth.userId,
      creatorName: auth.realName,
    },
    ctx.log,
  );
}

/** Takes a role from users of the tenant (one transaction). */
export async function removeRoleUsers(ctx: ServiceContext, roleId: string, userIds: string[]): Promise<void> {
  const { db, tenantId } = ctx;
  await getRole(db, tenantId, roleId);
  const ids = await assertUsersOfTenant(db, tenantId, userIds);
  await transaction(db, async (tx) => {
    await tx
      .deleteFrom('user_role')
      .where('tenant_id', '=', tenantId)
      .where('role_id', '=', roleId)
      .where('user_id', 'in', ids)
      .execute();
  });
}
