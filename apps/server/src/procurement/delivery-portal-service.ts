import {
  type Asn,
  type AsnListQuery,
  type AsnSave,
  type AsnUpdate,
  asnActions,
  asnAllows,
  BillRuleCode,
  compareDecimals,
  openQuantity,
  RECEIPT_PATH,
  SHIPPABLE_ORDER_STATES,
  type ShippableLine,
} from '@srm/contracts';
import { sql, type Transaction } from 'kysely';
import { page } from '../core/envelope';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { pushCounts } from '../message/index';
import { callerSupplier } from '../supplier/access';
import { nextBillNo } from '../system/bill-rule/index';
import {
  asnColumns,
  type LockedAsn,
  lockAsn,
  moveQuantities,
  readAsn,
  setAsnState,
  toAsnSummary,
} from './delivery-store';
import { asnLabels } from './labels';
import { tellAt } from './order-flow';
import { type Actor, lockOrder, recordEvent } from './order-store';

type Tx = Transaction<Database>;

/**
 * The supplier's side of its advance ship notices: only its own supplier's (another's answers
 * 404), against its acknowledged orders' accepted lines, never more than their open quantity.
 */
export async function portalAsns(ctx: ServiceContext, q: AsnListQuery) {
  const supplier = await callerSupplier(ctx);
  let base = asnColumns(ctx.db)
    .where('a.tenant_id', '=', ctx.tenantId)
    .where('a.supplier_id', '=', supplier.id);
  if (q.state) base = base.where('a.state', '=', q.state);
  if (q.orderId) base = base.where('a.order_id', '=', q.orderId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('a.bill_no', 'ilike', like), eb('o.bill_no', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    base
      .orderBy('a.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return page(rows.map(toAsnSummary), q.currentPage, q.pageSize, Number(count.n));
}

export async function portalAsn(ctx: ServiceContext, id: string): Promise<Asn> {
  const supplier = await callerSupplier(ctx);
  const asn = await readAsn(ctx.db, ctx.tenantId, id);
  if (asn.supplierId !== supplier.id) throw notFound();
  return { ...asn, receipt: null, actions: [...asnActions(asn.state)] };
}

export async function portalAsnLabels(ctx: ServiceContext, id: string) {
  return asnLabels(await portalAsn(ctx, id));
}

/** The lines the supplier may ship now: accepted lines of its acknowledged orders with quantity open. */
export async function shippableLines(ctx: ServiceContext, orderId?: string): Promise<ShippableLine[]> {
  const supplier = await callerSupplier(ctx);
  let query = ctx.db
    .selectFrom('po_order_line as l')
    .innerJoin('po_order as o', 'o.id', 'l.order_id')
    .select([
      'o.id as order_id',
      'o.bill_no',
      'o.delivery_address',
      'l.id',
      'l.line_no',
      'l.material_code',
      'l.material_name',
      'l.spec',
      'l.unit',
      sql<string>`l.quantity::text`.as('quantity'),
      sql<string>`l.shipped_quantity::text`.as('shipped_quantity'),
      sql<string>`l.delivery_date::text`.as('delivery_date'),
    ])
    .where('o.tenant_id', '=', ctx.tenantId)
    .where('o.supplier_id', '=', supplier.id)
    .where('o.state', 'in', [...SHIPPABLE_ORDER_STATES])
    .where('l.state', '=', 'accepted')
    .whereRef('l.shipped_quantity', '<', 'l.quantity');
  if (orderId) query = query.where('o.id', '=', orderId);
  const rows = await query
    .orderBy('l.delivery_date')
    .orderBy('o.id')
    .orderBy('l.line_no')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    orderId: String(r.order_id),
    orderBillNo: r.bill_no,
    orderLineId: String(r.id),
    lineNo: r.line_no,
    materialCode: r.material_code,
    materialName: r.material_name,
    spec: r.spec,
    unit: r.unit,
    quantity: r.quantity,
    openQuantity: openQuantity(r.quantity, r.shipped_quantity),
    deliveryDate: r.delivery_date,
    deliveryAddress: r.delivery_address,
  }));
}

