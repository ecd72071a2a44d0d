import { type LoginResult, parseUiSettings } from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import type { Deps } from '../core/context';
import { AppError, notFound } from '../core/errors';
import { type MessageKey, storedLocale, t } from '../core/i18n';
import { verifyPassword } from '../core/password';
import { verifyProofOfWork } from '../core/proof-of-work';
import type { Origin, ServiceContext } from '../core/service-context';
import { signInRefusal } from '../core/sign-in-guard';
import { userWrites } from '../core/user-writes';
import { transaction } from '../db/transaction';
import type { Database, UserRow } from '../db/types';
import { notifyUsers } from '../message/notify';
import { companyOfDept, companyTree, flattenTree, loadDepts } from '../org/org-tree';
import { checkNewPassword, passwordExpired } from '../system/sys-config/password-policy';
import { endSessions } from './end-sessions';
import { hashToken, newToken } from './session';
import { ipPlaceKind, parseUserAgent } from './ua';

const MOBILE = /^1\d{10}$/;

/**
 * account, mobile, or mobile@account: a supplier's sub-account, stored under exactly that name
 * (its mobile at its administrator's account), or else that account whose mobile matches.
 */
export async function findLoginUser(deps: Deps, userName: string): Promise<UserRow | 'ambiguous' | null> {
  const name = userName.trim();
  const base = deps.db.selectFrom('sys_user').selectAll().where('deleted', '=', false);
  const at = name.indexOf('@');
  if (at > 0 && MOBILE.test(name.slice(0, at))) {
    const mobile = name.slice(0, at);
    const account = name.slice(at + 1).trim();
    const sub = await base.where('account', '=', name).where('mobile', '=', mobile).executeTakeFirst();
    if (sub) return sub;
    return (
      (await base.where('account', '=', account).where('mobile', '=', mobile).executeTakeFirst()) ?? null
    );
  }
  const byAccount = await base.where('account', '=', name).executeTakeFirst();
  if (byAccount) return byAccount;
  if (!MOBILE.test(name)) return null;
  const byMobile = await base.where('mobile', '=', name).limit(2).execute();
  if (byMobile.length > 1) return 'ambiguous';
  return byMobile[0] ?? null;
}

