// Purchase orders (issue 41 §2, decisions §13): staff draft an order for a qualified supplier,
// it is approved through the workflow when a flow is bound to the `PurchaseOrder` form (else it is
// released at once), and the supplier answers each line in the portal: accept, reject with a
// reason, or propose another quantity or date, which staff accept or refuse. A change after
// release is a new revision whose changed lines the supplier answers again. Every state change is
// one transaction, checked against the order's `version` (409 when stale), and kept in the order's
// history with who and when. The schemas are in order.ts; docs/procurement.md tells the rest.

export const PO_STATES = [
  'draft',
  'approving',
  'released',
  'acknowledged',
  'changed',
  'closed',
  'cancelled',
] as const;
export type PoState = (typeof PO_STATES)[number];

export const PO_LINE_STATES = ['waiting', 'accepted', 'rejected', 'proposed'] as const;
export type PoLineState = (typeof PO_LINE_STATES)[number];

/** What the supplier may answer to a waiting line. */
export const PO_LINE_ANSWERS = ['accept', 'reject', 'propose'] as const;
export type PoLineAnswer = (typeof PO_LINE_ANSWERS)[number];

/** What staff may do to an order, by the order's state (the server refuses the rest with 409). */
export type PoAction = 'edit' | 'delete' | 'submit' | 'revise' | 'close' | 'cancel' | 'decide';

const STAFF_ACTIONS: Record<PoState, readonly PoAction[]> = {
  draft: ['edit', 'delete', 'submit', 'cancel'],
  approving: [],
  released: ['revise', 'cancel', 'decide'],
  changed: ['revise', 'cancel', 'decide'],
  acknowledged: ['revise', 'close', 'cancel'],
  closed: [],
  cancelled: [],
};

export function poActions(state: PoState): readonly PoAction[] {
  return STAFF_ACTIONS[state];
}

export function poAllows(state: PoState, action: PoAction): boolean {
  return STAFF_ACTIONS[state].includes(action);
}

/** The states in which the supplier sees an order and may answer its waiting lines. */
export const PO_SUPPLIER_VISIBLE: readonly PoState[] = [
  'released',
  'changed',
  'acknowledged',
  'closed',
  'cancelled',
];
export const PO_ANSWERABLE: readonly PoState[] = ['released', 'changed'];

/**
 * The state of a released order once its lines are what they are: acknowledged when every line is
 * accepted; otherwise it stays as it was (released, or changed for a revision) until its waiting,
 * proposed and rejected lines are settled.
 */
export function settledState(current: PoState, lines: readonly { state: PoLineState }[]): PoState {
  if (current !== 'released' && current !== 'changed' && current !== 'acknowledged') return current;
  if (lines.length > 0 && lines.every((l) => l.state === 'accepted')) return 'acknowledged';
  return current === 'acknowledged' ? 'changed' : current;
}

/** What a supplier's answer does to a line: only a waiting line is answered. */
export function answeredLineState(line: PoLineState, answer: PoLineAnswer): PoLineState | null {
  if (line !== 'waiting') return null;
  return answer === 'accept' ? 'accepted' : answer === 'reject' ? 'rejected' : 'proposed';
}

/** What staff's decision on a proposal does: accepted with the proposed values, or waiting again. */
export function decidedLineState(line: PoLineState, accept: boolean): PoLineState | null {
  if (line !== 'proposed') return null;
  return accept ? 'accepted' : 'waiting';
}

/** The history's kinds of entry. */
export const PO_EVENTS = [
  'created',
  'edited',
  'submitted',
  'approved',
  'returned',
  'released',
  'accepted',
  'rejected',
  'proposed',
  'proposalAccepted',
  'proposalRefused',
  'revised',
  'acknowledged',
  'closed',
  'cancelled',
  // From its advance ship notices and receipts (delivery.core.ts).
  'shipped',
  'withdrawn',
  'received',
  'receiptReversed',
] as const;
export type PoEvent = (typeof PO_EVENTS)[number];

/** Entries the supplier sees in its history (not the drafting and the approval). */
export const PO_SUPPLIER_EVENTS: readonly PoEvent[] = [
  'released',
  'accepted',
  'rejected',
  'proposed',
  'proposalAccepted',
  'proposalRefused',
  'revised',
  'acknowledged',
  'closed',
  'cancelled',
  'shipped',
  'withdrawn',
  'received',
  'receiptReversed',
];

export const PurchaseOrderPerm = {
  group: 'procurement',
  order: 'procurement.order',
  orderAdd: 'procurement.order.add',
  orderEdit: 'procurement.order.edit',
  orderDelete: 'procurement.order.delete',
  orderRelease: 'procurement.order.release',
  orderClose: 'procurement.order.close',
} as const;

