import { type RawBuilder, sql } from 'kysely';
import type { AuthInfo } from './context';

/** Enterprise type of a supplier (`ent.ent_type`); the tenant's purchasing enterprise is 1. */
const SUPPLIER_ENT_TYPE = 2;

/** Whether the signed-in user works for a supplier rather than for the purchasing enterprise. */
export function isSupplierUser(auth: Pick<AuthInfo, 'profile'>): boolean {
  return auth.profile.entType === SUPPLIER_ENT_TYPE;
}

/**
 * The users of the tenant that `auth` may see or write to, as a condition on the `sys_user` row
 * aliased `alias`: staff see everybody; a supplier's user sees its own enterprise's users and the
 * purchasing staff, never another supplier's (whatever the grant). Null: no condition.
 */
export function userReachOf(auth: AuthInfo, alias: string): RawBuilder<boolean> | null {
  if (!isSupplierUser(auth)) return null;
  const entId = sql.ref(`${alias}.ent_id`);
  return sql<boolean>`(${entId} = ${auth.entId} or not exists (select 1 from ent as reach_ent where reach_ent.id = ${entId} and reach_ent.ent_type = ${SUPPLIER_ENT_TYPE}))`;
}

/**
 * Whether the `sys_user` row aliased `alias` is a live staff user: enabled, not deleted and not a
 * supplier's user (so never one of a frozen supplier either). The only users a person may hand
 * workflow work to (transfer, delegation, copy-to, the monitor's assign, approvers chosen at
 * launch), and the only ones the user pickers list when asked `staffOnly`.
 */
export function liveStaffOf(alias: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(${column('enabled')} and not ${column('deleted')} and not exists (select 1 from ent as staff_ent where staff_ent.id = ${column('ent_id')} and staff_ent.ent_type = ${SUPPLIER_ENT_TYPE}))`;
}