export async function writeLoginLog(
  deps: Deps,
  origin: Origin,
  entry: { user: UserRow | null; account: string; success: boolean; msg: MessageKey },
) {
  const { browser, platform } = parseUserAgent(origin.userAgent);
  // Codes, not text: the lists translate them into the reader's language.
  await deps.db
    .insertInto('sys_login_log')
    .values({
      tenant_id: entry.user?.tenant_id ?? null,
      user_id: entry.user?.id ?? null,
      account: entry.account.slice(0, 100),
      user_name: entry.user?.real_name ?? '',
      success: entry.success,
      msg: entry.msg,
      ip: origin.ip,
      ip_name: ipPlaceKind(origin.ip),
      browser,
      platform,
    })
    .execute();
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}
function formatTime(d: Date) {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function lockedError(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError(429, 'auth.locked', { minutes, until: formatTime(until) });
}

/** Counts a wrong password from this address; the attempt that reaches the limit locks it. */
async function recordFailure(
  deps: Deps,
  user: UserRow,
  ip: string,
  now: Date,
  settings: { lockoutAttempts: number; lockoutMinutes: number },
): Promise<Date | null> {
  const { db } = deps;
  const row = await db
    .insertInto('sys_login_failure')
    .values({ user_id: user.id, ip, failures: 1, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'ip']).doUpdateSet((eb) => ({
        // A lock that has run out starts a new count.
        failures: sql<number>`case when ${eb.ref('sys_login_failure.locked_until')} is not null then 1 else ${eb.ref('sys_login_failure.failures')} + 1 end`,
        locked_until: null,
        updated_at: now,
      })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (row.failures < settings.lockoutAttempts) return null;
  const until = new Date(now.getTime() + settings.lockoutMinutes * 60_000);
  await db
    .updateTable('sys_login_failure')
    .set({ locked_until: until })
    .where('user_id', '=', user.id)
    .where('ip', '=', ip)
    .execute();
  // The owner learns of it, in their own language, with the address.
  const locale = storedLocale(user.language) ?? 'zh-CN';
  await notifyUsers(deps, {
    tenantId: String(user.tenant_id),
    userIds: [String(user.id)],
    type: 1,
    menuTitle: t(locale, 'auth.lockedNotice'),
    bodyText: t(locale, 'auth.lockedNoticeBody', { ip, minutes: settings.lockoutMinutes }),
  });
  return until;
}

/** Sign-in: checks, lockout, session creation and the sign-in log. Returns the new token. */
export async function login(
  deps: Deps,
  origin: Origin,
  userName: string,
  password: string,
  more: {
    /** A new password, when the stored one has expired (the sign-in page asks for it). */
    newPassword?: string;
    /** A solved proof of work, when the account needs one (the sign-in page asks for it). */
    altcha?: string;
  } = {},
): Promise<LoginResult> {
  const { newPassword } = more;
  const { db } = deps;
  const found = await findLoginUser(deps, userName);
  const account = userName.trim();
  const fail = async (user: UserRow | null, error: AppError) => {
    await writeLoginLog(deps, origin, { user, account, success: false, msg: error.key });
    return error;
  };
  if (found === 'ambiguous') throw await fail(null, new AppError(400, 'auth.ambiguousMobile'));
  if (!found) throw await fail(null, new AppError(400, 'auth.badCredentials'));
  const user = found;
  if (!user.enabled) throw await fail(user, new AppError(400, 'auth.disabled'));
  const refusal = await signInRefusal(deps, user);
  if (refusal) throw await fail(user, new AppError(400, refusal));
  const now = new Date();
  const ip = origin.ip;
  const settings = await deps.settings.security(user.tenant_id);
  // This address's lock for this account; other addresses are not refused.
  const windowStart = new Date(now.getTime() - settings.lockoutMinutes * 60_000);
  const failures = await db
    .selectFrom('sys_login_failure')
    .select(['ip', 'failures', 'locked_until'])
    .where('user_id', '=', user.id)
    .where('updated_at', '>', windowStart)
    .execute();
  const here = failures.find((f) => f.ip === ip);
  if (here?.locked_until && here.locked_until.getTime() > now.getTime()) {
    throw await fail(user, lockedError(here.locked_until));
  }
  // Failures spread over many addresses (each below its own lock): every further try at this
  // account carries a solved proof of work, checked before the password so that each guess costs
  // the guesser a second of work, while the owner, whose browser solves it, signs in at once. The
  // right password is not refused, nor slowed by a wait.
  const recent = failures.reduce((sum, f) => sum + f.failures, 0);
  if (recent >= settings.lockoutAttempts && !(await verifyProofOfWork(deps, more.altcha))) {
    const data = { proofOfWork: true };
    throw await fail(user, new AppError(400, 'auth.proofOfWork', undefined, data));
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    const until = await recordFailure(deps, user, ip, now, settings);
    throw await fail(user, until ? lockedError(until) : new AppError(400, 'auth.badCredentials'));
  }
  await db.deleteFrom('sys_login_failure').where('user_id', '=', user.id).where('ip', '=', ip).execute();
  // An expired password signs in only together with its replacement, checked like any new one.
  const { password: rule } = await deps.settings.all(user.tenant_id);
  let newHash: string | null = null;
  if (passwordExpired(rule, user.password_changed_at, now)) {
    if (newPassword === undefined) {
      // The field names what the sign-in page must ask for next.
      const msg = t(origin.locale, 'auth.passwordExpired');
      const data = { passwordExpired: true, fields: { newPassword: msg } };
      throw await fail(user, new AppError(400, 'auth.passwordExpired', undefined, data));
    }
    newHash = await checkNewPassword(db, {
      tenantId: user.tenant_id,
      userId: user.id,
      password: newPassword,
      rule,
      locale: origin.locale,
      field: 'newPassword',
    });
  }

  return startSession(deps, origin, user, account, { newHash, singleLogin: settings.singleLogin });
}

/**
 * Opens a session for a user whose sign-in was checked (a password, a verification code): the
 * single-login rule, the last-login fields, the sign-in log; a new password's hash written with it.
 */
export async function startSession(
  deps: Deps,
  origin: Origin,
  user: UserRow,
  account: string,
  o: {
    newHash?: string | null;
    singleLogin?: boolean;
    /** A sign-in through a provider (sso/): the address that ends it there too at sign-out. */
    ssoLogoutUrl?: string;
  } = {},
): Promise<LoginResult> {
  const { db } = deps;
  const now = new Date();
  const newHash = o.newHash ?? null;
  const singleLogin = o.singleLogin ?? (await deps.settings.security(user.tenant_id)).singleLogin;
  const token = newToken();
  const depts = user.dept_id ? await loadDepts(db, user.tenant_id) : [];
  const company = companyOfDept(depts, user.dept_id);
  let replaced: string[] = [];
  await transaction(db, async (tx) => {
    if (newHash) await userWrites().setPassword(tx, user.tenant_id, user.id, newHash, now);
    if (singleLogin) {
      replaced = await endSessions(
        tx,
        String(user.tenant_id),
        { userId: String(user.id) },
        { reason: 'replaced', at: now },
      );
    }
    await tx
      .insertInto('sys_session')
      .values({
        token_hash: hashToken(token),
        tenant_id: user.tenant_id,
        user_id: user.id,
        ip: origin.ip,
        user_agent: origin.userAgent.slice(0, 500),
        company_id: company?.id ?? null,
        sso_logout_url: o.ssoLogoutUrl ?? '',
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    // The kind of place (local, lan), named in the reader's language where it is shown.
    await userWrites().signedIn(tx, user, { time: now, ip: origin.ip, ipName: ipPlaceKind(origin.ip) });
  });
  await deps.realtime.endSessions(replaced, 'auth.replaced');
  await writeLoginLog(deps, origin, { user, account, success: true, msg: 'auth.loginOk' });
  return { token, theme: user.theme, settings: parseUiSettings(user.ui_settings) };
}

/** Unlocks the lock screen: the signed-in user's account (or mobile, or mobile@account) and password again. */
export async function unlockScreen(
  ctx: ServiceContext,
  body: { account: string; password: string },
): Promise<void> {
  const user = await ctx.db
    .selectFrom('sys_user')
    .select(['account', 'mobile', 'password_hash'])
    .where('id', '=', ctx.userId)
    .where('tenant_id', '=', ctx.tenantId)
    .executeTakeFirstOrThrow();
  const account = body.account.trim();
  if (account !== user.account && account !== user.mobile && !account.endsWith(`@${user.account}`)) {
    throw new AppError(400, 'auth.wrongAccount');
  }
  if (!(await verifyPassword(user.password_hash, body.password))) {
    throw new AppError(400, 'auth.wrongPassword');
  }
}

/** Lifts every client address's sign-in lock of a user (the administrator's unlock, permission/). */
export async function clearLoginFailures(tx: Kysely<Database>, userId: string): Promise<void> {
  await tx.deleteFrom('sys_login_failure').where('user_id', '=', userId).execute();
}

/**
 * Ends the session; every chat socket of it (its tabs share the token) gets `logout` and closes.
 * A session started through a provider that ends its own too answers where the browser goes next.
 */
export async function logout(ctx: ServiceContext): Promise<{ logoutUrl: string } | null> {
  const row = await ctx.db
    .selectFrom('sys_session')
    .select('sso_logout_url')
    .where('id', '=', ctx.auth.sessionId)
    .where('tenant_id', '=', ctx.auth.tenantId)
    .executeTakeFirst();
  await endSessions(ctx.db, ctx.auth.tenantId, { sessionIds: [ctx.auth.sessionId] }, { reason: 'logout' });
  await ctx.deps.realtime.endSessions([ctx.auth.sessionId], 'auth.logoutOk');
  return row?.sso_logout_url ? { logoutUrl: row.sso_logout_url } : null;
}

/**
 * Acts within another company of the user's tree (org/org-tree.ts): stored on the session, so it
 * is written here, by the sessions' owner (404 outside the tree).
 */
export async function switchCompany(
  ctx: ServiceContext,
  companyId: string,
): Promise<{ id: string; deptName: string }> {
  const { db, auth } = ctx;
  const depts = await loadDepts(db, auth.tenantId);
  const node = flattenTree(companyTree(depts, auth.deptId)).find((n) => n.id === companyId);
  if (!node) throw notFound();
  await db
    .updateTable('sys_session')
    .set({ company_id: node.id })
    .where('id', '=', auth.sessionId)
    .where('tenant_id', '=', auth.tenantId)
    .execute();
  return { id: node.id, deptName: node.deptName };
}
