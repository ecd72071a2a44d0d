import {
  answeredLineState,
  PO_ANSWERABLE,
  PO_SUPPLIER_EVENTS,
  PO_SUPPLIER_VISIBLE,
  type PoAnswer,
  type PoLineState,
  type PoListQuery,
  type PurchaseOrder,
  settledState,
} from '@srm/contracts';
import { sql } from 'kysely';
import { page } from '../core/envelope';
import { AppError, notFound } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { transaction } from '../db/transaction';
import { pushCounts } from '../message/index';
import { callerSupplier } from '../supplier/access';
import { tellAboutOrder } from './order-flow';
import {
  type Actor,
  lockOrder,
  orderColumns,
  readOrder,
  recordEvent,
  setOrderState,
  toSummary,
} from './order-store';
import { overdueLine, todayOf } from './performance';

/**
 * The supplier's side of its orders: only its own supplier's, and only once released (a draft or
 * an order in approval answers 404); staff's remark and internal history are left out.
 */
export async function portalOrders(ctx: ServiceContext, q: PoListQuery) {
  const supplier = await callerSupplier(ctx);
  let base = orderColumns(ctx.db)
    .where('o.tenant_id', '=', ctx.tenantId)
    .where('o.supplier_id', '=', supplier.id)
    .where('o.state', 'in', [...PO_SUPPLIER_VISIBLE]);
  if (q.state) base = base.where('o.state', '=', q.state);
  if (q.keyword) base = base.where('o.bill_no', 'ilike', likePattern(q.keyword));
  if (q.attention === 'waiting')
    base = base
      .where('o.state', 'in', [...PO_ANSWERABLE])
      .where(
        sql<boolean>`exists (select 1 from po_order_line l where l.order_id = o.id and l.state = 'waiting')`,
      );
  if (q.attention === 'overdue') {
    const today = todayOf(ctx);
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('po_order_line as l')
          .select('l.id')
          .whereRef('l.order_id', '=', 'o.id')
          .where((line) => overdueLine(line, today)),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .orderBy('o.released_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return page(rows.map(toSummary), q.currentPage, q.pageSize, Number(count.n));
}

async function visibleOrder(ctx: ServiceContext, id: string) {
  const supplier = await callerSupplier(ctx);
  const order = await readOrder(ctx.db, ctx.tenantId, id, PO_SUPPLIER_EVENTS);
  if (order.supplierId !== supplier.id || !PO_SUPPLIER_VISIBLE.includes(order.state)) throw notFound();
  return order;
}

export async function portalOrder(ctx: ServiceContext, id: string): Promise<PurchaseOrder> {
  const order = await visibleOrder(ctx, id);
  const answerable = PO_ANSWERABLE.includes(order.state) && order.lines.some((l) => l.state === 'waiting');
  return {
    ...order,
    remark: '',
    flowTaskId: null,
    actions: answerable ? ['answer'] : [],
  };
}

/**
 * The supplier answers some waiting lines of an order at its `version` (409 when stale): accept,
 * reject with a reason, or propose another quantity or date (staff decide). Every line accepted:
 * the order is acknowledged. The buyer is told.
 */
export async function answerOrder(ctx: ServiceContext, id: string, body: PoAnswer): Promise<PurchaseOrder> {
  const supplier = await callerSupplier(ctx);
  const actor: Actor = { id: ctx.userId, name: ctx.auth.realName, side: 'supplier' };
  const told = await transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, ctx.tenantId, id);
    if (order.supplierId !== supplier.id || !PO_SUPPLIER_VISIBLE.includes(order.state)) throw notFound();
    if (order.version !== body.version) throw new AppError(409, 'procurement.stale');
    if (!PO_ANSWERABLE.includes(order.state)) throw new AppError(409, 'procurement.wrongState');
    const stored = await tx
      .selectFrom('po_order_line')
      .select(['id', 'line_no', 'state'])
      .where('order_id', '=', id)
      .execute();
    const byId = new Map(stored.map((l) => [String(l.id), l]));
    const answeredAt = new Date();
    for (const answer of body.lines) {
      const line = byId.get(answer.lineId);
      if (!line) throw notFound();
      const next = answeredLineState(line.state as PoLineState, answer.answer);
      if (!next) throw new AppError(409, 'procurement.lineAnswered');
      line.state = next;
      await tx
        .updateTable('po_order_line')
        .set({
          state: next,
          reason: answer.answer === 'accept' ? '' : answer.reason,
          proposed_quantity: answer.answer === 'propose' ? (answer.quantity ?? null) : null,
          proposed_date: answer.answer === 'propose' ? (answer.deliveryDate ?? null) : null,
          answered_by: ctx.auth.realName,
          answered_at: answeredAt,
        })
        .where('id', '=', answer.lineId)
        .execute();
      const detail =
        answer.answer === 'propose'
          ? [answer.quantity, answer.deliveryDate, answer.reason].filter(Boolean).join(' · ')
          : answer.reason;
      await recordEvent(
        tx,
        order,
        actor,
        answer.answer === 'accept' ? 'accepted' : answer.answer === 'reject' ? 'rejected' : 'proposed',
        { lineNo: line.line_no, detail },
      );
    }
    const state = settledState(
      order.state,
      stored.map((l) => ({ state: l.state as PoLineState })),
    );
    await setOrderState(tx, order, state, state === 'acknowledged' ? { acknowledged_at: answeredAt } : {});
    if (state === 'acknowledged') await recordEvent(tx, order, actor, 'acknowledged');
    const settle = stored.some((l) => l.state === 'proposed' || l.state === 'rejected');
    return tellAboutOrder(
      tx,
      order,
      [order.buyerId],
      'staff',
      state === 'acknowledged'
        ? 'procurement.toldAcknowledged'
        : settle
          ? 'procurement.toldToSettle'
          : 'procurement.toldAnswered',
      { billNo: order.billNo },
      { id: ctx.userId, name: ctx.auth.realName },
    );
  });
  if (told.length) await pushCounts(ctx.deps, ctx.tenantId, told);
  return portalOrder(ctx, id);
}
