import type { Locale, MessageFilter, MessageItem, Page, UnreadCount } from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import type { AuthInfo, Deps } from '../core/context';
import { page } from '../core/envelope';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import type { Database } from '../db/types';
import { likePattern } from '../org/org-service';
import { pushCounts, unreadCounts } from './notify';

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : 0);

interface MessageRow {
  id: string;
  type: number;
  menu_title: string;
  creator_name: string;
  created_at: Date | string;
  read_at: Date | string | null;
  url: string;
  bill_id: string;
}

export function toMessageItem(r: MessageRow): MessageItem {
  return {
    id: String(r.id),
    type: r.type,
    menuTitle: r.menu_title,
    creater: r.creator_name,
    createDate: ms(r.created_at),
    stat: r.read_at ? 1 : 0,
    url: r.url,
    billId: r.bill_id,
  };
}

/** An empty id list is refused with the spec's message (当前站内信消息数据id为空). */
export function assertIds(ids: readonly string[], locale: Locale): void {
  if (ids.length === 0) {
    throw new AppError(400, 'message.idsEmpty', undefined, {
      fields: { ids: t(locale, 'message.idsEmpty') },
    });
  }
}

/** The signed-in user's messages, newest first; `senderId` "0" means the system's own. */
export async function listMessages(
  db: Kysely<Database>,
  auth: AuthInfo,
  query: Partial<MessageFilter> & { currentPage: number; pageSize: number },
  senderId?: string,
): Promise<Page<MessageItem>> {
  const { currentPage, pageSize, keyword, type, stat } = query;
  let q = db
    .selectFrom('sys_message')
    .where('tenant_id', '=', auth.tenantId)
    .where('user_id', '=', auth.userId);
  if (senderId !== undefined) {
    q = senderId === '0' ? q.where('creator_id', 'is', null) : q.where('creator_id', '=', senderId);
  }
  if (type !== undefined) q = q.where('type', '=', type);
  if (stat === 0) q = q.where('read_at', 'is', null);
  if (stat === 1) q = q.where('read_at', 'is not', null);
  if (keyword) {
    const like = likePattern(keyword);
    q = q.where((eb) => eb.or([eb('menu_title', 'ilike', like), eb('body_text', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    q
      .select(['id', 'type', 'menu_title', 'creator_name', 'created_at', 'read_at', 'url', 'bill_id'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return page(rows.map(toMessageItem), currentPage, pageSize, Number(count.n));
}

/** Marks the user's own messages read (others' ids are ignored), tells their tabs, answers the counts. */
export async function markRead(
  deps: Deps,
  auth: AuthInfo,
  ids: readonly string[],
  locale: Locale,
): Promise<UnreadCount> {
  assertIds(ids, locale);
  await deps.db
    .updateTable('sys_message')
    .set({ read_at: new Date() })
    .where('tenant_id', '=', auth.tenantId)
    .where('user_id', '=', auth.userId)
    .where('id', 'in', [...ids])
    .where('read_at', 'is', null)
    .execute();
  await pushCounts(deps, auth.tenantId, [auth.userId]);
  return (await unreadCounts(deps.db, auth.tenantId, [auth.userId])).get(auth.userId)!;
}