/** The supplier portal's page of its orders (its code is `VendorPortalPerm.orders`). */
export const VENDOR_ORDERS_PATH = '/vendorPortal/orders';
export const PURCHASE_ORDER_PATH = '/procurement/order';

/** The workflow form an order's approval runs on. */
export const PURCHASE_ORDER_FORM_NAME = 'PurchaseOrder';

const PO = '/api/procurement/PurchaseOrder';
const PORTAL = '/api/procurement/Portal/PurchaseOrder';

export const PurchaseOrderApi = {
  /** GET list, POST create; GET/PUT/DELETE `${base}/{id}`. */
  base: PO,
  /** POST `${base}/{id}/Actions/{Submit|Close|Cancel|Decide}`, each with the order's `version`. */
  submit: (id: string) => `${PO}/${id}/Actions/Submit`,
  close: (id: string) => `${PO}/${id}/Actions/Close`,
  cancel: (id: string) => `${PO}/${id}/Actions/Cancel`,
  decide: (id: string) => `${PO}/${id}/Actions/Decide`,
  /** GET the qualified suppliers an order may go to (a picker). */
  suppliers: `${PO}/Suppliers`,
  /** The supplier's side: GET list, GET `${portal}/{id}`, POST `${portal}/{id}/Actions/Answer`. */
  portal: PORTAL,
  answer: (id: string) => `${PORTAL}/${id}/Actions/Answer`,
} as const;

export const PO_MAX_LINES = 200;

export interface PoLine {
  id: string;
  lineNo: number;
  materialCode: string;
  materialName: string;
  spec: string;
  unit: string;
  /** Decimal texts: quantity and unit price with four places, the amount with two. */
  quantity: string;
  unitPrice: string;
  amount: string;
  deliveryDate: string;
  state: PoLineState;
  /** The supplier's proposal (a proposed line), else null. */
  proposedQuantity: string | null;
  proposedDate: string | null;
  /** The supplier's reason (rejected, proposed) or staff's (a refused proposal). */
  reason: string;
  answeredBy: string;
  answeredAt: number | null;
  /** The revision in which the line last changed. */
  revision: number;
  /** On its way or received (advance ship notices sent, less what receipts rejected or found short). */
  shippedQuantity: string;
  /** Accepted by confirmed receipts. */
  receivedQuantity: string;
  /** Still to ship: quantity less shipped. */
  openQuantity: string;
}

export interface PoHistoryEntry {
  id: string;
  event: PoEvent;
  revision: number;
  lineNo: number | null;
  actorName: string;
  /** Whose side acted: staff, the supplier, or the system (a flow's end). */
  side: 'staff' | 'supplier' | 'system';
  detail: string;
  at: number;
}

export interface PurchaseOrderSummary {
  id: string;
  billNo: string;
  supplierId: string;
  supplierName: string;
  state: PoState;
  revision: number;
  version: number;
  currency: string;
  totalAmount: string;
  lineCount: number;
  /** Lines waiting for the supplier, and those staff must settle (proposed, rejected). */
  waitingLines: number;
  attentionLines: number;
  firstDeliveryDate: string | null;
  buyerName: string;
  createdAt: number;
  releasedAt: number | null;
  acknowledgedAt: number | null;
}

export interface PurchaseOrder extends PurchaseOrderSummary {
  deliveryAddress: string;
  paymentTerms: string;
  /** Staff's own note (never shown to the supplier). */
  remark: string;
  flowTaskId: string | null;
  lines: PoLine[];
  history: PoHistoryEntry[];
  /** What the caller may do now (staff: by state and codes; the supplier: `answer`). */
  actions: (PoAction | 'answer')[];
}

export interface PoSupplierChoice {
  id: string;
  supplierCode: string;
  supplierName: string;
}

/** What a client sends to create or save an order (order.ts validates it). */
export interface PoSaveBody {
  supplierId: string;
  currency?: string;
  deliveryAddress: string;
  paymentTerms?: string;
  remark?: string;
  lines: {
    id?: string;
    materialCode?: string;
    materialName: string;
    spec?: string;
    unit: string;
    quantity: string | number;
    unitPrice: string | number;
    deliveryDate: string;
  }[];
}

/** The supplier's answer to some waiting lines. */
export interface PoAnswerBody {
  version: number;
  lines: {
    lineId: string;
    answer: PoLineAnswer;
    reason?: string;
    quantity?: string | number;
    deliveryDate?: string;
  }[];
}
