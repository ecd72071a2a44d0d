import type { Asn, AsnLine, AsnState, AsnSummary, Receipt, ReceiptState } from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { AppError, notFound } from '../core/errors';
import type { Database } from '../db/types';

type Db = Kysely<Database> | Transaction<Database>;
const ms = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null);

/** A write refused by a unique index (a second receipt of a notice, an invoice number again). */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** The notice columns every answer reads, dates as text (the same on both databases). */
export function asnColumns(db: Db) {
  return db
    .selectFrom('po_asn as a')
    .innerJoin('po_order as o', 'o.id', 'a.order_id')
    .innerJoin('vendor_supplier as s', 's.id', 'a.supplier_id')
    .select([
      'a.id',
      'a.bill_no',
      'a.order_id',
      'o.bill_no as order_bill_no',
      'a.supplier_id',
      's.supplier_name',
      'a.state',
      'a.version',
      sql<string>`a.ship_date::text`.as('ship_date'),
      sql<string>`a.expected_date::text`.as('expected_date'),
      'a.carrier',
      'a.tracking_no',
      'a.remark',
      'a.created_at',
      'a.sent_at',
      'a.received_at',
      sql<number>`(select count(*)::int from po_asn_line l where l.asn_id = a.id)`.as('line_count'),
      sql<number>`(select coalesce(sum(l.packages), 0)::int from po_asn_line l where l.asn_id = a.id)`.as(
        'package_count',
      ),
    ]);
}

type AsnRow = Awaited<ReturnType<ReturnType<typeof asnColumns>['executeTakeFirstOrThrow']>>;

export function toAsnSummary(row: AsnRow): AsnSummary {
  return {
    id: String(row.id),
    billNo: row.bill_no,
    orderId: String(row.order_id),
    orderBillNo: row.order_bill_no,
    supplierId: String(row.supplier_id),
    supplierName: row.supplier_name,
    state: row.state as AsnState,
    version: row.version,
    shipDate: row.ship_date,
    expectedDate: row.expected_date,
    lineCount: Number(row.line_count),
    packageCount: Number(row.package_count),
    createdAt: ms(row.created_at) ?? 0,
    sentAt: ms(row.sent_at),
    receivedAt: ms(row.received_at),
  };
}

/** The notice's lines with their order lines' item, and what its confirmed receipt took. */
export async function asnLines(db: Db, asnId: string): Promise<AsnLine[]> {
  const rows = await db
    .selectFrom('po_asn_line as l')
    .innerJoin('po_order_line as ol', 'ol.id', 'l.order_line_id')
    .leftJoin('po_receipt as r', (j) => j.onRef('r.asn_id', '=', 'l.asn_id').on('r.state', '=', 'confirmed'))
    .leftJoin('po_receipt_line as rl', (j) =>
      j.onRef('rl.receipt_id', '=', 'r.id').onRef('rl.asn_line_id', '=', 'l.id'),
    )
    .select([
      'l.id',
      'l.line_no',
      'l.order_line_id',
      'ol.line_no as order_line_no',
      'ol.material_code',
      'ol.material_name',
      'ol.spec',
      'ol.unit',
      sql<string>`l.quantity::text`.as('quantity'),
      'l.batch_no',
      'l.packages',
      sql<string | null>`rl.accepted_quantity::text`.as('accepted_quantity'),
      sql<string | null>`rl.rejected_quantity::text`.as('rejected_quantity'),
      sql<string>`coalesce(rl.reject_reason, '')`.as('reject_reason'),
    ])
    .where('l.asn_id', '=', asnId)
    .orderBy('l.line_no')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    lineNo: r.line_no,
    orderLineId: String(r.order_line_id),
    orderLineNo: r.order_line_no,
    materialCode: r.material_code,
    materialName: r.material_name,
    spec: r.spec,
    unit: r.unit,
    quantity: r.quantity,
    batchNo: r.batch_no,
    packages: r.packages,
    acceptedQuantity: r.accepted_quantity,
    rejectedQuantity: r.rejected_quantity,
    rejectReason: r.reject_reason,
  }));
}

