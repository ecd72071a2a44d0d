import {
  BillRuleCode,
  compareDecimals,
  lineAmount,
  PurchaseOrderPerm as P,
  type PoAction,
  type PoListQuery,
  type PoSave,
  type PoSupplierChoice,
  type PoUpdate,
  PURCHASE_ORDER_FORM_NAME,
  type PurchaseOrder,
  poActions,
  poAllows,
  settledState,
  sumDecimals,
} from '@srm/contracts';
import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import { page } from '../core/envelope';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { pushCounts } from '../message/index';
import { nextBillNo } from '../system/bill-rule/index';
import { titlesIn } from '../workflow/forms';
import { launchFormTask } from '../workflow/task-service';
import { hasReleasedFlow, releaseInTx, tellSupplier } from './order-flow';
import {
  type Actor,
  type LockedOrder,
  lockOrder,
  orderColumns,
  readOrder,
  recordEvent,
  setOrderState,
  toSummary,
} from './order-store';
import { overdueLine, todayOf } from './performance';

type Tx = Transaction<Database>;
type OrderEb = ExpressionBuilder<
  Database & { o: Database['po_order']; s: Database['vendor_supplier'] },
  'o' | 's'
>;

/** The code each action needs (the tenant administrator holds every code). */
const ACTION_CODE: Record<PoAction, string> = {
  edit: P.orderEdit,
  revise: P.orderEdit,
  decide: P.orderEdit,
  delete: P.orderDelete,
  submit: P.orderRelease,
  close: P.orderClose,
  cancel: P.orderClose,
};

const staffActor = (ctx: ServiceContext): Actor => ({
  id: ctx.userId,
  name: ctx.auth.realName,
  side: 'staff',
});

async function staffActions(ctx: ServiceContext, state: PurchaseOrder['state']): Promise<PoAction[]> {
  const perms = await ctx.permissions();
  return poActions(state).filter((a) => perms.isAdmin || perms.codes.has(ACTION_CODE[a]));
}

/** After a commit: the users told of it get their new message counts. */
async function pushTold(ctx: ServiceContext, userIds: readonly string[]): Promise<void> {
  if (userIds.length) await pushCounts(ctx.deps, ctx.tenantId, userIds);
}

function listFilter(ctx: ServiceContext, q: PoListQuery) {
  const today = todayOf(ctx);
  return (eb: OrderEb) => {
    const and = [eb('o.tenant_id', '=', ctx.tenantId)];
    if (q.state) and.push(eb('o.state', '=', q.state));
    if (q.supplierId) and.push(eb('o.supplier_id', '=', q.supplierId));
    if (q.keyword) {
      const like = likePattern(q.keyword);
      and.push(eb.or([eb('o.bill_no', 'ilike', like), eb('s.supplier_name', 'ilike', like)]));
    }
    if (q.attention === 'waiting')
      and.push(
        eb('o.state', 'in', ['released', 'changed']),
        eb.exists(
          eb
            .selectFrom('po_order_line as l')
            .select('l.id')
            .whereRef('l.order_id', '=', 'o.id')
            .where('l.state', '=', 'waiting'),
        ),
      );
    if (q.attention === 'overdue')
      and.push(
        eb.exists(
          eb
            .selectFrom('po_order_line as l')
            .select('l.id')
            .whereRef('l.order_id', '=', 'o.id')
            .where((line) => overdueLine(line, today)),
        ),
      );
    if (q.attention === 'settle')
      and.push(
        eb.exists(
          eb
            .selectFrom('po_order_line as l')
            .select('l.id')
            .whereRef('l.order_id', '=', 'o.id')
            .where('l.state', 'in', ['proposed', 'rejected']),
        ),
      );
    return eb.and(and);
  };
}

