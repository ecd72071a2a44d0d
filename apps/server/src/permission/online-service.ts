import type { OnlineSession, onlineQuerySchema, Page } from '@srm/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { endSessions } from '../auth/index';
import { parseUserAgent } from '../auth/ua';
import { page } from '../core/envelope';
import { AppError } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import type { Database } from '../db/types';

/** Live sessions of a tenant: not ended and seen within the idle timeout (docs/rules.md#sessions). */
function liveSessions(db: Kysely<Database>, tenantId: string, idleMinutes: number) {
  return db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .where('s.tenant_id', '=', tenantId)
    .where('s.ended_reason', 'is', null)
    .where('s.last_seen_at', '>', new Date(Date.now() - idleMinutes * 60_000))
    .where('u.deleted', '=', false);
}

/**
 * Forces sessions offline: they end with reason `forced`, so the next request with their token
 * answers 602 (and the chat socket closes with `logout` once it exists). Only live sessions of the
 * caller's tenant count; the caller's own session is refused. Answers how many ended (none: 404).
 */
export async function forceOffline(ctx: ServiceContext, ids: string[]): Promise<number> {
  if (ids.includes(ctx.auth.sessionId)) throw new AppError(400, 'online.ownSession');
  const ended = await endSessions(ctx.db, ctx.tenantId, { sessionIds: ids });
  await ctx.deps.realtime.endSessions(ended, 'auth.forced');
  if (ended.length === 0) throw new AppError(404, 'error.notFound');
  return ended.length;
}

/** Live sessions of the caller's tenant, most recently seen first (keyword on account, name, IP). */
export async function pageOnlineSessions(
  ctx: ServiceContext,
  query: z.output<typeof onlineQuerySchema>,
): Promise<Page<OnlineSession>> {
  const { auth } = ctx;
  const { keyword, currentPage, pageSize } = query;
  const { tokenTimeoutMinutes } = await ctx.deps.settings.security(auth.tenantId, auth.configVersion);
  let base = liveSessions(ctx.db, auth.tenantId, tokenTimeoutMinutes);
  if (keyword) {
    const like = likePattern(keyword);
    base = base.where((eb) =>
      eb.or([eb('u.account', 'ilike', like), eb('u.real_name', 'ilike', like), eb('s.ip', 'ilike', like)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        's.id',
        's.user_id',
        's.ip',
        's.user_agent',
        's.created_at',
        's.last_seen_at',
        'u.account',
        'u.real_name',
        'd.dept_name',
      ])
      .orderBy('s.last_seen_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const list: OnlineSession[] = rows.map((row) => {
    const { browser, platform } = parseUserAgent(row.user_agent);
    return {
      id: row.id,
      userId: row.user_id,
      account: row.account,
      userName: row.real_name,
      deptName: row.dept_name ?? '',
      ipAddress: row.ip,
      browser,
      platform,
      loginTime: new Date(row.created_at).getTime(),
      lastSeenTime: new Date(row.last_seen_at).getTime(),
      current: row.id === auth.sessionId,
    };
  });
  return page(list, currentPage, pageSize, Number(count.total));
}