/**
 * The order (locked) and its lines as the notice may ship them: the caller's supplier's order
 * (404 otherwise), acknowledged (409), each line one of its accepted lines (404 / 409) with no more
 * than its open quantity (400 at the line's quantity).
 */
async function checkShipment(
  ctx: ServiceContext,
  tx: Tx,
  supplierId: string,
  body: { orderId: string; lines: readonly { orderLineId: string; quantity: string }[] },
) {
  const order = await lockOrder(tx, ctx.tenantId, body.orderId);
  if (order.supplierId !== supplierId) throw notFound();
  if (!(SHIPPABLE_ORDER_STATES as readonly string[]).includes(order.state))
    throw new AppError(409, 'procurement.orderNotShippable');
  const stored = await tx
    .selectFrom('po_order_line')
    .select([
      'id',
      'state',
      sql<string>`quantity::text`.as('quantity'),
      sql<string>`shipped_quantity::text`.as('shipped'),
    ])
    .where('order_id', '=', order.id)
    .execute();
  const byId = new Map(stored.map((l) => [String(l.id), l]));
  const fields: Record<string, string> = {};
  body.lines.forEach((line, i) => {
    const was = byId.get(line.orderLineId);
    if (!was) throw notFound();
    if (was.state !== 'accepted') throw new AppError(409, 'procurement.lineNotShippable');
    const open = openQuantity(was.quantity, was.shipped);
    if (compareDecimals(line.quantity, open) > 0)
      fields[`lines.${i}.quantity`] = t(ctx.locale, 'procurement.overShipped', { open });
  });
  if (Object.keys(fields).length) throw fieldError(fields, 'procurement.overShipped');
  return order;
}

async function insertAsnLines(tx: Tx, asn: { id: string; tenantId: string }, lines: AsnSave['lines']) {
  await tx
    .insertInto('po_asn_line')
    .values(
      lines.map((line, i) => ({
        tenant_id: asn.tenantId,
        asn_id: asn.id,
        line_no: i + 1,
        order_line_id: line.orderLineId,
        quantity: line.quantity,
        batch_no: line.batchNo,
        packages: line.packages,
      })),
    )
    .execute();
}

const headerOf = (body: AsnSave) => ({
  ship_date: body.shipDate,
  expected_date: body.expectedDate,
  carrier: body.carrier,
  tracking_no: body.trackingNo,
  remark: body.remark,
});

