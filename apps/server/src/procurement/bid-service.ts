import {
  type BidBoard,
  type BidPlace,
  type BidRank,
  bidRefusal,
  effectiveRfqState,
  extendedDeadline,
  lineAmount,
  quoteTotal,
  type Rfq,
} from '@srm/contracts';
import { sql, type Transaction } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { callerSupplier } from '../supplier/access';
import { boardOfRound, pushLiveRound, rankOfRound, roundHead } from './bid-live';
import { getRfq, refuseUnless } from './rfq-service';
import {
  assertInvited,
  type LockedRfq,
  lockQuote,
  lockRfq,
  rfqLines,
  setRfqState,
  writeQuote,
} from './rfq-store';

/**
 * Live bidding (docs/procurement.md, "Live bidding"): the supplier's bids, staff's board and the
 * suspending and resuming of a round. Bids of one request go one at a time under its row lock, so
 * the server takes them in one order, each against the clock and the bids before it.
 */

type Tx = Transaction<Database>;

/** Staff's board of an auction's round (404 for another tenant's request, 409 for a sealed one). */
export async function staffBoard(ctx: ServiceContext, id: string): Promise<BidBoard> {
  const now = ctx.now();
  const head = await roundHead(ctx.db, ctx.tenantId, id, now);
  if (!head) throw notFound();
  if (head.mode !== 'auction') throw new AppError(409, 'procurement.bidSealed');
  return boardOfRound(ctx.db, head, now);
}

/** The invited supplier's request as a live round (404 when it is not invited or the request is a draft). */
async function invitedRound(ctx: ServiceContext, supplierId: string, id: string) {
  const now = ctx.now();
  const head = await roundHead(ctx.db, ctx.tenantId, id, now);
  if (!head) throw notFound();
  await assertInvited(ctx.db, { id, state: head.storedState }, supplierId);
  if (head.mode !== 'auction') throw new AppError(409, 'procurement.bidSealed');
  return { head, now };
}

/** The supplier's rank and own bids in the round. */
export async function supplierRank(ctx: ServiceContext, id: string, supplierId?: string): Promise<BidRank> {
  const own = supplierId ?? (await callerSupplier(ctx)).id;
  const { head, now } = await invitedRound(ctx, own, id);
  return rankOfRound(ctx.db, head, own, now);
}

/** The supplier's best total in the round so far (null before its first bid). */
async function ownBest(tx: Tx, rfq: LockedRfq, supplierId: string): Promise<string | null> {
  const row = await tx
    .selectFrom('po_bid')
    .select(sql<string | null>`min(total)::text`.as('best'))
    .where('rfq_id', '=', rfq.id)
    .where('round', '=', rfq.round)
    .where('supplier_id', '=', supplierId)
    .executeTakeFirstOrThrow();
  return row.best;
}

/**
 * Writes the bid as the supplier's submitted quote of the round (so the comparison and the award
 * after the close read it like a sealed quote); its prices hold until the last line is delivered.
 */
async function standAsQuote(
  ctx: ServiceContext,
  tx: Tx,
  rfq: LockedRfq,
  supplierId: string,
  lines: { rfqLineId: string; unitPrice: string; quantity: string; deliveryDate: string }[],
  total: string,
  now: Date,
): Promise<void> {
  const validUntil = lines.reduce((last, l) => (l.deliveryDate > last ? l.deliveryDate : last), '');
  const existing = await lockQuote(tx, rfq.id, supplierId, rfq.round);
  await writeQuote(
    tx,
    { tenantId: ctx.tenantId, rfqId: rfq.id, supplierId, round: rfq.round, userId: ctx.userId },
    existing,
    { state: 'submitted', valid_until: validUntil, total_amount: total, submitted_at: now },
    lines.map((l) => ({ ...l, amount: lineAmount(l.quantity, l.unitPrice) })),
  );
}

/**
 * A bid of the supplier in an open auction: a unit price for every line. It stands only while the
 * round is open by the server's clock and not suspended, and only when its total undercuts the
 * supplier's own best by the step (and stays under the ceiling); a bid in the last minutes moves
 * the close. Every bid is kept; after the commit every watcher gets the new standing.
 */
