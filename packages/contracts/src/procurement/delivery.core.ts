// Advance ship notices and receipts (issue 41 §3, decisions §13). The supplier sends an advance
// ship notice (ASN) against the open quantity of its order's accepted lines (quantities, batches,
// packages) and prints package labels with barcodes; staff find the notice by scanning or typing
// a label's code and receive it, line by line, with accepted and rejected quantities. What is
// rejected or short goes back to the supplier and opens again on the order line; a confirmed
// receipt can be reversed. Every change is one transaction under the order's row lock, checked
// against the document's `version` (409 when stale). The schemas are in delivery.ts.
import { compareDecimals, fromScaled, QUANTITY_PLACES, toScaled } from './decimal.core';

export const ASN_STATES = ['draft', 'sent', 'received'] as const;
export type AsnState = (typeof ASN_STATES)[number];

export const RECEIPT_STATES = ['draft', 'confirmed', 'reversed'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** What the supplier may do to a notice, by its state (the server refuses the rest with 409). */
export type AsnAction = 'edit' | 'delete' | 'send' | 'withdraw';
const ASN_ACTIONS: Record<AsnState, readonly AsnAction[]> = {
  draft: ['edit', 'delete', 'send'],
  sent: ['withdraw'],
  received: [],
};
export const asnActions = (state: AsnState): readonly AsnAction[] => ASN_ACTIONS[state];
export const asnAllows = (state: AsnState, action: AsnAction): boolean => ASN_ACTIONS[state].includes(action);

/** What staff may do to a receipt, by its state. */
export type ReceiptAction = 'edit' | 'confirm' | 'reverse';
const RECEIPT_ACTIONS: Record<ReceiptState, readonly ReceiptAction[]> = {
  draft: ['edit', 'confirm'],
  confirmed: ['reverse'],
  reversed: [],
};
export const receiptActions = (state: ReceiptState): readonly ReceiptAction[] => RECEIPT_ACTIONS[state];
export const receiptAllows = (state: ReceiptState, action: ReceiptAction): boolean =>
  RECEIPT_ACTIONS[state].includes(action);

/** The order states in which its accepted lines may be shipped. */
export const SHIPPABLE_ORDER_STATES = ['acknowledged', 'changed'] as const;

/**
 * An order line's open quantity: ordered less what is on its way or received (`shipped`, which a
 * receipt lowers by what it rejects or finds short). Never below zero.
 */
export function openQuantity(quantity: string, shipped: string): string {
  const open = (toScaled(quantity, QUANTITY_PLACES) ?? 0n) - (toScaled(shipped, QUANTITY_PLACES) ?? 0n);
  return fromScaled(open > 0n ? open : 0n, QUANTITY_PLACES);
}

/** A line is overdue when its date has passed (`today` as yyyy-mm-dd) with quantity still open. */
export function isOverdue(deliveryDate: string, open: string, today: string): boolean {
  return deliveryDate < today && compareDecimals(open, '0') > 0;
}

/** A received line: accepted and rejected together at most what was shipped (the rest is short). */
export function receivedLineError(
  shipped: string,
  accepted: string,
  rejected: string,
): 'overReceived' | null {
  const a = toScaled(accepted, QUANTITY_PLACES) ?? 0n;
  const r = toScaled(rejected, QUANTITY_PLACES) ?? 0n;
  if (a + r > (toScaled(shipped, QUANTITY_PLACES) ?? 0n)) return 'overReceived';
  return null;
}

/**
 * The content of a package label's QR code: the notice's number, the line and the package
 * (`SRM1|ASN202612060001|2|3/5`). The label's Code 128 holds the notice's number alone; a scanner
 * types either, and `parseScan` reads both.
 */
export const LABEL_PREFIX = 'SRM1';
export function labelContent(asnNo: string, lineNo: number, pkg: number, packages: number): string {
  return `${LABEL_PREFIX}|${asnNo}|${lineNo}|${pkg}/${packages}`;
}

export interface ScannedLabel {
  asnNo: string;
  lineNo: number | null;
  pkg: number | null;
  packages: number | null;
}

/** What a scanner typed: a label's QR content or a notice number (else null). */
export function parseScan(raw: string): ScannedLabel | null {
  const text = raw.trim();
  const label = /^SRM1\|([A-Za-z0-9-]{1,40})\|(\d{1,4})\|(\d{1,4})\/(\d{1,4})$/.exec(text);
  if (label) {
    const [, asnNo = '', line, pkg, packages] = label;
    const p = Number(pkg);
    const n = Number(packages);
    if (p < 1 || p > n) return null;
    return { asnNo: asnNo.toUpperCase(), lineNo: Number(line), pkg: p, packages: n };
  }
  if (/^[A-Za-z0-9-]{1,40}$/.test(text))
    return { asnNo: text.toUpperCase(), lineNo: null, pkg: null, packages: null };
  return null;
}

/** The history's kinds of entry an order gets from its deliveries. */
export const ASN_EVENTS = ['shipped', 'withdrawn', 'received', 'receiptReversed'] as const;

export const DeliveryPerm = {
  /** Staff's page of the notices sent to them, with receiving. */
  receipt: 'procurement.receipt',
  receiptAdd: 'procurement.receipt.add',
  receiptReverse: 'procurement.receipt.reverse',
} as const;

export const RECEIPT_PATH = '/procurement/receipt';
export const VENDOR_DELIVERIES_PATH = '/vendorPortal/deliveries';

const ASN = '/api/procurement/Delivery';
const PORTAL = '/api/procurement/Portal/Delivery';
const GR = '/api/procurement/Receipt';

export const DeliveryApi = {
  /** Staff: GET the sent and received notices; GET `${base}/{id}`; GET `${base}/Scan?code=`. */
  base: ASN,
  scan: `${ASN}/Scan`,
  /** Staff: POST a receipt of a notice (draft, or confirmed at once); PUT `${receipt}/{id}`. */
  receipt: GR,
  confirm: (id: string) => `${GR}/${id}/Actions/Confirm`,
  reverse: (id: string) => `${GR}/${id}/Actions/Reverse`,
  /** The supplier: GET list, POST create, GET/PUT/DELETE `${portal}/{id}`. */
  portal: PORTAL,
  /** The supplier: GET the order lines it may ship now. */
  shippable: `${PORTAL}/Shippable`,
  send: (id: string) => `${PORTAL}/${id}/Actions/Send`,
  withdraw: (id: string) => `${PORTAL}/${id}/Actions/Withdraw`,
  /** Staff: GET `${performance}/{supplierId}`; the supplier: GET `portalPerformance` (its own). */
  performance: '/api/procurement/Performance',
  portalPerformance: '/api/procurement/Portal/Performance',
  /** Both sides: GET the package labels with their barcodes (SVG). */
  labels: (id: string) => `${ASN}/${id}/Labels`,
  portalLabels: (id: string) => `${PORTAL}/${id}/Labels`,
} as const;

export const ASN_MAX_LINES = 200;
export const ASN_MAX_PACKAGES = 500;
/** Labels a notice prints at most (its packages summed). */
export const ASN_MAX_LABELS = 1000;

export interface AsnLine {
  id: string;
  lineNo: number;
  orderLineId: string;
  orderLineNo: number;
  materialCode: string;
  materialName: string;
  spec: string;
  unit: string;
  quantity: string;
  batchNo: string;
  packages: number;
  /** Filled by a confirmed receipt. */
  acceptedQuantity: string | null;
  rejectedQuantity: string | null;
  rejectReason: string;
}

export interface AsnSummary {
  id: string;
  billNo: string;
  orderId: string;
  orderBillNo: string;
  supplierId: string;
  supplierName: string;
  state: AsnState;
  version: number;
  shipDate: string;
  expectedDate: string;
  lineCount: number;
  packageCount: number;
  createdAt: number;
  sentAt: number | null;
  receivedAt: number | null;
}

export interface ReceiptLine {
  id: string;
  asnLineId: string;
  acceptedQuantity: string;
  rejectedQuantity: string;
  rejectReason: string;
}

export interface Receipt {
  id: string;
  billNo: string;
  state: ReceiptState;
  version: number;
  receivedBy: string;
  remark: string;
  createdAt: number;
  confirmedAt: number | null;
  reversedAt: number | null;
  lines: ReceiptLine[];
  actions: ReceiptAction[];
}

export interface Asn extends AsnSummary {
  carrier: string;
  trackingNo: string;
  remark: string;
  lines: AsnLine[];
  /** The receipt in force (a draft or confirmed one), else null; staff only. */
  receipt: Receipt | null;
  /** The supplier's actions, or staff's `receive` when a receipt may be made. */
  actions: (AsnAction | 'receive')[];
}

/** An order line the supplier may ship now (accepted, of an acknowledged order, with quantity open). */
export interface ShippableLine {
  orderId: string;
  orderBillNo: string;
  orderLineId: string;
  lineNo: number;
  materialCode: string;
  materialName: string;
  spec: string;
  unit: string;
  quantity: string;
  openQuantity: string;
  deliveryDate: string;
  deliveryAddress: string;
}

export interface PackageLabel {
  lineNo: number;
  pkg: number;
  packages: number;
  materialName: string;
  quantity: string;
  unit: string;
  batchNo: string;
  /** What the label's QR code holds (`labelContent`). */
  content: string;
  qrSvg: string;
}

export interface AsnLabels {
  billNo: string;
  orderBillNo: string;
  supplierName: string;
  shipDate: string;
  /** The notice number's Code 128, the same on every label of the notice. */
  code128Svg: string;
  labels: PackageLabel[];
}

/**
 * A supplier's delivery figures, from its orders and confirmed receipts: what is open and overdue
 * now, and of the lines received, the share received by their due date and the share accepted
 * in full. A rate is null while nothing is received.
 */
export interface SupplierDelivery {
  openOrders: number;
  openLines: number;
  overdueLines: number;
  receivedLines: number;
  onTimeLines: number;
  acceptedLines: number;
  /** Percent with one place (98.5), or null. */
  onTimeRate: number | null;
  qualityRate: number | null;
}

/** A share as a percent with one place, or null when there is nothing to share. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** What a client sends to create or save a notice (delivery.ts validates it). */
export interface AsnSaveBody {
  orderId: string;
  shipDate: string;
  expectedDate: string;
  carrier?: string;
  trackingNo?: string;
  remark?: string;
  lines: {
    orderLineId: string;
    quantity: string | number;
    batchNo?: string;
    packages: number;
  }[];
}

/** What a client sends to receive a notice. */
export interface ReceiptSaveBody {
  asnId: string;
  confirm?: boolean;
  remark?: string;
  lines: {
    asnLineId: string;
    acceptedQuantity: string | number;
    rejectedQuantity: string | number;
    rejectReason?: string;
  }[];
}
