// Live bidding (issue 41 §1): a request for quotation in `auction` mode is a reverse auction.
// While it is open, each invited supplier bids a unit price for every line; its bid counts by the
// total, and each bid must be strictly lower than its own best by at least the request's step.
// Suppliers see their rank and how many bid, never another's price; staff watch the whole board.
// A bid in the last minutes extends the close (soft close), staff may suspend and resume the round,
// and the server's clock decides all of it. Every bid is kept; a supplier's best bid stands as its
// quote of the round, so the comparison and the award after the close are those of sealed quotes.
import { compareDecimals, toScaled } from './decimal.core';

export const RFQ_MODES = ['sealed', 'auction'] as const;
export type RfqMode = (typeof RFQ_MODES)[number];

/** A late bid extends the close by at most this many minutes (0: no extension). */
export const BID_MAX_EXTEND_MINUTES = 30;

/** How a live round stands for the clients watching it. */
export type BidRoundState = 'open' | 'suspended' | 'closed';

/**
 * Why a bid is refused, or null when it stands: it must be lower than the supplier's own best
 * by at least `step` (strictly lower when the step is 0), and never above the ceiling when one is set.
 */
export function bidRefusal(
  total: string,
  ownBest: string | null,
  step: string,
  ceiling: string | null,
): 'notLower' | 'aboveCeiling' | null {
  if (ceiling !== null && compareDecimals(total, ceiling) > 0) return 'aboveCeiling';
  if (ownBest === null) return null;
  const gap = (toScaled(ownBest, 2) ?? 0n) - (toScaled(total, 2) ?? 0n);
  const least = toScaled(step, 2) ?? 0n;
  return gap > 0n && gap >= least ? null : 'notLower';
}

/**
 * The close after a bid at `now`: a bid within the last `extendMs` moves the close to `now +
 * extendMs` (never earlier than it was).
 */
export function extendedDeadline(deadline: number, now: number, extendMs: number): number {
  return extendMs > 0 && deadline - now < extendMs ? Math.max(deadline, now + extendMs) : deadline;
}

export interface BidStanding {
  supplierId: string;
  /** Its best (lowest) total so far. */
  best: string;
  /** When it first bid that total (ms): of two equal totals the earlier ranks first. */
  bestAt: number;
  bids: number;
}

/** The standings ranked: 1 is the lowest total; equal totals by who bid it first. */
export function rankStandings<T extends BidStanding>(standings: readonly T[]): (T & { rank: number })[] {
  return [...standings]
    .sort(
      (a, b) =>
        compareDecimals(a.best, b.best) || a.bestAt - b.bestAt || a.supplierId.localeCompare(b.supplierId),
    )
    .map((s, i) => ({ ...s, rank: i + 1 }));
}

/** The socket room of a live round: named by tenant too, so ids of another tenant never meet. */
export const bidRoom = (tenantId: string, rfqId: string) => `bid:${tenantId}:${rfqId}`;

/** Staff's live board: every bidder's best, ranked. */
export interface BidBoard {
  rfqId: string;
  round: number;
  state: BidRoundState;
  /** ms since the epoch: the close, by the server's clock (while suspended, what would remain from `serverNow`). */
  deadline: number;
  /** The server's clock when the frame was made: clients count down from it. */
  serverNow: number;
  /** Bids accepted in the round: each frame's number, so a client keeps only the newest. */
  seq: number;
  ranking: {
    rank: number;
    supplierId: string;
    supplierName: string;
    best: string;
    bids: number;
    lastBidAt: number;
  }[];
  /** Every bid of the round, the newest first (staff's side only). */
  bids: { id: string; supplierName: string; total: string; at: number }[];
}

/** A supplier's live view: its rank and its own bids, never another's price or name. */
export interface BidRank {
  rfqId: string;
  round: number;
  state: BidRoundState;
  deadline: number;
  serverNow: number;
  seq: number;
  /** 1 is the lowest; null before it bids. */
  rank: number | null;
  /** How many suppliers have bid. */
  bidders: number;
  ownBest: string | null;
  /** Its bids of the round, the newest first. */
  ownBids: { id: string; total: string; at: number }[];
  /** The least the next bid must undercut its best by (0: any lower total). */
  step: string;
  ceiling: string | null;
}
