import {
  BillRuleCode,
  INVOICE_MISMATCH_FORM_NAME,
  INVOICE_PATH,
  type Invoice,
  type InvoiceableLine,
  type InvoiceListQuery,
  InvoicePerm,
  type InvoiceSave,
  type InvoiceState,
  invoiceActions,
  invoiceableQuantity,
  lineAmount,
  matchLine,
  SHIPPABLE_ORDER_STATES,
  sumDecimals,
} from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { page } from '../core/envelope';
import { AppError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { pushCounts } from '../message/index';
import { callerSupplier } from '../supplier/access';
import { nextBillNo } from '../system/bill-rule/index';
import { titlesIn } from '../workflow/forms';
import { launchFormTask } from '../workflow/task-service';
import { isUniqueViolation, moveQuantities } from './delivery-store';
import { decideInTx } from './invoice-decision';
import { hasReleasedFlow, tellAt } from './order-flow';
import { lockOrder } from './order-store';

type Db = Kysely<Database> | Transaction<Database>;
const ms = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null);
/** Closed orders stay invoiceable: what was received is owed. */
const INVOICEABLE_ORDER_STATES = [...SHIPPABLE_ORDER_STATES, 'closed'] as const;

function invoiceColumns(db: Db) {
  return db
    .selectFrom('po_invoice as i')
    .innerJoin('po_order as o', 'o.id', 'i.order_id')
    .innerJoin('vendor_supplier as s', 's.id', 'i.supplier_id')
    .select([
      'i.id',
      'i.bill_no',
      'i.invoice_no',
      sql<string>`i.invoice_date::text`.as('invoice_date'),
      'i.order_id',
      'o.bill_no as order_bill_no',
      'i.supplier_id',
      's.supplier_name',
      'i.state',
      'i.version',
      'i.currency',
      sql<string>`i.total_amount::text`.as('total_amount'),
      'i.remark',
      'i.reason',
      'i.decided_by',
      'i.decided_at',
      'i.created_at',
      'i.approval_task_id',
    ]);
}
type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoiceColumns>['executeTakeFirstOrThrow']>>;

const toSummary = (r: InvoiceRow) => ({
  id: String(r.id),
  billNo: r.bill_no,
  invoiceNo: r.invoice_no,
  invoiceDate: r.invoice_date,
  orderId: String(r.order_id),
  orderBillNo: r.order_bill_no,
  supplierId: String(r.supplier_id),
  supplierName: r.supplier_name,
  state: r.state as InvoiceState,
  version: r.version,
  currency: r.currency,
  totalAmount: r.total_amount,
  createdAt: ms(r.created_at) ?? 0,
  decidedAt: ms(r.decided_at),
});

async function readInvoice(db: Db, tenantId: string, id: string): Promise<Omit<Invoice, 'actions'>> {
  const row = await invoiceColumns(db)
    .where('i.tenant_id', '=', tenantId)
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const lines = await db
    .selectFrom('po_invoice_line as l')
    .innerJoin('po_order_line as ol', 'ol.id', 'l.order_line_id')
    .select([
      'l.id',
      'l.order_line_id',
      'ol.line_no',
      'ol.material_name',
      'ol.unit',
      sql<string>`l.quantity::text`.as('quantity'),
      sql<string>`l.unit_price::text`.as('unit_price'),
      sql<string>`l.amount::text`.as('amount'),
      sql<string>`l.order_unit_price::text`.as('order_unit_price'),
      sql<string>`l.invoiceable_quantity::text`.as('invoiceable_quantity'),
      'l.quantity_ok',
      'l.price_ok',
    ])
    .where('l.invoice_id', '=', id)
    .orderBy('ol.line_no')
    .execute();
  return {
    ...toSummary(row),
    approvalTaskId: row.approval_task_id === null ? null : String(row.approval_task_id),
    remark: row.remark,
    decidedBy: row.decided_by,
    reason: row.reason,
    lines: lines.map((l) => ({
      id: String(l.id),
      orderLineId: String(l.order_line_id),
      lineNo: l.line_no,
      materialName: l.material_name,
      unit: l.unit,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      amount: l.amount,
      orderUnitPrice: l.order_unit_price,
      invoiceableQuantity: l.invoiceable_quantity,
      quantityOk: l.quantity_ok,
      priceOk: l.price_ok,
    })),
  };
}

