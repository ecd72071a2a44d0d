import {
  envelope,
  idParamSchema,
  type Notice,
  NoticeApi,
  NoticePerm,
  noticeBodySchema,
  noticeEntSchema,
  noticeQuerySchema,
  noticeSchema,
  pageOf,
  type UnreadNotice,
  unreadCountSchema,
  unreadNoticeSchema,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk, page } from '../core/envelope';
import { AppError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import { transaction } from '../db/transaction';
import { likePattern } from '../org/org-service';
import { requirePerm } from '../permission/service';
import {
  audienceUserIds,
  loadNotice,
  noticeText,
  sanitizeNoticeHtml,
  staffAmong,
  tenantEntsExist,
} from './notice-service';
import { notifyUsers, pushCounts, unreadCounts } from './notify';

const tags = ['announcements'];

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  const mustLoad = async (tenantId: string, id: string): Promise<Notice> => {
    const notice = await loadNotice(db, tenantId, id);
    if (!notice) throw notFound();
    return notice;
  };
  const entsField = (locale: Parameters<typeof t>[0]) =>
    new AppError(404, 'error.notFound', undefined, { fields: { entIds: t(locale, 'error.notFound') } });

  app.get(
    NoticeApi.admin,
    {
      preValidation: requirePerm(NoticePerm.page),
      schema: {
        tags,
        summary: 'Announcements of the tenant, newest first',
        querystring: noticeQuerySchema,
        response: { 200: envelope(pageOf(noticeSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { currentPage, pageSize, keyword, state } = request.query;
      let q = db.selectFrom('sys_notice').where('tenant_id', '=', auth.tenantId);
      if (state) q = q.where('state', '=', state);
      if (keyword) q = q.where('title', 'ilike', likePattern(keyword));
      const [rows, count] = await Promise.all([
        q
          .select('id')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((currentPage - 1) * pageSize)
          .execute(),
        q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const list = await Promise.all(rows.map((r) => mustLoad(auth.tenantId, String(r.id))));
      return envelopeOk(page(list, currentPage, pageSize, Number(count.n)));
    },
  );

  app.get(
    NoticeApi.ents,
    {
      preValidation: requirePerm(NoticePerm.page),
      schema: {
        tags,
        summary: 'The tenant’s enterprises (own first, then suppliers by name), for the audience picker',
        response: { 200: envelope(z.array(noticeEntSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await db
        .selectFrom('ent')
        .select(['id', 'ent_name', 'ent_type'])
        .where('tenant_id', '=', auth.tenantId)
        .orderBy('ent_type')
        .orderBy('ent_name')
        .limit(5000)
        .execute();
      return envelopeOk(rows.map((r) => ({ id: String(r.id), entName: r.ent_name, entType: r.ent_type })));
    },
  );

  app.get(
    `${NoticeApi.admin}/:id`,
    {
      preValidation: requirePerm(NoticePerm.page),
      schema: {
        tags,
        summary: 'One announcement',
        params: idParamSchema,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return envelopeOk(await mustLoad(auth.tenantId, request.params.id));
    },
  );

  app.post(
    NoticeApi.admin,
    {
      preValidation: requirePerm(NoticePerm.add),
      schema: {
        tags,
        summary: 'Drafts an announcement (the body is sanitised)',
        body: noticeBodySchema,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const body = request.body;
      if (!(await tenantEntsExist(db, auth.tenantId, body.entIds))) throw entsField(request.locale);
      const id = await transaction(db, async (tx) => {
        const row = await tx
          .insertInto('sys_notice')
          .values({
            tenant_id: auth.tenantId,
            title: body.noticeTitle,
            body_html: sanitizeNoticeHtml(body.noticeBody),
            audience: body.audience,
            creator_name: auth.realName,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (body.audience === 'ents') {
          await tx
            .insertInto('sys_notice_ent')
            .values(body.entIds.map((entId) => ({ notice_id: row.id, ent_id: entId })))
            .execute();
        }
        return String(row.id);
      });
      return envelopeOk(await mustLoad(auth.tenantId, id), t(request.locale, 'common.saved'));
    },
  );

  app.put(
    `${NoticeApi.admin}/:id`,
    {
      preValidation: requirePerm(NoticePerm.edit),
      schema: {
        tags,
        summary: 'Edits a draft or withdrawn announcement (a released one must be withdrawn first: 409)',
        params: idParamSchema,
        body: noticeBodySchema,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      const body = request.body;
      const current = await mustLoad(auth.tenantId, id);
      if (current.state === 'released') throw new AppError(409, 'error.conflict');
      if (!(await tenantEntsExist(db, auth.tenantId, body.entIds))) throw entsField(request.locale);
      await transaction(db, async (tx) => {
        await tx
          .updateTable('sys_notice')
          .set({
            title: body.noticeTitle,
            body_html: sanitizeNoticeHtml(body.noticeBody),
            audience: body.audience,
          })
          .where('id', '=', id)
          .execute();
        await tx.deleteFrom('sys_notice_ent').where('notice_id', '=', id).execute();
        if (body.audience === 'ents') {
          await tx
            .insertInto('sys_notice_ent')
            .values(body.entIds.map((entId) => ({ notice_id: id, ent_id: entId })))
            .execute();
        }
      });
      return envelopeOk(await mustLoad(auth.tenantId, id), t(request.locale, 'common.saved'));
    },
  );

  app.delete(
    `${NoticeApi.admin}/:id`,
    {
      preValidation: requirePerm(NoticePerm.delete),
      schema: {
        tags,
        summary: 'Deletes an announcement with its read records',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const notice = await mustLoad(auth.tenantId, request.params.id);
      const recipients = await db
        .selectFrom('sys_notice_read')
        .select('user_id')
        .where('notice_id', '=', notice.id)
        .where('read_at', 'is', null)
        .execute();
      await db.deleteFrom('sys_notice').where('id', '=', notice.id).execute();
      await pushCounts(
        app.deps,
        auth.tenantId,
        recipients.map((r) => String(r.user_id)),
      );
      return envelopeOk(null);
    },
  );

  for (const action of ['Release', 'Withdraw'] as const) {
    app.put(
      `${NoticeApi.admin}/:id/Actions/${action}`,
      {
        preValidation: requirePerm(NoticePerm.release),
        schema: {
          tags,
          summary:
            action === 'Release'
              ? 'Releases a draft or withdrawn announcement to its audience (a read record each, one transaction), then tells them'
              : 'Withdraws a released announcement: it leaves the recipients’ unread lists',
          params: idParamSchema,
          response: { 200: envelope(noticeSchema) },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const notice = await mustLoad(auth.tenantId, request.params.id);
        const releasing = action === 'Release';
        if (releasing === (notice.state === 'released')) throw new AppError(409, 'error.conflict');
        const recipients = releasing
          ? await audienceUserIds(db, auth.tenantId, notice.audience, notice.entIds)
          : (
              await db
                .selectFrom('sys_notice_read')
                .select('user_id')
                .where('notice_id', '=', notice.id)
                .execute()
            ).map((r) => String(r.user_id));
        await transaction(db, async (tx) => {
          await tx
            .updateTable('sys_notice')
            .set(releasing ? { state: 'released', release_time: new Date() } : { state: 'withdrawn' })
            .where('id', '=', notice.id)
            .execute();
          if (releasing && recipients.length > 0) {
            await tx
              .insertInto('sys_notice_read')
              .values(
                recipients.map((userId) => ({
                  notice_id: notice.id,
                  tenant_id: auth.tenantId,
                  user_id: userId,
                })),
              )
              .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
              .execute();
          }
        });
        // Staff have no forced dialog (spec §4): a released announcement also reaches them as an
        // internal message, so it shows in their drawer and message centre.
        const staff = releasing ? await staffAmong(db, auth.tenantId, recipients) : [];
        if (staff.length) {
          await notifyUsers(app.deps, {
            tenantId: auth.tenantId,
            userIds: staff,
            type: 1,
            menuTitle: notice.noticeTitle,
            bodyText: noticeText(notice.noticeBody),
            creatorId: auth.userId,
            creatorName: auth.realName,
          });
        }
        const others = recipients.filter((id) => !staff.includes(id));
        await pushCounts(app.deps, auth.tenantId, others, { title: notice.noticeTitle, messageType: 0 });
        return envelopeOk(await mustLoad(auth.tenantId, notice.id));
      },
    );
  }

  app.get(
    NoticeApi.unread,
    {
      schema: {
        tags,
        summary: 'My unread released announcements, oldest first (the forced dialog shows them one by one)',
        response: { 200: envelope(z.object({ list: z.array(unreadNoticeSchema) })) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await db
        .selectFrom('sys_notice_read as r')
        .innerJoin('sys_notice as n', 'n.id', 'r.notice_id')
        .select(['n.id', 'n.title', 'n.body_html', 'n.release_time'])
        .where('r.tenant_id', '=', auth.tenantId)
        .where('r.user_id', '=', auth.userId)
        .where('r.read_at', 'is', null)
        .where('n.state', '=', 'released')
        .orderBy('n.release_time')
        .orderBy('n.id')
        .limit(100)
        .execute();
      const list: UnreadNotice[] = rows.map((r) => ({
        id: String(r.id),
        noticeTitle: r.title,
        noticeBody: sanitizeNoticeHtml(r.body_html),
        releaseTime: r.release_time ? new Date(r.release_time).getTime() : 0,
        isRead: 0,
      }));
      return envelopeOk({ list });
    },
  );

  app.put(
    `${NoticeApi.read}/:id`,
    {
      schema: {
        tags,
        summary: 'Marks one announcement of mine read; answers my counts',
        params: idParamSchema,
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const row = await db
        .selectFrom('sys_notice_read')
        .select('read_at')
        .where('tenant_id', '=', auth.tenantId)
        .where('user_id', '=', auth.userId)
        .where('notice_id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      if (!row.read_at) {
        await db
          .updateTable('sys_notice_read')
          .set({ read_at: new Date() })
          .where('user_id', '=', auth.userId)
          .where('notice_id', '=', request.params.id)
          .execute();
        await pushCounts(app.deps, auth.tenantId, [auth.userId]);
      }
      return envelopeOk((await unreadCounts(db, auth.tenantId, [auth.userId])).get(auth.userId)!);
    },
  );
};
