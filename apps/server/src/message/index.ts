import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import { mailRoutes } from './mail-routes';
import { messageRoutes } from './message-routes';
import { msgTemplateRoutes } from './msg-template-routes';
import { noticeRoutes } from './notice-routes';

// What other domains call: internal messages are written here alone (test/unit/table-owners.test.ts).
export { notifyUsers, pushCounts, unreadCounts } from './notify';
export { type MessageText, type NewMessage, writeMessages } from './write-messages';

/** Messages: the message centre, mail, announcements and message templates. */
export async function messageDomain(app: FastifyInstance): Promise<void> {
  await app.register(signedIn(messageRoutes, mailRoutes, noticeRoutes, msgTemplateRoutes));
}
