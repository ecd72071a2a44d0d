// The zod-free part of the document-number rules: codes, paths, and the one formatting function
// that the form's live example and the server's nextBillNo both use.

export const BillRulePerm = {
  billRule: 'system.billRule',
  billRuleAdd: 'system.billRule.add',
  billRuleEdit: 'system.billRule.edit',
  billRuleDelete: 'system.billRule.delete',
} as const;
export type BillRulePermCode = (typeof BillRulePerm)[keyof typeof BillRulePerm];

export const BillRuleApi = {
  /** GET page (?keyword, currentPage, pageSize); POST create; GET/PUT/DELETE `${billRule}/{id}`. */
  billRule: '/api/system/BillRule',
} as const;

export const BILL_DATE_FORMATS = ['none', 'yyyy', 'yyyyMM', 'yyyyMMdd'] as const;
export type BillDateFormat = (typeof BILL_DATE_FORMATS)[number];
export const BILL_RESET_CYCLES = ['never', 'daily', 'monthly', 'yearly'] as const;
export type BillResetCycle = (typeof BILL_RESET_CYCLES)[number];

/** Calendar of the date part and of the reset periods: the product's customers are in China. */
export const BILL_TIME_ZONE = 'Asia/Shanghai';

export const BILL_DIGITS_MAX = 12;
/** Largest start and step: start + step × (numbers of a period) stays a safe integer. */
export const BILL_NUMBER_MAX = 999_999_999;

/** What a number is made of (the rest of a rule — name, code, remark — does not change it). */
export interface BillNumberFormat {
  prefix: string;
  dateFormat: BillDateFormat;
  digits: number;
  startNumber: number;
  step: number;
  resetCycle: BillResetCycle;
}

// Built on first use, not at import: the first formatter with a time zone loads the engine's zone
// data (about 50 ms on a phone), and every page that imports contracts would pay it at start.
let partsFormatter: Intl.DateTimeFormat | undefined;

/** yyyy, MM and dd of an instant in the rules' calendar. */
function ymd(at: Date): { y: string; m: string; d: string } {
  partsFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BILL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = partsFormatter.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { y: get('year').padStart(4, '0'), m: get('month'), d: get('day') };
}

/** The date part of a number: '' for none. */
export function billDatePart(dateFormat: BillDateFormat, at: Date): string {
  if (dateFormat === 'none') return '';
  const { y, m, d } = ymd(at);
  if (dateFormat === 'yyyy') return y;
  if (dateFormat === 'yyyyMM') return `${y}${m}`;
  return `${y}${m}${d}`;
}

/** The counting period an instant falls in: numbers start again in each new one ('' for never). */
export function billPeriod(resetCycle: BillResetCycle, at: Date): string {
  if (resetCycle === 'never') return '';
  const { y, m, d } = ymd(at);
  if (resetCycle === 'yearly') return y;
  if (resetCycle === 'monthly') return `${y}${m}`;
  return `${y}${m}${d}`;
}

/** The sequence value of the n-th number (1-based) of a period. */
export function billSequenceValue(rule: Pick<BillNumberFormat, 'startNumber' | 'step'>, n: number): number {
  return rule.startNumber + (n - 1) * rule.step;
}

/**
 * A document number: prefix, date part, then the sequence value zero-padded to `digits` (a value
 * that outgrew its digits is written whole rather than cut, so numbers never repeat).
 */
export function formatBillNo(rule: BillNumberFormat, at: Date, sequenceValue: number): string {
  return `${rule.prefix}${billDatePart(rule.dateFormat, at)}${String(sequenceValue).padStart(rule.digits, '0')}`;
}

/** The first number a rule gives at an instant (the form's live example). */
export function billNoExample(rule: BillNumberFormat, at: Date): string {
  return formatBillNo(rule, at, billSequenceValue(rule, 1));
}

export interface BillRule extends BillNumberFormat {
  id: string;
  fullName: string;
  /** The name in English and traditional Chinese; empty shows `fullName`. */
  fullNameEn: string;
  fullNameTw: string;
  enCode: string;
  description: string;
  /** The last number given in the current period; '' when none yet. */
  lastNo: string;
  createdAt: number | null;
  updatedAt: number | null;
}

/** Codes of the seeded rules that the product's own code asks numbers of. */
export const BillRuleCode = {
  purchaseRequisition: 'purchaseRequisition',
  flowTask: 'flowTask',
  supplierCode: 'supplierCode',
  purchaseOrder: 'purchaseOrder',
  deliveryNote: 'deliveryNote',
  goodsReceipt: 'goodsReceipt',
  supplierInvoice: 'supplierInvoice',
  requestForQuotation: 'requestForQuotation',
} as const;
