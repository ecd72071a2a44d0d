import {
  MsgTemplateCode,
  type postStaffUserListBodySchema,
  type UserInfo,
  type UserLock,
  type UserPageQuery,
  type userCreateSchema,
  type userUpdateSchema,
} from '@srm/contracts';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { clearLoginFailures, endSessions } from '../auth/index';
import { page } from '../core/envelope';
import { AppError } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import { NEW_USER_ROW } from '../db/new-user-row';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { notifyByTemplate } from '../message/msg-template';
import { dropDeptManager, findNode, orgOf, subtreeIds } from '../org/org-tree';
import { checkNewPassword, recordPasswordHistory } from '../system/sys-config/password-policy';
import { unbind } from '../system/wechat-bind';
import { assertCallerHoldsObjects } from './authorize-service';
import { setUserPassword } from './owned-writes';
import {
  assertAccountFree,
  assertChangeable,
  assertInScope,
  assertRefs,
  assertWrittenInScope,
  filteredUsers,
  loadUserInfo,
  setRelations,
  tenantEntId,
  type UserFilter,
  userColumnsOf,
  userScope,
  withColumns,
} from './user-service';

/** List filters of the screen (deptId takes the subtree; another tenant's department is 404). */
export async function deptFilter(ctx: ServiceContext, deptId: string | undefined) {
  if (!deptId) return undefined;
  const org = await orgOf(ctx);
  return [...subtreeIds(org, findNode(org, deptId).id)];
}

const enabledFilter = (enabled: 'true' | 'false' | undefined) =>
  enabled === undefined ? undefined : enabled === 'true';

/** 404 unless the role or position is one of the tenant's (a filter never reveals another tenant). */
export async function assertTenantRow(
  ctx: ServiceContext,
  table: 'sys_role' | 'sys_position',
  id: string | undefined,
) {
  if (!id) return;
  const row = await ctx.db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'error.notFound');
}

/** The user screen's filters (list and export), each checked against the tenant. */
export async function listFilter(
  ctx: ServiceContext,
  query: Pick<UserPageQuery, 'keyword' | 'deptId' | 'enabled' | 'roleId' | 'positionId'>,
): Promise<UserFilter> {
  const [deptIds] = await Promise.all([
    deptFilter(ctx, query.deptId),
    assertTenantRow(ctx, 'sys_role', query.roleId),
    assertTenantRow(ctx, 'sys_position', query.positionId),
  ]);
  return {
    keyword: query.keyword,
    deptIds,
    enabled: enabledFilter(query.enabled),
    roleId: query.roleId,
    positionId: query.positionId,
  };
}

