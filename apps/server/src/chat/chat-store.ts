import {
  CHAT_TEXT_MAX,
  type ChatContentType,
  type ChatMessage,
  type ChatPagination,
  type Conversation,
  chatImageSchema,
} from '@srm/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AuthInfo } from '../core/context';
import { AppError } from '../core/errors';
import type { FileStore } from '../core/file-store';
import { likePattern } from '../core/sql';
import { hidesAccountOf, registerStaffLink, userReachOf } from '../core/user-reach';
import { transaction } from '../db/transaction';
import type { Database, ImMessageTable } from '../db/types';
import { IMAGE_NAME, imageExists, imageUrl } from '../file/storage';

/** Chat storage (docs/rules.md#chat): messages, per-user conversations and their unread counts. */

/** A supplier's user works with the staff who have chatted with him (core/user-reach.ts). */
registerStaffLink(
  (auth, userId) =>
    sql<boolean>`exists (select 1 from im_conversation as link_c where link_c.user_id = ${auth.userId} and link_c.peer_id = ${userId})`,
);

type Db = Kysely<Database>;

export function toChatMessage(row: Selectable<ImMessageTable>): ChatMessage {
  return {
    id: String(row.id),
    sendUserId: String(row.send_user_id),
    receiveUserId: String(row.receive_user_id),
    contentType: row.content_type,
    content: row.content,
    sendTime: new Date(row.send_time).getTime(),
  };
}

const pairOf = (a: string, b: string): [string, string] => (BigInt(a) < BigInt(b) ? [a, b] : [b, a]);

/**
 * A live user of the tenant that `auth` may reach (chat peers must be: a supplier's user never
 * another supplier's, core/user-reach.ts), else 404.
 */
export async function assertPeer(db: Db, auth: AuthInfo, peerId: string): Promise<void> {
  let q = db
    .selectFrom('sys_user as u')
    .select('u.id')
    .where('u.tenant_id', '=', auth.tenantId)
    .where('u.id', '=', peerId)
    .where('u.deleted', '=', false);
  const reach = userReachOf(auth, 'u');
  if (reach) q = q.where(reach);
  if (!(await q.executeTakeFirst())) throw new AppError(404, 'chat.peerNotFound');
}

/**
 * The stored content of a new message: text trimmed, not empty, at most CHAT_TEXT_MAX characters;
 * an image must be the JSON of an upload of this tenant to the IM folder that exists.
 */
export async function checkContent(
  files: FileStore,
  tenantId: string,
  type: ChatContentType,
  raw: string,
): Promise<string> {
  if (type === 'text') {
    const text = raw.trim();
    if (!text) throw new AppError(400, 'chat.emptyText');
    if ([...text].length > CHAT_TEXT_MAX) throw new AppError(400, 'chat.textTooLong', { max: CHAT_TEXT_MAX });
    return text;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError(400, 'chat.badImage');
  }
  const image = chatImageSchema.safeParse(parsed);
  if (!image.success) throw new AppError(400, 'chat.badImage');
  const name = image.data.path.split('/').pop() ?? '';
  if (!IMAGE_NAME.test(name) || image.data.path !== imageUrl('IM', name))
    throw new AppError(400, 'chat.badImage');
  if (!(await imageExists(files, tenantId, 'IM', name))) throw new AppError(400, 'chat.badImage');
  return JSON.stringify(image.data);
}

/**
 * Stores a message and both sides' conversation rows in one transaction (the receiver's unread
 * count goes up by one). Only after this returns is anybody told (docs/rules.md#chat); a transaction
 * rolled back for a deadlock or serialization failure runs again (`transaction`), so nothing
 * acknowledged is lost and nothing is stored twice.
 */
