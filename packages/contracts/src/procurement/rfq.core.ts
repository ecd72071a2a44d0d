// Requests for quotation (issue 41 §1, decisions §13): staff draft a request with lines (by hand or
// from an approved purchase requisition), invite qualified suppliers and set a deadline; each
// invited supplier quotes once per round in the portal (a unit price and lead time per line, a
// validity, attachments), never seeing another's quote. Quotes are sealed: staff read the prices
// only once the request is closed, at its deadline by the server's clock or closed early. Staff
// compare side by side and award per line, through the `RfqAward` approval flow when the tenant
// has one released (its conditions decide by the amount); an award makes one draft purchase order
// per awarded supplier. A closed request may start a new round with a new deadline. The schemas
// are in rfq.ts; docs/procurement.md tells the rest.
import type { RfqMode } from './bid.core';
import { compareDecimals, lineAmount, sumDecimals } from './decimal.core';

export const RFQ_STATES = ['draft', 'open', 'closed', 'awarded', 'cancelled'] as const;
export type RfqState = (typeof RFQ_STATES)[number];

export const QUOTE_STATES = ['draft', 'submitted', 'withdrawn'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** What staff may do to a request, by its state (the server refuses the rest with 409). */
export type RfqAction =
  | 'edit'
  | 'delete'
  | 'publish'
  | 'close'
  | 'newRound'
  | 'award'
  | 'cancel'
  | 'suspendBid'
  | 'resumeBid';

const RFQ_ACTIONS: Record<RfqState, readonly RfqAction[]> = {
  draft: ['edit', 'delete', 'publish', 'cancel'],
  open: ['close', 'cancel'],
  closed: ['newRound', 'award', 'cancel'],
  awarded: [],
  cancelled: [],
};

/**
 * The actions of a request; none while its award is in approval. A live auction's round may also
 * be suspended while open, and resumed while suspended.
 */
export function rfqActions(
  state: RfqState,
  awarding = false,
  live: { mode: RfqMode; suspended: boolean } = { mode: 'sealed', suspended: false },
): readonly RfqAction[] {
  if (awarding) return [];
  const actions = RFQ_ACTIONS[state];
  if (live.mode !== 'auction' || state !== 'open') return actions;
  return [...actions, live.suspended ? 'resumeBid' : 'suspendBid'];
}

export function rfqAllows(
  state: RfqState,
  action: RfqAction,
  awarding = false,
  live?: { mode: RfqMode; suspended: boolean },
): boolean {
  return rfqActions(state, awarding, live).includes(action);
}

/**
 * An open request is closed once its deadline has come, by the server's clock; a suspended
 * auction stays open (its clock stands still until it is resumed).
 */
export function effectiveRfqState(
  state: RfqState,
  deadline: number,
  now: number,
  suspended = false,
): RfqState {
  return state === 'open' && !suspended && now >= deadline ? 'closed' : state;
}

/** The states in which an invited supplier sees a request (never a draft). */
export const RFQ_SUPPLIER_VISIBLE: readonly RfqState[] = ['open', 'closed', 'awarded', 'cancelled'];

/** What an invited supplier may do with its quote of the current round, while the request is open. */
export type QuoteAction = 'save' | 'submit' | 'withdraw' | 'bid';

/** In a live auction the supplier only bids, and not while the round is suspended. */
export function quoteActions(
  rfq: RfqState,
  quote: QuoteState | null,
  live: { mode: RfqMode; suspended: boolean } = { mode: 'sealed', suspended: false },
): readonly QuoteAction[] {
  if (rfq !== 'open') return [];
  if (live.mode === 'auction') return live.suspended ? [] : ['bid'];
  return quote === 'submitted' ? ['withdraw'] : ['save', 'submit'];
}

/** A request's deadline must be at least this far ahead when it is published or a round starts. */
export const RFQ_MIN_LEAD_MS = 5 * 60 * 1000;
export const RFQ_MAX_LINES = 200;
export const RFQ_MAX_SUPPLIERS = 50;
export const QUOTE_MAX_FILES = 10;
/** A lead time in days, as a quote line gives it. */
export const QUOTE_MAX_LEAD_DAYS = 3650;

export interface QuotedLine {
  rfqLineId: string;
  /** The unit price quoted (four places), or null for a line the supplier does not quote. */
  unitPrice: string | null;
}

/**
 * The lowest unit price of each line over the submitted quotes, with the suppliers who quoted it
 * (several on a tie): what the comparison marks and the award proposes.
 */
export function lowestByLine(
  quotes: readonly { supplierId: string; lines: readonly QuotedLine[] }[],
): Map<string, { unitPrice: string; supplierIds: string[] }> {
  const lowest = new Map<string, { unitPrice: string; supplierIds: string[] }>();
  for (const quote of quotes)
    for (const line of quote.lines) {
      if (line.unitPrice === null) continue;
      const best = lowest.get(line.rfqLineId);
      const order = best ? compareDecimals(line.unitPrice, best.unitPrice) : -1;
      if (!best || order < 0)
        lowest.set(line.rfqLineId, { unitPrice: line.unitPrice, supplierIds: [quote.supplierId] });
      else if (order === 0 && !best.supplierIds.includes(quote.supplierId))
        best.supplierIds.push(quote.supplierId);
    }
  return lowest;
}

/** A quote's total: the sum of quantity × unit price over the lines it quotes. */
export function quoteTotal(lines: readonly { quantity: string; unitPrice: string | null }[]): string {
  return sumDecimals(
    lines.flatMap((l) => (l.unitPrice === null ? [] : [lineAmount(l.quantity, l.unitPrice)])),
  );
}

/** The award's amount: each awarded line's quantity × the awarded supplier's unit price. */
export function awardTotal(lines: readonly { quantity: string; unitPrice: string }[]): string {
  return sumDecimals(lines.map((l) => lineAmount(l.quantity, l.unitPrice)));
}

export const RfqPerm = {
  rfq: 'procurement.rfq',
  rfqAdd: 'procurement.rfq.add',
  rfqEdit: 'procurement.rfq.edit',
  rfqDelete: 'procurement.rfq.delete',
  rfqPublish: 'procurement.rfq.publish',
  rfqAward: 'procurement.rfq.award',
} as const;

export const RFQ_PATH = '/procurement/rfq';
/** The supplier portal's page of its requests for quotation (its code is `VendorPortalPerm.rfqs`). */
export const VENDOR_RFQS_PATH = '/vendorPortal/rfqs';

/** The workflow form an award's approval runs on. */
export const RFQ_AWARD_FORM_NAME = 'RfqAward';

const RFQ = '/api/procurement/Rfq';
const PORTAL = '/api/procurement/Portal/Rfq';

export const RfqApi = {
  /** GET list, POST create; GET/PUT/DELETE `${base}/{id}`. */
  base: RFQ,
  /** POST actions, each with the request's `version`. */
  suspendBid: (id: string) => `${RFQ}/${id}/Actions/SuspendBid`,
  resumeBid: (id: string) => `${RFQ}/${id}/Actions/ResumeBid`,
  /** GET staff's live board of an auction's round (every bid, ranked). */
  board: (id: string) => `${RFQ}/${id}/Bids`,
  /** GET the supplier's rank and own bids; POST a bid (a unit price per line). */
  bids: (id: string) => `${PORTAL}/${id}/Bids`,
  publish: (id: string) => `${RFQ}/${id}/Actions/Publish`,
  close: (id: string) => `${RFQ}/${id}/Actions/Close`,
  newRound: (id: string) => `${RFQ}/${id}/Actions/NewRound`,
  award: (id: string) => `${RFQ}/${id}/Actions/Award`,
  cancel: (id: string) => `${RFQ}/${id}/Actions/Cancel`,
  /** GET the submitted quotes of the current round side by side (once the request is closed). */
  quotes: (id: string) => `${RFQ}/${id}/Quotes`,
  /** GET the qualified suppliers a request may invite (`categoryCode`: qualified for that category). */
  suppliers: `${RFQ}/Suppliers`,
  /** GET the tenant's approved purchase requisitions, with their lines (a request's source). */
  requisitions: `${RFQ}/Requisitions`,
  /** The supplier's side: GET list, GET `${portal}/{id}` with its own quote of the round. */
  portal: PORTAL,
  /** PUT: the supplier's quote of the current round, saved as a draft or submitted (`submit`). */
  quote: (id: string) => `${PORTAL}/${id}/Quote`,
  /** POST: takes a submitted quote back while the request is open (it may be submitted again). */
  withdrawQuote: (id: string) => `${PORTAL}/${id}/Quote/Actions/Withdraw`,
  /** POST multipart: a quote's attachment (PDF or image, at most 10 MB). */
  upload: `${PORTAL}/Upload`,
} as const;

export interface RfqLine {
  id: string;
  lineNo: number;
  materialCode: string;
  materialName: string;
  spec: string;
  unit: string;
  quantity: string;
  /** When the goods are needed. */
  deliveryDate: string;
  /** The award of the line, once awarded (the supplier sees only its own). */
  award: { supplierId: string; supplierName: string; unitPrice: string; amount: string } | null;
}

export interface RfqSummary {
  id: string;
  billNo: string;
  title: string;
  state: RfqState;
  /** Sealed quotes, or a live auction. */
  mode: RfqMode;
  /** A live auction's round stands still (no bids) until it is resumed. */
  suspended: boolean;
  round: number;
  version: number;
  /** ms since the epoch; the server's clock decides. */
  deadline: number;
  currency: string;
  lineCount: number;
  supplierCount: number;
  /** Quotes submitted in the current round (staff's side; the supplier's is its own, 0 or 1). */
  quotedCount: number;
  /** An award in approval. */
  awarding: boolean;
  buyerName: string;
  createdAt: number;
  publishedAt: number | null;
}

export interface RfqInvitee {
  supplierId: string;
  supplierCode: string;
  supplierName: string;
  /** Its quote of the current round (staff see whether it quoted, not what, until the close). */
  quoteState: QuoteState | null;
  submittedAt: number | null;
}

export interface RfqFile {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
  url: string;
}

/** An auction's rules (a sealed request keeps the defaults). */
export interface RfqBidRules {
  /** The least a bid must undercut the supplier's own best by (money, '0': any lower total). */
  bidStep: string;
  /** The highest total a first bid may have, or null. */
  bidCeiling: string | null;
  /** A bid within this many last minutes moves the close this far ahead (0: never). */
  bidExtendMinutes: number;
}

export interface Rfq extends RfqSummary, RfqBidRules {
  categoryCode: string;
  deliveryAddress: string;
  /** Terms the suppliers read. */
  terms: string;
  /** Staff's own note (never shown to a supplier). */
  remark: string;
  requisition: { taskId: string; billNo: string } | null;
  lines: RfqLine[];
  suppliers: RfqInvitee[];
  /** The purchase orders the award made. */
  orders: { id: string; billNo: string; supplierName: string; state: string }[];
  cancelReason: string;
  actions: RfqAction[];
}

export interface QuoteLine {
  rfqLineId: string;
  unitPrice: string | null;
  amount: string | null;
  leadDays: number | null;
  remark: string;
}

export interface Quote {
  id: string;
  supplierId: string;
  supplierName: string;
  round: number;
  state: QuoteState;
  version: number;
  /** The last day the prices hold. */
  validUntil: string;
  remark: string;
  totalAmount: string;
  submittedAt: number | null;
  lines: QuoteLine[];
  files: RfqFile[];
}

/** Staff's comparison: the request's lines and the submitted quotes of its current round. */
export interface RfqComparison {
  round: number;
  lines: RfqLine[];
  quotes: Quote[];
}

/** The supplier's view: the request without staff's note or others' names, its own quote. */
export interface PortalRfq extends Omit<Rfq, 'remark' | 'suppliers' | 'orders' | 'requisition' | 'actions'> {
  quote: Quote | null;
  /** Its quote of the round before, to start the new round from. */
  previousQuote: Quote | null;
  actions: QuoteAction[];
}

export interface RfqSupplierChoice {
  id: string;
  supplierCode: string;
  supplierName: string;
}

export interface RequisitionChoice {
  taskId: string;
  billNo: string;
  title: string;
  launcherName: string;
  neededBy: string;
  /** Requests already made from it. */
  rfqCount: number;
  lines: { materialName: string; spec: string; unit: string; quantity: string }[];
}

/** What a client sends to create or save a draft request (rfq.ts validates it). */
export interface RfqSaveBody {
  title: string;
  mode?: RfqMode;
  bidStep?: string | number;
  bidCeiling?: string | number | null;
  bidExtendMinutes?: number;
  categoryCode?: string;
  currency?: string;
  deadline: number;
  deliveryAddress: string;
  terms?: string;
  remark?: string;
  requisitionTaskId?: string | null;
  supplierIds: string[];
  lines: {
    materialCode?: string;
    materialName: string;
    spec?: string;
    unit: string;
    quantity: string | number;
    deliveryDate: string;
  }[];
}

export interface QuoteSaveBody {
  /** The quote's version when it exists (null for the round's first save). */
  version: number | null;
  submit: boolean;
  validUntil: string;
  remark?: string;
  fileIds?: string[];
  lines: {
    rfqLineId: string;
    unitPrice: string | number | null;
    leadDays?: number | null;
    remark?: string;
  }[];
}
