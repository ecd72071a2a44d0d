/**
 * Verification codes (issue 40 §2, decisions §12, docs/sign-in.md): a 6-digit code by SMS to sign
 * in or to set a forgotten password. A code is good for SMS_CODE_TTL_SECONDS, once, for
 * SMS_CODE_TRIES tries; a mobile is sent one at most every SMS_CODE_COOLDOWN_SECONDS and
 * SMS_CODES_PER_MOBILE_DAY a day, a client address SMS_CODES_PER_ADDRESS_HOUR an hour; every send
 * carries a solved proof of work. A mobile without an account is answered, limited and recorded
 * exactly as one with (a code nobody is sent), so nothing says which mobiles have accounts.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type LoginResult,
  SMS_CODE_COOLDOWN_SECONDS,
  SMS_CODE_LENGTH,
  SMS_CODE_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_CODES_PER_ADDRESS_HOUR,
  SMS_CODES_PER_MOBILE_DAY,
  type SmsCodePurpose,
  type SmsCodeSent,
} from '@srm/contracts';
import { sql } from 'kysely';
import type { Deps } from '../core/context';
import { AppError, fieldError } from '../core/errors';
import { t } from '../core/i18n';
import { verifyProofOfWork } from '../core/proof-of-work';
import type { Origin } from '../core/service-context';
import { signInRefusal } from '../core/sign-in-guard';
import { userWrites } from '../core/user-writes';
import { transaction } from '../db/transaction';
import type { UserRow } from '../db/types';
import { checkNewPassword } from '../system/sys-config/password-policy';
import { endSessions } from './end-sessions';
import { findLoginUser, startSession, writeLoginLog } from './sign-in-service';

const hashOf = (mobile: string, purpose: string, code: string) =>
  createHash('sha256').update(`${purpose}:${mobile}:${code}`).digest('hex');

/** The mobile of `mobile` or `mobile@account`. */
const mobileOf = (userName: string) => userName.trim().split('@')[0] ?? '';

/** The users a code to `mobile` may sign in: none, one, or several (several tenants, sub-accounts). */
async function hasAccount(deps: Deps, mobile: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('sys_user')
    .select('id')
    .where('mobile', '=', mobile)
    .where('deleted', '=', false)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return !!row;
}

/**
 * Sends a code for `purpose` to `mobile` (or, without an account there, records one nobody
 * receives). 429 within the cool-down or over a limit, 400 at `altcha` without a solved proof.
 */
