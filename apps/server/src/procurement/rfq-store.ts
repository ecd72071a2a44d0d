import {
  effectiveRfqState,
  type Quote,
  type QuoteState,
  RFQ_SUPPLIER_VISIBLE,
  type RfqBidRules,
  type RfqInvitee,
  type RfqLine,
  type RfqMode,
  type RfqState,
  type RfqSummary,
} from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { AppError, notFound } from '../core/errors';
import type { Database } from '../db/types';
import { toVendorFiles } from '../supplier/file-service';

type Db = Kysely<Database> | Transaction<Database>;
const ms = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null);

/** The request columns every answer reads (the one place its row is read for an answer). */
export function rfqColumns(db: Db) {
  return db
    .selectFrom('po_rfq as r')
    .leftJoin('sys_user as b', 'b.id', 'r.buyer_id')
    .select([
      'r.id',
      'r.bill_no',
      'r.title',
      'r.category_code',
      'r.state',
      'r.mode',
      'r.suspended_ms',
      sql<string>`r.bid_step::text`.as('bid_step'),
      sql<string | null>`r.bid_ceiling::text`.as('bid_ceiling'),
      'r.bid_extend_minutes',
      'r.round',
      'r.deadline',
      'r.currency',
      'r.delivery_address',
      'r.terms',
      'r.remark',
      'r.requisition_task_id',
      'r.award_task_id',
      'r.cancel_reason',
      'r.version',
      'r.created_at',
      'r.published_at',
      sql<string>`coalesce(b.real_name, '')`.as('buyer_name'),
      sql<number>`(select count(*)::int from po_rfq_line l where l.rfq_id = r.id)`.as('line_count'),
      sql<number>`(select count(*)::int from po_rfq_supplier i where i.rfq_id = r.id)`.as('supplier_count'),
      sql<number>`(select count(*)::int from po_quote q
        where q.rfq_id = r.id and q.round = r.round and q.state = 'submitted')`.as('quoted_count'),
    ]);
}

export type RfqRow = Awaited<ReturnType<ReturnType<typeof rfqColumns>['executeTakeFirstOrThrow']>>;

export function toRfqSummary(row: RfqRow, now: Date): RfqSummary {
  const suspended = row.suspended_ms !== null;
  // While suspended, the close shown is what the round would have left from now.
  const deadline = suspended ? now.getTime() + Number(row.suspended_ms) : (ms(row.deadline) ?? 0);
  return {
    id: String(row.id),
    billNo: row.bill_no,
    title: row.title,
    state: effectiveRfqState(row.state as RfqState, deadline, now.getTime(), suspended),
    mode: row.mode as RfqMode,
    suspended,
    round: row.round,
    version: row.version,
    deadline,
    currency: row.currency,
    lineCount: Number(row.line_count),
    supplierCount: Number(row.supplier_count),
    quotedCount: Number(row.quoted_count),
    awarding: row.award_task_id !== null,
    buyerName: row.buyer_name,
    createdAt: ms(row.created_at) ?? 0,
    publishedAt: ms(row.published_at),
  };
}

/** An auction's rules as the answers give them. */
export const bidRulesOf = (row: RfqRow): RfqBidRules => ({
  bidStep: row.bid_step,
  bidCeiling: row.bid_ceiling,
  bidExtendMinutes: row.bid_extend_minutes,
});

/**
 * The request's lines. Their awards show when `award` says so: staff see a pending award too;
 * a supplier sees only its own lines' awards, once the request is awarded.
 */
