import {
  envelope,
  forceOfflineBodySchema,
  idParamSchema,
  OnlineApi,
  OnlinePerm,
  type OnlineSession,
  onlineQuerySchema,
  onlineSessionSchema,
  pageOf,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { parseUserAgent } from '../auth/ua';
import { requireAuth } from '../core/context';
import { envelopeOk, page } from '../core/envelope';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import type { Database } from '../db/types';
import { likePattern } from '../org/org-service';
import { requirePerm } from './service';

const tags = ['online users'];

/** Live sessions of a tenant: not ended and seen within the idle timeout (decisions §3). */
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
 * caller's tenant count; the caller's own session is refused.
 */
async function forceOffline(
  db: Kysely<Database>,
  tenantId: string,
  ownSessionId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.includes(ownSessionId)) throw new AppError(400, 'online.ownSession');
  const ended = await db
    .updateTable('sys_session')
    .set({ ended_reason: 'forced', ended_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('ended_reason', 'is', null)
    .returning('id')
    .execute();
  return ended.map((r) => String(r.id));
}

export const onlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, settings } = app.deps;

  app.get(
    OnlineApi.list,
    {
      preValidation: requirePerm(OnlinePerm.page),
      schema: {
        tags,
        summary: 'Live sessions of the tenant (user, IP, sign-in time, last seen), most recently seen first',
        querystring: onlineQuerySchema,
        response: { 200: envelope(pageOf(onlineSessionSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { keyword, currentPage, pageSize } = request.query;
      const { tokenTimeoutMinutes } = await settings.security(auth.tenantId);
      let base = liveSessions(db, auth.tenantId, tokenTimeoutMinutes);
      if (keyword) {
        const like = likePattern(keyword);
        base = base.where((eb) =>
          eb.or([
            eb('u.account', 'ilike', like),
            eb('u.real_name', 'ilike', like),
            eb('s.ip', 'ilike', like),
          ]),
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
      return envelopeOk(page(list, currentPage, pageSize, Number(count.total)));
    },
  );

  app.delete(
    `${OnlineApi.list}/:id`,
    {
      preValidation: requirePerm(OnlinePerm.forceOffline),
      schema: {
        tags,
        summary: "Forces one session offline (its next request answers 602); not the caller's own",
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const ended = await forceOffline(db, auth.tenantId, auth.sessionId, [request.params.id]);
      await app.deps.realtime.endSessions(ended, 'auth.forced');
      const count = ended.length;
      if (count === 0) throw new AppError(404, 'error.notFound');
      return envelopeOk(null, t(request.locale, 'online.forcedCount', { count }));
    },
  );

  app.post(
    OnlineApi.forceOffline,
    {
      preValidation: requirePerm(OnlinePerm.forceOffline),
      schema: {
        tags,
        summary: 'Forces several sessions offline in one statement; answers how many ended',
        body: forceOfflineBodySchema,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const ended = await forceOffline(db, auth.tenantId, auth.sessionId, request.body.ids);
      await app.deps.realtime.endSessions(ended, 'auth.forced');
      const count = ended.length;
      if (count === 0) throw new AppError(404, 'error.notFound');
      return envelopeOk({ count }, t(request.locale, 'online.forcedCount', { count }));
    },
  );
};
