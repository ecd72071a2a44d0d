import { randomInt } from 'node:crypto';
import type { PlatformLoginResult, PlatformOperator } from '@srm/contracts';
import type { Kysely } from 'kysely';
import { hashToken, newToken } from '../auth/session';
import type { Deps } from '../core/context';
import { AppError, forbidden } from '../core/errors';
import { t } from '../core/i18n';
import { hashPassword, verifyPassword } from '../core/password';
import type { Origin } from '../core/service-context';
import type { Database } from '../db/types';

/** An operator's session is ended after this long without a request. */
const IDLE_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most this often per session. */
const SEEN_THROTTLE_MS = 60_000;

/** The signed-in operator of a platform request. */
export interface OperatorAuth {
  sessionId: string;
  operatorId: string;
  account: string;
}

/** A one-time password: 12 letters and digits (both present), from an alphabet without look-alikes. */
export function oneTimePassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const pick = (from: string) => from[randomInt(from.length)] ?? 'a';
  const chars = [pick(letters), pick(digits), ...Array.from({ length: 10 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? 'a', chars[i] ?? 'a'];
  }
  return chars.join('');
}

/**
 * Makes an operator unless one of that account exists. Without a password a one-time one is made
 * (to be changed at the first sign-in) and returned for the installer to read once; with one
 * (the environment's), it is kept as the operator's own.
 */
export async function createOperator(
  db: Kysely<Database>,
  account: string,
  password?: string,
): Promise<{ created: boolean; password: string | null }> {
  const name = account.trim();
  if (!/^[A-Za-z0-9_.@-]{2,50}$/.test(name)) throw new Error(`not a valid operator account: "${account}"`);
  const existing = await db
    .selectFrom('platform_operator')
    .select('id')
    .where('account', '=', name)
    .executeTakeFirst();
  if (existing) return { created: false, password: null };
  const chosen = password ?? oneTimePassword();
  await db
    .insertInto('platform_operator')
    .values({
      account: name,
      password_hash: await hashPassword(chosen),
      must_change_password: password === undefined,
    })
    .onConflict((oc) => oc.column('account').doNothing())
    .execute();
  return { created: true, password: password === undefined ? chosen : null };
}

/** Operator sign-in: a one-time password signs in only together with its replacement. */
export async function operatorLogin(
  deps: Deps,
  origin: Origin,
  body: { userName: string; passWord: string; newPassword?: string },
): Promise<PlatformLoginResult> {
  const { db } = deps;
  const row = await db
    .selectFrom('platform_operator')
    .selectAll()
    .where('account', '=', body.userName.trim())
    .executeTakeFirst();
  if (!row || !(await verifyPassword(row.password_hash, body.passWord))) {
    throw new AppError(400, 'auth.badCredentials');
  }
  const now = new Date();
  if (row.must_change_password) {
    if (!body.newPassword || body.newPassword === body.passWord) {
      const msg = t(origin.locale, 'platform.mustChangePassword');
      throw new AppError(400, 'platform.mustChangePassword', undefined, {
        mustChangePassword: true,
        fields: { newPassword: msg },
      });
    }
    await db
      .updateTable('platform_operator')
      .set({ password_hash: await hashPassword(body.newPassword), must_change_password: false })
      .where('id', '=', row.id)
      .execute();
  }
  const token = newToken();
  await db
    .insertInto('platform_session')
    .values({
      token_hash: hashToken(token),
      operator_id: row.id,
      ip: origin.ip,
      user_agent: origin.userAgent.slice(0, 500),
      created_at: now,
      last_seen_at: now,
    })
    .execute();
  await db.updateTable('platform_operator').set({ last_login_at: now }).where('id', '=', row.id).execute();
  return { token, account: row.account };
}

/**
 * The operator of a token, or why not: 600 without one or idle too long, 601 unknown, 403 when the
 * token is a tenant user's (known, but not for the platform).
 */
export async function resolveOperator(deps: Deps, token: string | null): Promise<OperatorAuth> {
  if (!token) throw new AppError(600, 'auth.tokenMissing');
  const { db } = deps;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('platform_session as s')
    .innerJoin('platform_operator as o', 'o.id', 's.operator_id')
    .select(['s.id', 's.operator_id', 's.last_seen_at', 's.ended_at', 'o.account'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) {
    const tenantSession = await db
      .selectFrom('sys_session')
      .select('id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    throw tenantSession ? forbidden() : new AppError(601, 'auth.tokenInvalid');
  }
  if (row.ended_at) throw new AppError(601, 'auth.tokenInvalid');
  const now = Date.now();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (now - lastSeen > IDLE_MS) {
    await db
      .updateTable('platform_session')
      .set({ ended_at: new Date(now) })
      .where('id', '=', row.id)
      .execute();
    throw new AppError(600, 'auth.tokenMissing');
  }
  if (now - lastSeen > SEEN_THROTTLE_MS)
    await db
      .updateTable('platform_session')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', row.id)
      .execute();
  return { sessionId: String(row.id), operatorId: String(row.operator_id), account: row.account };
}

export async function operatorLogout(db: Kysely<Database>, auth: OperatorAuth): Promise<void> {
  await db
    .updateTable('platform_session')
    .set({ ended_at: new Date() })
    .where('id', '=', auth.sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function operatorInfo(db: Kysely<Database>, auth: OperatorAuth): Promise<PlatformOperator> {
  const row = await db
    .selectFrom('platform_operator')
    .select(['id', 'account', 'last_login_at'])
    .where('id', '=', auth.operatorId)
    .executeTakeFirstOrThrow();
  return {
    id: String(row.id),
    account: row.account,
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).getTime() : null,
  };
}
