import {
  openQuantity,
  type PoEvent,
  type PoHistoryEntry,
  type PoLine,
  type PoLineState,
  type PoState,
  type PurchaseOrder,
  type PurchaseOrderSummary,
} from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { AppError, notFound } from '../core/errors';
import type { Database } from '../db/types';

type Db = Kysely<Database> | Transaction<Database>;
const ms = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null);

/** The order columns every answer reads, with amounts and dates as text (the same on both databases). */
export function orderColumns(db: Db) {
  return db
    .selectFrom('po_order as o')
    .innerJoin('vendor_supplier as s', 's.id', 'o.supplier_id')
    .leftJoin('sys_user as b', 'b.id', 'o.buyer_id')
    .select([
      'o.id',
      'o.bill_no',
      'o.supplier_id',
      's.supplier_name',
      'o.state',
      'o.revision',
      'o.version',
      'o.currency',
      sql<string>`o.total_amount::text`.as('total_amount'),
      'o.delivery_address',
      'o.payment_terms',
      'o.remark',
      'o.flow_task_id',
      'o.created_at',
      'o.released_at',
      'o.acknowledged_at',
      sql<string>`coalesce(b.real_name, '')`.as('buyer_name'),
      sql<number>`(select count(*)::int from po_order_line l where l.order_id = o.id)`.as('line_count'),
      sql<number>`(select count(*)::int from po_order_line l where l.order_id = o.id and l.state = 'waiting')`.as(
        'waiting_lines',
      ),
      sql<number>`(select count(*)::int from po_order_line l where l.order_id = o.id and l.state in ('proposed', 'rejected'))`.as(
        'attention_lines',
      ),
      sql<string | null>`(select min(l.delivery_date)::text from po_order_line l where l.order_id = o.id)`.as(
        'first_delivery_date',
      ),
    ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderColumns>['executeTakeFirstOrThrow']>>;

export function toSummary(row: OrderRow): PurchaseOrderSummary {
  return {
    id: String(row.id),
    billNo: row.bill_no,
    supplierId: String(row.supplier_id),
    supplierName: row.supplier_name,
    state: row.state as PoState,
    revision: row.revision,
    version: row.version,
    currency: row.currency,
    totalAmount: row.total_amount,
    lineCount: Number(row.line_count),
    waitingLines: Number(row.waiting_lines),
    attentionLines: Number(row.attention_lines),
    firstDeliveryDate: row.first_delivery_date,
    buyerName: row.buyer_name,
    createdAt: ms(row.created_at) ?? 0,
    releasedAt: ms(row.released_at),
    acknowledgedAt: ms(row.acknowledged_at),
  };
}

export async function orderLines(db: Db, orderId: string): Promise<PoLine[]> {
  const rows = await db
    .selectFrom('po_order_line')
    .select([
      'id',
      'line_no',
      'material_code',
      'material_name',
      'spec',
      'unit',
      sql<string>`quantity::text`.as('quantity'),
      sql<string>`unit_price::text`.as('unit_price'),
      sql<string>`amount::text`.as('amount'),
      sql<string>`delivery_date::text`.as('delivery_date'),
      'state',
      sql<string | null>`proposed_quantity::text`.as('proposed_quantity'),
      sql<string | null>`proposed_date::text`.as('proposed_date'),
      'reason',
      'answered_by',
      'answered_at',
      'revision',
      sql<string>`shipped_quantity::text`.as('shipped_quantity'),
      sql<string>`received_quantity::text`.as('received_quantity'),
    ])
    .where('order_id', '=', orderId)
    .orderBy('line_no')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    lineNo: r.line_no,
    materialCode: r.material_code,
    materialName: r.material_name,
    spec: r.spec,
    unit: r.unit,
    quantity: r.quantity,
    unitPrice: r.unit_price,
    amount: r.amount,
    deliveryDate: r.delivery_date,
    state: r.state as PoLineState,
    proposedQuantity: r.proposed_quantity,
    proposedDate: r.proposed_date,
    reason: r.reason,
    answeredBy: r.answered_by,
    answeredAt: ms(r.answered_at),
    revision: r.revision,
    shippedQuantity: r.shipped_quantity,
    receivedQuantity: r.received_quantity,
    openQuantity: openQuantity(r.quantity, r.shipped_quantity),
  }));
}

