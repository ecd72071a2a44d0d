import {
  type BidBoard,
  type BidRank,
  type BidRoundState,
  effectiveRfqState,
  type RfqSummary,
} from '@srm/contracts/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { onFrame, onSocketOpen, useSocketStore } from '../../../store/socket';
import { portalRfqApi, rfqApi, rfqKeys } from '../rfq-api';
import { useLeftText, useNow } from './shared';

/**
 * A live auction's round on screen (docs/procurement.md, "Live bidding"): the first view comes
 * over HTTP, then the socket's frames (`openBid`) land in the same query's cache, each kept only
 * when it is newer than what is shown. The countdown runs by the server's clock.
 */

type LiveView = Pick<BidBoard, 'rfqId' | 'round' | 'state' | 'deadline' | 'serverNow' | 'seq'>;

/**
 * Whether `next` may replace `shown`: a later round, more bids, or the same bids seen later by the
 * server's clock (a suspension, a resumption, the close). A slower answer of an older standing
 * never undoes a newer one.
 */
export function isNewerView(shown: LiveView | undefined, next: LiveView): boolean {
  if (!shown || shown.rfqId !== next.rfqId) return true;
  if (next.round !== shown.round) return next.round > shown.round;
  if (next.seq !== shown.seq) return next.seq > shown.seq;
  return next.serverNow >= shown.serverNow;
}

/** The time left to the close by the server's clock (`offset`: server − this clock); null once closed. */
export function timeLeft(view: LiveView, now: number, offset: number): number | null {
  if (view.state === 'closed') return null;
  // Suspended: the clock stands still at what was left when the frame was made.
  if (view.state === 'suspended') return Math.max(0, view.deadline - view.serverNow);
  return Math.max(0, view.deadline - (now + offset));
}

const LIVE = {
  bidBoard: { key: rfqKeys.board, fetch: rfqApi.board },
  bidRank: { key: rfqKeys.rank, fetch: portalRfqApi.rank },
} as const;
type ViewOf<M extends keyof typeof LIVE> = M extends 'bidBoard' ? BidBoard : BidRank;

/**
 * The live view of an auction's round while `enabled`: staff's board (`bidBoard`) or the
 * supplier's rank (`bidRank`). Sends `openBid` on mount and after every reconnect, `suspendBid`
 * on unmount. `left` is the time to the close by the server's clock (null when closed); once it
 * has run out the view is read again (the server then answers the round closed).
 */
export function useLiveBid<M extends keyof typeof LIVE>(method: M, rfqId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  // The server's clock less this one's, from the newest view.
  const offset = useRef(0);
  const keep = useRef((next: ViewOf<M>): ViewOf<M> => {
    const shown = queryClient.getQueryData<ViewOf<M>>(LIVE[method].key(next.rfqId));
    if (shown && !isNewerView(shown, next)) return shown;
    offset.current = next.serverNow - Date.now();
    return next;
  });
  const query = useQuery({
    queryKey: LIVE[method].key(rfqId),
    queryFn: async () => keep.current((await LIVE[method].fetch(rfqId)) as ViewOf<M>),
    enabled,
    refetchOnMount: 'always',
  });

  useEffect(() => {
    if (!enabled) return;
    const send = (name: 'openBid' | 'suspendBid') =>
      useSocketStore.getState().send({ method: name, bidId: rfqId });
    const offFrame = onFrame(method, (frame) => {
      const { method: _method, ...rest } = frame as { method: M } & ViewOf<M>;
      const view = rest as unknown as ViewOf<M>;
      if (view.rfqId !== rfqId) return;
      queryClient.setQueryData(LIVE[method].key(rfqId), keep.current(view));
    });
    const offOpen = onSocketOpen(() => send('openBid'));
    send('openBid');
    return () => {
      offFrame();
      offOpen();
      send('suspendBid');
    };
  }, [enabled, method, rfqId, queryClient]);

  const view = query.data;
  const open = enabled && view?.state === 'open';
  const now = useNow(open);
  const left = view ? timeLeft(view, now, offset.current) : null;

  // At the close by the server's clock, read again: the server answers the round closed (or
  // extended by a late bid, with a later close to wait for).
  const { refetch } = query;
  const deadline = view?.deadline ?? 0;
  const serverNow = view?.serverNow ?? 0;
  useEffect(() => {
    if (!open || !serverNow) return;
    const wait = deadline - (Date.now() + offset.current) + 1000;
    const timer = setTimeout(() => void refetch(), Math.min(Math.max(wait, 1000), 2_147_483_647));
    return () => clearTimeout(timer);
  }, [open, deadline, serverNow, refetch]);

  return { view, query, left, keep: (next: ViewOf<M>) => keep.current(next) };
}

/** How a request reads as a live round: open, suspended, or closed (by its state or its clock). */
export function roundStateOf(rfq: Pick<RfqSummary, 'state' | 'deadline' | 'suspended'>): BidRoundState {
  if (effectiveRfqState(rfq.state, rfq.deadline, Date.now(), rfq.suspended) !== 'open') return 'closed';
  return rfq.suspended ? 'suspended' : 'open';
}

/**
 * Reads the request again (`refetch`) when the live round tells otherwise than it does: suspended,
 * resumed or closed, a close moved by a late bid, or `stale` (the caller's own sign, such as
 * another bidder). Once per new view, so a clock a little off never loops.
 */
export function useFollowRound(
  view: LiveView | undefined,
  rfq: Pick<RfqSummary, 'state' | 'deadline' | 'suspended'>,
  refetch: () => void,
  stale = false,
) {
  const differs =
    !!view &&
    (view.state !== roundStateOf(rfq) || (view.state === 'open' && view.deadline !== rfq.deadline) || stale);
  const again = useRef(refetch);
  again.current = refetch;
  // The view that differs, by what makes it new: once each.
  const differing = differs ? `${view.round}:${view.seq}:${view.state}:${view.deadline}` : '';
  useEffect(() => {
    if (differing) again.current();
  }, [differing]);
}

const ROUND_COLOR: Record<BidRoundState, string> = { open: 'blue', suspended: 'orange', closed: 'gold' };

/** How the round stands: bidding, suspended or closed. */
export function BidRoundTag({ state }: { state: BidRoundState }) {
  const { t } = useTranslation('rfq');
  return (
    <Tag color={ROUND_COLOR[state]} data-testid="rfq-bid-state">
      {t(`bidState.${state}`)}
    </Tag>
  );
}

/** The time to the close by the server's clock, standing still while suspended; or that it closed. */
export function BidCountdown({ view, left }: { view: LiveView; left: number | null }) {
  const { t } = useTranslation('rfq');
  const leftText = useLeftText();
  const text =
    left === null
      ? t('bidClosed')
      : view.state === 'suspended'
        ? t('bidLeftSuspended', { time: leftText(left) })
        : t('bidClosesIn', { time: leftText(left) });
  return (
    <Typography.Text strong data-testid="rfq-bid-countdown" role="timer">
      {text}
    </Typography.Text>
  );
}
