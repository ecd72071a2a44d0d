import {
  envelope,
  MailApi,
  type MailSender,
  mailOneToListQuerySchema,
  mailSenderSchema,
  messageIdsBodySchema,
  messageItemSchema,
  messageQuerySchema,
  pageOf,
  unreadCountSchema,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { type AuthInfo, requireAuth } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { forbidden } from '../core/errors';
import { listMessages, markRead, toMessageItem } from './message-service';

const tags = ['mail centre'];

/** The mail centre is for users of the tenant's own enterprise (spec §2.1, §6: entType 1). */
function mailboxOwner(auth: AuthInfo | null): AuthInfo {
  const owner = requireAuth(auth);
  if (owner.profile.entType !== 1) throw forbidden();
  return owner;
}

/** The mail centre: the signed-in user's messages seen as a mailbox, grouped by sender. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    MailApi.list,
    {
      schema: {
        tags,
        summary: 'My mail, newest first (the same store as the messages)',
        querystring: messageQuerySchema,
        response: { 200: envelope(pageOf(messageItemSchema)) },
      },
    },
    async (request) => {
      const auth = mailboxOwner(request.auth);
      return envelopeOk(await listMessages(db, auth, request.query));
    },
  );

  app.get(
    MailApi.oneToList,
    {
      schema: {
        tags,
        summary: 'My mail from one sender ("0": the system), newest first',
        querystring: mailOneToListQuerySchema,
        response: { 200: envelope(pageOf(messageItemSchema)) },
      },
    },
    async (request) => {
      const auth = mailboxOwner(request.auth);
      const { senderId, currentPage, pageSize } = request.query;
      return envelopeOk(await listMessages(db, auth, { currentPage, pageSize }, senderId));
    },
  );

  app.get(
    MailApi.lastPerSender,
    {
      schema: {
        tags,
        summary: 'The newest mail of each sender, with its unread count (senders newest first)',
        response: { 200: envelope(z.array(mailSenderSchema)) },
      },
    },
    async (request) => {
      const auth = mailboxOwner(request.auth);
      const rows = await db
        .selectFrom('sys_message as m')
        .select([
          'm.id',
          'm.type',
          'm.menu_title',
          'm.creator_id',
          'm.creator_name',
          'm.created_at',
          'm.read_at',
          'm.url',
          'm.bill_id',
          sql<string>`count(*) filter (where m.read_at is null) over (partition by coalesce(m.creator_id, 0))`.as(
            'unread',
          ),
          sql<number>`row_number() over (partition by coalesce(m.creator_id, 0) order by m.created_at desc, m.id desc)`.as(
            'rank',
          ),
        ])
        .where('m.tenant_id', '=', auth.tenantId)
        .where('m.user_id', '=', auth.userId)
        .execute();
      const senders: MailSender[] = rows
        .filter((r) => Number(r.rank) === 1)
        .map((r) => ({
          senderId: r.creator_id == null ? '0' : String(r.creator_id),
          senderName: r.creator_name,
          unread: Number(r.unread),
          latest: toMessageItem(r),
        }))
        .sort((a, b) => b.latest.createDate - a.latest.createDate);
      return envelopeOk(senders);
    },
  );

  app.post(
    MailApi.batchRead,
    {
      schema: {
        tags,
        summary: 'Marks mail of mine read; answers my new counts',
        body: messageIdsBodySchema,
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (request) => {
      const auth = mailboxOwner(request.auth);
      return envelopeOk(await markRead(app.deps, auth, request.body.ids, request.locale));
    },
  );
};
