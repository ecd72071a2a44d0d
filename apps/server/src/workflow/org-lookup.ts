import { type Kysely, sql } from 'kysely';
import type { ServiceContext } from '../core/service-context';
import type { Database } from '../db/types';
import type { ApproverLookup, Delegation, LauncherFacts } from './engine';

const ids = (rows: { id: string | number | bigint }[]) => rows.map((r) => String(r.id));

/** The engine's organisation look-ups on the tenant's tables (enabled, not deleted users only). */
export function orgLookup(db: Kysely<Database>, tenantId: string): ApproverLookup {
  const activeUsers = () =>
    db
      .selectFrom('sys_user as u')
      .where('u.tenant_id', '=', tenantId)
      .where('u.deleted', '=', false)
      .where('u.enabled', '=', true);
  return {
    async usersOfRoles(roleIds) {
      if (roleIds.length === 0) return [];
      return ids(
        await activeUsers()
          .innerJoin('user_role as r', 'r.user_id', 'u.id')
          .where('r.role_id', 'in', [...roleIds])
          .select('u.id')
          .orderBy('u.id')
          .execute(),
      );
    },
    async usersOfPositions(positionIds) {
      if (positionIds.length === 0) return [];
      return ids(
        await activeUsers()
          .innerJoin('user_position as p', 'p.user_id', 'u.id')
          .where('p.position_id', 'in', [...positionIds])
          .select('u.id')
          .orderBy('u.id')
          .execute(),
      );
    },
    async managerOf(userId, levels) {
      // One round trip: the user's department and those above it, nearest first, to `levels`.
      const rows = await sql<{ manager_id: string | null }>`
        with recursive up(id, manager_id, parent_id, level) as (
          select d.id, d.manager_id, d.parent_id, 1 from sys_user u
            join sys_dept d on d.id = u.dept_id and d.tenant_id = ${tenantId}
            where u.id = ${userId} and u.tenant_id = ${tenantId} and not u.deleted and u.enabled
          union all
          select d.id, d.manager_id, d.parent_id, up.level + 1 from up
            join sys_dept d on d.id = up.parent_id and d.tenant_id = ${tenantId}
            where up.level < ${levels}
        )
        select manager_id from up where level = ${levels}`.execute(db);
      const manager = rows.rows[0]?.manager_id;
      return manager ? String(manager) : null;
    },
    async tenantAdmins() {
      return ids(await activeUsers().where('u.is_admin', '=', true).select('u.id').orderBy('u.id').execute());
    },
  };
}

/** The launcher's department (with those above it), roles and positions, fixed at submission: one round trip. */
export async function launcherFacts(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
): Promise<LauncherFacts> {
  const { rows } = await sql<{ dept_ids: string[] | null; role_ids: string[]; position_ids: string[] }>`
    with recursive up(id, parent_id, depth) as (
      select d.id, d.parent_id, 1 from sys_user u
        join sys_dept d on d.id = u.dept_id and d.tenant_id = ${tenantId}
        where u.id = ${userId} and u.tenant_id = ${tenantId}
      union all
      select d.id, d.parent_id, up.depth + 1 from up
        join sys_dept d on d.id = up.parent_id and d.tenant_id = ${tenantId}
        where up.depth < 50
    )
    select
      (select array_agg(id::text order by depth) from up) as dept_ids,
      array(select role_id::text from user_role where user_id = ${userId}) as role_ids,
      array(select position_id::text from user_position where user_id = ${userId}) as position_ids`.execute(
    db,
  );
  const facts = rows[0];
  return {
    deptIds: facts?.dept_ids ?? [],
    roleIds: facts?.role_ids ?? [],
    positionIds: facts?.position_ids ?? [],
  };
}

/** The delegations of the tenant that name this user as delegate or delegator and are not over. */
export async function delegationsOf(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  now: Date,
): Promise<Delegation[]> {
  const rows = await db
    .selectFrom('flow_delegation')
    .select(['id', 'from_user_id', 'to_user_id', 'flow_ids', 'start_at', 'end_at'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('to_user_id', '=', userId), eb('from_user_id', '=', userId)]))
    .where('end_at', '>', now)
    .execute();
  return rows.map(toDelegation);
}

export function toDelegation(r: {
  id: string | number | bigint;
  from_user_id: string | number | bigint;
  to_user_id: string | number | bigint;
  flow_ids: unknown;
  start_at: Date | string;
  end_at: Date | string;
}): Delegation {
  return {
    id: String(r.id),
    fromUserId: String(r.from_user_id),
    toUserId: String(r.to_user_id),
    flowIds: Array.isArray(r.flow_ids) ? (r.flow_ids as unknown[]).map(String) : null,
    startAt: new Date(r.start_at).getTime(),
    endAt: new Date(r.end_at).getTime(),
  };
}

/** Delegations are kept this long at most when unused; the tenant's cache version decides freshness. */
const DELEGATIONS_TTL_MS = 60_000;

/**
 * The caller's delegations (as delegate or delegator) that had not ended when they were read, from
 * the in-process versioned cache: a write of `flow_delegation` bumps the tenant's cache version
 * read with the session (migration 0031), so a saved or deleted delegation applies on the next
 * request of every process. Whether one covers a moment is checked where it is used
 * (`delegationFor`). Read before opening a transaction: on the embedded database the cache reads
 * through the shared handle, the one connection a transaction holds.
 */
export function cachedDelegations(
  ctx: Pick<ServiceContext, 'deps' | 'auth' | 'tenantId' | 'userId' | 'now'>,
): Promise<Delegation[]> {
  return ctx.deps.cache.get(
    `flowDelegations:${ctx.tenantId}:${ctx.userId}`,
    ctx.auth.cacheVersion,
    () => delegationsOf(ctx.deps.db, ctx.tenantId, ctx.userId, ctx.now()),
    DELEGATIONS_TTL_MS,
  );
}
