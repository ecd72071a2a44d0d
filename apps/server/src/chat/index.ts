import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import { chatRoutes } from './conversation-routes';
import type { ChatHub } from './hub';
import { registerChatSocket, SOCKET_HARD_MAX_BYTES } from './socket';

/** Chat: recent conversations over HTTP, and the socket that carries messages and every server push. */
export async function chatDomain(app: FastifyInstance, options: { hub: ChatHub }): Promise<void> {
  await app.register(signedIn(chatRoutes));
  await app.register(websocket, { options: { maxPayload: SOCKET_HARD_MAX_BYTES } });
  registerChatSocket(app, options.hub);
}