/** The tenant's orders, newest first, filtered by state, supplier, keyword (order no. or supplier) and attention. */
export async function listOrders(ctx: ServiceContext, q: PoListQuery) {
  const filter = listFilter(ctx, q);
  const [rows, count] = await Promise.all([
    orderColumns(ctx.db)
      .where(filter)
      .orderBy('o.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    ctx.db
      .selectFrom('po_order as o')
      .innerJoin('vendor_supplier as s', 's.id', 'o.supplier_id')
      .where(filter)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return page(rows.map(toSummary), q.currentPage, q.pageSize, Number(count.n));
}

export async function getOrder(ctx: ServiceContext, id: string): Promise<PurchaseOrder> {
  const order = await readOrder(ctx.db, ctx.tenantId, id);
  return { ...order, actions: await staffActions(ctx, order.state) };
}

/** The suppliers an order may go to: the tenant's qualified ones, by name or code. */
export async function supplierChoices(ctx: ServiceContext, keyword?: string): Promise<PoSupplierChoice[]> {
  let query = ctx.db
    .selectFrom('vendor_supplier')
    .select(['id', 'supplier_code', 'supplier_name'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('state', '=', 'qualified');
  if (keyword) {
    const like = likePattern(keyword);
    query = query.where((eb) =>
      eb.or([eb('supplier_name', 'ilike', like), eb('supplier_code', 'ilike', like)]),
    );
  }
  const rows = await query.orderBy('supplier_name').limit(50).execute();
  return rows.map((r) => ({
    id: String(r.id),
    supplierCode: r.supplier_code,
    supplierName: r.supplier_name,
  }));
}

/** The tenant's supplier (404 for another tenant's or none), which must be qualified (400 at the field). */
export async function assertQualified(ctx: ServiceContext, tx: Tx, supplierId: string): Promise<void> {
  const row = await tx
    .selectFrom('vendor_supplier')
    .select('state')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.state !== 'qualified')
    throw fieldError({ supplierId: t(ctx.locale, 'procurement.notQualified') }, 'procurement.notQualified');
}

const headerOf = (body: PoSave) => ({
  currency: body.currency,
  delivery_address: body.deliveryAddress,
  payment_terms: body.paymentTerms,
  remark: body.remark,
  total_amount: sumDecimals(body.lines.map((l) => lineAmount(l.quantity, l.unitPrice))),
});

const lineValues = (line: PoSave['lines'][number]) => ({
  material_code: line.materialCode,
  material_name: line.materialName,
  spec: line.spec,
  unit: line.unit,
  quantity: line.quantity,
  unit_price: line.unitPrice,
  amount: lineAmount(line.quantity, line.unitPrice),
  delivery_date: line.deliveryDate,
});

async function insertLines(
  tx: Tx,
  order: { id: string; tenantId: string; revision: number },
  lines: PoSave['lines'],
  from = 1,
) {
  if (lines.length === 0) return;
  await tx
    .insertInto('po_order_line')
    .values(
      lines.map((line, i) => ({
        tenant_id: order.tenantId,
        order_id: order.id,
        line_no: from + i,
        ...lineValues(line),
        state: 'waiting',
        revision: order.revision,
      })),
    )
    .execute();
}

/**
 * Writes a new order in draft, numbered by the `purchaseOrder` rule, in the caller's transaction:
 * staff's new order, or one an award made (`rfqId`). The supplier is the caller's to check.
 */
export async function insertDraftOrder(
  tx: Tx,
  draft: { tenantId: string; buyerId: string; actor: Actor; now: () => Date; rfqId?: string },
  body: PoSave,
): Promise<string> {
  // The number last: other callers of the rule wait for this transaction (next-bill-no.ts).
  const billNo = await nextBillNo(tx, draft.tenantId, BillRuleCode.purchaseOrder, draft.now);
  const row = await tx
    .insertInto('po_order')
    .values({
      tenant_id: draft.tenantId,
      bill_no: billNo,
      supplier_id: body.supplierId,
      state: 'draft',
      buyer_id: draft.buyerId,
      rfq_id: draft.rfqId ?? null,
      ...headerOf(body),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = { id: String(row.id), tenantId: draft.tenantId, revision: 1 };
  await insertLines(tx, order, body.lines);
  await recordEvent(tx, order, draft.actor, 'created', draft.rfqId ? { detail: body.remark } : {});
  return order.id;
}

/** A new order in draft for a qualified supplier of the tenant, numbered by the `purchaseOrder` rule. */
export async function createOrder(ctx: ServiceContext, body: PoSave): Promise<PurchaseOrder> {
  const id = await transaction(ctx.db, async (tx) => {
    await assertQualified(ctx, tx, body.supplierId);
    return insertDraftOrder(
      tx,
      { tenantId: ctx.tenantId, buyerId: ctx.userId, actor: staffActor(ctx), now: ctx.now },
      body,
    );
  });
  return getOrder(ctx, id);
}

function refuseUnless(order: LockedOrder, action: PoAction): void {
  if (!poAllows(order.state, action)) throw new AppError(409, 'procurement.wrongState');
}

const LINE_KEYS = [
  'material_code',
  'material_name',
  'spec',
  'unit',
  'quantity',
  'unit_price',
  'delivery_date',
] as const;

/**
 * A draft's edit (header and lines replaced), or a released order's revision: the supplier stays;
 * a changed or new line waits for the supplier's answer again, a line left out is removed, and a
 * changed header puts every line back to waiting. The revision counts up, the order is `changed`
 * and the supplier's users are told. Nothing changed: 400.
 */
export async function updateOrder(ctx: ServiceContext, id: string, body: PoUpdate): Promise<PurchaseOrder> {
  const told = await transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, ctx.tenantId, id, body.version);
    if (order.state === 'draft') {
      await assertQualified(ctx, tx, body.supplierId);
      await tx
        .updateTable('po_order')
        .set({ supplier_id: body.supplierId, ...headerOf(body) })
        .where('id', '=', id)
        .execute();
      await tx.deleteFrom('po_order_line').where('order_id', '=', id).execute();
      await insertLines(tx, order, body.lines);
      await recordEvent(tx, order, staffActor(ctx), 'edited');
      await setOrderState(tx, order, 'draft');
      return [];
    }
    refuseUnless(order, 'revise');
    if (body.supplierId !== order.supplierId)
      throw fieldError(
        { supplierId: t(ctx.locale, 'procurement.supplierFixed') },
        'procurement.supplierFixed',
      );
    return reviseInTx(ctx, tx, order, body);
  });
  await pushTold(ctx, told);
  return getOrder(ctx, id);
}

async function reviseInTx(
  ctx: ServiceContext,
  tx: Tx,
  order: LockedOrder,
  body: PoUpdate,
): Promise<string[]> {
  const header = await tx
    .selectFrom('po_order')
    .select(['currency', 'delivery_address', 'payment_terms', 'remark'])
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const stored = await tx
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
      sql<string>`delivery_date::text`.as('delivery_date'),
      sql<string>`shipped_quantity::text`.as('shipped_quantity'),
    ])
    .where('order_id', '=', order.id)
    .execute();
  const byId = new Map(stored.map((l) => [String(l.id), l]));
  // What the supplier has shipped stays ordered: a line keeps at least that, and stays.
  const shippedBelow = (line: (typeof stored)[number], quantity: string | null) =>
    compareDecimals(line.shipped_quantity, '0') > 0 &&
    (quantity === null || compareDecimals(quantity, line.shipped_quantity) < 0);
  for (const line of body.lines) if (line.id !== undefined && !byId.has(line.id)) throw notFound();
  const headerChanged =
    header.currency !== body.currency ||
    header.delivery_address !== body.deliveryAddress ||
    header.payment_terms !== body.paymentTerms;
  const kept = new Set(body.lines.flatMap((l) => (l.id ? [l.id] : [])));
  const removed = stored.filter((l) => !kept.has(String(l.id)));
  const below = [
    ...removed.filter((l) => shippedBelow(l, null)),
    ...body.lines.flatMap((l) => {
      const was = l.id ? byId.get(l.id) : undefined;
      return was && shippedBelow(was, l.quantity) ? [was] : [];
    }),
  ][0];
  if (below)
    throw new AppError(409, 'procurement.shippedBelow', {
      line: String(below.line_no),
      shipped: below.shipped_quantity,
    });
  const changed = body.lines.filter((l) => {
    const was = l.id ? byId.get(l.id) : undefined;
    if (!was) return false;
    const now = lineValues(l);
    return LINE_KEYS.some((k) => String(was[k]) !== String(now[k]));
  });
  const added = body.lines.filter((l) => l.id === undefined);
  if (!headerChanged && !removed.length && !changed.length && !added.length) {
    if (header.remark === body.remark) throw new AppError(400, 'procurement.nothingChanged');
    // Staff's own remark: no revision, the supplier never sees it.
    await tx.updateTable('po_order').set({ remark: body.remark }).where('id', '=', order.id).execute();
    await setOrderState(tx, order, order.state);
    return [];
  }
  const revision = order.revision + 1;
  const reset = {
    state: 'waiting',
    reason: '',
    proposed_quantity: null,
    proposed_date: null,
    answered_by: '',
    answered_at: null,
    revision,
  } as const;
  if (removed.length)
    await tx
      .deleteFrom('po_order_line')
      .where(
        'id',
        'in',
        removed.map((l) => String(l.id)),
      )
      .execute();
  for (const line of changed)
    await tx
      .updateTable('po_order_line')
      .set({ ...lineValues(line), ...reset })
      .where('id', '=', line.id as string)
      .execute();
  if (headerChanged)
    await tx.updateTable('po_order_line').set(reset).where('order_id', '=', order.id).execute();
  const last = Math.max(0, ...stored.map((l) => l.line_no));
  await insertLines(tx, { ...order, revision }, added, last + 1);
  await tx.updateTable('po_order').set(headerOf(body)).where('id', '=', order.id).execute();
  const lineNos = [
    ...changed.map((l) => byId.get(l.id as string)?.line_no),
    ...added.map((_, i) => last + 1 + i),
  ];
  const detail = [
    headerChanged ? t(ctx.locale, 'procurement.historyHeader') : '',
    lineNos.length ? t(ctx.locale, 'procurement.historyLines', { lines: lineNos.join(', ') }) : '',
    removed.length
      ? t(ctx.locale, 'procurement.historyRemoved', { lines: removed.map((l) => l.line_no).join(', ') })
      : '',
  ]
    .filter(Boolean)
    .join('; ');
  await recordEvent(tx, { ...order, revision }, staffActor(ctx), 'revised', { detail });
  const lines = await tx
    .selectFrom('po_order_line')
    .select('state')
    .where('order_id', '=', order.id)
    .execute();
  const state = settledState('changed', lines as { state: 'waiting' }[]);
  await setOrderState(tx, order, state, {
    revision,
    acknowledged_at: state === 'acknowledged' ? new Date() : null,
  });
  return tellSupplier(
    tx,
    order,
    'procurement.toldRevised',
    { billNo: order.billNo, revision },
    { id: ctx.userId, name: ctx.auth.realName },
  );
}

/** Deletes a draft (its number is not given again). */
export async function deleteOrder(ctx: ServiceContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, ctx.tenantId, id);
    refuseUnless(order, 'delete');
    await tx.deleteFrom('po_order').where('id', '=', id).execute();
  });
}

