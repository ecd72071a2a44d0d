import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import { mailRoutes } from './mail-routes';
import { messageRoutes } from './message-routes';
import { msgTemplateRoutes } from './msg-template-routes';
import { noticeRoutes } from './notice-routes';

/** Messages: the message centre, mail, announcements and message templates. */
export async function messageDomain(app: FastifyInstance): Promise<void> {
  await app.register(signedIn(messageRoutes, mailRoutes, noticeRoutes, msgTemplateRoutes));
}
