import {
  type BidBoard,
  type BidRank,
  type BidRoundState,
  bidRoom,
  effectiveRfqState,
  type RfqMode,
  type RfqState,
  rankStandings,
} from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import type { Deps } from '../core/context';
import type { Database } from '../db/types';

/**
 * How a live auction's round stands (docs/procurement.md, "Live bidding"): staff's board with every
 * bidder ranked, each supplier's rank, and the push of both to the sockets watching the round
 * (`openBid`, procurement/bid-socket.ts) after every change is committed.
 */

/** The newest bids a board lists, and a supplier's own. */
const BOARD_BIDS = 50;

export interface RoundHead {
  id: string;
  round: number;
  mode: RfqMode;
  /** The request's state as stored (who may see it). */
  storedState: RfqState;
  state: BidRoundState;
  /** The close (while suspended: now + what the round had left). */
  deadline: number;
  step: string;
  ceiling: string | null;
}

interface RoundBid {
  id: string;
  supplierId: string;
  supplierName: string;
  total: string;
  at: number;
}

/** The tenant's request as a live round; null when it is not the tenant's. */
export async function roundHead(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  now: Date,
): Promise<RoundHead | null> {
  const row = await db
    .selectFrom('po_rfq')
    .select([
      'id',
      'round',
      'mode',
      'state',
      'deadline',
      'suspended_ms',
      sql<string>`bid_step::text`.as('bid_step'),
      sql<string | null>`bid_ceiling::text`.as('bid_ceiling'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const suspended = row.suspended_ms !== null;
  const deadline = suspended ? now.getTime() + Number(row.suspended_ms) : new Date(row.deadline).getTime();
  const state = effectiveRfqState(row.state as RfqState, deadline, now.getTime(), suspended);
  return {
    id: String(row.id),
    round: row.round,
    mode: row.mode as RfqMode,
    storedState: row.state as RfqState,
    state: state !== 'open' ? 'closed' : suspended ? 'suspended' : 'open',
    deadline,
    step: row.bid_step,
    ceiling: row.bid_ceiling,
  };
}

/** Every bid of the round, the newest first. */
async function roundBids(db: Kysely<Database>, head: RoundHead): Promise<RoundBid[]> {
  const rows = await db
    .selectFrom('po_bid as b')
    .innerJoin('vendor_supplier as s', 's.id', 'b.supplier_id')
    .select([
      'b.id',
      'b.supplier_id',
      's.supplier_name',
      sql<string>`b.total::text`.as('total'),
      'b.created_at',
    ])
    .where('b.rfq_id', '=', head.id)
    .where('b.round', '=', head.round)
    .orderBy('b.seq', 'desc')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    supplierId: String(r.supplier_id),
    supplierName: r.supplier_name,
    total: r.total,
    at: new Date(r.created_at).getTime(),
  }));
}

/** Each bidder's best, ranked (its bids only go down, so its best is its newest). */
function ranking(bids: readonly RoundBid[]) {
  const bySupplier = new Map<
    string,
    {
      supplierId: string;
      supplierName: string;
      best: string;
      bestAt: number;
      bids: number;
      lastBidAt: number;
    }
  >();
  for (const bid of bids) {
    const seen = bySupplier.get(bid.supplierId);
    if (seen) seen.bids += 1;
    else
      bySupplier.set(bid.supplierId, {
        supplierId: bid.supplierId,
        supplierName: bid.supplierName,
        best: bid.total,
        bestAt: bid.at,
        bids: 1,
        lastBidAt: bid.at,
      });
  }
  return rankStandings([...bySupplier.values()]);
}

function boardOf(head: RoundHead, bids: readonly RoundBid[], now: Date): BidBoard {
  return {
    rfqId: head.id,
    round: head.round,
    state: head.state,
    deadline: head.deadline,
    serverNow: now.getTime(),
    seq: bids.length,
    ranking: ranking(bids).map(({ rank, supplierId, supplierName, best, bids: n, lastBidAt }) => ({
      rank,
      supplierId,
      supplierName,
      best,
      bids: n,
      lastBidAt,
    })),
    bids: bids.slice(0, BOARD_BIDS).map((b) => ({
      id: b.id,
      supplierName: b.supplierName,
      total: b.total,
      at: b.at,
    })),
  };
}

/** Each supplier's own bids, the newest first (one pass over the round's bids). */
function bidsBySupplier(bids: readonly RoundBid[]): Map<string, RoundBid[]> {
  const out = new Map<string, RoundBid[]>();
  for (const bid of bids) {
    const own = out.get(bid.supplierId);
    if (!own) out.set(bid.supplierId, [bid]);
    else if (own.length < BOARD_BIDS) own.push(bid);
  }
  return out;
}

function rankOf(
  head: RoundHead,
  seq: number,
  ranked: ReturnType<typeof ranking>,
  ownBids: readonly RoundBid[],
  supplierId: string,
  now: Date,
): BidRank {
  const own = ranked.find((r) => r.supplierId === supplierId);
  return {
    rfqId: head.id,
    round: head.round,
    state: head.state,
    deadline: head.deadline,
    serverNow: now.getTime(),
    seq,
    rank: own?.rank ?? null,
    bidders: ranked.length,
    ownBest: own?.best ?? null,
    ownBids: ownBids.map((b) => ({ id: b.id, total: b.total, at: b.at })),
    step: head.step,
    ceiling: head.ceiling,
  };
}

export async function boardOfRound(db: Kysely<Database>, head: RoundHead, now: Date): Promise<BidBoard> {
  return boardOf(head, await roundBids(db, head), now);
}

export async function rankOfRound(
  db: Kysely<Database>,
  head: RoundHead,
  supplierId: string,
  now: Date,
): Promise<BidRank> {
  const bids = await roundBids(db, head);
  return rankOf(
    head,
    bids.length,
    ranking(bids),
    bidsBySupplier(bids).get(supplierId) ?? [],
    supplierId,
    now,
  );
}

/** Pushes running or asked for, per round: a change while one runs makes it run once more. */
const pushes = new Map<string, { again: boolean }>();

/**
 * After a committed change of an auction's round, every socket watching it gets the newest
 * standing: staff the board, each invited supplier its own rank. Changes that come while a push
 * runs fold into one more push, so a busy round sends its newest state, never a queue of old ones.
 */
export async function pushLiveRound(
  ctx: { db: Kysely<Database>; deps: Deps; tenantId: string },
  id: string,
): Promise<void> {
  const key = `${ctx.tenantId}:${id}`;
  const running = pushes.get(key);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  pushes.set(key, state);
  try {
    do {
      state.again = false;
      const now = new Date();
      const head = await roundHead(ctx.db, ctx.tenantId, id, now);
      if (head?.mode !== 'auction') return;
      const [bids, invited] = await Promise.all([
        roundBids(ctx.db, head),
        ctx.db.selectFrom('po_rfq_supplier').select('supplier_id').where('rfq_id', '=', id).execute(),
      ]);
      const ranked = ranking(bids);
      const own = bidsBySupplier(bids);
      const frames: Record<string, { method: string; [key: string]: unknown }> = {
        staff: { method: 'bidBoard', ...boardOf(head, bids, now) },
      };
      for (const { supplier_id } of invited) {
        const supplierId = String(supplier_id);
        frames[`supplier:${supplierId}`] = {
          method: 'bidRank',
          ...rankOf(head, bids.length, ranked, own.get(supplierId) ?? [], supplierId, now),
        };
      }
      await ctx.deps.realtime.sendToRoom(bidRoom(ctx.tenantId, id), frames);
    } while (state.again);
  } finally {
    pushes.delete(key);
  }
}
