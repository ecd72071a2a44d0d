import type { Delegation } from './types';

const covers = (d: Delegation, at: number) => d.startAt <= at && at < d.endAt;
const coversFlow = (d: Delegation, flowId: string) => d.flowIds === null || d.flowIds.includes(flowId);
const windowsMeet = (a: Delegation, b: Delegation) => a.startAt < b.endAt && b.startAt < a.endAt;
const scopesMeet = (a: Delegation, b: Delegation) =>
  a.flowIds === null || b.flowIds === null || a.flowIds.some((f) => b.flowIds?.includes(f));

/**
 * The delegation that lets `delegateId` act for `ownerId` on this flow now, if any (one hop only).
 * Never on a task `delegateId` launched himself: a delegation does not hand anyone his own request
 * to decide, so such an item stays with its owner (the delegator), who handles it as usual.
 */
export function delegationFor(
  delegations: readonly Delegation[],
  ownerId: string,
  delegateId: string,
  flowId: string,
  now: number,
  launcherId: string,
): Delegation | undefined {
  if (launcherId === delegateId) return undefined;
  return delegations.find(
    (d) => d.fromUserId === ownerId && d.toUserId === delegateId && covers(d, now) && coversFlow(d, flowId),
  );
}

export type DelegationProblem = 'self' | 'emptyWindow' | 'ended' | 'overlap' | 'chain';

/**
 * Why a new delegation cannot be saved next to the existing ones: to oneself, an empty window, a
 * window already over at `now` (when given), a second delegation of the same person for an
 * overlapping time and flow (one over at `now` no longer counts), or a chain (the delegate has delegated, or the delegator is someone's
 * delegate, at an overlapping time and flow).
 */
export function delegationProblem(
  candidate: Delegation,
  existing: readonly Delegation[],
  now?: number,
): DelegationProblem | null {
  if (candidate.fromUserId === candidate.toUserId) return 'self';
  if (candidate.endAt <= candidate.startAt) return 'emptyWindow';
  if (now !== undefined && candidate.endAt <= now) return 'ended';
  // One already over (ended early, or run out) acts for nobody any more: it no longer counts.
  const others = existing.filter(
    (d) =>
      d.id !== candidate.id &&
      (now === undefined || d.endAt > now) &&
      windowsMeet(d, candidate) &&
      scopesMeet(d, candidate),
  );
  if (others.some((d) => d.fromUserId === candidate.fromUserId)) return 'overlap';
  if (others.some((d) => d.fromUserId === candidate.toUserId || d.toUserId === candidate.fromUserId))
    return 'chain';
  return null;
}
