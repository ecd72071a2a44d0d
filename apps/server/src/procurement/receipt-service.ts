import {
  type Asn,
  type AsnListQuery,
  BillRuleCode,
  DeliveryPerm as D,
  fromScaled,
  parseScan,
  QUANTITY_PLACES,
  type Receipt,
  type ReceiptAction,
  type ReceiptSave,
  type ReceiptState,
  type ReceiptUpdate,
  receiptActions,
  receiptAllows,
  receivedLineError,
  toScaled,
  VENDOR_DELIVERIES_PATH,
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
import { nextBillNo } from '../system/bill-rule/index';
import {
  asnColumns,
  isUniqueViolation,
  type LockedAsn,
  lockAsn,
  moveQuantities,
  readAsn,
  receiptInForce,
  setAsnState,
  toAsnSummary,
} from './delivery-store';
import { asnLabels } from './labels';
import { supplierUserIds, tellAt } from './order-flow';
import { type Actor, lockOrder, recordEvent } from './order-store';

type Tx = Transaction<Database>;
const ACTION_CODE: Record<ReceiptAction, string> = {
  edit: D.receiptAdd,
  confirm: D.receiptAdd,
  reverse: D.receiptReverse,
};
const scaled = (v: string) => toScaled(v, QUANTITY_PLACES) ?? 0n;
const text = (v: bigint) => fromScaled(v, QUANTITY_PLACES);

/**
 * Staff's side of the notices: the tenant's sent and received ones (a supplier's draft is its own
 * work and answers 404), found by list, by id or by a scanned label, and received.
 */
export async function listAsns(ctx: ServiceContext, q: AsnListQuery) {
  let base = asnColumns(ctx.db).where('a.tenant_id', '=', ctx.tenantId).where('a.state', '<>', 'draft');
  if (q.state) base = base.where('a.state', '=', q.state);
  if (q.orderId) base = base.where('a.order_id', '=', q.orderId);
  if (q.supplierId) base = base.where('a.supplier_id', '=', q.supplierId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    base = base.where((eb) =>
      eb.or([
        eb('a.bill_no', 'ilike', like),
        eb('o.bill_no', 'ilike', like),
        eb('s.supplier_name', 'ilike', like),
      ]),
    );
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

export async function getAsn(ctx: ServiceContext, id: string): Promise<Asn> {
  const asn = await readAsn(ctx.db, ctx.tenantId, id);
  if (asn.state === 'draft') throw notFound();
  const perms = await ctx.permissions();
  const may = (code: string) => perms.isAdmin || perms.codes.has(code);
  const found = await receiptInForce(ctx.db, id);
  const receipt: Receipt | null = found
    ? { ...found, actions: receiptActions(found.state).filter((a) => may(ACTION_CODE[a])) }
    : null;
  const actions: Asn['actions'] = asn.state === 'sent' && !found && may(D.receiptAdd) ? ['receive'] : [];
  return { ...asn, receipt, actions };
}

/** The notice a scanned label or typed number names (400 for what is neither, 404 for none). */
export async function scanAsn(ctx: ServiceContext, code: string): Promise<Asn> {
  const scanned = parseScan(code);
  if (!scanned)
    throw fieldError({ code: t(ctx.locale, 'procurement.scanUnknown') }, 'procurement.scanUnknown');
  const row = await ctx.db
    .selectFrom('po_asn')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('bill_no', '=', scanned.asnNo)
    .where('state', '<>', 'draft')
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'procurement.scanUnknown');
  return getAsn(ctx, String(row.id));
}

export async function staffAsnLabels(ctx: ServiceContext, id: string) {
  const asn = await readAsn(ctx.db, ctx.tenantId, id);
  if (asn.state === 'draft') throw notFound();
  return asnLabels(asn);
}

interface AsnLineQty {
  id: string;
  orderLineId: string;
  lineNo: number;
  quantity: string;
}

/**
 * Every line of the notice exactly once (400 otherwise), none taking more than was shipped
 * (400 at the line's accepted quantity).
 */
async function checkReceived(ctx: ServiceContext, tx: Tx, asnId: string, lines: ReceiptSave['lines']) {
  const stored = await tx
    .selectFrom('po_asn_line')
    .select(['id', 'order_line_id', 'line_no', sql<string>`quantity::text`.as('quantity')])
    .where('asn_id', '=', asnId)
    .execute();
  const byId = new Map<string, AsnLineQty>(
    stored.map((l) => [
      String(l.id),
      { id: String(l.id), orderLineId: String(l.order_line_id), lineNo: l.line_no, quantity: l.quantity },
    ]),
  );
  for (const line of lines) if (!byId.has(line.asnLineId)) throw notFound();
  if (lines.length !== stored.length)
    throw fieldError({ lines: t(ctx.locale, 'procurement.receiptLines') }, 'procurement.receiptLines');
  const fields: Record<string, string> = {};
  lines.forEach((line, i) => {
    const shipped = byId.get(line.asnLineId) as AsnLineQty;
    if (receivedLineError(shipped.quantity, line.acceptedQuantity, line.rejectedQuantity))
      fields[`lines.${i}.acceptedQuantity`] = t(ctx.locale, 'procurement.overReceived', {
        quantity: shipped.quantity,
      });
  });
  if (Object.keys(fields).length) throw fieldError(fields, 'procurement.overReceived');
  return byId;
}

async function writeReceiptLines(
  tx: Tx,
  receipt: { id: string; tenantId: string },
  lines: ReceiptSave['lines'],
): Promise<void> {
  await tx.deleteFrom('po_receipt_line').where('receipt_id', '=', receipt.id).execute();
  await tx
    .insertInto('po_receipt_line')
    .values(
      lines.map((l) => ({
        tenant_id: receipt.tenantId,
        receipt_id: receipt.id,
        asn_line_id: l.asnLineId,
        accepted_quantity: l.acceptedQuantity,
        rejected_quantity: l.rejectedQuantity,
        reject_reason: Number(l.rejectedQuantity) > 0 ? l.rejectReason : '',
      })),
    )
    .execute();
}

const staffActor = (ctx: ServiceContext): Actor => ({
  id: ctx.userId,
  name: ctx.auth.realName,
  side: 'staff',
});

/**
 * Confirms the receipt: on each order line what was accepted is received, and what was rejected or
 * short is no longer shipped (it opens again for the supplier); the notice is received, the order's
 * history says so and the supplier's users are told.
 */
async function confirmInTx(
  ctx: ServiceContext,
  tx: Tx,
  asn: LockedAsn,
  receipt: { id: string; billNo: string; version: number },
): Promise<string[]> {
  const lines = await tx
    .selectFrom('po_receipt_line as r')
    .innerJoin('po_asn_line as l', 'l.id', 'r.asn_line_id')
    .select([
      'l.order_line_id',
      sql<string>`l.quantity::text`.as('shipped'),
      sql<string>`r.accepted_quantity::text`.as('accepted'),
    ])
    .where('r.receipt_id', '=', receipt.id)
    .execute();
  await moveQuantities(
    tx,
    'received_quantity',
    lines.map((l) => ({ orderLineId: String(l.order_line_id), delta: l.accepted })),
  );
  await moveQuantities(
    tx,
    'shipped_quantity',
    lines.map((l) => ({
      orderLineId: String(l.order_line_id),
      delta: text(scaled(l.accepted) - scaled(l.shipped)),
    })),
  );
  const now = new Date();
  await tx
    .updateTable('po_receipt')
    .set({ state: 'confirmed', confirmed_at: now, version: receipt.version + 1 })
    .where('id', '=', receipt.id)
    .execute();
  await setAsnState(tx, asn, 'received', { received_at: now });
  const order = await lockOrder(tx, ctx.tenantId, asn.orderId);
  await recordEvent(tx, order, staffActor(ctx), 'received', { detail: `${asn.billNo} → ${receipt.billNo}` });
  return tellAt(
    tx,
    asn,
    await supplierUserIds(tx, ctx.tenantId, asn.supplierId),
    VENDOR_DELIVERIES_PATH,
    'procurement.toldReceived',
    { billNo: asn.billNo, receiptNo: receipt.billNo },
    { id: ctx.userId, name: ctx.auth.realName },
  );
}

/** Receives a sent notice: a draft receipt, or confirmed at once (`confirm`). One receipt in force per notice. */
export async function createReceipt(ctx: ServiceContext, body: ReceiptSave): Promise<Asn> {
  let told: string[] = [];
  try {
    told = await transaction(ctx.db, async (tx) => {
      const asn = await lockAsn(tx, ctx.tenantId, body.asnId);
      if (asn.state === 'draft') throw notFound();
      if (asn.state !== 'sent') throw new AppError(409, 'procurement.receiptExists');
      if (await receiptInForce(tx, asn.id)) throw new AppError(409, 'procurement.receiptExists');
      await checkReceived(ctx, tx, asn.id, body.lines);
      const billNo = await nextBillNo(tx, ctx.tenantId, BillRuleCode.goodsReceipt, ctx.now);
      const row = await tx
        .insertInto('po_receipt')
        .values({
          tenant_id: ctx.tenantId,
          bill_no: billNo,
          asn_id: asn.id,
          state: 'draft',
          remark: body.remark,
          received_by: ctx.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const receipt = { id: String(row.id), tenantId: ctx.tenantId, billNo, version: 0 };
      await writeReceiptLines(tx, receipt, body.lines);
      return body.confirm ? confirmInTx(ctx, tx, asn, receipt) : [];
    });
  } catch (error) {
    // Two receipts of one notice at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw new AppError(409, 'procurement.receiptExists');
    throw error;
  }
  if (told.length) await pushCounts(ctx.deps, ctx.tenantId, told);
  return getAsn(ctx, body.asnId);
}

/** The tenant's receipt `id` with its notice, both locked; 409 when stale or its state refuses `action`. */
async function lockReceipt(ctx: ServiceContext, tx: Tx, id: string, version: number, action: ReceiptAction) {
  const found = await tx
    .selectFrom('po_receipt')
    .select('asn_id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) throw notFound();
  const asn = await lockAsn(tx, ctx.tenantId, String(found.asn_id));
  const row = await tx
    .selectFrom('po_receipt')
    .select(['id', 'bill_no', 'state', 'version'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.version !== version) throw new AppError(409, 'procurement.asnStale');
  if (!receiptAllows(row.state as ReceiptState, action)) throw new AppError(409, 'procurement.asnWrongState');
  return {
    asn,
    receipt: { id: String(row.id), tenantId: ctx.tenantId, billNo: row.bill_no, version: row.version },
  };
}

/** Saves a draft receipt, and confirms it when asked. */
export async function updateReceipt(ctx: ServiceContext, id: string, body: ReceiptUpdate): Promise<Asn> {
  const { told, asnId } = await transaction(ctx.db, async (tx) => {
    const { asn, receipt } = await lockReceipt(ctx, tx, id, body.version, 'edit');
    await checkReceived(ctx, tx, asn.id, body.lines);
    await writeReceiptLines(tx, receipt, body.lines);
    await tx
      .updateTable('po_receipt')
      .set({ remark: body.remark, version: receipt.version + 1 })
      .where('id', '=', id)
      .execute();
    const next = { ...receipt, version: receipt.version + 1 };
    return { told: body.confirm ? await confirmInTx(ctx, tx, asn, next) : [], asnId: asn.id };
  });
  if (told.length) await pushCounts(ctx.deps, ctx.tenantId, told);
  return getAsn(ctx, asnId);
}

export async function confirmReceipt(ctx: ServiceContext, id: string, version: number): Promise<Asn> {
  const { told, asnId } = await transaction(ctx.db, async (tx) => {
    const { asn, receipt } = await lockReceipt(ctx, tx, id, version, 'confirm');
    return { told: await confirmInTx(ctx, tx, asn, receipt), asnId: asn.id };
  });
  if (told.length) await pushCounts(ctx.deps, ctx.tenantId, told);
  return getAsn(ctx, asnId);
}

/**
 * Reverses a confirmed receipt (a mistake at the dock): what it received and what it sent back are
 * undone, the notice is sent again and can be received anew. Refused (409) when the supplier has
 * since shipped what the receipt had opened again: undoing it would ship more than was ordered.
 */
export async function reverseReceipt(
  ctx: ServiceContext,
  id: string,
  body: { version: number; reason: string },
): Promise<Asn> {
  const { told, asnId } = await transaction(ctx.db, async (tx) => {
    const { asn, receipt } = await lockReceipt(ctx, tx, id, body.version, 'reverse');
    const lines = await tx
      .selectFrom('po_receipt_line as r')
      .innerJoin('po_asn_line as l', 'l.id', 'r.asn_line_id')
      .innerJoin('po_order_line as ol', 'ol.id', 'l.order_line_id')
      .select([
        'l.order_line_id',
        sql<string>`l.quantity::text`.as('shipped'),
        sql<string>`r.accepted_quantity::text`.as('accepted'),
        sql<string>`ol.quantity::text`.as('ordered'),
        sql<string>`ol.shipped_quantity::text`.as('now_shipped'),
      ])
      .where('r.receipt_id', '=', receipt.id)
      .execute();
    for (const l of lines)
      if (scaled(l.now_shipped) + scaled(l.shipped) - scaled(l.accepted) > scaled(l.ordered))
        throw new AppError(409, 'procurement.reverseOverShip');
    await moveQuantities(
      tx,
      'received_quantity',
      lines.map((l) => ({ orderLineId: String(l.order_line_id), delta: text(-scaled(l.accepted)) })),
    );
    await moveQuantities(
      tx,
      'shipped_quantity',
      lines.map((l) => ({
        orderLineId: String(l.order_line_id),
        delta: text(scaled(l.shipped) - scaled(l.accepted)),
      })),
    );
    await tx
      .updateTable('po_receipt')
      .set({
        state: 'reversed',
        reversed_at: new Date(),
        reverse_reason: body.reason,
        version: receipt.version + 1,
      })
      .where('id', '=', receipt.id)
      .execute();
    await setAsnState(tx, asn, 'sent', { received_at: null });
    const order = await lockOrder(tx, ctx.tenantId, asn.orderId);
    await recordEvent(tx, order, staffActor(ctx), 'receiptReversed', {
      detail: `${receipt.billNo}: ${body.reason}`,
    });
    const told = await tellAt(
      tx,
      asn,
      await supplierUserIds(tx, ctx.tenantId, asn.supplierId),
      VENDOR_DELIVERIES_PATH,
      'procurement.toldReceiptReversed',
      { billNo: asn.billNo, receiptNo: receipt.billNo, reason: body.reason },
      { id: ctx.userId, name: ctx.auth.realName },
    );
    return { told, asnId: asn.id };
  });
  if (told.length) await pushCounts(ctx.deps, ctx.tenantId, told);
  return getAsn(ctx, asnId);
}
