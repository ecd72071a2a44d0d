import type {
  idsBodySchema,
  Locale,
  VendorInboxItem,
  VendorNotice,
  VendorNoticeItem,
  vendorInboxQuerySchema,
  vendorNoticeBodySchema,
  vendorNoticeItemQuerySchema,
  vendorNoticeMsgSchema,
  vendorNoticeQuerySchema,
  vendorNoticeUpdateSchema,
  vendorReplyBodySchema,
} from '@srm/contracts';
import {
  MESSAGE_TYPE,
  VENDOR_REPLY_MAX_LENGTH,
  validationMessage,
  vendorInboxNoticePath,
  vendorReplyProblem,
} from '@srm/contracts';
import ExcelJS from 'exceljs';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { page } from '../core/envelope';
import { AppError, fieldError, notFound } from '../core/errors';
import { type MessageKey, storedLocale, t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { NOTICE_TYPE_DICT, noticeText, sanitizeNoticeHtml } from '../message/notice-service';
import { notifyUsers } from '../message/notify';
import { assertDictValue } from '../system/dictionary/dictionary-service';
import { callerSupplier, callerSupplierOrNull } from './access';
import { assertOwnFiles, notFoundAt, toVendorFiles } from './file-service';

type Db = Kysely<Database> | Transaction<Database>;
type Body = z.output<typeof vendorNoticeBodySchema>;

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);

/** A line is overdue when a reply is required, the deadline has passed and nothing was sent. */
export const isOverdue = (
  n: { reply_required: boolean; reply_deadline: Date | string | null },
  replyState: number,
  now: number,
) =>
  n.reply_required &&
  n.reply_deadline !== null &&
  new Date(n.reply_deadline).getTime() < now &&
  replyState < 2;