/** The notice's receipt in force (draft or confirmed), without its actions. */
export async function receiptInForce(db: Db, asnId: string): Promise<Omit<Receipt, 'actions'> | null> {
  const row = await db
    .selectFrom('po_receipt as r')
    .leftJoin('sys_user as u', 'u.id', 'r.received_by')
    .select([
      'r.id',
      'r.bill_no',
      'r.state',
      'r.version',
      'r.remark',
      'r.created_at',
      'r.confirmed_at',
      'r.reversed_at',
      sql<string>`coalesce(u.real_name, '')`.as('received_by'),
    ])
    .where('r.asn_id', '=', asnId)
    .where('r.state', '<>', 'reversed')
    .executeTakeFirst();
  if (!row) return null;
  const lines = await db
    .selectFrom('po_receipt_line')
    .select([
      'id',
      'asn_line_id',
      sql<string>`accepted_quantity::text`.as('accepted_quantity'),
      sql<string>`rejected_quantity::text`.as('rejected_quantity'),
      'reject_reason',
    ])
    .where('receipt_id', '=', row.id)
    .orderBy('id')
    .execute();
  return {
    id: String(row.id),
    billNo: row.bill_no,
    state: row.state as ReceiptState,
    version: row.version,
    receivedBy: row.received_by,
    remark: row.remark,
    createdAt: ms(row.created_at) ?? 0,
    confirmedAt: ms(row.confirmed_at),
    reversedAt: ms(row.reversed_at),
    lines: lines.map((l) => ({
      id: String(l.id),
      asnLineId: String(l.asn_line_id),
      acceptedQuantity: l.accepted_quantity,
      rejectedQuantity: l.rejected_quantity,
      rejectReason: l.reject_reason,
    })),
  };
}

/** The tenant's notice with its lines (404 when another tenant's or gone); actions and receipt for the caller. */
export async function readAsn(
  db: Db,
  tenantId: string,
  id: string,
): Promise<Omit<Asn, 'actions' | 'receipt'>> {
  const row = await asnColumns(db)
    .where('a.tenant_id', '=', tenantId)
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    ...toAsnSummary(row),
    carrier: row.carrier,
    trackingNo: row.tracking_no,
    remark: row.remark,
    lines: await asnLines(db, id),
  };
}

export interface LockedAsn {
  id: string;
  tenantId: string;
  billNo: string;
  orderId: string;
  supplierId: string;
  state: AsnState;
  version: number;
  createdBy: string;
}

/**
 * The tenant's notice, locked with its order (the order first, as every order action locks it, so
 * that shipments and receipts of one order take turns). 404 when another tenant's or gone; 409
 * `procurement.stale` when `version` is given and is not the stored one.
 */
export async function lockAsn(
  tx: Transaction<Database>,
  tenantId: string,
  id: string,
  version?: number,
): Promise<LockedAsn> {
  const found = await tx
    .selectFrom('po_asn')
    .select('order_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) throw notFound();
  await tx.selectFrom('po_order').select('id').where('id', '=', found.order_id).forUpdate().execute();
  const row = await tx
    .selectFrom('po_asn')
    .select(['id', 'tenant_id', 'bill_no', 'order_id', 'supplier_id', 'state', 'version', 'created_by'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (version !== undefined && row.version !== version) throw new AppError(409, 'procurement.stale');
  return {
    id: String(row.id),
    tenantId: String(row.tenant_id),
    billNo: row.bill_no,
    orderId: String(row.order_id),
    supplierId: String(row.supplier_id),
    state: row.state as AsnState,
    version: row.version,
    createdBy: String(row.created_by),
  };
}

/** Moves the notice to `state`, bumping its version: the one write of a notice's state. */
export async function setAsnState(
  tx: Transaction<Database>,
  asn: LockedAsn,
  state: AsnState,
  more: Partial<{ sent_at: Date | null; received_at: Date | null }> = {},
): Promise<void> {
  await tx
    .updateTable('po_asn')
    .set({ state, version: asn.version + 1, ...more })
    .where('id', '=', asn.id)
    .execute();
}

/**
 * Adds `delta` (a signed decimal text) to what is shipped, received or invoiced on order lines: the
 * only write of those columns, inside the transaction that holds the order's lock.
 */
export async function moveQuantities(
  tx: Transaction<Database>,
  column: 'shipped_quantity' | 'received_quantity' | 'invoiced_quantity',
  deltas: readonly { orderLineId: string; delta: string }[],
): Promise<void> {
  for (const { orderLineId, delta } of deltas)
    await tx
      .updateTable('po_order_line')
      .set({ [column]: sql`${sql.ref(column)} + ${delta}::numeric` })
      .where('id', '=', orderLineId)
      .execute();
}
