import type {
  Locale,
  MailSender,
  MessageDetail,
  MessageFilter,
  MessageItem,
  Page,
  UnreadCount,
} from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import type { AuthInfo, Deps } from '../core/context';
import { page } from '../core/envelope';
import { AppError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import type { Database } from '../db/types';
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

/** The signed-in user's own messages: only their rows, whatever the id asked for. */
function own(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('sys_message')
    .where('tenant_id', '=', ctx.tenantId)
    .where('user_id', '=', ctx.userId);
}

/** One of my messages; opening it marks it read. */
export async function openMessage(ctx: ServiceContext, id: string): Promise<MessageDetail> {
  const row = await own(ctx).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (!row.read_at) {
    await ctx.db.updateTable('sys_message').set({ read_at: new Date() }).where('id', '=', row.id).execute();
    await pushCounts(ctx.deps, ctx.tenantId, [ctx.userId]);
  }
  return {
    id: String(row.id),
    title: row.menu_title,
    lastModifyTime: ms(row.created_at),
    creatorUser: row.creator_name,
    bodyText: row.body_text,
    url: row.url,
    billId: row.bill_id,
  };
}

/** Marks every message of mine read; announcements are not touched: the answer says how many stay unread. */
export async function readAllMessages(ctx: ServiceContext): Promise<UnreadCount> {
  await ctx.db
    .updateTable('sys_message')
    .set({ read_at: new Date() })
    .where('tenant_id', '=', ctx.tenantId)
    .where('user_id', '=', ctx.userId)
    .where('read_at', 'is', null)
    .execute();
  await pushCounts(ctx.deps, ctx.tenantId, [ctx.userId]);
  return (await unreadCounts(ctx.db, ctx.tenantId, [ctx.userId])).get(ctx.userId)!;
}

/** Deletes messages of mine (ids of others are not found); answers how many went. */
export async function deleteMessages(ctx: ServiceContext, ids: string[]): Promise<number> {
  assertIds(ids, ctx.locale);
  const deleted = await ctx.db
    .deleteFrom('sys_message')
    .where('tenant_id', '=', ctx.tenantId)
    .where('user_id', '=', ctx.userId)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  if (deleted.length === 0) throw notFound();
  await pushCounts(ctx.deps, ctx.tenantId, [ctx.userId]);
  return deleted.length;
}

/** The newest mail of each sender to `auth`, with its unread count (senders newest first). */
export async function lastMailPerSender(db: Kysely<Database>, auth: AuthInfo): Promise<MailSender[]> {
  const rows = await db
    .selectFrom('sys_message as m')
    .select([
      'm.id',
      'm.type',
      'm.menu_title',
      'm.creator_id',
      'm.creator_name',
      'm.created_at',
      'm.read_at',
      'm.url',
      'm.bill_id',
      sql<string>`count(*) filter (where m.read_at is null) over (partition by coalesce(m.creator_id, 0))`.as(
        'unread',
      ),
      sql<number>`row_number() over (partition by coalesce(m.creator_id, 0) order by m.created_at desc, m.id desc)`.as(
        'rank',
      ),
    ])
    .where('m.tenant_id', '=', auth.tenantId)
    .where('m.user_id', '=', auth.userId)
    .execute();
  const senders: MailSender[] = rows
    .filter((r) => Number(r.rank) === 1)
    .map((r) => ({
      senderId: r.creator_id == null ? '0' : String(r.creator_id),
      senderName: r.creator_name,
      unread: Number(r.unread),
      latest: toMessageItem(r),
    }))
    .sort((a, b) => b.latest.createDate - a.latest.createDate);
  return senders;
}
