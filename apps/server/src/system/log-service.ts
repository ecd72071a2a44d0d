import type { Locale, LoginLog } from '@srm/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { AuthInfo } from '../core/context';
import { isMessageKey, t } from '../core/i18n';
import type { Database } from '../db/types';
import { withinEnterprise } from './activity-log-service';

/** A stored sign-in log message (a key; older rows may hold text) in the reader's language. */
export function loginLogMessage(stored: string, locale: Locale): string {
  if (stored === 'auth.locked') return t(locale, 'auth.lockedLog');
  if (stored === 'auth.proofOfWork') return t(locale, 'auth.proofOfWorkLog');
  return isMessageKey(stored) ? t(locale, stored) : stored;
}

/** A stored place kind (`local`, `lan`) in the reader's language. */
export function loginLogPlace(stored: string, locale: Locale): string {
  return stored === 'local' || stored === 'lan' ? t(locale, `ip.${stored}`) : stored;
}

export interface LoginLogFilter {
  tenantId: string;
  /** The reader's enterprise boundary (the log page); the own-log page filters by userId instead. */
  reader?: Pick<AuthInfo, 'tenantId' | 'entId' | 'isAdmin' | 'profile'>;
  userId?: string;
  keyword?: string;
  startTime?: number;
  endTime?: number;
}

type LogQuery = SelectQueryBuilder<Database, 'sys_login_log', object>;

function filtered(db: Kysely<Database>, f: LoginLogFilter): LogQuery {
  let q = db.selectFrom('sys_login_log').where('tenant_id', '=', f.tenantId);
  if (f.reader) q = withinEnterprise(q, f.reader);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.startTime !== undefined) q = q.where('created_at', '>=', new Date(f.startTime));
  if (f.endTime !== undefined) q = q.where('created_at', '<=', new Date(f.endTime));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb('account', 'ilike', like), eb('user_name', 'ilike', like), eb('ip', 'ilike', like)]),
    );
  }
  return q;
}

const columns = [
  'id',
  'account',
  'user_name',
  'success',
  'msg',
  'ip',
  'ip_name',
  'browser',
  'platform',
  'created_at',
] as const;

export type LoginLogRow = {
  id: string;
  account: string;
  user_name: string;
  success: boolean;
  msg: string;
  ip: string;
  ip_name: string;
  browser: string;
  platform: string;
  created_at: Date;
};

/** ipAddress is a column permission: the key is absent unless granted. */
export function toLoginLog(row: LoginLogRow, withIp: boolean, locale: Locale): LoginLog {
  const log: LoginLog = {
    id: row.id,
    account: row.account,
    userName: row.user_name,
    success: row.success,
    msg: loginLogMessage(row.msg, locale),
    ipAddressName: loginLogPlace(row.ip_name, locale),
    browser: row.browser,
    platform: row.platform,
    createTime: new Date(row.created_at).getTime(),
  };
  if (withIp) log.ipAddress = row.ip;
  return log;
}

/** Newest first, served by the (tenant_id, created_at desc, id desc) index. */
export async function pageLoginLogs(
  db: Kysely<Database>,
  f: LoginLogFilter,
  currentPage: number,
  pageSize: number,
): Promise<{ rows: LoginLogRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select(columns)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
    filtered(db, f).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function allLoginLogs(db: Kysely<Database>, f: LoginLogFilter, max: number) {
  return filtered(db, f)
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(max)
    .execute();
}