export async function sendSmsCode(
  deps: Deps,
  origin: Origin,
  input: { mobile: string; purpose: SmsCodePurpose; altcha: string },
): Promise<SmsCodeSent> {
  if (!(await verifyProofOfWork(deps, input.altcha)))
    throw fieldError({ altcha: t(origin.locale, 'auth.codeProof') });
  const mobile = input.mobile.trim();
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const real = await hasAccount(deps, mobile);
  // One send per mobile at a time: two at once must not both pass the cool-down.
  await transaction(deps.db, async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`.execute(tx);
    const now = Date.now();
    const recent = await tx
      .selectFrom('sys_sms_code')
      .select([
        sql<number>`count(*) filter (where mobile = ${mobile})::int`.as('day'),
        sql<number>`count(*) filter (where ip = ${origin.ip} and created_at > ${new Date(now - 3_600_000)})::int`.as(
          'hour',
        ),
        sql<Date | null>`max(created_at) filter (where mobile = ${mobile})`.as('last'),
      ])
      .where((eb) => eb.or([eb('mobile', '=', mobile), eb('ip', '=', origin.ip)]))
      .where('created_at', '>', new Date(now - 86_400_000))
      .executeTakeFirstOrThrow();
    const last = recent.last ? new Date(recent.last).getTime() : 0;
    const wait = Math.ceil((last + SMS_CODE_COOLDOWN_SECONDS * 1000 - now) / 1000);
    if (wait > 0) throw new AppError(429, 'auth.codeCooldown', { seconds: wait }, { retryAfter: wait });
    if (recent.day >= SMS_CODES_PER_MOBILE_DAY || recent.hour >= SMS_CODES_PER_ADDRESS_HOUR)
      throw new AppError(429, 'auth.codeTooMany');
    // A mobile without an account keeps a code nobody knows: the same row, the same limits.
    const kept = real ? code : `x${code}`;
    await tx
      .insertInto('sys_sms_code')
      .values({
        mobile,
        purpose: input.purpose,
        code_hash: hashOf(mobile, input.purpose, kept),
        ip: origin.ip.slice(0, 100),
        expires_at: new Date(now + SMS_CODE_TTL_SECONDS * 1000),
      })
      .execute();
  });
  if (real) {
    // Sent after the answer's row is written and without waiting on it: a provider's delay must not
    // tell a mobile with an account from one without.
    void deps.sms
      .send({ mobile, template: input.purpose, code, minutes: SMS_CODE_TTL_SECONDS / 60 })
      .catch((error: unknown) => {
        console.error(`SMS to ${mobile.slice(0, 3)}****${mobile.slice(-4)} failed: ${String(error)}`);
      });
  }
  return { cooldownSeconds: SMS_CODE_COOLDOWN_SECONDS, ttlSeconds: SMS_CODE_TTL_SECONDS };
}

/**
 * Spends the mobile's latest code for `purpose` when `code` is it: its row id, once; a wrong code
 * counts a try, and the code is spent after SMS_CODE_TRIES of them. Expired, spent or missing: null.
 */
async function spendCode(
  deps: Deps,
  mobile: string,
  purpose: SmsCodePurpose,
  code: string,
): Promise<string | null> {
  return transaction(deps.db, async (tx) => {
    const row = await tx
      .selectFrom('sys_sms_code')
      .select(['id', 'code_hash', 'tries'])
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.tries >= SMS_CODE_TRIES) return null;
    const given = Buffer.from(hashOf(mobile, purpose, code.trim()));
    const kept = Buffer.from(row.code_hash);
    const right = given.length === kept.length && timingSafeEqual(given, kept);
    const tries = row.tries + 1;
    await tx
      .updateTable('sys_sms_code')
      .set({ tries, ...(right || tries >= SMS_CODE_TRIES ? { used_at: new Date() } : {}) })
      .where('id', '=', row.id)
      .execute();
    return right ? String(row.id) : null;
  });
}

/** The user `userName` names once its mobile's code was right; the refusals as sign-in gives them. */
async function codeUser(
  deps: Deps,
  origin: Origin,
  userName: string,
  purpose: SmsCodePurpose,
  code: string,
): Promise<{ user: UserRow; codeId: string }> {
  const account = userName.trim();
  const fail = async (user: UserRow | null, error: AppError) => {
    await writeLoginLog(deps, origin, { user, account, success: false, msg: error.key });
    return error;
  };
  const codeId = await spendCode(deps, mobileOf(account), purpose, code);
  if (!codeId)
    throw await fail(
      null,
      new AppError(400, 'auth.codeWrong', undefined, {
        fields: { code: t(origin.locale, 'auth.codeWrong') },
      }),
    );
  const found = await findLoginUser(deps, account);
  if (found === 'ambiguous') throw await fail(null, new AppError(400, 'auth.ambiguousMobile'));
  // A right code for a mobile without the account named: the same answer as a wrong code.
  if (!found || found.mobile !== mobileOf(account))
    throw await fail(null, new AppError(400, 'auth.codeWrong'));
  if (!found.enabled) throw await fail(found, new AppError(400, 'auth.disabled'));
  const refusal = await signInRefusal(deps, found);
  if (refusal) throw await fail(found, new AppError(400, refusal));
  return { user: found, codeId };
}

/** Signs in with a mobile (or mobile@account) and its code, as a password sign-in does. */
export async function signInWithCode(
  deps: Deps,
  origin: Origin,
  input: { userName: string; code: string },
): Promise<LoginResult> {
  const { user } = await codeUser(deps, origin, input.userName, 'login', input.code);
  return startSession(deps, origin, user, input.userName.trim());
}

/**
 * Sets a forgotten password with the mobile's code: the tenant's password rule applies, and every
 * session of the user ends (whoever knew the old password is signed out).
 */
export async function resetPasswordWithCode(
  deps: Deps,
  origin: Origin,
  input: { userName: string; code: string; newPassword: string },
): Promise<void> {
  const { user, codeId } = await codeUser(deps, origin, input.userName, 'reset', input.code);
  const { password: rule } = await deps.settings.all(user.tenant_id);
  const hash = await checkNewPassword(deps.db, {
    tenantId: user.tenant_id,
    userId: user.id,
    password: input.newPassword,
    rule,
    locale: origin.locale,
    field: 'newPassword',
  }).catch(async (error: unknown) => {
    // A new password the rule refuses: the code stands for the next try (its tries still count).
    await deps.db.updateTable('sys_sms_code').set({ used_at: null }).where('id', '=', codeId).execute();
    throw error;
  });
  const ended = await transaction(deps.db, async (tx) => {
    await userWrites().setPassword(tx, user.tenant_id, user.id, hash, new Date());
    return endSessions(tx, String(user.tenant_id), { userId: String(user.id) }, { reason: 'forced' });
  });
  await deps.realtime.endSessions(ended, 'user.passwordReset');
}