/** Lifts a user's sign-in locks: every client address's failures, and the older per-user lock. */
async function clearSignInLocks(tx: Transaction<Database>, tenantId: string, userId: string) {
  await clearLoginFailures(tx, userId);
  await tx
    .updateTable('sys_user')
    .set({ failed_attempts: 0, locked_until: null })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** Creates a user with its roles and positions (one transaction); answers it with the caller's columns. */
export async function createUser(
  ctx: ServiceContext,
  body: z.output<typeof userCreateSchema>,
): Promise<UserInfo> {
  const { auth, db } = ctx;
  await assertAccountFree(db, ctx, body.account);
  await assertRefs(db, auth.tenantId, body);
  await assertCallerHoldsObjects(db, auth, body);
  const scope = await userScope(ctx);
  const passwordHash = await checkNewPassword(db, {
    tenantId: auth.tenantId,
    userId: null,
    password: body.password,
    rule: (await ctx.deps.settings.all(auth.tenantId, auth.configVersion)).password,
    locale: ctx.locale,
  });
  const entId = await tenantEntId(db, auth.tenantId, auth.entId);
  const info = await transaction(db, async (tx) => {
    const row = await tx
      .insertInto('sys_user')
      .values({
        tenant_id: auth.tenantId,
        ent_id: entId,
        dept_id: body.deptId,
        account: body.account,
        mobile: body.mobile,
        real_name: body.realName,
        email: body.email,
        password_hash: passwordHash,
        ...NEW_USER_ROW,
        enabled: body.enabled,
        created_by: auth.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = String(row.id);
    await recordPasswordHistory(tx, auth.tenantId, [{ userId: id, passwordHash }]);
    await setRelations(tx, auth.tenantId, id, body);
    await assertWrittenInScope(tx, auth.tenantId, [id], scope);
    return loadUserInfo(tx, auth.tenantId, id);
  });
  return withColumns(info, await userColumnsOf(ctx));
}

/** Updates a user (fields left out stay); disabling ends its sessions. */
export async function updateUser(
  ctx: ServiceContext,
  id: string,
  body: z.output<typeof userUpdateSchema>,
): Promise<UserInfo> {
  const { auth, db } = ctx;
  const before = await loadUserInfo(db, auth.tenantId, id);
  const scope = await userScope(ctx);
  await assertInScope(db, auth.tenantId, id, scope);
  const enabled = body.enabled ?? before.enabled;
  if (!enabled && before.enabled) assertChangeable(auth.userId, before, 'user.disableSelf');
  // Left out: unchanged.
  const refs = {
    deptId: body.deptId === undefined ? before.deptId : body.deptId,
    roleIds: body.roleIds ?? before.roleIds,
    positionIds: body.positionIds ?? before.positionIds,
  };
  await assertRefs(db, auth.tenantId, refs);
  const had = { role: new Set(before.roleIds), position: new Set(before.positionIds) };
  await assertCallerHoldsObjects(db, auth, {
    roleIds: refs.roleIds.filter((r) => !had.role.has(r)),
    positionIds: refs.positionIds.filter((p) => !had.position.has(p)),
  });
  let ended: string[] = [];
  const info = await transaction(db, async (tx) => {
    await tx
      .updateTable('sys_user')
      .set({
        real_name: body.realName,
        mobile: body.mobile,
        email: body.email,
        dept_id: refs.deptId,
        enabled,
      })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', id)
      .execute();
    await setRelations(tx, auth.tenantId, id, refs);
    await assertWrittenInScope(tx, auth.tenantId, [id], scope);
    if (!enabled) ended = await endSessions(tx, auth.tenantId, { userId: id });
    return loadUserInfo(tx, auth.tenantId, id);
  });
  await ctx.deps.realtime.endSessions(ended, 'auth.disabled');
  return withColumns(info, await userColumnsOf(ctx));
}

/**
 * Deletes a user (soft): ends its sessions, removes its roles, positions, grants and WeChat
 * binding (one transaction); refused for yourself and the tenant administrator.
 */
export async function deleteUser(ctx: ServiceContext, id: string): Promise<void> {
  const { auth, db } = ctx;
  const user = await loadUserInfo(db, auth.tenantId, id);
  await assertInScope(db, auth.tenantId, id, await userScope(ctx));
  assertChangeable(auth.userId, user, 'user.deleteSelf');
  let ended: string[] = [];
  await transaction(db, async (tx) => {
    await tx
      .updateTable('sys_user')
      .set({ deleted: true, enabled: false })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', id)
      .execute();
    ended = await endSessions(tx, auth.tenantId, { userId: id });
    await setRelations(tx, auth.tenantId, id, { roleIds: [], positionIds: [] });
    await tx
      .deleteFrom('sys_grant')
      .where('tenant_id', '=', auth.tenantId)
      .where('object_type', '=', 'user')
      .where('object_id', '=', id)
      .execute();
    // Its WeChat official-account binding goes too (the openid may bind someone else later).
    await unbind(tx, auth.tenantId, id);
    await dropDeptManager(tx, auth.tenantId, id);
  });
  await ctx.deps.realtime.endSessions(ended, 'auth.disabled');
}

/** Sets a new password and clears the sign-in locks (one transaction); the user is told unless it is the caller. */
export async function resetUserPassword(ctx: ServiceContext, id: string, password: string): Promise<void> {
  const { auth, db } = ctx;
  await loadUserInfo(db, auth.tenantId, id);
  await assertInScope(db, auth.tenantId, id, await userScope(ctx));
  const passwordHash = await checkNewPassword(db, {
    tenantId: auth.tenantId,
    userId: id,
    password,
    rule: (await ctx.deps.settings.all(auth.tenantId, auth.configVersion)).password,
    locale: ctx.locale,
  });
  await transaction(db, async (tx) => {
    await setUserPassword(tx, auth.tenantId, id, passwordHash);
    await clearSignInLocks(tx, auth.tenantId, id);
  });
  // The user learns of it (template user.passwordReset), unless they reset their own.
  if (id !== auth.userId) {
    await notifyByTemplate(
      ctx.deps,
      {
        tenantId: auth.tenantId,
        code: MsgTemplateCode.passwordReset,
        userIds: [id],
        vars: { operator: auth.realName },
        creatorId: auth.userId,
        creatorName: auth.realName,
      },
      ctx.log,
    );
  }
}

/** Lifts the user's sign-in locks (every client address). */
export async function unlockUser(ctx: ServiceContext, id: string): Promise<void> {
  const { auth, db } = ctx;
  await loadUserInfo(db, auth.tenantId, id);
  await assertInScope(db, auth.tenantId, id, await userScope(ctx));
  await transaction(db, (tx) => clearSignInLocks(tx, auth.tenantId, id));
}

/**
 * Which of these users (inside the caller's data scope) are locked out of signing in from some
 * client address now. Asked beside the list's stored pages, which cannot hold it: a lock runs out
 * with time, not with a write.
 */
export async function userSignInLocks(ctx: ServiceContext, ids: readonly string[]): Promise<UserLock[]> {
  if (ids.length === 0) return [];
  const { auth, db } = ctx;
  const rows = await filteredUsers(db, auth.tenantId, { scope: await userScope(ctx) })
    .innerJoin('sys_login_failure as f', 'f.user_id', 'u.id')
    .where('u.id', 'in', [...new Set(ids)])
    .where('f.locked_until', '>', sql<Date>`now()`)
    .groupBy('u.id')
    .select((eb) => [
      'u.id',
      eb.fn.max('f.locked_until').as('until'),
      eb.fn.countAll<string>().as('addresses'),
    ])
    .orderBy('u.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    lockedUntil: new Date(r.until as Date | string).getTime(),
    addresses: Number(r.addresses),
  }));
}

/** Enables or disables a user; disabling ends its sessions (next request: 602). */
export async function setUserEnabled(ctx: ServiceContext, id: string, enabled: boolean): Promise<void> {
  const { auth, db } = ctx;
  const user = await loadUserInfo(db, auth.tenantId, id);
  await assertInScope(db, auth.tenantId, id, await userScope(ctx));
  if (!enabled) assertChangeable(auth.userId, user, 'user.disableSelf');
  let ended: string[] = [];
  await transaction(db, async (tx) => {
    await tx
      .updateTable('sys_user')
      .set({ enabled })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', id)
      .execute();
    if (!enabled) ended = await endSessions(tx, auth.tenantId, { userId: id });
  });
  await ctx.deps.realtime.endSessions(ended, 'auth.disabled');
}

/** Users of a position and/or a department with its sub-departments, paged; limited by the user page data rule. */
export async function staffUsersPage(
  ctx: ServiceContext,
  body: z.output<typeof postStaffUserListBodySchema>,
) {
  const { auth, db } = ctx;
  const { positionId, deptId, keyword, currentPage, pageSize } = body;
  await assertTenantRow(ctx, 'sys_position', positionId);
  const [deptIds, scope, columns] = await Promise.all([
    deptFilter(ctx, deptId),
    userScope(ctx),
    userColumnsOf(ctx),
  ]);
  let q = filteredUsers(db, auth.tenantId, { keyword, deptIds, scope, searchMobile: columns.mobile });
  if (positionId)
    q = q.where('u.id', 'in', (eb) =>
      eb
        .selectFrom('user_position')
        .select('user_id')
        .where('tenant_id', '=', auth.tenantId)
        .where('position_id', '=', positionId),
    );
  const [count, ids] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    q
      .select('u.id')
      .orderBy('u.id', 'desc')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
  ]);
  const list = await Promise.all(ids.map((r) => loadUserInfo(db, auth.tenantId, String(r.id))));
  const users = list.map(({ roleIds: _r, positionIds: _p, ...u }) => withColumns(u, columns));
  return page(users, currentPage, pageSize, Number(count.n));
}
