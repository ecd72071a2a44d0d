import type { MessageType, UnreadCount } from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import type { Deps } from '../core/context';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { writeMessages } from './write-messages';

export interface Notification {
  tenantId: string;
  userIds: readonly string[];
  type: MessageType;
  menuTitle: string;
  bodyText?: string;
  /** A path (billId "0") or the form address opened through /pageLink with the bill id. */
  url?: string;
  billId?: string;
  /** The user on whose behalf it is sent (the mail centre groups by sender); none for the system. */
  creatorId?: string;
  creatorName?: string;
}

/** Unread counts of these users, one grouped query on the unread partial index. */
export async function unreadCounts(
  db: Kysely<Database>,
  tenantId: string,
  userIds: readonly string[],
): Promise<Map<string, UnreadCount>> {
  const counts = new Map<string, UnreadCount>();
  for (const id of userIds) counts.set(id, { unreadMessageCount: 0, unreadNoticeCount: 0 });
  if (userIds.length === 0) return counts;
  const [messages, notices] = await Promise.all([
    db
      .selectFrom('sys_message')
      .select(['user_id', sql<string>`count(*)`.as('n')])
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', [...userIds])
      .where('read_at', 'is', null)
      .groupBy('user_id')
      .execute(),
    db
      .selectFrom('sys_notice_read as r')
      .innerJoin('sys_notice as n', 'n.id', 'r.notice_id')
      .select(['r.user_id', sql<string>`count(*)`.as('n')])
      .where('r.tenant_id', '=', tenantId)
      .where('r.user_id', 'in', [...userIds])
      .where('r.read_at', 'is', null)
      .where('n.state', '=', 'released')
      .groupBy('r.user_id')
      .execute(),
  ]);
  for (const row of messages) counts.get(String(row.user_id))!.unreadMessageCount = Number(row.n);
  for (const row of notices) counts.get(String(row.user_id))!.unreadNoticeCount = Number(row.n);
  return counts;
}

/**
 * The internal API other modules call to tell users something (vendor notices, sign-in alerts,
 * expiring qualifications): one text to each user, written by `writeMessages` in a transaction of
 * its own, and only then are the recipients told over the socket (`messagePush` with their new
 * counts). Recipients outside the tenant or deleted are skipped. Returns how many were written.
 */
export async function notifyUsers(deps: Deps, n: Notification): Promise<number> {
  if (n.userIds.length === 0) return 0;
  const messages = [...new Set(n.userIds)].map((userId) => ({
    tenantId: n.tenantId,
    userId,
    type: n.type,
    text: { title: n.menuTitle, body: n.bodyText },
    url: n.url,
    billId: n.billId,
    creatorId: n.creatorId,
    creatorName: n.creatorName,
  }));
  const written = (await transaction(deps.db, (tx) => writeMessages(tx, messages))).flatMap((m) =>
    m ? [m.userId] : [],
  );
  if (written.length)
    await pushCounts(deps, n.tenantId, written, { title: n.menuTitle, messageType: n.type });
  return written.length;
}

/** Tells each user their current counts (after a change committed by them or for them). */
export async function pushCounts(
  deps: Deps,
  tenantId: string,
  userIds: readonly string[],
  extra: { title?: string; messageType?: number } = {},
): Promise<void> {
  const counts = await unreadCounts(deps.db, tenantId, userIds);
  await Promise.all(
    [...counts].map(([userId, count]) =>
      deps.realtime.sendToUsers(tenantId, [userId], {
        method: 'messagePush',
        ...count,
        title: extra.title ?? '',
        messageType: extra.messageType ?? 0,
      }),
    ),
  );
}