export async function rfqLines(
  db: Db,
  rfqId: string,
  award: { show: boolean; onlySupplierId?: string },
): Promise<RfqLine[]> {
  const rows = await db
    .selectFrom('po_rfq_line as l')
    .leftJoin('vendor_supplier as s', 's.id', 'l.award_supplier_id')
    .select([
      'l.id',
      'l.line_no',
      'l.material_code',
      'l.material_name',
      'l.spec',
      'l.unit',
      sql<string>`l.quantity::text`.as('quantity'),
      sql<string>`l.delivery_date::text`.as('delivery_date'),
      'l.award_supplier_id',
      's.supplier_name',
      sql<string | null>`l.award_unit_price::text`.as('award_unit_price'),
      sql<string | null>`l.award_amount::text`.as('award_amount'),
    ])
    .where('l.rfq_id', '=', rfqId)
    .orderBy('l.line_no')
    .execute();
  return rows.map((r) => {
    const supplierId = r.award_supplier_id === null ? null : String(r.award_supplier_id);
    const shown =
      award.show &&
      supplierId !== null &&
      (award.onlySupplierId === undefined || award.onlySupplierId === supplierId);
    return {
      id: String(r.id),
      lineNo: r.line_no,
      materialCode: r.material_code,
      materialName: r.material_name,
      spec: r.spec,
      unit: r.unit,
      quantity: r.quantity,
      deliveryDate: r.delivery_date,
      award:
        shown && supplierId !== null
          ? {
              supplierId,
              supplierName: r.supplier_name ?? '',
              unitPrice: r.award_unit_price ?? '0',
              amount: r.award_amount ?? '0',
            }
          : null,
    };
  });
}

/** The invited suppliers with the state of their quote of `round` (never its prices). */
export async function rfqInvitees(db: Db, rfqId: string, round: number): Promise<RfqInvitee[]> {
  const rows = await db
    .selectFrom('po_rfq_supplier as i')
    .innerJoin('vendor_supplier as s', 's.id', 'i.supplier_id')
    .leftJoin('po_quote as q', (join) =>
      join
        .onRef('q.rfq_id', '=', 'i.rfq_id')
        .onRef('q.supplier_id', '=', 'i.supplier_id')
        .on('q.round', '=', round),
    )
    .select(['i.supplier_id', 's.supplier_code', 's.supplier_name', 'q.state', 'q.submitted_at'])
    .where('i.rfq_id', '=', rfqId)
    .orderBy('s.supplier_name')
    .execute();
  return rows.map((r) => ({
    supplierId: String(r.supplier_id),
    supplierCode: r.supplier_code,
    supplierName: r.supplier_name,
    quoteState: (r.state ?? null) as QuoteState | null,
    submittedAt: r.state === 'submitted' ? ms(r.submitted_at) : null,
  }));
}

/** The quotes of a request's round, with lines and files: one supplier's, or the submitted ones. */
export async function rfqQuotes(
  db: Db,
  rfqId: string,
  round: number,
  which: { supplierId: string } | { submitted: true },
): Promise<Quote[]> {
  let query = db
    .selectFrom('po_quote as q')
    .innerJoin('vendor_supplier as s', 's.id', 'q.supplier_id')
    .select([
      'q.id',
      'q.supplier_id',
      's.supplier_name',
      'q.round',
      'q.state',
      'q.version',
      sql<string>`q.valid_until::text`.as('valid_until'),
      'q.remark',
      sql<string>`q.total_amount::text`.as('total_amount'),
      'q.submitted_at',
    ])
    .where('q.rfq_id', '=', rfqId)
    .where('q.round', '=', round);
  query =
    'supplierId' in which
      ? query.where('q.supplier_id', '=', which.supplierId)
      : query.where('q.state', '=', 'submitted');
  const quotes = await query.orderBy('q.total_amount').orderBy('q.id').execute();
  if (quotes.length === 0) return [];
  const ids = quotes.map((q) => String(q.id));
  const [lines, files] = await Promise.all([
    db
      .selectFrom('po_quote_line')
      .select([
        'quote_id',
        'rfq_line_id',
        sql<string | null>`unit_price::text`.as('unit_price'),
        sql<string | null>`amount::text`.as('amount'),
        'lead_days',
        'remark',
      ])
      .where('quote_id', 'in', ids)
      .orderBy('rfq_line_id')
      .execute(),
    db
      .selectFrom('po_quote_file as qf')
      .innerJoin('vendor_file as f', 'f.id', 'qf.file_id')
      .select(['qf.quote_id', 'f.id', 'f.file_name', 'f.size', 'f.content_type'])
      .where('qf.quote_id', 'in', ids)
      .orderBy('f.id')
      .execute(),
  ]);
  return quotes.map((q) => ({
    id: String(q.id),
    supplierId: String(q.supplier_id),
    supplierName: q.supplier_name,
    round: q.round,
    state: q.state as QuoteState,
    version: q.version,
    validUntil: q.valid_until,
    remark: q.remark,
    totalAmount: q.total_amount,
    submittedAt: ms(q.submitted_at),
    lines: lines
      .filter((l) => String(l.quote_id) === String(q.id))
      .map((l) => ({
        rfqLineId: String(l.rfq_line_id),
        unitPrice: l.unit_price,
        amount: l.amount,
        leadDays: l.lead_days,
        remark: l.remark,
      })),
    files: toVendorFiles(files.filter((f) => String(f.quote_id) === String(q.id))),
  }));
}

