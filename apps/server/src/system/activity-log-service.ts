import {
  type ErrorLog,
  type errorLogQuerySchema,
  LOG_PAGE_WINDOW,
  type LogPage,
  Perm,
  type RequestLog,
  type requestLogQuerySchema,
} from '@srm/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { hasPerm } from '../core/access';
import type { AuthInfo } from '../core/context';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { isSupplierUser } from '../core/user-reach';
import type { Database } from '../db/types';

type RequestLogQuery = z.output<typeof requestLogQuerySchema>;
type ErrorLogQuery = z.output<typeof errorLogQuerySchema>;

type LogTable = 'sys_request_log' | 'sys_error_log';

/**
 * The organisation boundary of the logs: whatever the grant, a user sees the entries of their own
 * enterprise's users (a supplier's user never sees the purchaser's calls). The tenant administrator,
 * who runs the platform for the purchaser and its suppliers, sees every entry of the tenant: the
 * suppliers' users' sign-ins (a frozen supplier's refused ones too) and those made without a session.
 */
export function withinEnterprise<T extends 'sys_request_log' | 'sys_error_log' | 'sys_login_log'>(
  q: SelectQueryBuilder<Database, T, object>,
  auth: Pick<AuthInfo, 'tenantId' | 'entId' | 'isAdmin' | 'profile'>,
): SelectQueryBuilder<Database, T, object> {
  if (auth.isAdmin && !isSupplierUser(auth)) return q.where(sql<boolean>`tenant_id = ${auth.tenantId}`);
  // Anyone else, a supplier's administrator included: their own enterprise's users' entries only.
  return q.where(
    sql<boolean>`tenant_id = ${auth.tenantId} and user_id in (select u.id from sys_user u where u.tenant_id = ${auth.tenantId} and u.ent_id = ${auth.entId})`,
  );
}

function escapeLike(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Newest first on the (tenant_id, created_at desc, id desc) index. The count stops at the window,
 * so a million rows cost no more than ten thousand; pages past the window are empty.
 */
async function pageOfLog<T extends LogTable, Row>(
  db: Kysely<Database>,
  base: SelectQueryBuilder<Database, T, object>,
  columns: readonly string[],
  currentPage: number,
  pageSize: number,
): Promise<{ rows: Row[]; total: number; capped: boolean }> {
  const offset = (currentPage - 1) * pageSize;
  const rowsQuery =
    offset >= LOG_PAGE_WINDOW
      ? Promise.resolve([] as Row[])
      : (base
          .select(columns as never)
          .orderBy('created_at' as never, 'desc')
          .orderBy('id' as never, 'desc')
          .limit(Math.min(pageSize, LOG_PAGE_WINDOW - offset))
          .offset(offset)
          .execute() as Promise<Row[]>);
  const countQuery = base
    .select(sql<number>`1`.as('one'))
    .limit(LOG_PAGE_WINDOW + 1)
    .as('window');
  const [rows, count] = await Promise.all([
    rowsQuery,
    db.selectFrom(countQuery).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  return { rows, total: Math.min(total, LOG_PAGE_WINDOW), capped: total > LOG_PAGE_WINDOW };
}

interface RequestRow {
  id: string;
  user_name: string;
  method: string;
  path: string;
  status: number;
  code: number;
  duration_ms: number;
  ip: string;
  request_id: string;
  created_at: Date;
}

interface ErrorRow {
  id: string;
  user_name: string;
  source: 'server' | 'client';
  method: string;
  path: string;
  message: string;
  stack: string;
  ip: string;
  request_id: string;
  created_at: Date;
}

export async function pageRequestLogs(ctx: ServiceContext, q: RequestLogQuery): Promise<LogPage<RequestLog>> {
  const { auth, db } = ctx;
  // The IP is a column permission: left out of the data, not only hidden.
  const withIp = await hasPerm(ctx, Perm.logIpColumn);
  let base = withinEnterprise(db.selectFrom('sys_request_log'), auth);
  if (q.startTime !== undefined) base = base.where('created_at', '>=', new Date(q.startTime));
  if (q.endTime !== undefined) base = base.where('created_at', '<=', new Date(q.endTime));
  if (q.method) base = base.where('method', '=', q.method);
  if (q.outcome === 'success') base = base.where('code', '=', 0).where('status', '<', 400);
  if (q.outcome === 'failure')
    base = base.where((eb) => eb.or([eb('code', '<>', 0), eb('status', '>=', 400)]));
  if (q.keyword) {
    const like = escapeLike(q.keyword);
    base = base.where((eb) =>
      // One expression per trigram index (migration 0004), or the exact request id.
      eb.or([eb(sql<string>`path || ' ' || user_name`, 'ilike', like), eb('request_id', '=', q.keyword!)]),
    );
  }
  const columns = [
    'id',
    'user_name',
    'method',
    'path',
    'status',
    'code',
    'duration_ms',
    'ip',
    'request_id',
    'created_at',
  ] as const;
  const page = await pageOfLog<'sys_request_log', RequestRow>(db, base, columns, q.currentPage, q.pageSize);
  const result: LogPage<RequestLog> = {
    list: page.rows.map((row) => ({
      id: row.id,
      userName: row.user_name,
      method: row.method,
      path: row.path,
      status: row.status,
      code: row.code,
      duration: row.duration_ms,
      ...(withIp ? { ipAddress: row.ip } : {}),
      requestId: row.request_id,
      createTime: new Date(row.created_at).getTime(),
    })),
    pagination: {
      currentPage: q.currentPage,
      pageSize: q.pageSize,
      total: page.total,
      capped: page.capped,
    },
  };
  return result;
}

export async function pageErrorLogs(ctx: ServiceContext, q: ErrorLogQuery): Promise<LogPage<ErrorLog>> {
  const { auth, db } = ctx;
  // The IP is a column permission: left out of the data, not only hidden.
  const withIp = await hasPerm(ctx, Perm.logIpColumn);
  let base = withinEnterprise(db.selectFrom('sys_error_log'), auth);
  if (q.startTime !== undefined) base = base.where('created_at', '>=', new Date(q.startTime));
  if (q.endTime !== undefined) base = base.where('created_at', '<=', new Date(q.endTime));
  if (q.source) base = base.where('source', '=', q.source);
  if (q.keyword) {
    const like = escapeLike(q.keyword);
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`message || ' ' || path || ' ' || user_name`, 'ilike', like),
        eb('request_id', '=', q.keyword!),
      ]),
    );
  }
  const columns = [
    'id',
    'user_name',
    'source',
    'method',
    'path',
    'message',
    'stack',
    'ip',
    'request_id',
    'created_at',
  ] as const;
  const page = await pageOfLog<'sys_error_log', ErrorRow>(db, base, columns, q.currentPage, q.pageSize);
  const result: LogPage<ErrorLog> = {
    list: page.rows.map((row) => ({
      id: row.id,
      userName: row.user_name,
      source: row.source,
      method: row.method,
      path: row.path,
      // Stack traces and database texts are internals: the tenant administrator's only.
      message: auth.isAdmin ? row.message : t(ctx.locale, 'log.errorHidden'),
      stack: auth.isAdmin ? row.stack : '',
      ...(withIp ? { ipAddress: row.ip } : {}),
      requestId: row.request_id,
      createTime: new Date(row.created_at).getTime(),
    })),
    pagination: {
      currentPage: q.currentPage,
      pageSize: q.pageSize,
      total: page.total,
      capped: page.capped,
    },
  };
  return result;
}
