import {
  type BillRule,
  type BillRuleBody,
  BillRuleCode,
  billSequenceValue,
  formatBillNo,
} from '@srm/contracts';
import type { Kysely, Selectable } from 'kysely';
import { fieldError, notFound } from '../../core/errors';
import { t } from '../../core/i18n';
import type { ServiceContext } from '../../core/service-context';
import { likePattern } from '../../core/sql';
import { declareUnique } from '../../core/unique-violation';
import { transaction } from '../../db/transaction';
import type { Database } from '../../db/types';
import { ruleFormat } from './next-bill-no';

// The unique index behind the check below: a create that loses the race answers as the check does.
declareUnique('sys_bill_rule_tenant_id_en_code_key', { field: 'enCode', key: 'billRule.codeTaken' });

export type BillRuleContext = Pick<ServiceContext, 'db' | 'tenantId' | 'userId' | 'locale' | 'now'>;

type RuleRow = Selectable<Database['sys_bill_rule']>;
type Body = Required<BillRuleBody>;

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);

function toBillRule(row: RuleRow, last: { seq: string; updated_at: Date } | undefined): BillRule {
  const format = ruleFormat(row);
  return {
    id: String(row.id),
    fullName: row.full_name,
    fullNameEn: row.full_name_en,
    fullNameTw: row.full_name_tw,
    enCode: row.en_code,
    ...format,
    description: row.description,
    lastNo: last
      ? formatBillNo(format, new Date(last.updated_at), billSequenceValue(format, Number(last.seq)))
      : '',
    createdAt: ms(row.created_at),
    updatedAt: ms(row.updated_at),
  };
}