export interface LockedRfq {
  id: string;
  tenantId: string;
  billNo: string;
  title: string;
  /** As stored; `effectiveState` with the clock applied. */
  state: RfqState;
  effectiveState: RfqState;
  mode: RfqMode;
  /** While an auction is suspended: the ms its round had left; else null. */
  suspendedMs: number | null;
  bidStep: string;
  bidCeiling: string | null;
  bidExtendMinutes: number;
  round: number;
  deadline: number;
  version: number;
  buyerId: string;
  awarding: boolean;
  currency: string;
  deliveryAddress: string;
}

/**
 * The tenant's request `id`, locked for the rest of the transaction: `update` for staff's moves,
 * `share` for a quote (quotes of different suppliers go side by side, a close waits for them).
 * 404 when it is another tenant's or gone; 409 `procurement.stale` when `version` is given and is
 * not the stored one.
 */
export async function lockRfq(
  tx: Transaction<Database>,
  tenantId: string,
  id: string,
  now: Date,
  opts: { version?: number; share?: boolean } = {},
): Promise<LockedRfq> {
  const query = tx
    .selectFrom('po_rfq')
    .select([
      'id',
      'tenant_id',
      'bill_no',
      'title',
      'state',
      'mode',
      'suspended_ms',
      sql<string>`bid_step::text`.as('bid_step'),
      sql<string | null>`bid_ceiling::text`.as('bid_ceiling'),
      'bid_extend_minutes',
      'round',
      'deadline',
      'version',
      'buyer_id',
      'award_task_id',
      'currency',
      'delivery_address',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  const row = await (opts.share ? query.forShare() : query.forUpdate()).executeTakeFirst();
  if (!row) throw notFound();
  if (opts.version !== undefined && row.version !== opts.version)
    throw new AppError(409, 'procurement.rfqStale');
  const deadline = ms(row.deadline) ?? 0;
  const state = row.state as RfqState;
  const suspendedMs = row.suspended_ms === null ? null : Number(row.suspended_ms);
  return {
    id: String(row.id),
    tenantId: String(row.tenant_id),
    billNo: row.bill_no,
    title: row.title,
    state,
    effectiveState: effectiveRfqState(state, deadline, now.getTime(), suspendedMs !== null),
    mode: row.mode as RfqMode,
    suspendedMs,
    bidStep: row.bid_step,
    bidCeiling: row.bid_ceiling,
    bidExtendMinutes: row.bid_extend_minutes,
    round: row.round,
    deadline,
    version: row.version,
    buyerId: String(row.buyer_id),
    awarding: row.award_task_id !== null,
    currency: row.currency,
    deliveryAddress: row.delivery_address,
  };
}

/** Moves the request to `state` (and more columns), bumping its version: the one write of its state. */
export async function setRfqState(
  tx: Transaction<Database>,
  rfq: LockedRfq,
  state: RfqState,
  more: Partial<{
    round: number;
    deadline: Date;
    award_task_id: string | null;
    published_at: Date;
    closed_at: Date | null;
    awarded_at: Date;
    cancel_reason: string;
    suspended_ms: number | null;
  }> = {},
): Promise<void> {
  await tx
    .updateTable('po_rfq')
    .set({ state, version: rfq.version + 1, ...more })
    .where('id', '=', rfq.id)
    .execute();
}

/** 404 unless the supplier is invited to the request and the request is shown to suppliers (never a draft). */
export async function assertInvited(db: Db, rfq: { id: string; state: RfqState }, supplierId: string) {
  const invited = await db
    .selectFrom('po_rfq_supplier')
    .select('supplier_id')
    .where('rfq_id', '=', rfq.id)
    .where('supplier_id', '=', supplierId)
    .executeTakeFirst();
  if (!invited || !RFQ_SUPPLIER_VISIBLE.includes(rfq.state)) throw notFound();
}

/** The supplier ids invited to the request. */
export async function invitedSupplierIds(db: Db, rfqId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('po_rfq_supplier')
    .select('supplier_id')
    .where('rfq_id', '=', rfqId)
    .execute();
  return rows.map((r) => String(r.supplier_id));
}

/**
 * Writes a supplier's quote of a round: the existing one (locked by the caller) replaced with a new
 * version, or the round's first; its lines replaced, and its attachments when `fileIds` is given.
 */
export async function writeQuote(
  tx: Transaction<Database>,
  at: { tenantId: string; rfqId: string; supplierId: string; round: number; userId: string },
  existing: { id: string | number; version: number } | undefined,
  values: {
    state: QuoteState;
    valid_until: string;
    remark?: string;
    total_amount: string;
    submitted_at: Date | null;
  },
  lines: readonly {
    rfqLineId: string;
    unitPrice: string | null;
    amount: string | null;
    leadDays?: number | null;
    remark?: string;
  }[],
  fileIds?: readonly string[],
): Promise<string> {
  let quoteId: string;
  if (existing) {
    quoteId = String(existing.id);
    await tx
      .updateTable('po_quote')
      .set({ ...values, version: existing.version + 1 })
      .where('id', '=', quoteId)
      .execute();
    await tx.deleteFrom('po_quote_line').where('quote_id', '=', quoteId).execute();
    if (fileIds) await tx.deleteFrom('po_quote_file').where('quote_id', '=', quoteId).execute();
  } else {
    const row = await tx
      .insertInto('po_quote')
      .values({
        tenant_id: at.tenantId,
        rfq_id: at.rfqId,
        supplier_id: at.supplierId,
        round: at.round,
        created_by: at.userId,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    quoteId = String(row.id);
  }
  await tx
    .insertInto('po_quote_line')
    .values(
      lines.map((l) => ({
        tenant_id: at.tenantId,
        quote_id: quoteId,
        rfq_line_id: l.rfqLineId,
        unit_price: l.unitPrice,
        amount: l.amount,
        lead_days: l.leadDays ?? null,
        remark: l.remark ?? '',
      })),
    )
    .execute();
  if (fileIds?.length)
    await tx
      .insertInto('po_quote_file')
      .values(
        [...new Set(fileIds)].map((fileId) => ({
          tenant_id: at.tenantId,
          quote_id: quoteId,
          file_id: fileId,
        })),
      )
      .execute();
  return quoteId;
}

/** The supplier's quote row of the round, locked (none yet: undefined). */
export async function lockQuote(tx: Transaction<Database>, rfqId: string, supplierId: string, round: number) {
  return tx
    .selectFrom('po_quote')
    .select(['id', 'state', 'version'])
    .where('rfq_id', '=', rfqId)
    .where('supplier_id', '=', supplierId)
    .where('round', '=', round)
    .forUpdate()
    .executeTakeFirst();
}
