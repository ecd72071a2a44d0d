import {
  envelope,
  MailApi,
  mailOneToListQuerySchema,
  mailSenderSchema,
  messageIdsBodySchema,
  messageItemSchema,
  messageQuerySchema,
  pageOf,
  unreadCountSchema,
} from '@srm/contracts';
import { z } from 'zod';
import type { AuthInfo } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { forbidden } from '../core/errors';
import type { SignedInRoutes } from '../core/scope';
import { lastMailPerSender, listMessages, markRead } from './message-service';

const tags = ['mail centre'];

/** The mail centre is for users of the tenant's own enterprise (entType 1; docs/rules.md#mail-centre). */
function mailboxOwner(auth: AuthInfo): AuthInfo {
  if (auth.profile.entType !== 1) throw forbidden();
  return auth;
}

/** The mail centre: the signed-in user's messages seen as a mailbox, grouped by sender. */
export const mailRoutes: SignedInRoutes = async (app) => {
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
    async (request) => envelopeOk(await lastMailPerSender(db, mailboxOwner(request.auth))),
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