/**
 * Submits a draft: into the approval flow bound to the `PurchaseOrder` form when the tenant has
 * one released (approving; the flow's end releases or returns it, order-flow.ts), else released
 * to the supplier at once.
 */
export async function submitOrder(ctx: ServiceContext, id: string, version: number): Promise<PurchaseOrder> {
  await ctx.deps.jobs.start();
  const told = await transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, ctx.tenantId, id, version);
    refuseUnless(order, 'submit');
    await assertQualified(ctx, tx, order.supplierId);
    if (!(await hasReleasedFlow(tx, ctx.tenantId, PURCHASE_ORDER_FORM_NAME))) {
      await recordEvent(tx, order, staffActor(ctx), 'submitted');
      return releaseInTx(tx, order, staffActor(ctx));
    }
    const full = await readOrder(tx, ctx.tenantId, id);
    await launchFormTask(ctx.deps, tx, {
      tenantId: ctx.tenantId,
      formName: PURCHASE_ORDER_FORM_NAME,
      launcherId: ctx.userId,
      titles: titlesIn((locale) =>
        t(locale, 'procurement.approvalTitle', { billNo: full.billNo, supplier: full.supplierName }),
      ),
      formData: {
        billNo: full.billNo,
        supplierName: full.supplierName,
        deliveryAddress: full.deliveryAddress,
        currency: full.currency,
        totalAmount: Number(full.totalAmount),
        paymentTerms: full.paymentTerms,
        remark: full.remark,
        lines: full.lines.map((l) => ({
          materialName: l.materialName,
          spec: l.spec,
          unit: l.unit,
          quantity: Number(l.quantity),
          unitPrice: Number(l.unitPrice),
          amount: Number(l.amount),
          deliveryDate: l.deliveryDate,
        })),
      },
      locale: ctx.locale,
      beforeSubmit: async (inTx, taskId) => {
        await recordEvent(inTx, order, staffActor(ctx), 'submitted');
        await setOrderState(inTx, order, 'approving', { flow_task_id: taskId });
      },
    });
    return [];
  });
  await pushTold(ctx, told);
  return getOrder(ctx, id);
}

