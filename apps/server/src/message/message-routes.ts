import {
  envelope,
  idParamSchema,
  MessageApi,
  messageDetailSchema,
  messageIdsBodySchema,
  messageItemSchema,
  messageQuerySchema,
  pageOf,
  unreadCountSchema,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { notFound } from '../core/errors';
import { t } from '../core/i18n';
import { assertIds, listMessages, markRead } from './message-service';
import { pushCounts, unreadCounts } from './notify';

const tags = ['messages'];
const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : 0);

/** The signed-in user's internal messages: only their own rows, whatever the id asked for. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const own = (tenantId: string, userId: string) =>
    db.selectFrom('sys_message').where('tenant_id', '=', tenantId).where('user_id', '=', userId);

  app.get(
    MessageApi.list,
    {
      schema: {
        tags,
        summary: 'My messages, newest first (type, keyword on title and body, read state)',
        querystring: messageQuerySchema,
        response: { 200: envelope(pageOf(messageItemSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return envelopeOk(await listMessages(db, auth, request.query));
    },
  );

  app.get(
    `${MessageApi.readInfo}/:id`,
    {
      schema: {
        tags,
        summary: 'One of my messages; opening it marks it read',
        params: idParamSchema,
        response: { 200: envelope(messageDetailSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const row = await own(auth.tenantId, auth.userId)
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      if (!row.read_at) {
        await db.updateTable('sys_message').set({ read_at: new Date() }).where('id', '=', row.id).execute();
        await pushCounts(app.deps, auth.tenantId, [auth.userId]);
      }
      return envelopeOk({
        id: String(row.id),
        title: row.menu_title,
        lastModifyTime: ms(row.created_at),
        creatorUser: row.creator_name,
        bodyText: row.body_text,
        url: row.url,
        billId: row.bill_id,
      });
    },
  );

  app.post(
    MessageApi.read,
    {
      schema: {
        tags,
        summary: 'Marks my messages read; answers my new counts (never below 0)',
        body: messageIdsBodySchema,
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return envelopeOk(await markRead(app.deps, auth, request.body.ids, request.locale));
    },
  );

  app.post(
    MessageApi.readAll,
    {
      schema: {
        tags,
        summary: 'Marks every message of mine read',
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      await db
        .updateTable('sys_message')
        .set({ read_at: new Date() })
        .where('tenant_id', '=', auth.tenantId)
        .where('user_id', '=', auth.userId)
        .where('read_at', 'is', null)
        .execute();
      await pushCounts(app.deps, auth.tenantId, [auth.userId]);
      // Announcements are not touched: the answer says how many stay unread.
      const counts = (await unreadCounts(db, auth.tenantId, [auth.userId])).get(auth.userId)!;
      return envelopeOk(counts, t(request.locale, 'common.saved'));
    },
  );

  app.delete(
    MessageApi.record,
    {
      schema: {
        tags,
        summary: 'Deletes messages of mine (ids of others are not found)',
        body: messageIdsBodySchema,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      assertIds(request.body.ids, request.locale);
      const deleted = await db
        .deleteFrom('sys_message')
        .where('tenant_id', '=', auth.tenantId)
        .where('user_id', '=', auth.userId)
        .where('id', 'in', request.body.ids)
        .returning('id')
        .execute();
      if (deleted.length === 0) throw notFound();
      await pushCounts(app.deps, auth.tenantId, [auth.userId]);
      return envelopeOk({ count: deleted.length });
    },
  );

  app.get(
    MessageApi.unread,
    {
      schema: {
        tags,
        summary: 'My unread counts (the bell)',
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const counts = await unreadCounts(db, auth.tenantId, [auth.userId]);
      return envelopeOk(counts.get(auth.userId)!);
    },
  );
};
