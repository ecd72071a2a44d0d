import {
  lineAmount,
  type PortalRfq,
  type QuoteSave,
  quoteActions,
  quoteTotal,
  RFQ_PATH,
  RFQ_SUPPLIER_VISIBLE,
  type RfqListQuery,
  type VendorFile,
} from '@srm/contracts';
import { sql } from 'kysely';
import { page } from '../core/envelope';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ReceivedUpload } from '../core/multipart';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { transaction } from '../db/transaction';
import { pushCounts } from '../message/index';
import { callerSupplier } from '../supplier/access';
import { assertOwnFiles, saveVendorFile } from '../supplier/file-service';
import { isUniqueViolation } from './delivery-store';
import { tellAt } from './order-flow';
import {
  assertInvited,
  bidRulesOf,
  lockQuote,
  lockRfq,
  rfqColumns,
  rfqLines,
  rfqQuotes,
  toRfqSummary,
  writeQuote,
} from './rfq-store';

/**
 * The supplier's side of requests for quotation: only those its supplier is invited to, never a
 * draft (404 otherwise); staff's note, the other invited suppliers and their quotes are left out.
 */
function invitedColumns(ctx: ServiceContext, supplierId: string) {
  return rfqColumns(ctx.db)
    .where('r.tenant_id', '=', ctx.tenantId)
    .where('r.state', 'in', [...RFQ_SUPPLIER_VISIBLE])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('po_rfq_supplier as i')
          .select('i.supplier_id')
          .whereRef('i.rfq_id', '=', 'r.id')
          .where('i.supplier_id', '=', supplierId),
      ),
    );
}