export async function placeBid(ctx: ServiceContext, id: string, body: BidPlace): Promise<BidRank> {
  // Outside the transaction: the embedded database has one connection, which the transaction holds.
  const supplier = await callerSupplier(ctx);
  await transaction(ctx.db, async (tx) => {
    // FOR UPDATE: the round's bids go one after another, in the order the server takes them; the
    // clock is read once the lock is held, so a bid's time rises with its number.
    const locked = await lockRfq(tx, ctx.tenantId, id, ctx.now());
    const now = ctx.now();
    const rfq = {
      ...locked,
      effectiveState: effectiveRfqState(
        locked.state,
        locked.deadline,
        now.getTime(),
        locked.suspendedMs !== null,
      ),
    };
    await assertInvited(tx, rfq, supplier.id);
    // The ids in the body first: a line of another request answers 404 whatever the state.
    const lines = await rfqLines(tx, id, { show: false });
    const byId = new Map(body.lines.map((l) => [l.rfqLineId, l.unitPrice]));
    body.lines.forEach((l, i) => {
      if (!lines.some((line) => line.id === l.rfqLineId))
        throw new AppError(404, 'error.notFound', undefined, {
          fields: { [`lines.${i}.rfqLineId`]: t(ctx.locale, 'error.notFound') },
        });
    });
    if (rfq.mode !== 'auction') throw new AppError(409, 'procurement.bidSealed');
    if (rfq.effectiveState !== 'open') throw new AppError(409, 'procurement.bidClosed');
    if (rfq.suspendedMs !== null) throw new AppError(409, 'procurement.bidSuspended');
    if (lines.some((l) => !byId.has(l.id)))
      throw fieldError(
        { lines: t(ctx.locale, 'procurement.bidPricesRequired') },
        'procurement.bidPricesRequired',
      );
    const priced = lines.map((l) => ({
      rfqLineId: l.id,
      unitPrice: byId.get(l.id) as string,
      quantity: l.quantity,
      deliveryDate: l.deliveryDate,
    }));
    const total = quoteTotal(priced);
    const refusal = bidRefusal(total, await ownBest(tx, rfq, supplier.id), rfq.bidStep, rfq.bidCeiling);
    if (refusal === 'aboveCeiling')
      throw new AppError(409, 'procurement.bidAboveCeiling', { ceiling: rfq.bidCeiling ?? '' });
    if (refusal === 'notLower')
      throw Number(rfq.bidStep) > 0
        ? new AppError(409, 'procurement.bidNotLower', { step: rfq.bidStep })
        : new AppError(409, 'procurement.bidNotLowerAny');
    const last = await tx
      .selectFrom('po_bid')
      .select(sql<number>`coalesce(max(seq), 0)::int`.as('seq'))
      .where('rfq_id', '=', id)
      .where('round', '=', rfq.round)
      .executeTakeFirstOrThrow();
    const bid = await tx
      .insertInto('po_bid')
      .values({
        tenant_id: ctx.tenantId,
        rfq_id: id,
        round: rfq.round,
        seq: Number(last.seq) + 1,
        supplier_id: supplier.id,
        total,
        created_by: ctx.userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('po_bid_line')
      .values(
        priced.map((l) => ({
          tenant_id: ctx.tenantId,
          bid_id: String(bid.id),
          rfq_line_id: l.rfqLineId,
          unit_price: l.unitPrice,
        })),
      )
      .execute();
    await standAsQuote(ctx, tx, rfq, supplier.id, priced, total, now);
    const close = extendedDeadline(rfq.deadline, now.getTime(), rfq.bidExtendMinutes * 60_000);
    // The close moves without a new version: staff's open page keeps its actions.
    if (close !== rfq.deadline)
      await tx
        .updateTable('po_rfq')
        .set({ deadline: new Date(close) })
        .where('id', '=', id)
        .execute();
  });
  await pushLiveRound(ctx, id);
  return supplierRank(ctx, id, supplier.id);
}

/** Suspends an open auction's round: no bids, its clock stands still with the time it had left. */
export async function suspendBidding(ctx: ServiceContext, id: string, version: number): Promise<Rfq> {
  await transaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const rfq = await lockRfq(tx, ctx.tenantId, id, now, { version });
    refuseUnless(rfq, 'suspendBid');
    await setRfqState(tx, rfq, 'open', { suspended_ms: Math.max(0, rfq.deadline - now.getTime()) });
  });
  await pushLiveRound(ctx, id);
  return getRfq(ctx, id);
}

/** Resumes a suspended round with the time it had left (at least a minute, so a bid can still come). */
export async function resumeBidding(ctx: ServiceContext, id: string, version: number): Promise<Rfq> {
  await transaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const rfq = await lockRfq(tx, ctx.tenantId, id, now, { version });
    refuseUnless(rfq, 'resumeBid');
    const left = Math.max(rfq.suspendedMs ?? 0, 60_000);
    await setRfqState(tx, rfq, 'open', { suspended_ms: null, deadline: new Date(now.getTime() + left) });
  });
  await pushLiveRound(ctx, id);
  return getRfq(ctx, id);
}
