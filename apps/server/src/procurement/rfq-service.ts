import {
  awardTotal,
  BillRuleCode,
  FLOW_STATUS,
  lineAmount,
  RfqPerm as P,
  PURCHASE_REQUISITION_FORM,
  type RequisitionChoice,
  RFQ_AWARD_FORM_NAME,
  RFQ_MIN_LEAD_MS,
  type Rfq,
  type RfqAction,
  type RfqAward,
  type RfqComparison,
  type RfqListQuery,
  type RfqSave,
  type RfqSupplierChoice,
  type RfqUpdate,
  rfqActions,
  rfqAllows,
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
import { titleIn, titlesIn } from '../workflow/forms';
import { launchFormTask } from '../workflow/task-service';
import { pushLiveRound } from './bid-live';
import { hasReleasedFlow } from './order-flow';
import type { Actor } from './order-store';
import { awardInTx, tellSuppliersOfRfq } from './rfq-flow';
import {
  bidRulesOf,
  invitedSupplierIds,
  type LockedRfq,
  lockRfq,
  rfqColumns,
  rfqInvitees,
  rfqLines,
  rfqQuotes,
  setRfqState,
  toRfqSummary,
} from './rfq-store';

type Tx = Transaction<Database>;

/** The code each action needs (the tenant administrator holds every code). */
const ACTION_CODE: Record<RfqAction, string> = {
  edit: P.rfqEdit,
  delete: P.rfqDelete,
  publish: P.rfqPublish,
  close: P.rfqPublish,
  newRound: P.rfqPublish,
  cancel: P.rfqPublish,
  award: P.rfqAward,
  suspendBid: P.rfqPublish,
  resumeBid: P.rfqPublish,
};

const staffActor = (ctx: ServiceContext): Actor => ({
  id: ctx.userId,
  name: ctx.auth.realName,
  side: 'staff',
});
const creatorOf = (ctx: ServiceContext) => ({ id: ctx.userId, name: ctx.auth.realName });

async function pushTold(ctx: ServiceContext, userIds: readonly string[]): Promise<void> {
  if (userIds.length) await pushCounts(ctx.deps, ctx.tenantId, [...new Set(userIds)]);
}

/** The tenant's requests, newest first, by state (the clock applied) and keyword (number or title). */
export async function listRfqs(ctx: ServiceContext, q: RfqListQuery) {
  const now = ctx.now();
  let base = rfqColumns(ctx.db).where('r.tenant_id', '=', ctx.tenantId);
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
      .orderBy('r.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return page(
    rows.map((r) => toRfqSummary(r, now)),
    q.currentPage,
    q.pageSize,
    Number(count.n),
  );
}

export async function getRfq(ctx: ServiceContext, id: string): Promise<Rfq> {
  const row = await rfqColumns(ctx.db)
    .where('r.tenant_id', '=', ctx.tenantId)
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const summary = toRfqSummary(row, ctx.now());
  const [lines, suppliers, orders, requisition, perms] = await Promise.all([
    rfqLines(ctx.db, id, { show: true }),
    rfqInvitees(ctx.db, id, row.round),
    ctx.db
      .selectFrom('po_order as o')
      .innerJoin('vendor_supplier as s', 's.id', 'o.supplier_id')
      .select(['o.id', 'o.bill_no', 's.supplier_name', 'o.state'])
      .where('o.tenant_id', '=', ctx.tenantId)
      .where('o.rfq_id', '=', id)
      .orderBy('o.id')
      .execute(),
    row.requisition_task_id === null
      ? undefined
      : ctx.db
          .selectFrom('flow_task')
          .select(['id', 'bill_no'])
          .where('id', '=', row.requisition_task_id)
          .executeTakeFirst(),
    ctx.permissions(),
  ]);
  return {
    ...summary,
    ...bidRulesOf(row),
    categoryCode: row.category_code,
    deliveryAddress: row.delivery_address,
    terms: row.terms,
    remark: row.remark,
    cancelReason: row.cancel_reason,
    requisition: requisition ? { taskId: String(requisition.id), billNo: requisition.bill_no } : null,
    lines,
    suppliers,
    orders: orders.map((o) => ({
      id: String(o.id),
      billNo: o.bill_no,
      supplierName: o.supplier_name,
      state: o.state,
    })),
    actions: rfqActions(summary.state, summary.awarding, summary).filter(
      (a) => perms.isAdmin || perms.codes.has(ACTION_CODE[a]),
    ),
  };
}

/** The suppliers a request may invite: the tenant's qualified ones (for `categoryCode`: qualified in it or a sub-category). */
export async function rfqSupplierChoices(
  ctx: ServiceContext,
  q: { keyword?: string; categoryCode?: string },
): Promise<RfqSupplierChoice[]> {
  let query = ctx.db
    .selectFrom('vendor_supplier as s')
    .select(['s.id', 's.supplier_code', 's.supplier_name'])
    .where('s.tenant_id', '=', ctx.tenantId)
    .where('s.state', '=', 'qualified');
  if (q.categoryCode) {
    const code = q.categoryCode;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('vendor_supplier_category as c')
          .select('c.supplier_id')
          .whereRef('c.supplier_id', '=', 's.id')
          .where('c.qualified', '=', true)
          .where((c) => c.or([c('c.category_code', '=', code), c('c.category_code', 'like', `${code}.%`)])),
      ),
    );
  }
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or([eb('s.supplier_name', 'ilike', like), eb('s.supplier_code', 'ilike', like)]),
    );
  }
  const rows = await query.orderBy('s.supplier_name').limit(50).execute();
  return rows.map((r) => ({
    id: String(r.id),
    supplierCode: r.supplier_code,
    supplierName: r.supplier_name,
  }));
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The tenant's approved purchase requisitions, newest first, with their lines: what a request may start from. */
export async function requisitionChoices(
  ctx: ServiceContext,
  keyword?: string,
): Promise<RequisitionChoice[]> {
  let query = ctx.db
    .selectFrom('flow_task as t')
    .innerJoin('sys_user as u', 'u.id', 't.launcher_id')
    .select(['t.id', 't.bill_no', 't.title', 't.title_en', 't.title_tw', 't.form_data', 'u.real_name'])
    .select(
      sql<number>`(select count(*)::int from po_rfq r where r.requisition_task_id = t.id and r.state <> 'cancelled')`.as(
        'rfq_count',
      ),
    )
    .where('t.tenant_id', '=', ctx.tenantId)
    .where('t.form_name', '=', PURCHASE_REQUISITION_FORM.name)
    .where('t.status', '=', FLOW_STATUS.approved);
  if (keyword) {
    const like = likePattern(keyword);
    query = query.where((eb) => eb.or([eb('t.bill_no', 'ilike', like), eb('t.title', 'ilike', like)]));
  }
  const rows = await query.orderBy('t.id', 'desc').limit(30).execute();
  return rows.map((r) => {
    const data = (r.form_data ?? {}) as Record<string, unknown>;
    const lines = Array.isArray(data.lines) ? (data.lines as Record<string, unknown>[]) : [];
    return {
      taskId: String(r.id),
      billNo: r.bill_no,
      title: titleIn(r, ctx.locale),
      launcherName: r.real_name,
      neededBy: text(data.neededBy).slice(0, 10),
      rfqCount: Number(r.rfq_count),
      lines: lines.map((l) => ({
        materialName: text(l.item),
        spec: text(l.spec),
        unit: text(l.unit),
        quantity: text(l.quantity),
      })),
    };
  });
}