/** Closes an acknowledged order: nothing more is expected of it. */
export async function closeOrder(ctx: ServiceContext, id: string, version: number): Promise<PurchaseOrder> {
  const told = await transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, ctx.tenantId, id, version);
    refuseUnless(order, 'close');
    await setOrderState(tx, order, 'closed', { closed_at: new Date() });
    await recordEvent(tx, order, staffActor(ctx), 'closed');
    return tellSupplier(
      tx,
      order,
      'procurement.toldClosed',
      { billNo: order.billNo },
      { id: ctx.userId, name: ctx.auth.realName },
    );
  });
  await pushTold(ctx, told);
  return getOrder(ctx, id);
}

/** Cancels an order not yet closed, with a reason the supplier reads (told when it had the order). */
export async function cancelOrder(
  ctx: ServiceContext,
  id: string,
  body: { version: number; reason: string },
): Promise<PurchaseOrder> {
  const told = await transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, ctx.tenantId, id, body.version);
    refuseUnless(order, 'cancel');
    await setOrderState(tx, order, 'cancelled', { cancel_reason: body.reason, closed_at: new Date() });
    await recordEvent(tx, order, staffActor(ctx), 'cancelled', { detail: body.reason });
    if (order.state === 'draft') return [];
    return tellSupplier(
      tx,
      order,
      'procurement.toldCancelled',
      { billNo: order.billNo, reason: body.reason },
      { id: ctx.userId, name: ctx.auth.realName },
    );
  });
  await pushTold(ctx, told);
  return getOrder(ctx, id);
}

