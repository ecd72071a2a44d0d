import type { MessageType, UnreadCount } from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import type { Deps } from '../core/context';
import { statementChunks } from '../db/statement-limits';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';

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
 * The internal API other modules call to tell users something (workflow to-dos, vendor notices,
 * registrations): the messages are committed in one statement, and only then are the recipients
 * told over the socket (`messagePush` with their new counts). Recipients outside the tenant or
 * deleted are skipped. Returns how many messages were written.
 */
export async function notifyUsers(deps: Deps, n: Notification): Promise<number> {
  const recipients = n.userIds.length
    ? await deps.db
        .selectFrom('sys_user')
        .select('id')
        .where('tenant_id', '=', n.tenantId)
        .where('id', 'in', [...new Set(n.userIds)])
        .where('deleted', '=', false)
        .execute()
    : [];
  const ids = recipients.map((r) => String(r.id));
  if (ids.length === 0) return 0;
  const rows = ids.map((userId) => ({
    tenant_id: n.tenantId,
    user_id: userId,
    type: n.type,
    menu_title: n.menuTitle,
    body_text: n.bodyText ?? '',
    url: n.url ?? '',
    bill_id: n.billId ?? '0',
    creator_id: n.creatorId ?? null,
    creator_name: n.creatorName ?? '',
  }));
  // Thousands of recipients (a notice to every supplier): one statement per piece, in one transaction.
  await transaction(deps.db, async (tx) => {
    for (const piece of statementChunks(rows, 9)) await tx.insertInto('sys_message').values(piece).execute();
  });
  await pushCounts(deps, n.tenantId, ids, { title: n.menuTitle, messageType: n.type });
  return ids.length;
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