async function listOf(ctx: ServiceContext, q: InvoiceListQuery, supplierId?: string) {
  let base = invoiceColumns(ctx.db).where('i.tenant_id', '=', ctx.tenantId);
  if (supplierId) base = base.where('i.supplier_id', '=', supplierId);
  else if (q.supplierId) base = base.where('i.supplier_id', '=', q.supplierId);
  if (q.state) base = base.where('i.state', '=', q.state);
  if (q.orderId) base = base.where('i.order_id', '=', q.orderId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    base = base.where((eb) =>
      eb.or([
        eb('i.bill_no', 'ilike', like),
        eb('i.invoice_no', 'ilike', like),
        eb('o.bill_no', 'ilike', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .orderBy('i.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return page(rows.map(toSummary), q.currentPage, q.pageSize, Number(count.n));
}

// ---- the supplier's side

export async function portalInvoices(ctx: ServiceContext, q: InvoiceListQuery) {
  return listOf(ctx, q, (await callerSupplier(ctx)).id);
}

export async function portalInvoice(ctx: ServiceContext, id: string): Promise<Invoice> {
  const supplier = await callerSupplier(ctx);
  const invoice = await readInvoice(ctx.db, ctx.tenantId, id);
  if (invoice.supplierId !== supplier.id) throw notFound();
  // Its approval is staff's internal work: the supplier reads a mismatch awaiting a decision.
  return { ...invoice, approvalTaskId: null, actions: [] };
}

/** The supplier's order lines with a received quantity not yet invoiced. */
export async function invoiceableLines(ctx: ServiceContext, orderId?: string): Promise<InvoiceableLine[]> {
  const supplier = await callerSupplier(ctx);
  let query = ctx.db
    .selectFrom('po_order_line as l')
    .innerJoin('po_order as o', 'o.id', 'l.order_id')
    .select([
      'o.id as order_id',
      'o.bill_no',
      'l.id',
      'l.line_no',
      'l.material_name',
      'l.unit',
      sql<string>`l.unit_price::text`.as('unit_price'),
      sql<string>`l.received_quantity::text`.as('received'),
      sql<string>`l.invoiced_quantity::text`.as('invoiced'),
    ])
    .where('o.tenant_id', '=', ctx.tenantId)
    .where('o.supplier_id', '=', supplier.id)
    .where('o.state', 'in', [...INVOICEABLE_ORDER_STATES])
    .whereRef('l.invoiced_quantity', '<', 'l.received_quantity');
  if (orderId) query = query.where('o.id', '=', orderId);
  const rows = await query.orderBy('o.id').orderBy('l.line_no').limit(500).execute();
  return rows.map((r) => ({
    orderId: String(r.order_id),
    orderBillNo: r.bill_no,
    orderLineId: String(r.id),
    lineNo: r.line_no,
    materialName: r.material_name,
    unit: r.unit,
    unitPrice: r.unit_price,
    receivedQuantity: r.received,
    invoiceableQuantity: invoiceableQuantity(r.received, r.invoiced),
  }));
}

/**
 * Submits an invoice against the caller's supplier's order (404 otherwise; 409 when the order may
 * not be invoiced, or the supplier used the invoice number before). Each line is matched within
 * the tolerances; its quantity counts as invoiced at once, so the same receipt is never invoiced
 * twice without staff seeing it. The order's buyer is told.
 */
export async function submitInvoice(ctx: ServiceContext, body: InvoiceSave): Promise<Invoice> {
  const supplier = await callerSupplier(ctx);
  // A mismatch may launch its approval, whose jobs must be running first.
  await ctx.deps.jobs.start();
  // Outside the transaction (the embedded database has one connection): the tenant's tolerances.
  const { procurement: setting } = await ctx.deps.settings.all(ctx.tenantId, ctx.auth.configVersion);
  const tolerance = {
    quantityPercent: setting.matchQuantityPercent,
    pricePercent: setting.matchPricePercent,
  };
  let result: { id: string; told: string[] };
  try {
    result = await transaction(ctx.db, async (tx) => {
      const order = await lockOrder(tx, ctx.tenantId, body.orderId);
      if (order.supplierId !== supplier.id) throw notFound();
      if (!(INVOICEABLE_ORDER_STATES as readonly string[]).includes(order.state))
        throw new AppError(409, 'procurement.orderNotInvoiceable');
      const stored = await tx
        .selectFrom('po_order_line')
        .select([
          'id',
          'material_name',
          sql<string>`unit_price::text`.as('unit_price'),
          sql<string>`received_quantity::text`.as('received'),
          sql<string>`invoiced_quantity::text`.as('invoiced'),
        ])
        .where('order_id', '=', order.id)
        .execute();
      const byId = new Map(stored.map((l) => [String(l.id), l]));
      const materialNames = new Map(stored.map((l) => [String(l.id), l.material_name]));
      const lines = body.lines.map((line) => {
        const was = byId.get(line.orderLineId);
        if (!was) throw notFound();
        const invoiceable = invoiceableQuantity(was.received, was.invoiced);
        return {
          ...line,
          amount: lineAmount(line.quantity, line.unitPrice),
          orderUnitPrice: was.unit_price,
          invoiceable,
          ...matchLine(line, { invoiceable, unitPrice: was.unit_price }, tolerance),
        };
      });
      const matched = lines.every((l) => l.quantityOk && l.priceOk);
      const currency = await tx
        .selectFrom('po_order')
        .select('currency')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      const billNo = await nextBillNo(tx, ctx.tenantId, BillRuleCode.supplierInvoice, ctx.now);
      const row = await tx
        .insertInto('po_invoice')
        .values({
          tenant_id: ctx.tenantId,
          bill_no: billNo,
          invoice_no: body.invoiceNo,
          invoice_date: body.invoiceDate,
          order_id: order.id,
          supplier_id: supplier.id,
          state: matched ? 'matched' : 'mismatch',
          currency: currency.currency,
          total_amount: sumDecimals(lines.map((l) => l.amount)),
          remark: body.remark,
          created_by: ctx.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = String(row.id);
      await tx
        .insertInto('po_invoice_line')
        .values(
          lines.map((l) => ({
            tenant_id: ctx.tenantId,
            invoice_id: id,
            order_line_id: l.orderLineId,
            quantity: l.quantity,
            unit_price: l.unitPrice,
            amount: l.amount,
            order_unit_price: l.orderUnitPrice,
            invoiceable_quantity: l.invoiceable,
            quantity_ok: l.quantityOk,
            price_ok: l.priceOk,
          })),
        )
        .execute();
      await moveQuantities(
        tx,
        'invoiced_quantity',
        lines.map((l) => ({ orderLineId: l.orderLineId, delta: l.quantity })),
      );
      // A mismatch goes into the tenant's approval flow when it has one, launched as the buyer's.
      if (!matched && (await hasReleasedFlow(tx, ctx.tenantId, INVOICE_MISMATCH_FORM_NAME))) {
        const supplierName = await tx
          .selectFrom('vendor_supplier')
          .select('supplier_name')
          .where('id', '=', supplier.id)
          .executeTakeFirstOrThrow();
        await launchFormTask(ctx.deps, tx, {
          tenantId: ctx.tenantId,
          formName: INVOICE_MISMATCH_FORM_NAME,
          launcherId: order.buyerId,
          titles: titlesIn((locale) =>
            t(locale, 'procurement.invoiceApprovalTitle', {
              invoiceNo: body.invoiceNo,
              supplier: supplierName.supplier_name,
            }),
          ),
          formData: {
            billNo,
            invoiceNo: body.invoiceNo,
            supplierName: supplierName.supplier_name,
            orderBillNo: order.billNo,
            currency: currency.currency,
            totalAmount: Number(sumDecimals(lines.map((l) => l.amount))),
            lines: lines
              .filter((l) => !(l.quantityOk && l.priceOk))
              .map((l) => ({
                materialName: materialNames.get(l.orderLineId) ?? '',
                quantity: Number(l.quantity),
                invoiceable: Number(l.invoiceable),
                unitPrice: Number(l.unitPrice),
                orderUnitPrice: Number(l.orderUnitPrice),
                issue: [
                  l.quantityOk ? null : t(ctx.locale, 'procurement.invoiceOffQuantity'),
                  l.priceOk ? null : t(ctx.locale, 'procurement.invoiceOffPrice'),
                ]
                  .filter(Boolean)
                  .join(', '),
              })),
          },
          locale: ctx.locale,
          beforeSubmit: async (inTx, taskId) => {
            await inTx
              .updateTable('po_invoice')
              .set({ approval_task_id: taskId })
              .where('id', '=', id)
              .execute();
          },
        });
      }
      const told = await tellAt(
        tx,
        { id, tenantId: ctx.tenantId },
        [order.buyerId],
        INVOICE_PATH,
        matched ? 'procurement.toldInvoiceMatched' : 'procurement.toldInvoiceMismatch',
        { invoiceNo: body.invoiceNo, orderBillNo: order.billNo },
        { id: ctx.userId, name: ctx.auth.realName },
      );
      return { id, told };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'procurement.invoiceNoUsed');
    throw error;
  }
  if (result.told.length) await pushCounts(ctx.deps, ctx.tenantId, result.told);
  return portalInvoice(ctx, result.id);
}

// ---- staff's side

export async function listInvoices(ctx: ServiceContext, q: InvoiceListQuery) {
  return listOf(ctx, q);
}

export async function getInvoice(ctx: ServiceContext, id: string): Promise<Invoice> {
  const invoice = await readInvoice(ctx.db, ctx.tenantId, id);
  const perms = await ctx.permissions();
  const may = perms.isAdmin || perms.codes.has(InvoicePerm.invoiceDecide);
  // In its approval flow, the flow decides it.
  return {
    ...invoice,
    actions: may && invoice.approvalTaskId === null ? [...invoiceActions(invoice.state)] : [],
  };
}

/**
 * Staff's decision on an invoice at its `version` (409 when stale or decided): approved, or
 * rejected with a reason, which frees its quantities to be invoiced again. The supplier is told.
 */
export async function decideInvoice(
  ctx: ServiceContext,
  id: string,
  decision: { version: number; approve: boolean; reason?: string },
): Promise<Invoice> {
  const told = await transaction(ctx.db, async (tx) =>
    decideInTx(tx, ctx.tenantId, id, decision, { id: ctx.userId, name: ctx.auth.realName }),
  );
  if (told.length) await pushCounts(ctx.deps, ctx.tenantId, told);
  return getInvoice(ctx, id);
}