/** The latest number given per rule (any period), by the rules' codes: the counters are the code's. */
async function lastNumbers(db: Kysely<Database>, tenantId: string, rows: { id: string; en_code: string }[]) {
  const out = new Map<string, { seq: string; updated_at: Date }>();
  if (!rows.length) return out;
  const counters = await db
    .selectFrom('sys_bill_counter')
    .distinctOn('en_code')
    .select(['en_code', 'seq', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where(
      'en_code',
      'in',
      rows.map((r) => r.en_code),
    )
    .orderBy('en_code')
    .orderBy('updated_at', 'desc')
    .execute();
  const byCode = new Map(counters.map((c) => [c.en_code, c]));
  for (const r of rows) {
    const last = byCode.get(r.en_code);
    if (last) out.set(String(r.id), last);
  }
  return out;
}

export async function pageBillRules(
  ctx: BillRuleContext,
  q: { currentPage: number; pageSize: number; keyword?: string | undefined },
): Promise<{ list: BillRule[]; total: number }> {
  let base = ctx.db.selectFrom('sys_bill_rule').where('tenant_id', '=', ctx.tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    base = base.where((eb) =>
      eb.or([
        eb('full_name', 'ilike', like),
        eb('full_name_en', 'ilike', like),
        eb('full_name_tw', 'ilike', like),
        eb('en_code', 'ilike', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const last = await lastNumbers(ctx.db, ctx.tenantId, rows);
  return { list: rows.map((r) => toBillRule(r, last.get(String(r.id)))), total: Number(count.n) };
}

async function findRule(db: Kysely<Database>, tenantId: string, id: string): Promise<RuleRow> {
  const row = await db
    .selectFrom('sys_bill_rule')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getBillRule(ctx: BillRuleContext, id: string): Promise<BillRule> {
  const row = await findRule(ctx.db, ctx.tenantId, id);
  return toBillRule(row, (await lastNumbers(ctx.db, ctx.tenantId, [row])).get(String(row.id)));
}

async function assertCodeFree(ctx: BillRuleContext, code: string, exceptId?: string) {
  const taken = await ctx.db
    .selectFrom('sys_bill_rule')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('en_code', '=', code)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId ?? ''))
    .executeTakeFirst();
  if (taken) throw fieldError({ enCode: t(ctx.locale, 'billRule.codeTaken') });
}

const columns = (body: Body) => ({
  full_name: body.fullName,
  full_name_en: body.fullNameEn,
  full_name_tw: body.fullNameTw,
  en_code: body.enCode,
  prefix: body.prefix,
  date_format: body.dateFormat,
  digits: body.digits,
  start_number: body.startNumber,
  step: body.step,
  reset_cycle: body.resetCycle,
  description: body.description,
});

export async function createBillRule(ctx: BillRuleContext, body: Body): Promise<BillRule> {
  await assertCodeFree(ctx, body.enCode);
  // Two creates of one code at once: the unique index decides (declared above).
  const row = await transaction(ctx.db, (tx) =>
    tx
      .insertInto('sys_bill_rule')
      .values({
        tenant_id: ctx.tenantId,
        ...columns(body),
        created_by: ctx.userId,
        created_at: ctx.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return toBillRule(row, undefined);
}

/** A changed format applies from the next number on; the counters of the periods stay. */
export async function updateBillRule(ctx: BillRuleContext, id: string, body: Body): Promise<BillRule> {
  await findRule(ctx.db, ctx.tenantId, id);
  await assertCodeFree(ctx, body.enCode, id);
  await transaction(ctx.db, (tx) =>
    tx
      .updateTable('sys_bill_rule')
      .set({ ...columns(body), updated_at: ctx.now() })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute(),
  );
  return getBillRule(ctx, id);
}

export async function deleteBillRule(ctx: BillRuleContext, id: string): Promise<void> {
  await findRule(ctx.db, ctx.tenantId, id);
  await transaction(ctx.db, (tx) =>
    tx.deleteFrom('sys_bill_rule').where('tenant_id', '=', ctx.tenantId).where('id', '=', id).execute(),
  );
}

/** The demo tenant's rules: purchase requisitions, workflow tasks, supplier codes, orders, notices and receipts. */
export const DEMO_BILL_RULES: Body[] = [
  {
    fullName: '采购申请单',
    fullNameEn: 'Purchase requisition',
    fullNameTw: '採購申請單',
    enCode: BillRuleCode.purchaseRequisition,
    prefix: 'PR',
    dateFormat: 'yyyyMMdd',
    digits: 4,
    startNumber: 1,
    step: 1,
    resetCycle: 'daily',
    description: '采购申请单号：PR + 日期 + 4 位流水，每日重置',
  },
  {
    fullName: '流程任务',
    fullNameEn: 'Workflow task',
    fullNameTw: '流程任務',
    enCode: BillRuleCode.flowTask,
    prefix: 'WF',
    dateFormat: 'yyyyMM',
    digits: 5,
    startNumber: 1,
    step: 1,
    resetCycle: 'monthly',
    description: '流程任务编号：WF + 年月 + 5 位流水，每月重置',
  },
  {
    fullName: '供应商编码',
    fullNameEn: 'Supplier code',
    fullNameTw: '供應商編碼',
    enCode: BillRuleCode.supplierCode,
    prefix: 'SUP',
    dateFormat: 'none',
    digits: 6,
    startNumber: 1,
    step: 1,
    resetCycle: 'never',
    description: '供应商编码：SUP + 6 位流水，不重置',
  },
  {
    fullName: '采购订单',
    fullNameEn: 'Purchase order',
    fullNameTw: '採購訂單',
    enCode: BillRuleCode.purchaseOrder,
    prefix: 'PO',
    dateFormat: 'yyyyMMdd',
    digits: 4,
    startNumber: 1,
    step: 1,
    resetCycle: 'daily',
    description: '采购订单号：PO + 日期 + 4 位流水，每日重置',
  },
  {
    fullName: '送货单',
    fullNameEn: 'Advance ship notice',
    fullNameTw: '送貨單',
    enCode: BillRuleCode.deliveryNote,
    prefix: 'ASN',
    dateFormat: 'yyyyMMdd',
    digits: 4,
    startNumber: 1,
    step: 1,
    resetCycle: 'daily',
    description: '送货单号：ASN + 日期 + 4 位流水，每日重置',
  },
  {
    fullName: '收货单',
    fullNameEn: 'Goods receipt',
    fullNameTw: '收貨單',
    enCode: BillRuleCode.goodsReceipt,
    prefix: 'GR',
    dateFormat: 'yyyyMMdd',
    digits: 4,
    startNumber: 1,
    step: 1,
    resetCycle: 'daily',
    description: '收货单号：GR + 日期 + 4 位流水，每日重置',
  },
  {
    fullName: '供应商发票',
    fullNameEn: 'Supplier invoice',
    fullNameTw: '供應商發票',
    enCode: BillRuleCode.supplierInvoice,
    prefix: 'INV',
    dateFormat: 'yyyyMMdd',
    digits: 4,
    startNumber: 1,
    step: 1,
    resetCycle: 'daily',
    description: '发票登记号：INV + 日期 + 4 位流水，每日重置',
  },
  {
    fullName: '询价单',
    fullNameEn: 'Request for quotation',
    fullNameTw: '詢價單',
    enCode: BillRuleCode.requestForQuotation,
    prefix: 'RFQ',
    dateFormat: 'yyyyMMdd',
    digits: 4,
    startNumber: 1,
    step: 1,
    resetCycle: 'daily',
    description: '询价单号：RFQ + 日期 + 4 位流水，每日重置',
  },
];

/** Seeds the demo rules in the seed's transaction. */
export async function seedBillRules(tx: Kysely<Database>, tenantId: string): Promise<void> {
  await tx
    .insertInto('sys_bill_rule')
    .values(DEMO_BILL_RULES.map((r) => ({ tenant_id: tenantId, ...columns(r) })))
    .onConflict((oc) => oc.columns(['tenant_id', 'en_code']).doNothing())
    .execute();
}
