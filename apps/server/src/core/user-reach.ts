import { type RawBuilder, sql } from 'kysely';
import type { AuthInfo } from './context';

/** Enterprise type of a supplier (`ent.ent_type`); the tenant's purchasing enterprise is 1. */
const SUPPLIER_ENT_TYPE = 2;

/** Whether the signed-in user works for a supplier rather than for the purchasing enterprise. */
export function isSupplierUser(auth: Pick<AuthInfo, 'profile'>): boolean {
  return auth.profile.entType === SUPPLIER_ENT_TYPE;
}

/**
 * A domain's say in which staff a supplier's user works with: a condition on the staff user whose
 * id is `userId` (a column reference), for the supplier's user `auth`. The vendor domain names the
 * staff who recorded his supplier and those who sent it notices; the chat domain those who have
 * chatted with him. Registered once, when the domain's module loads (like `sign-in-guard.ts`).
 */
export type StaffLink = (auth: AuthInfo, userId: RawBuilder<unknown>) => RawBuilder<boolean>;

const staffLinks: StaffLink[] = [];

export function registerStaffLink(link: StaffLink): void {
  if (!staffLinks.includes(link)) staffLinks.push(link);
}

/**
 * The users of the tenant that `auth` may see or write to, as a condition on the `sys_user` row
 * aliased `alias`: staff see everybody; a supplier's user sees its own enterprise's users and the
 * purchasing staff he works with (`registerStaffLink`), never another supplier's (whatever the
 * grant) nor the rest of the staff (issue 36 §6). Null: no condition.
 */
export function userReachOf(auth: AuthInfo, alias: string): RawBuilder<boolean> | null {
  if (!isSupplierUser(auth)) return null;
  const entId = sql.ref(`${alias}.ent_id`);
  const own = sql<boolean>`${entId} = ${auth.entId}`;
  if (staffLinks.length === 0) return own;
  const userId = sql.ref(`${alias}.id`);
  const links = sql.join(
    staffLinks.map((link) => link(auth, userId)),
    sql` or `,
  );
  return sql<boolean>`(${own} or (not exists (select 1 from ent as reach_ent where reach_ent.id = ${entId} and reach_ent.ent_type = ${SUPPLIER_ENT_TYPE}) and (${links})))`;
}

/**
 * Whether a user listed to `auth` is shown by name only: a supplier's user never reads the staff's
 * account names (`admin`, `buyer`), only their real names.
 */
export function hidesAccountOf(auth: AuthInfo, user: { entId: string }): boolean {
  return isSupplierUser(auth) && user.entId !== auth.entId;
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
