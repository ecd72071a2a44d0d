import type { Kysely, Transaction } from 'kysely';
import { type Removal, registerUserWrites } from '../core/user-writes';
import { NEW_USER_ROW } from '../db/new-user-row';
import type { Database } from '../db/types';
import { recordPasswordHistory } from '../system/sys-config/password-policy';
import { setRelations, tenantEntId } from './user-service';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * The writes of users, grants and positions that other folders need (test/unit/table-owners.test.ts:
 * these tables are written in permission/ alone). Folders after this one import them from
 * permission/index.ts; those before it reach them through core/user-writes.ts, registered below.
 */

/** Sets a user's password (already checked and hashed) and records it in the history. */
export async function setUserPassword(
  tx: Db,
  tenantId: string,
  userId: string,
  passwordHash: string,
  now: Date = new Date(),
): Promise<void> {
  await tx
    .updateTable('sys_user')
    .set({ password_hash: passwordHash, password_changed_at: now })
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .execute();
  await recordPasswordHistory(tx, tenantId, [{ userId, passwordHash }], now);
}

/**
 * A user of an enterprise other than the tenant's own (a supplier's), holding the tenant's role
 * of that code when the tenant has one; its password history starts with this hash when asked.
 */
export async function insertEntUser(
  tx: Db,
  tenantId: string,
  entId: string,
  user: { account: string; realName: string; mobile: string; language?: string; email?: string },
  passwordHash: string,
  roleCode: string,
): Promise<string> {
  const row = await tx
    .insertInto('sys_user')
    .values({
      tenant_id: tenantId,
      ent_id: entId,
      dept_id: null,
      account: user.account,
      mobile: user.mobile,
      real_name: user.realName,
      password_hash: passwordHash,
      ...(user.language ? { language: user.language } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await tx
    .selectFrom('sys_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('en_code', '=', roleCode)
    .executeTakeFirst();
  if (role)
    await tx
      .insertInto('user_role')
      .values({ tenant_id: tenantId, user_id: row.id, role_id: role.id })
      .execute();
  return String(row.id);
}

/**
 * A user of the tenant's own enterprise made at a first single sign-on (sso/): in the department
 * and with the roles its provider names, with a password nobody knows (sign-in is the provider's).
 */
export async function insertProvisionedUser(
  tx: Db,
  tenantId: string,
  user: { account: string; realName: string; email: string; mobile: string; deptId: string | null },
  roleIds: string[],
  passwordHash: string,
): Promise<string> {
  const entId = await tenantEntId(tx, tenantId, '0');
  const row = await tx
    .insertInto('sys_user')
    .values({
      tenant_id: tenantId,
      ent_id: entId,
      dept_id: user.deptId,
      account: user.account,
      mobile: user.mobile,
      email: user.email,
      real_name: user.realName,
      password_hash: passwordHash,
      ...NEW_USER_ROW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = String(row.id);
  await recordPasswordHistory(tx, tenantId, [{ userId: id, passwordHash }]);
  await setRelations(tx as Transaction<Database>, tenantId, id, { roleIds, positionIds: [] });
  return id;
}

/** A user's own fields that another domain keeps up to date (a supplier's contact mail, its sub-accounts' state). */
export async function updateUserFields(
  tx: Db,
  tenantId: string,
  userId: string,
  fields: { email?: string; enabled?: boolean },
): Promise<void> {
  await tx
    .updateTable('sys_user')
    .set(fields)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** What refers to rows another folder is about to delete (core/user-writes.ts `Removal`). */
async function removing(tx: Db, tenantId: string, removal: Removal): Promise<void> {
  if ('menuId' in removal) {
    const id = removal.menuId;
    const ofMenu = (table: 'sys_menu_button' | 'sys_menu_column' | 'sys_menu_data_rule') =>
      tx.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('menu_id', '=', id);
    await tx
      .deleteFrom('sys_grant')
      .where('tenant_id', '=', tenantId)
      .where((eb) =>
        eb.or([
          eb.and([eb('item_type', 'in', ['menu', 'app']), eb('item_id', '=', id)]),
          eb.and([eb('item_type', '=', 'button'), eb('item_id', 'in', ofMenu('sys_menu_button'))]),
          eb.and([eb('item_type', '=', 'column'), eb('item_id', 'in', ofMenu('sys_menu_column'))]),
          eb.and([eb('item_type', '=', 'data'), eb('item_id', 'in', ofMenu('sys_menu_data_rule'))]),
        ]),
      )
      .execute();
  } else if ('itemType' in removal) {
    await tx
      .deleteFrom('sys_grant')
      .where('tenant_id', '=', tenantId)
      .where('item_type', '=', removal.itemType)
      .where('item_id', '=', removal.itemId)
      .execute();
  } else if ('positionId' in removal) {
    await tx
      .deleteFrom('user_position')
      .where('tenant_id', '=', tenantId)
      .where('position_id', '=', removal.positionId)
      .execute();
    await tx
      .deleteFrom('sys_grant')
      .where('tenant_id', '=', tenantId)
      .where('object_type', '=', 'position')
      .where('object_id', '=', removal.positionId)
      .execute();
  } else {
    await tx
      .updateTable('sys_user')
      .set({ dept_id: null })
      .where('tenant_id', '=', tenantId)
      .where('dept_id', '=', removal.deptId)
      .where('deleted', '=', true)
      .execute();
  }
}

registerUserWrites({
  async signedIn(tx, user, at) {
    await tx
      .updateTable('sys_user')
      .set({
        prev_login_time: user.last_login_time,
        prev_login_ip: user.last_login_ip,
        prev_login_ip_name: user.last_login_ip_name,
        last_login_time: at.time,
        last_login_ip: at.ip,
        last_login_ip_name: at.ipName,
      })
      .where('id', '=', user.id)
      .execute();
  },
  setPassword: setUserPassword,
  removing,
});
