import { ChatApi, conversationSchema, envelope } from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import type { SignedInRoutes } from '../core/scope';
import { recentConversations } from './chat-store';

/** The chat drawer's 消息 tab keeps at most this many recent conversations. */
const RECENT_LIMIT = 100;

/** Chat over HTTP: the recent conversations (the messages themselves go over the socket). */
export const chatRoutes: SignedInRoutes = async (app) => {
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
      return envelopeOk({ list: await recentConversations(app.deps.db, request.auth, RECENT_LIMIT) });
    },
  );
};
