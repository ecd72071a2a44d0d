import type {
  Notice,
  NoticeEnt,
  noticeBodySchema,
  noticeQuerySchema,
  UnreadCount,
  UnreadNotice,
} from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { page } from '../core/envelope';
import { AppError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import { liveRecipients } from '../core/recipient-filter';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { transaction } from '../db/transaction';
import type { Database, NoticeTable } from '../db/types';
import { assertDictValue } from '../system/dictionary/dictionary-service';
import { declareDictUsage } from '../system/dictionary/usage';

/** The dictionary whose item codes `sys_notice.notice_type` holds. */
export const NOTICE_TYPE_DICT = 'noticeType';
declareDictUsage({
  typeCode: NOTICE_TYPE_DICT,
  table: 'sys_notice',
  column: 'notice_type',
  label: 'dict.usage.notice',
});

import { notifyUsers, pushCounts, unreadCounts } from './notify';

/**
 * What an announcement body may hold: text formatting, lists, tables, links and images. Scripts,
 * event handlers, `javascript:` addresses and styles beyond a few harmless ones are removed —
 * on save and again on display (docs/rules.md#announcements).
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'del', 'ins', 'font'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['style'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: {
    '*': {
      color: [/^[#\w(),.\s%]+$/],
      'background-color': [/^[#\w(),.\s%]+$/],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(px|em|rem|%)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
};

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** The plain text of a body (the internal message staff get on release). */
export function noticeText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n$&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

type Db = Kysely<Database> | Transaction<Database>;

/** Those of these users who belong to the tenant's own enterprises (entType 1). */
export async function staffAmong(db: Db, tenantId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('sys_user as u')
    .innerJoin('ent as e', 'e.id', 'u.ent_id')
    .select('u.id')
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', 'in', [...userIds])
    .where('e.ent_type', '=', 1)
    .execute();
  return rows.map((r) => String(r.id));
}

/**
 * The users an announcement goes to: live users of the tenant's own or supplier enterprises, less
 * those a domain leaves out (`core/recipient-filter.ts`: the users of frozen or eliminated suppliers).
 */
export async function audienceUserIds(
  db: Db,
  tenantId: string,
  audience: NoticeTable['audience'],
  entIds: readonly string[],
): Promise<string[]> {
  let q = db
    .selectFrom('sys_user as u')
    .innerJoin('ent as e', 'e.id', 'u.ent_id')
    .select('u.id')
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted', '=', false);
  if (audience === 'staff') q = q.where('e.ent_type', '=', 1);
  else if (audience === 'vendors') q = q.where('e.ent_type', '=', 2);
  else q = q.where('u.ent_id', 'in', entIds.length ? [...entIds] : ['0']);
  // Users whose organisation may not receive news (a frozen supplier's) are left out.
  return liveRecipients(
    db,
    tenantId,
    (await q.execute()).map((r) => String(r.id)),
  );
}

export async function loadNotice(db: Db, tenantId: string, id: string): Promise<Notice | null> {
  const row = await db
    .selectFrom('sys_notice')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [ents, reads] = await Promise.all([
    db.selectFrom('sys_notice_ent').select('ent_id').where('notice_id', '=', id).execute(),
    db
      .selectFrom('sys_notice_read')
      .select((eb) => [eb.fn.countAll<string>().as('recipients'), eb.fn.count<string>('read_at').as('read')])
      .where('notice_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: String(row.id),
    noticeTitle: row.title,
    noticeBody: sanitizeNoticeHtml(row.body_html),
    audience: row.audience,
    noticeType: row.notice_type,
    entIds: ents.map((e) => String(e.ent_id)),
    state: row.state,
    releaseTime: row.release_time ? new Date(row.release_time).getTime() : null,
    creatorName: row.creator_name,
    createTime: new Date(row.created_at).getTime(),
    recipientCount: Number(reads.recipients),
    readCount: Number(reads.read),
  };
}

/** Enterprises named for an 'ents' audience must be the tenant's. */
export async function tenantEntsExist(db: Db, tenantId: string, entIds: readonly string[]): Promise<boolean> {
  if (entIds.length === 0) return true;
  const found = await db
    .selectFrom('ent')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...entIds])
    .execute();
  return found.length === new Set(entIds).size;
}

type NoticeBody = z.output<typeof noticeBodySchema>;
type NoticeQuery = z.output<typeof noticeQuerySchema>;

async function mustLoad(ctx: ServiceContext, id: string): Promise<Notice> {
  const notice = await loadNotice(ctx.db, ctx.tenantId, id);
  if (!notice) throw notFound();
  return notice;
}

function entsField(ctx: ServiceContext): AppError {
  return new AppError(404, 'error.notFound', undefined, {
    fields: { entIds: t(ctx.locale, 'error.notFound') },
  });
}

/** Announcements of the tenant, newest first. */
export async function listNotices(ctx: ServiceContext, query: NoticeQuery) {
  const { currentPage, pageSize, keyword, state } = query;
  let q = ctx.db.selectFrom('sys_notice').where('tenant_id', '=', ctx.tenantId);
  if (state) q = q.where('state', '=', state);
  if (keyword) q = q.where('title', 'ilike', likePattern(keyword));
  const [rows, count] = await Promise.all([
    q
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = await Promise.all(rows.map((r) => mustLoad(ctx, String(r.id))));
  return page(list, currentPage, pageSize, Number(count.n));
}

/** The tenant's enterprises (own first, then suppliers by name), for the audience picker. */
export async function noticeEnts(ctx: ServiceContext): Promise<NoticeEnt[]> {
  const rows = await ctx.db
    .selectFrom('ent')
    .select(['id', 'ent_name', 'ent_type'])
    .where('tenant_id', '=', ctx.tenantId)
    .orderBy('ent_type')
    .orderBy('ent_name')
    .limit(5000)
    .execute();
  return rows.map((r) => ({ id: String(r.id), entName: r.ent_name, entType: r.ent_type }));
}

export function getNotice(ctx: ServiceContext, id: string): Promise<Notice> {
  return mustLoad(ctx, id);
}

/** Drafts an announcement (the body sanitised), with its enterprises, in one transaction. */
/** An announcement's notice type: an enabled item of `noticeType`, or the one it already has. */
const noticeTypeField = (value: string, previous?: string) => ({
  typeCode: NOTICE_TYPE_DICT,
  value,
  previous,
  field: 'noticeType',
});

export async function createNotice(ctx: ServiceContext, body: NoticeBody): Promise<Notice> {
  if (!(await tenantEntsExist(ctx.db, ctx.tenantId, body.entIds))) throw entsField(ctx);
  await assertDictValue(ctx.db, ctx.tenantId, ctx.locale, noticeTypeField(body.noticeType));
  const id = await transaction(ctx.db, async (tx) => {
    const row = await tx
      .insertInto('sys_notice')
      .values({
        tenant_id: ctx.tenantId,
        title: body.noticeTitle,
        body_html: sanitizeNoticeHtml(body.noticeBody),
        audience: body.audience,
        notice_type: body.noticeType,
        creator_name: ctx.auth.realName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (body.audience === 'ents') {
      await tx
        .insertInto('sys_notice_ent')
        .values(body.entIds.map((entId) => ({ notice_id: row.id, ent_id: entId })))
        .execute();
    }
    return String(row.id);
  });
  return mustLoad(ctx, id);
}

/** Edits a draft or withdrawn announcement (a released one must be withdrawn first: 409). */
export async function updateNotice(ctx: ServiceContext, id: string, body: NoticeBody): Promise<Notice> {
  const current = await mustLoad(ctx, id);
  if (current.state === 'released') throw new AppError(409, 'error.conflict');
  if (!(await tenantEntsExist(ctx.db, ctx.tenantId, body.entIds))) throw entsField(ctx);
  await assertDictValue(
    ctx.db,
    ctx.tenantId,
    ctx.locale,
    noticeTypeField(body.noticeType, current.noticeType),
  );
  await transaction(ctx.db, async (tx) => {
    await tx
      .updateTable('sys_notice')
      .set({
        title: body.noticeTitle,
        body_html: sanitizeNoticeHtml(body.noticeBody),
        audience: body.audience,
        notice_type: body.noticeType,
      })
      .where('id', '=', id)
      .execute();
    await tx.deleteFrom('sys_notice_ent').where('notice_id', '=', id).execute();
    if (body.audience === 'ents') {
      await tx
        .insertInto('sys_notice_ent')
        .values(body.entIds.map((entId) => ({ notice_id: id, ent_id: entId })))
        .execute();
    }
  });
  return mustLoad(ctx, id);
}

/** Deletes an announcement with its read records; those who had it unread get their new counts. */
export async function deleteNotice(ctx: ServiceContext, id: string): Promise<void> {
  const notice = await mustLoad(ctx, id);
  const recipients = await ctx.db
    .selectFrom('sys_notice_read')
    .select('user_id')
    .where('notice_id', '=', notice.id)
    .where('read_at', 'is', null)
    .execute();
  await ctx.db.deleteFrom('sys_notice').where('id', '=', notice.id).execute();
  await pushCounts(
    ctx.deps,
    ctx.tenantId,
    recipients.map((r) => String(r.user_id)),
  );
}

/**
 * Releases a draft or withdrawn announcement to its audience (a read record each, one
 * transaction) and tells them, or withdraws a released one from the recipients' unread lists.
 */
export async function setNoticeReleased(
  ctx: ServiceContext,
  id: string,
  releasing: boolean,
): Promise<Notice> {
  const notice = await mustLoad(ctx, id);
  if (releasing === (notice.state === 'released')) throw new AppError(409, 'error.conflict');
  const recipients = releasing
    ? await audienceUserIds(ctx.db, ctx.tenantId, notice.audience, notice.entIds)
    : (
        await ctx.db
          .selectFrom('sys_notice_read')
          .select('user_id')
          .where('notice_id', '=', notice.id)
          .execute()
      ).map((r) => String(r.user_id));
  await transaction(ctx.db, async (tx) => {
    await tx
      .updateTable('sys_notice')
      .set(releasing ? { state: 'released', release_time: ctx.now() } : { state: 'withdrawn' })
      .where('id', '=', notice.id)
      .execute();
    if (releasing && recipients.length > 0) {
      await tx
        .insertInto('sys_notice_read')
        .values(
          recipients.map((userId) => ({
            notice_id: notice.id,
            tenant_id: ctx.tenantId,
            user_id: userId,
          })),
        )
        .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
        .execute();
    }
  });
  // Staff have no forced dialog (docs/rules.md#announcements): a released announcement also reaches them as an
  // internal message, so it shows in their drawer and message centre.
  const staff = releasing ? await staffAmong(ctx.db, ctx.tenantId, recipients) : [];
  if (staff.length) {
    await notifyUsers(ctx.deps, {
      tenantId: ctx.tenantId,
      userIds: staff,
      type: 1,
      menuTitle: notice.noticeTitle,
      bodyText: noticeText(notice.noticeBody),
      creatorId: ctx.userId,
      creatorName: ctx.auth.realName,
    });
  }
  const others = recipients.filter((userId) => !staff.includes(userId));
  await pushCounts(ctx.deps, ctx.tenantId, others, { title: notice.noticeTitle, messageType: 0 });
  return mustLoad(ctx, notice.id);
}

/**
 * The acting user's released announcements: unread ones oldest first (the forced dialog shows them
 * one by one), or the latest ten, read or not, newest first (a supplier's home).
 */
export async function myNotices(ctx: ServiceContext, which: 'unread' | 'latest'): Promise<UnreadNotice[]> {
  let q = ctx.db
    .selectFrom('sys_notice_read as r')
    .innerJoin('sys_notice as n', 'n.id', 'r.notice_id')
    .select(['n.id', 'n.title', 'n.body_html', 'n.release_time', 'r.read_at'])
    .where('r.tenant_id', '=', ctx.tenantId)
    .where('r.user_id', '=', ctx.userId)
    .where('n.state', '=', 'released');
  q =
    which === 'unread'
      ? q.where('r.read_at', 'is', null).orderBy('n.release_time').orderBy('n.id').limit(100)
      : q.orderBy('n.release_time', 'desc').orderBy('n.id', 'desc').limit(10);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: String(r.id),
    noticeTitle: r.title,
    noticeBody: sanitizeNoticeHtml(r.body_html),
    releaseTime: r.release_time ? new Date(r.release_time).getTime() : 0,
    isRead: r.read_at ? 1 : 0,
  }));
}

export const myUnreadNotices = (ctx: ServiceContext) => myNotices(ctx, 'unread');

/** Marks one announcement of the acting user read; answers their counts. */
export async function markNoticeRead(ctx: ServiceContext, id: string): Promise<UnreadCount> {
  const { db, tenantId, userId } = ctx;
  const row = await db
    .selectFrom('sys_notice_read')
    .select('read_at')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('notice_id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!row.read_at) {
    await db
      .updateTable('sys_notice_read')
      .set({ read_at: ctx.now() })
      .where('user_id', '=', userId)
      .where('notice_id', '=', id)
      .execute();
    await pushCounts(ctx.deps, tenantId, [userId]);
  }
  const counts = (await unreadCounts(db, tenantId, [userId])).get(userId);
  if (!counts) throw notFound();
  return counts;
}