/** The tenant's qualified suppliers among `ids` (404 at the field for another tenant's; 400 for one not qualified). */
async function assertInvitable(ctx: ServiceContext, tx: Tx, ids: readonly string[]): Promise<void> {
  const rows = await tx
    .selectFrom('vendor_supplier')
    .select(['id', 'state', 'supplier_name'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', 'in', [...ids])
    .execute();
  if (rows.length !== ids.length)
    throw new AppError(404, 'error.notFound', undefined, {
      fields: { supplierIds: t(ctx.locale, 'error.notFound') },
    });
  const unqualified = rows.find((r) => r.state !== 'qualified');
  if (unqualified)
    throw fieldError(
      { supplierIds: t(ctx.locale, 'procurement.rfqNotQualified', { supplier: unqualified.supplier_name }) },
      'procurement.rfqNotQualified',
    );
}

/** The requisition a request starts from: the tenant's, approved (404 at the field otherwise). */
async function assertRequisition(ctx: ServiceContext, tx: Tx, taskId: string | null): Promise<void> {
  if (taskId === null) return;
  const row = await tx
    .selectFrom('flow_task')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', taskId)
    .where('form_name', '=', PURCHASE_REQUISITION_FORM.name)
    .where('status', '=', FLOW_STATUS.approved)
    .executeTakeFirst();
  if (!row)
    throw new AppError(404, 'error.notFound', undefined, {
      fields: { requisitionTaskId: t(ctx.locale, 'error.notFound') },
    });
}

const headerOf = (body: RfqSave) => ({
  title: body.title,
  mode: body.mode,
  bid_step: body.bidStep,
  bid_ceiling: body.bidCeiling,
  bid_extend_minutes: body.bidExtendMinutes,
  category_code: body.categoryCode,
  currency: body.currency,
  deadline: new Date(body.deadline),
  delivery_address: body.deliveryAddress,
  terms: body.terms,
  remark: body.remark,
  requisition_task_id: body.requisitionTaskId,
});

async function writeLinesAndSuppliers(
  ctx: ServiceContext,
  tx: Tx,
  rfqId: string,
  body: RfqSave,
): Promise<void> {
  await tx.deleteFrom('po_rfq_line').where('rfq_id', '=', rfqId).execute();
  await tx.deleteFrom('po_rfq_supplier').where('rfq_id', '=', rfqId).execute();
  await tx
    .insertInto('po_rfq_line')
    .values(
      body.lines.map((l, i) => ({
        tenant_id: ctx.tenantId,
        rfq_id: rfqId,
        line_no: i + 1,
        material_code: l.materialCode,
        material_name: l.materialName,
        spec: l.spec,
        unit: l.unit,
        quantity: l.quantity,
        delivery_date: l.deliveryDate,
      })),
    )
    .execute();
  await tx
    .insertInto('po_rfq_supplier')
    .values(
      body.supplierIds.map((supplierId) => ({
        tenant_id: ctx.tenantId,
        rfq_id: rfqId,
        supplier_id: supplierId,
      })),
    )
    .execute();
}

/** A new request in draft, numbered by the `requestForQuotation` rule. */
export async function createRfq(ctx: ServiceContext, body: RfqSave): Promise<Rfq> {
  const id = await transaction(ctx.db, async (tx) => {
    await assertInvitable(ctx, tx, body.supplierIds);
    await assertRequisition(ctx, tx, body.requisitionTaskId);
    // The number last: other callers of the rule wait for this transaction (next-bill-no.ts).
    const billNo = await nextBillNo(tx, ctx.tenantId, BillRuleCode.requestForQuotation, ctx.now);
    const row = await tx
      .insertInto('po_rfq')
      .values({
        tenant_id: ctx.tenantId,
        bill_no: billNo,
        state: 'draft',
        buyer_id: ctx.userId,
        ...headerOf(body),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLinesAndSuppliers(ctx, tx, String(row.id), body);
    return String(row.id);
  });
  return getRfq(ctx, id);
}

export function refuseUnless(rfq: LockedRfq, action: RfqAction): void {
  if (
    !rfqAllows(rfq.effectiveState, action, rfq.awarding, {
      mode: rfq.mode,
      suspended: rfq.suspendedMs !== null,
    })
  )
    throw new AppError(409, 'procurement.rfqWrongState');
}

const lock = (ctx: ServiceContext, tx: Tx, id: string, version?: number) =>
  lockRfq(tx, ctx.tenantId, id, ctx.now(), { version });

/** Saves a draft: its header, lines and invited suppliers replaced. */
export async function updateRfq(ctx: ServiceContext, id: string, body: RfqUpdate): Promise<Rfq> {
  await transaction(ctx.db, async (tx) => {
    const rfq = await lock(ctx, tx, id, body.version);
    // The ids in the body first: another tenant's answer 404 whatever the request's state.
    await assertInvitable(ctx, tx, body.supplierIds);
    await assertRequisition(ctx, tx, body.requisitionTaskId);
    refuseUnless(rfq, 'edit');
    await tx.updateTable('po_rfq').set(headerOf(body)).where('id', '=', id).execute();
    await writeLinesAndSuppliers(ctx, tx, id, body);
    await setRfqState(tx, rfq, 'draft');
  });
  return getRfq(ctx, id);
}

/** Deletes a draft (its number is not given again). */
export async function deleteRfq(ctx: ServiceContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const rfq = await lock(ctx, tx, id);
    refuseUnless(rfq, 'delete');
    await tx.deleteFrom('po_rfq').where('id', '=', id).execute();
  });
}

/** A deadline far enough ahead by the server's clock (400 at `deadline` otherwise). */
function assertDeadline(ctx: ServiceContext, deadline: number): void {
  if (deadline < ctx.now().getTime() + RFQ_MIN_LEAD_MS)
    throw fieldError(
      { deadline: t(ctx.locale, 'procurement.rfqDeadlineSoon') },
      'procurement.rfqDeadlineSoon',
    );
}

/** Publishes a draft to its invited suppliers (still qualified), who are told; quotes are taken until the deadline. */
export async function publishRfq(ctx: ServiceContext, id: string, version: number): Promise<Rfq> {
  const told = await transaction(ctx.db, async (tx) => {
    const rfq = await lock(ctx, tx, id, version);
    refuseUnless(rfq, 'publish');
    assertDeadline(ctx, rfq.deadline);
    const invited = await invitedSupplierIds(tx, id);
    await assertInvitable(ctx, tx, invited);
    await setRfqState(tx, rfq, 'open', { published_at: new Date() });
    return tellSuppliersOfRfq(
      tx,
      rfq,
      invited,
      'procurement.toldRfqOpen',
      { billNo: rfq.billNo, title: rfq.title },
      creatorOf(ctx),
    );
  });
  await pushTold(ctx, told);
  await pushLiveRound(ctx, id);
  return getRfq(ctx, id);
}

/** Closes an open request before its deadline: no more quotes, the quotes unsealed. */
export async function closeRfq(ctx: ServiceContext, id: string, version: number): Promise<Rfq> {
  await transaction(ctx.db, async (tx) => {
    const rfq = await lock(ctx, tx, id, version);
    refuseUnless(rfq, 'close');
    await setRfqState(tx, rfq, 'closed', { closed_at: new Date(), suspended_ms: null });
  });
  await pushLiveRound(ctx, id);
  return getRfq(ctx, id);
}

/** Starts the next round of a closed request with a new deadline: every invited supplier quotes again. */
export async function newRfqRound(
  ctx: ServiceContext,
  id: string,
  body: { version: number; deadline: number },
): Promise<Rfq> {
  const told = await transaction(ctx.db, async (tx) => {
    const rfq = await lock(ctx, tx, id, body.version);
    refuseUnless(rfq, 'newRound');
    assertDeadline(ctx, body.deadline);
    const round = rfq.round + 1;
    await tx
      .updateTable('po_rfq_line')
      .set({ award_supplier_id: null, award_unit_price: null, award_amount: null })
      .where('rfq_id', '=', id)
      .execute();
    await setRfqState(tx, rfq, 'open', {
      round,
      deadline: new Date(body.deadline),
      closed_at: null,
      suspended_ms: null,
    });
    return tellSuppliersOfRfq(
      tx,
      rfq,
      await invitedSupplierIds(tx, id),
      'procurement.toldRfqRound',
      { billNo: rfq.billNo, round },
      creatorOf(ctx),
    );
  });
  await pushTold(ctx, told);
  await pushLiveRound(ctx, id);
  return getRfq(ctx, id);
}

/** Cancels a request not yet awarded, with a reason the invited suppliers read (when it was published). */
export async function cancelRfq(
  ctx: ServiceContext,
  id: string,
  body: { version: number; reason: string },
): Promise<Rfq> {
  const told = await transaction(ctx.db, async (tx) => {
    const rfq = await lock(ctx, tx, id, body.version);
    refuseUnless(rfq, 'cancel');
    await setRfqState(tx, rfq, 'cancelled', {
      cancel_reason: body.reason,
      closed_at: new Date(),
      suspended_ms: null,
    });
    if (rfq.state === 'draft') return [];
    return tellSuppliersOfRfq(
      tx,
      rfq,
      await invitedSupplierIds(tx, id),
      'procurement.toldRfqCancelled',
      { billNo: rfq.billNo, reason: body.reason },
      creatorOf(ctx),
    );
  });
  await pushTold(ctx, told);
  await pushLiveRound(ctx, id);
  return getRfq(ctx, id);
}

/** The submitted quotes of the current round side by side: sealed (409) until the request is closed. */
export async function compareQuotes(ctx: ServiceContext, id: string): Promise<RfqComparison> {
  const row = await rfqColumns(ctx.db)
    .where('r.tenant_id', '=', ctx.tenantId)
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const { state, round } = toRfqSummary(row, ctx.now());
  if (state !== 'closed' && state !== 'awarded') throw new AppError(409, 'procurement.rfqSealed');
  const [lines, quotes] = await Promise.all([
    rfqLines(ctx.db, id, { show: true }),
    rfqQuotes(ctx.db, id, round, { submitted: true }),
  ]);
  return { round, lines, quotes };
}

/**
 * Awards lines of a closed request to suppliers whose submitted quote of the round prices them.
 * With a released `RfqAward` flow the award goes into approval (the request waits, `awarding`);
 * without one it takes effect at once: the request is awarded and draft orders are made.
 */
export async function awardRfq(ctx: ServiceContext, id: string, body: RfqAward): Promise<Rfq> {
  await ctx.deps.jobs.start();
  const told = await transaction(ctx.db, async (tx) => {
    const rfq = await lock(ctx, tx, id, body.version);
    const lines = await rfqLines(tx, id, { show: false });
    // The lines named first: another request's answer 404 whatever this one's state.
    body.lines.forEach((pick, i) => {
      if (!lines.some((l) => l.id === pick.lineId))
        throw new AppError(404, 'error.notFound', undefined, {
          fields: { [`lines.${i}.lineId`]: t(ctx.locale, 'error.notFound') },
        });
    });
    refuseUnless(rfq, 'award');
    const quotes = await rfqQuotes(tx, id, rfq.round, { submitted: true });
    const awarded = body.lines.map((pick, i) => {
      const line = lines.find((l) => l.id === pick.lineId) as (typeof lines)[number];
      const quote = quotes.find((q) => q.supplierId === pick.supplierId);
      const price = quote?.lines.find((l) => l.rfqLineId === pick.lineId)?.unitPrice ?? null;
      if (!quote || price === null)
        throw fieldError(
          { [`lines.${i}.supplierId`]: t(ctx.locale, 'procurement.rfqNotQuoted', { line: line.lineNo }) },
          'procurement.rfqNotQuoted',
        );
      const quoteCount = quotes.filter((q) =>
        q.lines.some((l) => l.rfqLineId === line.id && l.unitPrice !== null),
      ).length;
      return { line, quote, price, quoteCount };
    });
    await assertInvitable(ctx, tx, [...new Set(awarded.map((a) => a.quote.supplierId))]);
    for (const a of awarded)
      await tx
        .updateTable('po_rfq_line')
        .set({
          award_supplier_id: a.quote.supplierId,
          award_unit_price: a.price,
          award_amount: lineAmount(a.line.quantity, a.price),
        })
        .where('id', '=', a.line.id)
        .execute();
    const closed = { ...rfq, state: 'closed' as const };
    if (!(await hasReleasedFlow(tx, ctx.tenantId, RFQ_AWARD_FORM_NAME)))
      return awardInTx(tx, closed, staffActor(ctx));
    await launchFormTask(ctx.deps, tx, {
      tenantId: ctx.tenantId,
      formName: RFQ_AWARD_FORM_NAME,
      launcherId: ctx.userId,
      titles: titlesIn((locale) =>
        t(locale, 'procurement.rfqApprovalTitle', { billNo: rfq.billNo, title: rfq.title }),
      ),
      formData: {
        billNo: rfq.billNo,
        title: rfq.title,
        currency: rfq.currency,
        totalAmount: Number(
          awardTotal(awarded.map((a) => ({ quantity: a.line.quantity, unitPrice: a.price }))),
        ),
        remark: '',
        lines: awarded.map((a) => ({
          materialName: a.line.materialName,
          unit: a.line.unit,
          quantity: Number(a.line.quantity),
          supplierName: a.quote.supplierName,
          unitPrice: Number(a.price),
          amount: Number(lineAmount(a.line.quantity, a.price)),
          quoteCount: a.quoteCount,
        })),
      },
      locale: ctx.locale,
      beforeSubmit: async (inTx, taskId) => {
        await setRfqState(inTx, rfq, 'closed', { award_task_id: taskId, closed_at: new Date() });
      },
    });
    return [];
  });
  await pushTold(ctx, told);
  await pushLiveRound(ctx, id);
  return getRfq(ctx, id);
}