export async function portalRfqs(ctx: ServiceContext, q: RfqListQuery) {
  const supplier = await callerSupplier(ctx);
  const now = ctx.now();
  let base = invitedColumns(ctx, supplier.id);
  if (q.state === 'open') base = base.where('r.state', '=', 'open').where('r.deadline', '>', now);
  else if (q.state === 'closed')
    base = base.where((eb) =>
      eb.or([
        eb('r.state', '=', 'closed'),
        eb.and([eb('r.state', '=', 'open'), eb('r.deadline', '<=', now)]),
      ]),
    );
  else if (q.state) base = base.where('r.state', '=', q.state);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('r.bill_no', 'ilike', like), eb('r.title', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    base
      .orderBy('r.published_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  // Its own count: whether it has submitted a quote in the round, never how many others have.
  const mine = await ctx.db
    .selectFrom('po_quote')
    .select(['rfq_id', 'round'])
    .where('supplier_id', '=', supplier.id)
    .where('state', '=', 'submitted')
    .where('rfq_id', 'in', rows.length ? rows.map((r) => String(r.id)) : ['0'])
    .execute();
  return page(
    rows.map((r) => ({
      ...toRfqSummary(r, now),
      quotedCount: mine.some((m) => String(m.rfq_id) === String(r.id) && m.round === r.round) ? 1 : 0,
    })),
    q.currentPage,
    q.pageSize,
    Number(count.n),
  );
}

export async function portalRfq(ctx: ServiceContext, id: string): Promise<PortalRfq> {
  const supplier = await callerSupplier(ctx);
  const row = await invitedColumns(ctx, supplier.id).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const summary = toRfqSummary(row, ctx.now());
  const [lines, quote, previous] = await Promise.all([
    rfqLines(ctx.db, id, { show: summary.state === 'awarded', onlySupplierId: supplier.id }),
    rfqQuotes(ctx.db, id, row.round, { supplierId: supplier.id }),
    row.round > 1 ? rfqQuotes(ctx.db, id, row.round - 1, { supplierId: supplier.id }) : Promise.resolve([]),
  ]);
  const own = quote[0] ?? null;
  return {
    ...summary,
    ...bidRulesOf(row),
    quotedCount: own?.state === 'submitted' ? 1 : 0,
    categoryCode: row.category_code,
    deliveryAddress: row.delivery_address,
    terms: row.terms,
    cancelReason: row.cancel_reason,
    lines,
    quote: own,
    previousQuote: previous[0] ?? null,
    actions: [...quoteActions(summary.state, own?.state ?? null, summary)],
  };
}

/** The invited supplier's request (404 otherwise), locked for share, open by the server's clock (409 otherwise). */
async function openRequest(
  ctx: ServiceContext,
  tx: Parameters<Parameters<typeof transaction>[1]>[0],
  supplier: { id: string },
  id: string,
) {
  const rfq = await lockRfq(tx, ctx.tenantId, id, ctx.now(), { share: true });
  await assertInvited(tx, rfq, supplier.id);
  if (rfq.mode === 'auction') throw new AppError(409, 'procurement.bidAuctionOnly');
  if (rfq.effectiveState !== 'open') throw new AppError(409, 'procurement.rfqNotOpen');
  return rfq;
}

/**
 * Saves the supplier's quote of the current round as a draft, or submits it: one per supplier and
 * round (two first saves at once: one quote and one 409); a submitted quote is withdrawn before it
 * changes. Only while the request is open by the server's clock.
 */
export async function saveQuote(ctx: ServiceContext, id: string, body: QuoteSave): Promise<PortalRfq> {
  const today = ctx.now().toISOString().slice(0, 10);
  if (body.validUntil < today)
    throw fieldError({ validUntil: t(ctx.locale, 'procurement.quoteValidity') }, 'procurement.quoteValidity');
  if (body.submit && body.lines.every((l) => l.unitPrice === null))
    throw fieldError({ lines: t(ctx.locale, 'procurement.quoteEmpty') }, 'procurement.quoteEmpty');
  // Outside the transaction: the embedded database has one connection, which the transaction holds.
  const supplier = await callerSupplier(ctx);
  let told: string[] = [];
  try {
    told = await transaction(ctx.db, async (tx) => {
      const rfq = await openRequest(ctx, tx, supplier, id);
      const lines = await rfqLines(tx, id, { show: false });
      const byId = new Map(lines.map((l) => [l.id, l]));
      body.lines.forEach((l, i) => {
        if (!byId.has(l.rfqLineId))
          throw new AppError(404, 'error.notFound', undefined, {
            fields: { [`lines.${i}.rfqLineId`]: t(ctx.locale, 'error.notFound') },
          });
      });
      await assertOwnFiles(ctx, tx, body.fileIds, 'fileIds');
      const existing = await lockQuote(tx, id, supplier.id, rfq.round);
      if ((existing?.version ?? null) !== body.version) throw new AppError(409, 'procurement.quoteStale');
      if (existing?.state === 'submitted') throw new AppError(409, 'procurement.quoteSubmitted');
      const priced = body.lines.map((l) => ({
        ...l,
        quantity: byId.get(l.rfqLineId)?.quantity ?? '0',
      }));
      const values = {
        state: body.submit ? 'submitted' : 'draft',
        valid_until: body.validUntil,
        remark: body.remark,
        total_amount: quoteTotal(priced),
        submitted_at: body.submit ? new Date() : null,
      } as const;
      await writeQuote(
        tx,
        { tenantId: ctx.tenantId, rfqId: id, supplierId: supplier.id, round: rfq.round, userId: ctx.userId },
        existing,
        values,
        priced.map((l) => ({
          ...l,
          amount: l.unitPrice === null ? null : lineAmount(l.quantity, l.unitPrice),
        })),
        body.fileIds,
      );
      if (!body.submit) return [];
      const name = await tx
        .selectFrom('vendor_supplier')
        .select('supplier_name')
        .where('id', '=', supplier.id)
        .executeTakeFirstOrThrow();
      return tellAt(tx, rfq, [rfq.buyerId], RFQ_PATH, 'procurement.toldQuoteSubmitted', {
        billNo: rfq.billNo,
        supplier: name.supplier_name,
      });
    });
  } catch (error) {
    // The round's first save twice at once: the unique index lets one in.
    if (isUniqueViolation(error)) throw new AppError(409, 'procurement.quoteStale');
    throw error;
  }
  if (told.length) await pushCounts(ctx.deps, ctx.tenantId, told);
  return portalRfq(ctx, id);
}

/** Takes a submitted quote back while the request is open; it may be changed and submitted again. */
export async function withdrawQuote(ctx: ServiceContext, id: string, version: number): Promise<PortalRfq> {
  const supplier = await callerSupplier(ctx);
  await transaction(ctx.db, async (tx) => {
    const rfq = await openRequest(ctx, tx, supplier, id);
    const quote = await lockQuote(tx, id, supplier.id, rfq.round);
    if (!quote) throw notFound();
    if (quote.version !== version) throw new AppError(409, 'procurement.quoteStale');
    if (quote.state !== 'submitted') throw new AppError(409, 'procurement.quoteNotSubmitted');
    await tx
      .updateTable('po_quote')
      .set({ state: 'withdrawn', submitted_at: null, version: quote.version + 1 })
      .where('id', '=', String(quote.id))
      .execute();
  });
  return portalRfq(ctx, id);
}

/** A quote's attachment, uploaded by a supplier's user (PDF or image, checked by content). */
export async function uploadQuoteFile(ctx: ServiceContext, upload: ReceivedUpload): Promise<VendorFile> {
  await callerSupplier(ctx);
  return saveVendorFile(ctx, upload);
}
