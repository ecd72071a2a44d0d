import { ChatApi, conversationSchema, envelope } from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { recentConversations } from './chat-service';

/** The chat drawer's 消息 tab keeps at most this many recent conversations. */
const RECENT_LIMIT = 100;

/** Chat over HTTP: the recent conversations (the messages themselves go over the socket). */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ChatApi.conversations,
    {
      schema: {
        tags: ['chat'],
        summary: 'My recent conversations, newest first, with unread counts and the last message',
        response: { 200: envelope(z.object({ list: z.array(conversationSchema) })) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return envelopeOk({
        list: await recentConversations(app.deps.db, auth.tenantId, auth.userId, RECENT_LIMIT),
      });
    },
  );
};
