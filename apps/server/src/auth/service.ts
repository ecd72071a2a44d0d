import { type Locale, type LoginResult, parseUiSettings } from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../core/context';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import { verifyPassword } from '../core/password';
import { transaction } from '../db/transaction';
import type { UserRow } from '../db/types';
import { companyOfDept, loadDepts } from '../org/service';
import { hashToken, newToken } from './session';
import { ipPlaceKind, parseUserAgent } from './ua';

const MOBILE = /^1\d{10}$/;

/** account, mobile, or mobile@account (a sub-account: that account, whose mobile matches). */
export async function findLoginUser(deps: Deps, userName: string): Promise<UserRow | 'ambiguous' | null> {
  const name = userName.trim();
  const base = deps.db.selectFrom('sys_user').selectAll().where('deleted', '=', false);
  const at = name.indexOf('@');
  if (at > 0 && MOBILE.test(name.slice(0, at))) {
    const mobile = name.slice(0, at);
    const account = name.slice(at + 1).trim();
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

function ipPlace(ip: string, locale: Locale): string {
  const kind = ipPlaceKind(ip);
  return kind === 'local' ? t(locale, 'ip.local') : kind === 'lan' ? t(locale, 'ip.lan') : '';
}

async function writeLoginLog(
  deps: Deps,
  request: FastifyRequest,
  entry: { user: UserRow | null; account: string; success: boolean; msg: string },
) {
  const { browser, platform } = parseUserAgent(request.headers['user-agent']);
  await deps.db
    .insertInto('sys_login_log')
    .values({
      tenant_id: entry.user?.tenant_id ?? null,
      user_id: entry.user?.id ?? null,
      account: entry.account.slice(0, 100),
      user_name: entry.user?.real_name ?? '',
      success: entry.success,
      msg: entry.msg,
      ip: request.ip,
      ip_name: ipPlace(request.ip, 'zh-CN'),
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

/** Sign-in: checks, lockout, session creation and the sign-in log. Returns the new token. */
export async function login(
  deps: Deps,
  request: FastifyRequest,
  userName: string,
  password: string,
): Promise<LoginResult> {
  const { db } = deps;
  const found = await findLoginUser(deps, userName);
  const account = userName.trim();
  const fail = async (user: UserRow | null, error: AppError) => {
    await writeLoginLog(deps, request, {
      user,
      account,
      success: false,
      msg: t('zh-CN', error.key, error.params),
    });
    return error;
  };
  if (found === 'ambiguous') throw await fail(null, new AppError(400, 'auth.ambiguousMobile'));
  if (!found) throw await fail(null, new AppError(400, 'auth.badCredentials'));
  const user = found;
  if (!user.enabled) throw await fail(user, new AppError(400, 'auth.disabled'));
  const now = new Date();
  if (user.locked_until && user.locked_until.getTime() > now.getTime()) {
    throw await fail(user, lockedError(user.locked_until));
  }
  const settings = await deps.settings.security(user.tenant_id);
  if (!(await verifyPassword(user.password_hash, password))) {
    // Atomic increment; the fifth wrong password in a row locks the account.
    const updated = await db
      .updateTable('sys_user')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', user.id)
      .returning('failed_attempts')
      .executeTakeFirstOrThrow();
    if (updated.failed_attempts >= settings.lockoutAttempts) {
      const until = new Date(now.getTime() + settings.lockoutMinutes * 60_000);
      await db
        .updateTable('sys_user')
        .set({ failed_attempts: 0, locked_until: until })
        .where('id', '=', user.id)
        .execute();
      throw await fail(user, lockedError(until));
    }
    throw await fail(user, new AppError(400, 'auth.badCredentials'));
  }

  const token = newToken();
  const depts = user.dept_id ? await loadDepts(db, user.tenant_id) : [];
  const company = companyOfDept(depts, user.dept_id);
  let replaced: string[] = [];
  await transaction(db, async (tx) => {
    if (settings.singleLogin) {
      const ended = await tx
        .updateTable('sys_session')
        .set({ ended_reason: 'replaced', ended_at: now })
        .where('user_id', '=', user.id)
        .where('ended_reason', 'is', null)
        .returning('id')
        .execute();
      replaced = ended.map((r) => String(r.id));
    }
    await tx
      .insertInto('sys_session')
      .values({
        token_hash: hashToken(token),
        tenant_id: user.tenant_id,
        user_id: user.id,
        ip: request.ip,
        user_agent: (request.headers['user-agent'] ?? '').slice(0, 500),
        company_id: company?.id ?? null,
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    await tx
      .updateTable('sys_user')
      .set({
        failed_attempts: 0,
        locked_until: null,
        prev_login_time: user.last_login_time,
        prev_login_ip: user.last_login_ip,
        prev_login_ip_name: user.last_login_ip_name,
        last_login_time: now,
        last_login_ip: request.ip,
        last_login_ip_name: ipPlace(request.ip, 'zh-CN'),
      })
      .where('id', '=', user.id)
      .execute();
  });
  await deps.realtime.endSessions(replaced, 'auth.replaced');
  await writeLoginLog(deps, request, { user, account, success: true, msg: t('zh-CN', 'auth.loginOk') });
  return { token, theme: user.theme, settings: parseUiSettings(user.ui_settings) };
}