export async function storeChatMessage(
  db: Db,
  tenantId: string,
  fromId: string,
  toId: string,
  type: ChatContentType,
  content: string,
): Promise<ChatMessage> {
  const [lo, hi] = pairOf(fromId, toId);
  const row = await transaction(db, async (tx) => {
    const message = await tx
      .insertInto('im_message')
      .values({
        tenant_id: tenantId,
        send_user_id: fromId,
        receive_user_id: toId,
        pair_lo: lo,
        pair_hi: hi,
        content_type: type,
        content,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const base = { tenant_id: tenantId, last_message_id: message.id, last_time: message.send_time };
    const mine = { ...base, user_id: fromId, peer_id: toId, unread: 0 };
    const theirs = { ...base, user_id: toId, peer_id: fromId, unread: 1 };
    // Rows are locked in the order they are listed: always the lower user's row first, so two
    // users writing to each other at once queue on the same row instead of deadlocking.
    await tx
      .insertInto('im_conversation')
      .values(lo === fromId ? [mine, theirs] : [theirs, mine])
      .onConflict((oc) =>
        oc.columns(['user_id', 'peer_id']).doUpdateSet((eb) => ({
          last_message_id: eb.ref('excluded.last_message_id'),
          last_time: eb.ref('excluded.last_time'),
          unread: sql<number>`im_conversation.unread + excluded.unread`,
        })),
      )
      .execute();
    return message;
  });
  return toChatMessage(row);
}

/** The user has read everything from this peer; true when something changed. */
export async function markConversationRead(db: Db, userId: string, peerId: string): Promise<boolean> {
  const result = await db
    .updateTable('im_conversation')
    .set({ unread: 0 })
    .where('user_id', '=', userId)
    .where('peer_id', '=', peerId)
    .where('unread', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Unread chat messages per sender (the partial index on unread > 0). */
export async function unreadByPeer(
  db: Db,
  userId: string,
): Promise<{ formUserId: string; unreadNum: number }[]> {
  const rows = await db
    .selectFrom('im_conversation')
    .select(['peer_id', 'unread'])
    .where('user_id', '=', userId)
    .where('unread', '>', 0)
    .execute();
  return rows.map((r) => ({ formUserId: String(r.peer_id), unreadNum: r.unread }));
}

/** One page of the conversation of two users, in the order asked (offset pages by id). */
export async function conversationPage(
  db: Db,
  me: string,
  peer: string,
  options: { currentPage: number; pageSize: number; sord: 'asc' | 'desc'; keyword?: string },
): Promise<{ list: ChatMessage[]; pagination: ChatPagination }> {
  const [lo, hi] = pairOf(me, peer);
  let q = db.selectFrom('im_message').where('pair_lo', '=', lo).where('pair_hi', '=', hi);
  if (options.keyword) {
    q = q.where('content_type', '=', 'text').where('content', 'ilike', likePattern(options.keyword));
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', options.sord)
      .limit(options.pageSize)
      .offset((options.currentPage - 1) * options.pageSize)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map(toChatMessage),
    pagination: { currentPage: options.currentPage, pageSize: options.pageSize, total: Number(count.n) },
  };
}

/**
 * My recent conversations, newest first, with the peer and the newest message (a supplier's user
 * reads the staff by name only: their account is left empty).
 */
export async function recentConversations(db: Db, auth: AuthInfo, limit: number) {
  const { tenantId, userId } = auth;
  const rows = await db
    .selectFrom('im_conversation as c')
    .innerJoin('sys_user as u', 'u.id', 'c.peer_id')
    .innerJoin('im_message as m', 'm.id', 'c.last_message_id')
    .select([
      'c.peer_id',
      'c.unread',
      'c.last_time',
      'u.real_name',
      'u.account',
      'u.ent_id',
      'u.head_icon',
      'm.content',
      'm.content_type',
      'm.send_user_id',
      'm.receive_user_id',
    ])
    .where('c.user_id', '=', userId)
    .where('c.tenant_id', '=', tenantId)
    .where('u.deleted', '=', false)
    .orderBy('c.last_time', 'desc')
    .limit(limit)
    .execute();
  return rows.map(
    (r): Conversation => ({
      id: String(r.peer_id),
      realName: r.real_name,
      account: hidesAccountOf(auth, { entId: String(r.ent_id) }) ? '' : r.account,
      headIcon: r.head_icon,
      unreadMessage: r.unread,
      latestMessage: r.content_type === 'text' ? r.content : '',
      latestDate: new Date(r.last_time).getTime(),
      messageType: r.content_type,
      formUserId: String(r.send_user_id),
      toUserId: String(r.receive_user_id),
    }),
  );
}