async function noticeRow(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('vendor_notice')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

async function mustNotice(ctx: ServiceContext, id: string, db: Db = ctx.db) {
  const row = await noticeRow(db, ctx.tenantId, id);
  if (!row) throw notFound();
  return row;
}

async function noticeFiles(db: Db, noticeId: string) {
  return toVendorFiles(
    await db
      .selectFrom('vendor_notice_file as nf')
      .innerJoin('vendor_file as f', 'f.id', 'nf.file_id')
      .select(['f.id', 'f.file_name', 'f.size', 'f.content_type'])
      .where('nf.notice_id', '=', noticeId)
      .orderBy('f.id')
      .execute(),
  );
}

async function itemFiles(db: Db, itemIds: string[]) {
  const out = new Map<string, ReturnType<typeof toVendorFiles>>(itemIds.map((id) => [id, []]));
  if (!itemIds.length) return out;
  const rows = await db
    .selectFrom('vendor_notice_item_file as x')
    .innerJoin('vendor_file as f', 'f.id', 'x.file_id')
    .select(['x.item_id', 'f.id', 'f.file_name', 'f.size', 'f.content_type'])
    .where('x.item_id', 'in', itemIds)
    .orderBy('f.id')
    .execute();
  for (const r of rows) out.get(String(r.item_id))?.push(...toVendorFiles([r]));
  return out;
}

async function counts(db: Db, noticeIds: string[]) {
  const out = new Map<string, { targets: number; read: number; replied: number }>();
  if (!noticeIds.length) return out;
  const rows = await db
    .selectFrom('vendor_notice_item')
    .select([
      'notice_id',
      sql<string>`count(*)`.as('targets'),
      sql<string>`count(read_at)`.as('read'),
      sql<string>`count(*) filter (where reply_state = 2)`.as('replied'),
    ])
    .where('notice_id', 'in', noticeIds)
    .groupBy('notice_id')
    .execute();
  for (const r of rows)
    out.set(String(r.notice_id), {
      targets: Number(r.targets),
      read: Number(r.read),
      replied: Number(r.replied),
    });
  return out;
}

type NoticeRow = NonNullable<Awaited<ReturnType<typeof noticeRow>>>;

async function toNotice(db: Db, row: NoticeRow): Promise<VendorNotice> {
  const id = String(row.id);
  const [files, c] = await Promise.all([noticeFiles(db, id), counts(db, [id])]);
  const n = c.get(id) ?? { targets: 0, read: 0, replied: 0 };
  return {
    id,
    title: row.title,
    noticeType: row.notice_type,
    bodyHtml: sanitizeNoticeHtml(row.body_html),
    replyRequired: row.reply_required,
    replyDeadline: ms(row.reply_deadline),
    state: row.state,
    creatorName: row.creator_name,
    publishedAt: ms(row.published_at),
    createTime: ms(row.created_at) ?? 0,
    files,
    targetCount: n.targets,
    readCount: n.read,
    repliedCount: n.replied,
  };
}

/** The tenant's vendor notices, newest first (staff). */
export async function listVendorNotices(ctx: ServiceContext, q: z.output<typeof vendorNoticeQuerySchema>) {
  let base = ctx.db.selectFrom('vendor_notice').where('tenant_id', '=', ctx.tenantId);
  if (q.state) base = base.where('state', '=', Number(q.state));
  if (q.keyword) base = base.where('title', 'ilike', likePattern(q.keyword));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = await Promise.all(rows.map((r) => toNotice(ctx.db, r)));
  return page(list, q.currentPage, q.pageSize, Number(count.n));
}

/** Staff: the notice with its item lines. */
export async function staffNoticeInfo(ctx: ServiceContext, id: string): Promise<VendorNotice> {
  const row = await mustNotice(ctx, id);
  const items = await ctx.db
    .selectFrom('vendor_notice_item as i')
    .innerJoin('vendor_supplier as s', 's.id', 'i.supplier_id')
    .select(['i.id', 'i.supplier_id', 's.supplier_code', 's.supplier_name'])
    .where('i.notice_id', '=', id)
    .orderBy('i.id')
    .execute();
  return {
    ...(await toNotice(ctx.db, row)),
    items: items.map((i) => ({
      id: String(i.id),
      supplierId: String(i.supplier_id),
      supplierCode: i.supplier_code,
      supplierName: i.supplier_name,
    })),
  };
}

/**
 * The caller's supplier's line of a published notice delivered to it; 404 for anything else —
 * another supplier's notice, a draft, or a caller who belongs to no supplier (who has no inbox).
 */
async function myItem(ctx: ServiceContext, noticeId: string, db: Db = ctx.db) {
  const supplier = await callerSupplierOrNull(ctx);
  if (!supplier) throw notFound();
  const row = await db
    .selectFrom('vendor_notice_item as i')
    .innerJoin('vendor_notice as n', 'n.id', 'i.notice_id')
    .selectAll('i')
    .select(['n.reply_required', 'n.reply_deadline'])
    .where('n.tenant_id', '=', ctx.tenantId)
    .where('n.id', '=', noticeId)
    .where('n.state', '=', 1)
    .where('i.supplier_id', '=', supplier.id)
    .where('i.delivered', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A supplier's user: the notice with its own line (reply draft included). */
export async function vendorNoticeInfo(ctx: ServiceContext, id: string): Promise<VendorNotice> {
  const item = await myItem(ctx, id);
  const row = await mustNotice(ctx, id);
  const notice = await toNotice(ctx.db, row);
  const files = (await itemFiles(ctx.db, [String(item.id)])).get(String(item.id)) ?? [];
  // Another supplier's progress is not this one's business.
  return {
    ...notice,
    targetCount: 1,
    readCount: item.read_at ? 1 : 0,
    repliedCount: item.reply_state === 2 ? 1 : 0,
    mine: {
      readAt: ms(item.read_at),
      readByName: item.read_by_name,
      ackAt: ms(item.ack_at),
      replyText: item.reply_text,
      replyState: item.reply_state,
      repliedAt: ms(item.replied_at),
      files,
    },
  };
}

async function checkBody(ctx: ServiceContext, body: Body, previousType?: string): Promise<void> {
  await assertDictValue(ctx.db, ctx.tenantId, ctx.locale, {
    typeCode: NOTICE_TYPE_DICT,
    value: body.noticeType,
    previous: previousType,
    field: 'noticeType',
  });
  await assertOwnFiles(ctx, ctx.db, body.fileIds, 'fileIds');
  const ids = [...new Set(body.supplierIds)];
  const found = await ctx.db
    .selectFrom('vendor_supplier')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw notFoundAt(ctx, 'supplierIds');
}

async function writeLines(tx: Db, ctx: ServiceContext, noticeId: string, body: Body): Promise<void> {
  await tx.deleteFrom('vendor_notice_file').where('notice_id', '=', noticeId).execute();
  const files = [...new Set(body.fileIds)];
  if (files.length)
    await tx
      .insertInto('vendor_notice_file')
      .values(files.map((fileId) => ({ notice_id: noticeId, file_id: fileId })))
      .execute();
  const suppliers = [...new Set(body.supplierIds)];
  await tx
    .deleteFrom('vendor_notice_item')
    .where('notice_id', '=', noticeId)
    .where('supplier_id', 'not in', suppliers)
    .execute();
  await tx
    .insertInto('vendor_notice_item')
    .values(
      suppliers.map((supplierId) => ({
        tenant_id: ctx.tenantId,
        notice_id: noticeId,
        supplier_id: supplierId,
      })),
    )
    .onConflict((oc) => oc.columns(['notice_id', 'supplier_id']).doNothing())
    .execute();
}

const noticeValues = (body: Body) => ({
  title: body.title,
  notice_type: body.noticeType,
  body_html: sanitizeNoticeHtml(body.bodyHtml),
  reply_required: body.replyRequired,
  reply_deadline: body.replyDeadline === null ? null : new Date(body.replyDeadline),
});

/** A new draft (state 0) with its attachments and item lines, one transaction. */
export async function saveVendorNotice(ctx: ServiceContext, body: Body): Promise<VendorNotice> {
  await checkBody(ctx, body);
  const id = await transaction(ctx.db, async (tx) => {
    const row = await tx
      .insertInto('vendor_notice')
      .values({
        tenant_id: ctx.tenantId,
        ...noticeValues(body),
        creator_id: ctx.userId,
        creator_name: ctx.auth.realName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLines(tx, ctx, String(row.id), body);
    return String(row.id);
  });
  return staffNoticeInfo(ctx, id);
}

/** Edits a draft (a published notice must be reversed first: 409). */
export async function updateVendorNotice(
  ctx: ServiceContext,
  body: z.output<typeof vendorNoticeUpdateSchema>,
): Promise<VendorNotice> {
  const current = await mustNotice(ctx, body.id);
  if (current.state !== 0) throw new AppError(409, 'vendor.notDraft');
  await checkBody(ctx, body, current.notice_type);
  await transaction(ctx.db, async (tx) => {
    const done = await tx
      .updateTable('vendor_notice')
      .set({ ...noticeValues(body), updated_at: ctx.now() })
      .where('id', '=', body.id)
      .where('state', '=', 0)
      .returning('id')
      .executeTakeFirst();
    if (!done) throw new AppError(409, 'vendor.notDraft');
    await writeLines(tx, ctx, body.id, body);
  });
  return staffNoticeInfo(ctx, body.id);
}

/** Deletes drafts (404 if one is not the tenant's, 409 if one is published; nothing deleted then). */
export async function deleteVendorNotices(
  ctx: ServiceContext,
  body: z.output<typeof idsBodySchema>,
): Promise<void> {
  const ids = [...new Set(body.ids)];
  await transaction(ctx.db, async (tx) => {
    const rows = await tx
      .selectFrom('vendor_notice')
      .select(['id', 'state'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((r) => r.state !== 0)) throw new AppError(409, 'vendor.notDraft');
    await tx.deleteFrom('vendor_notice').where('id', 'in', ids).execute();
  });
}

/** Removes one target supplier (an item line) from a draft. */
export async function deleteNoticeItem(ctx: ServiceContext, itemId: string): Promise<VendorNotice> {
  const item = await ctx.db
    .selectFrom('vendor_notice_item as i')
    .innerJoin('vendor_notice as n', 'n.id', 'i.notice_id')
    .select(['i.id', 'n.id as notice_id', 'n.state'])
    .where('i.tenant_id', '=', ctx.tenantId)
    .where('i.id', '=', itemId)
    .executeTakeFirst();
  if (!item) throw notFound();
  if (item.state !== 0) throw new AppError(409, 'vendor.notDraft');
  await ctx.db.deleteFrom('vendor_notice_item').where('id', '=', itemId).execute();
  return staffNoticeInfo(ctx, String(item.notice_id));
}

/** The live users of these suppliers, with their language. */
async function supplierUsers(
  db: Db,
  tenantId: string,
  supplierIds: string[],
): Promise<{ id: string; language: string }[]> {
  if (!supplierIds.length) return [];
  const rows = await db
    .selectFrom('sys_user as u')
    .innerJoin('vendor_supplier as s', 's.ent_id', 'u.ent_id')
    .select(['u.id', 'u.language'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted', '=', false)
    .where('u.enabled', '=', true)
    .where('s.id', 'in', supplierIds)
    .execute();
  return rows.map((r) => ({ id: String(r.id), language: r.language }));
}

/**
 * An internal message (type 3, vendor notice) to each user, titled in the user's own language. It
 * links to the notice in the supplier's inbox, whose drawer marks the notice read on opening.
 */
async function tell(
  ctx: ServiceContext,
  users: { id: string; language: string }[],
  titleKey: MessageKey,
  row: NoticeRow,
) {
  const byLocale = new Map<Locale, string[]>();
  for (const u of users) {
    const locale = storedLocale(u.language) ?? ctx.locale;
    byLocale.set(locale, [...(byLocale.get(locale) ?? []), u.id]);
  }
  for (const [locale, userIds] of byLocale)
    await notifyUsers(ctx.deps, {
      tenantId: ctx.tenantId,
      userIds,
      type: MESSAGE_TYPE.vendorNotice,
      menuTitle: t(locale, titleKey, { title: row.title }),
      bodyText: noticeText(row.body_html).slice(0, 2000),
      url: vendorInboxNoticePath(String(row.id)),
      creatorId: ctx.userId,
      creatorName: ctx.auth.realName,
    });
}

/**
 * Publishes a draft (state 1): the lines of potential and qualified suppliers are delivered (frozen
 * and eliminated suppliers receive nothing), in one transaction; then each delivered supplier's
 * users get an internal message and their new counts over the socket (the badge).
 */
export async function checkVendorNotice(ctx: ServiceContext, id: string): Promise<VendorNotice> {
  const delivered = await transaction(ctx.db, async (tx) => {
    const row = await tx
      .selectFrom('vendor_notice')
      .select('state')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.state !== 0) throw new AppError(409, 'vendor.notDraft');
    await tx
      .updateTable('vendor_notice')
      .set({ state: 1, published_at: ctx.now(), updated_at: ctx.now() })
      .where('id', '=', id)
      .execute();
    await tx
      .updateTable('vendor_notice_item')
      .set({ delivered: false })
      .where('notice_id', '=', id)
      .execute();
    const lines = await tx
      .updateTable('vendor_notice_item')
      .set({ delivered: true })
      .where('notice_id', '=', id)
      .where('supplier_id', 'in', (eb) =>
        eb
          .selectFrom('vendor_supplier')
          .select('id')
          .where('tenant_id', '=', ctx.tenantId)
          .where('state', 'in', ['potential', 'qualified']),
      )
      .returning('supplier_id')
      .execute();
    return lines.map((l) => String(l.supplier_id));
  });
  const row = await mustNotice(ctx, id);
  await tell(ctx, await supplierUsers(ctx.db, ctx.tenantId, delivered), 'vendor.noticeMessage', row);
  return staffNoticeInfo(ctx, id);
}

/** Back to draft while no supplier has sent a reply (409 otherwise); it leaves the inboxes. */
export async function reverseVendorNotice(ctx: ServiceContext, id: string): Promise<VendorNotice> {
  await transaction(ctx.db, async (tx) => {
    const row = await tx
      .selectFrom('vendor_notice')
      .select('state')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.state !== 1) throw new AppError(409, 'vendor.notPublished');
    const replied = await tx
      .selectFrom('vendor_notice_item')
      .select('id')
      .where('notice_id', '=', id)
      .where('reply_state', '=', 2)
      .executeTakeFirst();
    if (replied) throw new AppError(409, 'vendor.alreadyReplied');
    await tx
      .updateTable('vendor_notice')
      .set({ state: 0, published_at: null, updated_at: ctx.now() })
      .where('id', '=', id)
      .execute();
    await tx
      .updateTable('vendor_notice_item')
      .set({ delivered: false })
      .where('notice_id', '=', id)
      .execute();
  });
  return staffNoticeInfo(ctx, id);
}

/** The caller's supplier's inbox: published notices delivered to it, unread first, newest first. */
export async function vendorInbox(ctx: ServiceContext, q: z.output<typeof vendorInboxQuerySchema>) {
  const supplier = await callerSupplier(ctx);
  let base = ctx.db
    .selectFrom('vendor_notice_item as i')
    .innerJoin('vendor_notice as n', 'n.id', 'i.notice_id')
    .where('i.supplier_id', '=', supplier.id)
    .where('i.delivered', '=', true)
    .where('n.state', '=', 1)
    .where('n.tenant_id', '=', ctx.tenantId);
  if (q.keyword) base = base.where('n.title', 'ilike', likePattern(q.keyword));
  if (q.isRead) base = base.where('i.read_at', q.isRead === '1' ? 'is not' : 'is', null);
  if (q.open)
    base = base.where((eb) =>
      eb.or([
        eb('i.read_at', 'is', null),
        // A reply still possible: required, not sent, the deadline (if any) not passed.
        eb.and([
          eb('n.reply_required', '=', true),
          eb('i.reply_state', '<', 2),
          eb.or([eb('n.reply_deadline', 'is', null), eb('n.reply_deadline', '>', ctx.now())]),
        ]),
      ]),
    );
  const [rows, count] = await Promise.all([
    base
      .select([
        'n.id',
        'n.title',
        'n.notice_type',
        'n.reply_required',
        'n.reply_deadline',
        'n.published_at',
        'i.read_at',
        'i.ack_at',
        'i.reply_state',
      ])
      .orderBy(sql`i.read_at is null`, 'desc')
      .orderBy('n.published_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const now = ctx.now().getTime();
  const list: VendorInboxItem[] = rows.map((r) => ({
    id: String(r.id),
    title: r.title,
    noticeType: r.notice_type,
    replyRequired: r.reply_required,
    replyDeadline: ms(r.reply_deadline),
    publishedAt: ms(r.published_at),
    isRead: r.read_at ? 1 : 0,
    readAt: ms(r.read_at),
    ackAt: ms(r.ack_at),
    replyState: r.reply_state,
    overdue: isOverdue(r, r.reply_state, now),
  }));
  return page(list, q.currentPage, q.pageSize, Number(count.n));
}

const readBy = (ctx: ServiceContext) => ({
  read_at: ctx.now(),
  read_by: ctx.userId,
  read_by_name: ctx.auth.realName,
});

/** The supplier marks a notice read (who and when kept; the first reader counts). */
export async function markVendorNoticeRead(ctx: ServiceContext, id: string): Promise<VendorNotice> {
  const item = await myItem(ctx, id);
  if (!item.read_at)
    await ctx.db
      .updateTable('vendor_notice_item')
      .set(readBy(ctx))
      .where('id', '=', item.id)
      .where('read_at', 'is', null)
      .execute();
  return vendorNoticeInfo(ctx, id);
}

/** The supplier acknowledges a notice (reading it too). */
export async function acknowledgeVendorNotice(ctx: ServiceContext, id: string): Promise<VendorNotice> {
  const item = await myItem(ctx, id);
  await ctx.db
    .updateTable('vendor_notice_item')
    .set({
      ...(item.read_at ? {} : readBy(ctx)),
      ...(item.ack_at ? {} : { ack_at: ctx.now(), ack_by_name: ctx.auth.realName }),
    })
    .where('id', '=', item.id)
    .execute();
  return vendorNoticeInfo(ctx, id);
}

/**
 * The supplier's reply: text and attachments, kept as a draft (`send: false`) until sent. A reply
 * is sent once, before the deadline (409 afterwards).
 */
export async function replyVendorNotice(
  ctx: ServiceContext,
  id: string,
  body: z.output<typeof vendorReplyBodySchema>,
): Promise<VendorNotice> {
  const item = await myItem(ctx, id);
  if (item.reply_state === 2) throw new AppError(409, 'vendor.replySent');
  if (item.reply_deadline && new Date(item.reply_deadline).getTime() < ctx.now().getTime())
    throw new AppError(409, 'vendor.replyClosed');
  const problem = vendorReplyProblem({
    replyText: body.replyText,
    fileCount: body.fileIds.length,
    send: body.send,
  });
  if (problem)
    throw fieldError({
      replyText: validationMessage(problem, ctx.locale, { max: VENDOR_REPLY_MAX_LENGTH }),
    });
  await assertOwnFiles(ctx, ctx.db, body.fileIds, 'fileIds');
  await transaction(ctx.db, async (tx) => {
    const done = await tx
      .updateTable('vendor_notice_item')
      .set({
        reply_text: body.replyText,
        reply_state: body.send ? 2 : 1,
        ...(body.send ? { replied_at: ctx.now(), replied_by_name: ctx.auth.realName } : {}),
        ...(item.read_at ? {} : readBy(ctx)),
      })
      .where('id', '=', item.id)
      .where('reply_state', '<', 2)
      .returning('id')
      .executeTakeFirst();
    if (!done) throw new AppError(409, 'vendor.replySent');
    await tx.deleteFrom('vendor_notice_item_file').where('item_id', '=', item.id).execute();
    const files = [...new Set(body.fileIds)];
    if (files.length)
      await tx
        .insertInto('vendor_notice_item_file')
        .values(files.map((fileId) => ({ item_id: item.id, file_id: fileId })))
        .execute();
  });
  return vendorNoticeInfo(ctx, id);
}

type ItemQuery = z.output<typeof vendorNoticeItemQuerySchema>;

function itemsOf(ctx: ServiceContext, noticeId: string) {
  return ctx.db
    .selectFrom('vendor_notice_item as i')
    .innerJoin('vendor_supplier as s', 's.id', 'i.supplier_id')
    .innerJoin('vendor_notice as n', 'n.id', 'i.notice_id')
    .where('i.notice_id', '=', noticeId)
    .where('n.tenant_id', '=', ctx.tenantId);
}

/** Per-supplier progress of a notice (staff): read / replied / overdue, filterable by status. */
export async function noticeItemList(ctx: ServiceContext, q: ItemQuery) {
  await mustNotice(ctx, q.noticeId);
  const now = ctx.now();
  let base = itemsOf(ctx, q.noticeId);
  if (q.keyword) base = base.where('s.supplier_name', 'ilike', likePattern(q.keyword));
  if (q.status === 'unread') base = base.where('i.read_at', 'is', null);
  if (q.status === 'read') base = base.where('i.read_at', 'is not', null);
  if (q.status === 'replied') base = base.where('i.reply_state', '=', 2);
  if (q.status === 'notReplied') base = base.where('i.reply_state', '<', 2);
  if (q.status === 'overdue')
    base = base
      .where('n.reply_required', '=', true)
      .where('n.reply_deadline', '<', now)
      .where('i.reply_state', '<', 2);
  const [rows, count] = await Promise.all([
    base
      .select([
        'i.id',
        'i.supplier_id',
        's.supplier_code',
        's.supplier_name',
        's.state',
        'i.delivered',
        'i.read_at',
        'i.read_by_name',
        'i.ack_at',
        'i.reply_state',
        'i.replied_at',
        'i.reminded_at',
        'n.reply_required',
        'n.reply_deadline',
      ])
      .orderBy('i.id')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: VendorNoticeItem[] = rows.map((r) => ({
    id: String(r.id),
    supplierId: String(r.supplier_id),
    supplierCode: r.supplier_code,
    supplierName: r.supplier_name,
    supplierState: r.state,
    delivered: r.delivered,
    readAt: ms(r.read_at),
    readByName: r.read_by_name,
    ackAt: ms(r.ack_at),
    replyState: r.reply_state,
    repliedAt: ms(r.replied_at),
    overdue: isOverdue(r, r.reply_state, now.getTime()),
    remindedAt: ms(r.reminded_at),
  }));
  return page(list, q.currentPage, q.pageSize, Number(count.n));
}

/** The replies and acknowledgements of a notice, with its progress counts (staff). */
export async function noticeMessages(
  ctx: ServiceContext,
  noticeId: string,
): Promise<z.infer<typeof vendorNoticeMsgSchema>> {
  const notice = await mustNotice(ctx, noticeId);
  const now = ctx.now().getTime();
  const rows = await itemsOf(ctx, noticeId)
    .select([
      'i.id',
      'i.supplier_id',
      's.supplier_name',
      'i.delivered',
      'i.read_at',
      'i.ack_at',
      'i.ack_by_name',
      'i.reply_state',
      'i.reply_text',
      'i.replied_at',
      'i.replied_by_name',
    ])
    .orderBy('i.id')
    .execute();
  const answered = rows.filter((r) => r.reply_state === 2 || r.ack_at);
  const files = await itemFiles(
    ctx.db,
    answered.filter((r) => r.reply_state === 2).map((r) => String(r.id)),
  );
  return {
    summary: {
      targets: rows.length,
      delivered: rows.filter((r) => r.delivered).length,
      read: rows.filter((r) => r.read_at).length,
      acknowledged: rows.filter((r) => r.ack_at).length,
      replied: rows.filter((r) => r.reply_state === 2).length,
      overdue: rows.filter((r) => r.delivered && isOverdue(notice, r.reply_state, now)).length,
    },
    list: answered.map((r) => ({
      itemId: String(r.id),
      supplierId: String(r.supplier_id),
      supplierName: r.supplier_name,
      // A draft is the supplier's own until sent.
      replyText: r.reply_state === 2 ? r.reply_text : '',
      repliedAt: ms(r.replied_at),
      repliedByName: r.replied_by_name,
      ackAt: ms(r.ack_at),
      ackByName: r.ack_by_name,
      files: files.get(String(r.id)) ?? [],
    })),
  };
}

/** Reminds the delivered suppliers that have not sent a reply (internal message); answers how many. */
export async function remindVendorNotice(ctx: ServiceContext, id: string): Promise<{ reminded: number }> {
  const row = await mustNotice(ctx, id);
  if (row.state !== 1) throw new AppError(409, 'vendor.notPublished');
  const lines = await ctx.db
    .updateTable('vendor_notice_item')
    .set({ reminded_at: ctx.now() })
    .where('notice_id', '=', id)
    .where('delivered', '=', true)
    .where('reply_state', '<', 2)
    .returning('supplier_id')
    .execute();
  const suppliers = lines.map((l) => String(l.supplier_id));
  await tell(ctx, await supplierUsers(ctx.db, ctx.tenantId, suppliers), 'vendor.remindMessage', row);
  return { reminded: suppliers.length };
}

const xlsxTime = (v: number | null) =>
  v ? new Date(v + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : '';

/** The progress of a notice as .xlsx (one row per target supplier). */
export async function exportNoticeProgress(
  ctx: ServiceContext,
  id: string,
): Promise<{ body: Buffer; title: string }> {
  const row = await mustNotice(ctx, id);
  const { list } = await noticeItemList(ctx, { noticeId: id, currentPage: 1, pageSize: 10_000 });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t(ctx.locale, 'vendor.export.sheet'));
  const L = (key: MessageKey) => t(ctx.locale, key);
  const header = sheet.addRow([
    L('vendor.export.supplierCode'),
    L('vendor.export.supplierName'),
    L('vendor.export.read'),
    L('vendor.export.readBy'),
    L('vendor.export.acknowledged'),
    L('vendor.export.replied'),
    L('vendor.export.overdue'),
  ]);
  header.font = { bold: true };
  sheet.columns = Array.from({ length: 7 }, () => ({ width: 22 }));
  const yes = (v: boolean) => L(v ? 'vendor.export.yes' : 'vendor.export.no');
  for (const i of list)
    sheet.addRow([
      i.supplierCode,
      i.supplierName,
      xlsxTime(i.readAt),
      i.readByName,
      xlsxTime(i.ackAt),
      i.replyState === 2 ? xlsxTime(i.repliedAt) : '',
      yes(i.overdue),
    ]);
  return { body: Buffer.from(await workbook.xlsx.writeBuffer()), title: row.title };
}
