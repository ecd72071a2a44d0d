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
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { deleteMessages, listMessages, markRead, openMessage, readAllMessages } from './message-service';
import { unreadCounts } from './notify';

const tags = ['messages'];

/** The signed-in user's internal messages: only their own rows, whatever the id asked for. */
export const messageRoutes: SignedInRoutes = async (app) => {
  const { db } = app.deps;

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
      const auth = request.auth;
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
    async (request) => envelopeOk(await openMessage(contextOf(request), request.params.id)),
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
      const auth = request.auth;
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
      const counts = await readAllMessages(contextOf(request));
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
    async (request) => envelopeOk({ count: await deleteMessages(contextOf(request), request.body.ids) }),
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
      const auth = request.auth;
      const counts = await unreadCounts(db, auth.tenantId, [auth.userId]);
      return envelopeOk(counts.get(auth.userId)!);
    },
  );
};