/**
 * Staff's decision on a line the supplier proposed another quantity or date for: accepted, the
 * line takes the proposal (its amount and the order's total follow); refused (with a reason), it
 * waits for the supplier's answer again. Every line accepted: the order is acknowledged.
 */
export async function decideProposal(
  ctx: ServiceContext,
  id: string,
  body: { version: number; lineId: string; accept: boolean; reason: string },
): Promise<PurchaseOrder> {
  if (!body.accept && !body.reason)
    throw fieldError({ reason: t(ctx.locale, 'validation.required') }, 'validation.required');
  const told = await transaction(ctx.db, async (tx) => {
    const order = await lockOrder(tx, ctx.tenantId, id, body.version);
    const line = await tx
      .selectFrom('po_order_line')
      .select([
        'id',
        'line_no',
        'state',
        sql<string>`quantity::text`.as('quantity'),
        sql<string>`unit_price::text`.as('unit_price'),
        sql<string | null>`proposed_quantity::text`.as('proposed_quantity'),
        sql<string | null>`proposed_date::text`.as('proposed_date'),
        sql<string>`delivery_date::text`.as('delivery_date'),
      ])
      .where('order_id', '=', id)
      .where('id', '=', body.lineId)
      .executeTakeFirst();
    if (!line) throw notFound();
    refuseUnless(order, 'decide');
    if (line.state !== 'proposed') throw new AppError(409, 'procurement.lineNotProposed');
    const answered = { answered_by: ctx.auth.realName, answered_at: new Date() };
    if (body.accept) {
      const quantity = line.proposed_quantity ?? line.quantity;
      await tx
        .updateTable('po_order_line')
        .set({
          state: 'accepted',
          quantity,
          delivery_date: line.proposed_date ?? line.delivery_date,
          amount: lineAmount(quantity, line.unit_price),
          proposed_quantity: null,
          proposed_date: null,
          reason: '',
          ...answered,
        })
        .where('id', '=', body.lineId)
        .execute();
      const amounts = await tx
        .selectFrom('po_order_line')
        .select(sql<string>`amount::text`.as('amount'))
        .where('order_id', '=', id)
        .execute();
      await tx
        .updateTable('po_order')
        .set({ total_amount: sumDecimals(amounts.map((a) => a.amount)) })
        .where('id', '=', id)
        .execute();
    } else
      await tx
        .updateTable('po_order_line')
        .set({
          state: 'waiting',
          proposed_quantity: null,
          proposed_date: null,
          reason: body.reason,
          ...answered,
        })
        .where('id', '=', body.lineId)
        .execute();
    await recordEvent(tx, order, staffActor(ctx), body.accept ? 'proposalAccepted' : 'proposalRefused', {
      lineNo: line.line_no,
      detail: body.reason,
    });
    const lines = await tx.selectFrom('po_order_line').select('state').where('order_id', '=', id).execute();
    const state = settledState(order.state, lines as { state: 'waiting' }[]);
    await setOrderState(tx, order, state, state === 'acknowledged' ? { acknowledged_at: new Date() } : {});
    if (state === 'acknowledged') await recordEvent(tx, order, staffActor(ctx), 'acknowledged');
    return tellSupplier(
      tx,
      order,
      body.accept ? 'procurement.toldProposalAccepted' : 'procurement.toldProposalRefused',
      { billNo: order.billNo, line: line.line_no },
      { id: ctx.userId, name: ctx.auth.realName },
    );
  });
  await pushTold(ctx, told);
  return getOrder(ctx, id);
}