export async function orderHistory(
  db: Db,
  orderId: string,
  only?: readonly PoEvent[],
): Promise<PoHistoryEntry[]> {
  let query = db
    .selectFrom('po_order_event')
    .select(['id', 'event', 'revision', 'line_no', 'actor_name', 'side', 'detail', 'at'])
    .where('order_id', '=', orderId);
  if (only) query = query.where('event', 'in', [...only]);
  const rows = await query.orderBy('id').execute();
  return rows.map((r) => ({
    id: String(r.id),
    event: r.event as PoEvent,
    revision: r.revision,
    lineNo: r.line_no,
    actorName: r.actor_name,
    side: r.side as PoHistoryEntry['side'],
    detail: r.detail,
    at: ms(r.at) ?? 0,
  }));
}

/** The whole order as staff read it (`actions` left for the caller). */
export async function readOrder(
  db: Db,
  tenantId: string,
  id: string,
  only?: readonly PoEvent[],
): Promise<Omit<PurchaseOrder, 'actions'>> {
  const row = await orderColumns(db)
    .where('o.tenant_id', '=', tenantId)
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    ...toSummary(row),
    deliveryAddress: row.delivery_address,
    paymentTerms: row.payment_terms,
    remark: row.remark,
    flowTaskId: row.flow_task_id === null ? null : String(row.flow_task_id),
    lines: await orderLines(db, id),
    history: await orderHistory(db, id, only),
  };
}

export interface LockedOrder {
  id: string;
  tenantId: string;
  billNo: string;
  supplierId: string;
  state: PoState;
  revision: number;
  version: number;
  buyerId: string;
}

/**
 * The tenant's order `id`, locked for the rest of the transaction (404 when it is another
 * tenant's or gone; 409 `procurement.stale` when `version` is given and is not the stored one:
 * someone changed the order since the caller read it).
 */
export async function lockOrder(
  tx: Transaction<Database>,
  tenantId: string,
  id: string,
  version?: number,
): Promise<LockedOrder> {
  const row = await tx
    .selectFrom('po_order')
    .select(['id', 'tenant_id', 'bill_no', 'supplier_id', 'state', 'revision', 'version', 'buyer_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (version !== undefined && row.version !== version) throw new AppError(409, 'procurement.stale');
  return {
    id: String(row.id),
    tenantId: String(row.tenant_id),
    billNo: row.bill_no,
    supplierId: String(row.supplier_id),
    state: row.state as PoState,
    revision: row.revision,
    version: row.version,
    buyerId: String(row.buyer_id),
  };
}

export interface Actor {
  id: string | null;
  name: string;
  side: PoHistoryEntry['side'];
}

/** One entry of the order's history (append-only). */
export async function recordEvent(
  tx: Transaction<Database>,
  order: { id: string; tenantId: string; revision: number },
  actor: Actor,
  event: PoEvent,
  extra: { lineNo?: number; detail?: string } = {},
): Promise<void> {
  await tx
    .insertInto('po_order_event')
    .values({
      tenant_id: order.tenantId,
      order_id: order.id,
      event,
      revision: order.revision,
      line_no: extra.lineNo ?? null,
      actor_id: actor.id,
      actor_name: actor.name,
      side: actor.side,
      detail: extra.detail ?? '',
    })
    .execute();
}

/** Moves the order to `state` (and more columns), bumping its version: the one write of an order's state. */
export async function setOrderState(
  tx: Transaction<Database>,
  order: LockedOrder,
  state: PoState,
  more: Partial<{
    revision: number;
    flow_task_id: string | null;
    released_at: Date;
    acknowledged_at: Date | null;
    closed_at: Date;
    cancel_reason: string;
  }> = {},
): Promise<void> {
  await tx
    .updateTable('po_order')
    .set({ state, version: order.version + 1, updated_at: sql<Date>`now()`, ...more })
    .where('id', '=', order.id)
    .execute();
}
