import type { PageQuery, SupplierHistory, SupplierHistoryAction, SupplierNoticeLine } from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { page } from '../core/envelope';
import { notFound } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import type { Database } from '../db/types';
import { isOverdue } from './notice-service';

type Db = Kysely<Database> | Transaction<Database>;

export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

/** The changed fields between two versions of a record (texts as stored; unchanged ones left out). */
export function diffFields(
  before: Record<string, string | number | null>,
  after: Record<string, string | number | null>,
): FieldChange[] {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return Object.keys(after)
    .filter((field) => text(before[field]) !== text(after[field]))
    .map((field) => ({ field, from: text(before[field]), to: text(after[field]) }));
}

/**
 * One line of a supplier's history: who (the context's user) changed what, now. Call it inside the
 * transaction of the change, so the change and its line commit or roll back together.
 */
export async function recordSupplierHistory(
  tx: Db,
  ctx: Pick<ServiceContext, 'tenantId' | 'userId' | 'now'> & { auth: { realName: string } },
  supplierId: string,
  action: SupplierHistoryAction,
  changes: FieldChange[] = [],
  remark = '',
): Promise<void> {
  await tx
    .insertInto('vendor_supplier_history')
    .values({
      tenant_id: ctx.tenantId,
      supplier_id: supplierId,
      action,
      changes: sql`cast(${JSON.stringify(changes)} as jsonb)`,
      remark,
      changed_by: ctx.userId,
      changed_by_name: ctx.auth.realName,
      changed_at: ctx.now(),
    })
    .execute();
}

async function mustSupplier(ctx: ServiceContext, id: string) {
  const row = await ctx.db
    .selectFrom('vendor_supplier')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
}

/** A supplier's history, newest first (staff; 404 for another tenant's supplier). */
export async function supplierHistory(ctx: ServiceContext, id: string, q: PageQuery) {
  await mustSupplier(ctx, id);
  const base = ctx.db.selectFrom('vendor_supplier_history').where('supplier_id', '=', id);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: SupplierHistory[] = rows.map((r) => ({
    id: String(r.id),
    action: r.action as SupplierHistoryAction,
    changes: Array.isArray(r.changes) ? (r.changes as unknown as FieldChange[]) : [],
    remark: r.remark,
    changedByName: r.changed_by_name,
    changedAt: new Date(r.changed_at).getTime(),
  }));
  return page(list, q.currentPage, q.pageSize, Number(count.n));
}

/** The notices addressed to one supplier, newest first, with its own read and reply record (staff). */
export async function supplierNotices(ctx: ServiceContext, id: string, q: PageQuery) {
  await mustSupplier(ctx, id);
  const base = ctx.db
    .selectFrom('vendor_notice_item as i')
    .innerJoin('vendor_notice as n', 'n.id', 'i.notice_id')
    .where('i.supplier_id', '=', id)
    .where('n.tenant_id', '=', ctx.tenantId);
  const [rows, count] = await Promise.all([
    base
      .select([
        'i.id',
        'n.id as notice_id',
        'n.title',
        'n.state',
        'n.published_at',
        'n.reply_required',
        'n.reply_deadline',
        'i.delivered',
        'i.read_at',
        'i.reply_state',
      ])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const now = ctx.now().getTime();
  const list: SupplierNoticeLine[] = rows.map((r) => ({
    id: String(r.id),
    noticeId: String(r.notice_id),
    title: r.title,
    state: r.state,
    publishedAt: r.published_at ? new Date(r.published_at).getTime() : null,
    delivered: r.delivered,
    readAt: r.read_at ? new Date(r.read_at).getTime() : null,
    replyState: r.reply_state,
    overdue: r.delivered && isOverdue(r, r.reply_state, now),
  }));
  return page(list, q.currentPage, q.pageSize, Number(count.n));
}
