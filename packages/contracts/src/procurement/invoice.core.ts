// Supplier invoices and the three-way match (issue 41 §3, decisions §13). The supplier invoices
// the received quantity of its order's lines (its own invoice number, once per supplier); on
// submission each line is matched against the order (unit price) and the receipts (quantity not
// yet invoiced) within the tolerances: every line within them, the invoice is `matched`; else it
// is a `mismatch` that staff approve or reject with a reason. A rejected invoice frees its
// quantities to be invoiced again. The schemas are in invoice.ts.
import { fromScaled, PRICE_PLACES, QUANTITY_PLACES, toScaled } from './decimal.core';

export const INVOICE_STATES = ['matched', 'mismatch', 'approved', 'rejected'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export type InvoiceAction = 'approve' | 'reject';
const INVOICE_ACTIONS: Record<InvoiceState, readonly InvoiceAction[]> = {
  matched: ['approve', 'reject'],
  mismatch: ['approve', 'reject'],
  approved: [],
  rejected: [],
};
export const invoiceActions = (state: InvoiceState): readonly InvoiceAction[] => INVOICE_ACTIONS[state];

/** The match tolerances in percent (decisions §13: a system setting, 0 for quantity and 1 for price). */
export interface MatchTolerance {
  quantityPercent: number;
  pricePercent: number;
}
export const DEFAULT_MATCH_TOLERANCE: MatchTolerance = { quantityPercent: 0, pricePercent: 1 };

export interface LineMatch {
  /** The quantity invoiced is within what was received and not yet invoiced, plus the tolerance. */
  quantityOk: boolean;
  /** The unit price is within the tolerance of the order's. */
  priceOk: boolean;
}

const scaledPercent = (percent: number) => BigInt(Math.round(percent * 100));

/**
 * One invoice line against its order line: `invoiceable` is what its confirmed receipts accepted
 * less what other invoices in force already claim. Exact: the decimals are compared as integers.
 */
export function matchLine(
  line: { quantity: string; unitPrice: string },
  order: { invoiceable: string; unitPrice: string },
  tolerance: MatchTolerance = DEFAULT_MATCH_TOLERANCE,
): LineMatch {
  const q = toScaled(line.quantity, QUANTITY_PLACES) ?? 0n;
  const open = toScaled(order.invoiceable, QUANTITY_PLACES) ?? 0n;
  // q ≤ open × (1 + t/100), in hundredths of a percent.
  const quantityOk = q * 10_000n <= open * (10_000n + scaledPercent(tolerance.quantityPercent));
  const p = toScaled(line.unitPrice, PRICE_PLACES) ?? 0n;
  const o = toScaled(order.unitPrice, PRICE_PLACES) ?? 0n;
  const diff = p > o ? p - o : o - p;
  const priceOk = diff * 10_000n <= o * scaledPercent(tolerance.pricePercent);
  return { quantityOk, priceOk };
}

/** What is left to invoice on an order line: received less invoiced, never below zero. */
export function invoiceableQuantity(received: string, invoiced: string): string {
  const left = (toScaled(received, QUANTITY_PLACES) ?? 0n) - (toScaled(invoiced, QUANTITY_PLACES) ?? 0n);
  return fromScaled(left > 0n ? left : 0n, QUANTITY_PLACES);
}

/** The workflow form a mismatched invoice's approval runs on (when the tenant released a flow for it). */
export const INVOICE_MISMATCH_FORM_NAME = 'InvoiceMismatch';

export const INVOICE_PATH = '/procurement/invoice';
export const VENDOR_INVOICES_PATH = '/vendorPortal/invoices';

export const InvoicePerm = {
  /** Staff read the tenant's invoices. */
  invoice: 'procurement.invoice',
  /** Staff approve or reject an invoice. */
  invoiceDecide: 'procurement.invoice.decide',
} as const;

const INV = '/api/procurement/Invoice';
const PORTAL = '/api/procurement/Portal/Invoice';
export const InvoiceApi = {
  /** Staff: GET list, GET `${base}/{id}`, POST approve / reject with the invoice's version. */
  base: INV,
  approve: (id: string) => `${INV}/${id}/Actions/Approve`,
  reject: (id: string) => `${INV}/${id}/Actions/Reject`,
  /** The supplier: GET list, POST submit, GET `${portal}/{id}`; GET the lines it may invoice. */
  portal: PORTAL,
  invoiceable: `${PORTAL}/Invoiceable`,
} as const;

export const INVOICE_MAX_LINES = 200;

export interface InvoiceLine {
  id: string;
  orderLineId: string;
  lineNo: number;
  materialName: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  /** What the match compared, as they were at submission. */
  orderUnitPrice: string;
  invoiceableQuantity: string;
  quantityOk: boolean;
  priceOk: boolean;
}

export interface InvoiceSummary {
  id: string;
  billNo: string;
  invoiceNo: string;
  invoiceDate: string;
  orderId: string;
  orderBillNo: string;
  supplierId: string;
  supplierName: string;
  state: InvoiceState;
  version: number;
  currency: string;
  totalAmount: string;
  createdAt: number;
  decidedAt: number | null;
}

export interface Invoice extends InvoiceSummary {
  /** A mismatch's task in its approval flow, which decides it (staff's side only; else null). */
  approvalTaskId: string | null;
  remark: string;
  decidedBy: string;
  reason: string;
  lines: InvoiceLine[];
  actions: InvoiceAction[];
}

/** A received order line the supplier may invoice. */
export interface InvoiceableLine {
  orderId: string;
  orderBillNo: string;
  orderLineId: string;
  lineNo: number;
  materialName: string;
  unit: string;
  unitPrice: string;
  receivedQuantity: string;
  invoiceableQuantity: string;
}

/** What a client sends to submit an invoice (invoice.ts validates it). */
export interface InvoiceSaveBody {
  orderId: string;
  invoiceNo: string;
  invoiceDate: string;
  remark?: string;
  lines: { orderLineId: string; quantity: string | number; unitPrice: string | number }[];
}
