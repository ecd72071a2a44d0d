import type { Kysely } from 'kysely';
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
      const user = await activeUsers().select('u.dept_id').where('u.id', '=', userId).executeTakeFirst();
      let deptId = user?.dept_id ? String(user.dept_id) : null;
      for (let level = 1; deptId; level++) {
        const dept = await db
          .selectFrom('sys_dept')
          .select(['parent_id', 'manager_id'])
          .where('tenant_id', '=', tenantId)
          .where('id', '=', deptId)
          .executeTakeFirst();
        if (!dept) return null;
        if (level === levels) return dept.manager_id ? String(dept.manager_id) : null;
        deptId = dept.parent_id && String(dept.parent_id) !== '0' ? String(dept.parent_id) : null;
      }
      return null;
    },
    async tenantAdmins() {
      return ids(await activeUsers().where('u.is_admin', '=', true).select('u.id').orderBy('u.id').execute());
    },
  };
}

/** The launcher's department (with those above it), roles and positions, fixed at submission. */
export async function launcherFacts(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
): Promise<LauncherFacts> {
  const user = await db
    .selectFrom('sys_user')
    .select('dept_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
  const deptIds: string[] = [];
  for (let id = user?.dept_id ? String(user.dept_id) : null; id && deptIds.length < 50; ) {
    deptIds.push(id);
    const dept = await db
      .selectFrom('sys_dept')
      .select('parent_id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    id = dept?.parent_id && String(dept.parent_id) !== '0' ? String(dept.parent_id) : null;
  }
  const [roles, positions] = await Promise.all([
    db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).execute(),
    db.selectFrom('user_position').select('position_id').where('user_id', '=', userId).execute(),
  ]);
  return {
    deptIds,
    roleIds: roles.map((r) => String(r.role_id)),
    positionIds: positions.map((p) => String(p.position_id)),
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