/** A new notice in draft, numbered by the `deliveryNote` rule. */
export async function createAsn(ctx: ServiceContext, body: AsnSave): Promise<Asn> {
  const supplier = await callerSupplier(ctx);
  const id = await transaction(ctx.db, async (tx) => {
    await checkShipment(ctx, tx, supplier.id, body);
    const billNo = await nextBillNo(tx, ctx.tenantId, BillRuleCode.deliveryNote, ctx.now);
    const row = await tx
      .insertInto('po_asn')
      .values({
        tenant_id: ctx.tenantId,
        bill_no: billNo,
        order_id: body.orderId,
        supplier_id: supplier.id,
        state: 'draft',
        created_by: ctx.userId,
        ...headerOf(body),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertAsnLines(tx, { id: String(row.id), tenantId: ctx.tenantId }, body.lines);
    return String(row.id);
  });
  return portalAsn(ctx, id);
}

/** The caller's supplier's notice, locked, in a state that allows `action` (404 / 409). */
async function lockOwnAsn(
  ctx: ServiceContext,
  tx: Tx,
  supplierId: string,
  id: string,
  version: number,
  action: Parameters<typeof asnAllows>[1],
): Promise<LockedAsn> {
  const asn = await lockAsn(tx, ctx.tenantId, id);
  if (asn.supplierId !== supplierId) throw notFound();
  if (asn.version !== version) throw new AppError(409, 'procurement.asnStale');
  if (!asnAllows(asn.state, action)) throw new AppError(409, 'procurement.asnWrongState');
  return asn;
}

/** Saves a draft notice (its order stays). */
export async function updateAsn(ctx: ServiceContext, id: string, body: AsnUpdate): Promise<Asn> {
  const supplier = await callerSupplier(ctx);
  await transaction(ctx.db, async (tx) => {
    const asn = await lockOwnAsn(ctx, tx, supplier.id, id, body.version, 'edit');
    if (asn.orderId !== body.orderId) throw new AppError(409, 'procurement.asnOrderFixed');
    await checkShipment(ctx, tx, supplier.id, body);
    await tx.updateTable('po_asn').set(headerOf(body)).where('id', '=', id).execute();
    await tx.deleteFrom('po_asn_line').where('asn_id', '=', id).execute();
    await insertAsnLines(tx, asn, body.lines);
    await setAsnState(tx, asn, 'draft');
  });
  return portalAsn(ctx, id);
}

export async function deleteAsn(ctx: ServiceContext, id: string, version: number): Promise<void> {
  const supplier = await callerSupplier(ctx);
  await transaction(ctx.db, async (tx) => {
    await lockOwnAsn(ctx, tx, supplier.id, id, version, 'delete');
    await tx.deleteFrom('po_asn').where('id', '=', id).execute();
  });
}

async function asnQuantities(tx: Tx, asnId: string) {
  return tx
    .selectFrom('po_asn_line')
    .select(['order_line_id', sql<string>`quantity::text`.as('quantity')])
    .where('asn_id', '=', asnId)
    .execute();
}

/**
 * Sends a draft: its lines are checked against the open quantities again (another notice may have
 * shipped them since), become shipped on the order lines, and the order's buyer is told.
 */
export async function sendAsn(ctx: ServiceContext, id: string, version: number): Promise<Asn> {
  const supplier = await callerSupplier(ctx);
  const actor: Actor = { id: ctx.userId, name: ctx.auth.realName, side: 'supplier' };
  const told = await transaction(ctx.db, async (tx) => {
    const asn = await lockOwnAsn(ctx, tx, supplier.id, id, version, 'send');
    const lines = await asnQuantities(tx, id);
    const order = await checkShipment(ctx, tx, supplier.id, {
      orderId: asn.orderId,
      lines: lines.map((l) => ({ orderLineId: String(l.order_line_id), quantity: l.quantity })),
    });
    await moveQuantities(
      tx,
      'shipped_quantity',
      lines.map((l) => ({ orderLineId: String(l.order_line_id), delta: l.quantity })),
    );
    await setAsnState(tx, asn, 'sent', { sent_at: new Date() });
    await recordEvent(tx, order, actor, 'shipped', { detail: asn.billNo });
    return tellAt(
      tx,
      asn,
      [order.buyerId],
      RECEIPT_PATH,
      'procurement.toldShipped',
      { billNo: asn.billNo, orderBillNo: order.billNo },
      { id: ctx.userId, name: ctx.auth.realName },
    );
  });
  if (told.length) await pushCounts(ctx.deps, ctx.tenantId, told);
  return portalAsn(ctx, id);
}

/** Takes a sent notice back to draft while staff have not begun receiving it. */
export async function withdrawAsn(ctx: ServiceContext, id: string, version: number): Promise<Asn> {
  const supplier = await callerSupplier(ctx);
  const actor: Actor = { id: ctx.userId, name: ctx.auth.realName, side: 'supplier' };
  await transaction(ctx.db, async (tx) => {
    const asn = await lockOwnAsn(ctx, tx, supplier.id, id, version, 'withdraw');
    const receiving = await tx
      .selectFrom('po_receipt')
      .select('id')
      .where('asn_id', '=', id)
      .where('state', '<>', 'reversed')
      .executeTakeFirst();
    if (receiving) throw new AppError(409, 'procurement.receiving');
    const lines = await asnQuantities(tx, id);
    await moveQuantities(
      tx,
      'shipped_quantity',
      lines.map((l) => ({ orderLineId: String(l.order_line_id), delta: `-${l.quantity}` })),
    );
    await setAsnState(tx, asn, 'draft', { sent_at: null });
    const order = await lockOrder(tx, ctx.tenantId, asn.orderId);
    await recordEvent(tx, order, actor, 'withdrawn', { detail: asn.billNo });
  });
  return portalAsn(ctx, id);
}
