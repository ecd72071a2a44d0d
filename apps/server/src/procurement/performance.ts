import { percentOf, SHIPPABLE_ORDER_STATES, type SupplierDelivery } from '@srm/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import { notFound } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import type { Database } from '../db/types';
import { callerSupplier } from '../supplier/access';

type LineEb = ExpressionBuilder<
  Database & { l: Database['po_order_line']; o: Database['po_order'] },
  'l' | 'o'
>;

/**
 * An accepted line of an order that may still ship, past its due date (`today`, yyyy-mm-dd) with
 * quantity not yet shipped: what the order list's overdue filter and the figures below count.
 */
export const overdueLine = (eb: LineEb, today: string) =>
  eb.and([
    eb('o.state', 'in', [...SHIPPABLE_ORDER_STATES]),
    eb('l.state', '=', 'accepted'),
    eb('l.delivery_date', '<', sql<Date>`${today}::date`),
    eb('l.shipped_quantity', '<', eb.ref('l.quantity')),
  ]);

export const todayOf = (ctx: ServiceContext) => ctx.now().toISOString().slice(0, 10);

/** The supplier's figures (`SupplierDelivery`), within the tenant. */
async function figures(ctx: ServiceContext, supplierId: string): Promise<SupplierDelivery> {
  const today = todayOf(ctx);
  const [open, received] = await Promise.all([
    ctx.db
      .selectFrom('po_order_line as l')
      .innerJoin('po_order as o', 'o.id', 'l.order_id')
      .where('o.tenant_id', '=', ctx.tenantId)
      .where('o.supplier_id', '=', supplierId)
      .where('o.state', 'in', [...SHIPPABLE_ORDER_STATES])
      .where('l.state', '=', 'accepted')
      .whereRef('l.received_quantity', '<', 'l.quantity')
      .select((eb) => [
        sql<number>`count(distinct o.id)::int`.as('orders'),
        sql<number>`count(*)::int`.as('lines'),
        eb.fn.countAll<number>().filterWhere(overdueLine(eb, today)).as('overdue'),
      ])
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('po_receipt_line as rl')
      .innerJoin('po_receipt as r', 'r.id', 'rl.receipt_id')
      .innerJoin('po_asn_line as al', 'al.id', 'rl.asn_line_id')
      .innerJoin('po_asn as a', 'a.id', 'al.asn_id')
      .innerJoin('po_order_line as ol', 'ol.id', 'al.order_line_id')
      .where('r.tenant_id', '=', ctx.tenantId)
      .where('a.supplier_id', '=', supplierId)
      .where('r.state', '=', 'confirmed')
      .select([
        sql<number>`count(*)::int`.as('lines'),
        sql<number>`count(*) filter (where r.confirmed_at::date <= ol.delivery_date)::int`.as('on_time'),
        sql<number>`count(*) filter (where rl.rejected_quantity = 0 and rl.accepted_quantity = al.quantity)::int`.as(
          'accepted',
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const receivedLines = Number(received.lines);
  return {
    openOrders: Number(open.orders),
    openLines: Number(open.lines),
    overdueLines: Number(open.overdue),
    receivedLines,
    onTimeLines: Number(received.on_time),
    acceptedLines: Number(received.accepted),
    onTimeRate: percentOf(Number(received.on_time), receivedLines),
    qualityRate: percentOf(Number(received.accepted), receivedLines),
  };
}

/** Staff: one of the tenant's suppliers (404 for another tenant's). */
export async function supplierDelivery(ctx: ServiceContext, supplierId: string): Promise<SupplierDelivery> {
  const found = await ctx.db
    .selectFrom('vendor_supplier')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (!found) throw notFound();
  return figures(ctx, supplierId);
}

/** The supplier's own. */
export async function ownDelivery(ctx: ServiceContext): Promise<SupplierDelivery> {
  return figures(ctx, (await callerSupplier(ctx)).id);
}
