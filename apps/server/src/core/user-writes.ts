import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows about to be deleted by a folder before permission/, and what of permission's refers to them. */
export type Removal =
  /** A menu with its buttons, columns and data rules: every grant of any of them. */
  | { menuId: string }
  /** A button, column or data rule: its grants. */
  | { itemType: 'button' | 'column' | 'data'; itemId: string }
  /** A position: its users' assignments and its grants. */
  | { positionId: string }
  /** A company or department: deleted users keep no reference to it. */
  | { deptId: string };

/**
 * Writes of the users, their grants and positions (`sys_user`, `sys_grant`, `user_position`) that
 * folders before permission/ in the order need (test/unit/folder-order.test.ts): those tables are
 * written in permission/ alone (test/unit/table-owners.test.ts), which registers these when its
 * module loads (permission/owned-writes.ts), like the sign-in guards of `sign-in-guard.ts`.
 */
export interface UserWrites {
  /** A sign-in: the last sign-in becomes the previous one, this one the last. */
  signedIn(
    tx: Db,
    user: {
      id: string;
      last_login_time: Date | null;
      last_login_ip: string;
      last_login_ip_name: string;
    },
    at: { time: Date; ip: string; ipName: string },
  ): Promise<void>;
  /** A new password, already checked and hashed: stored with its change time and in the history. */
  setPassword(tx: Db, tenantId: string, userId: string, passwordHash: string, at?: Date): Promise<void>;
  /** Before the caller deletes the rows: what refers to them goes, in its transaction. */
  removing(tx: Db, tenantId: string, removal: Removal): Promise<void>;
}

let registered: UserWrites | undefined;

export function registerUserWrites(writes: UserWrites): void {
  registered = writes;
}

/** The registered writes; a server without permission/ loaded cannot write users, and says so. */
export function userWrites(): UserWrites {
  if (!registered) throw new Error('user writes are registered by permission/owned-writes.ts');
  return registered;
}
