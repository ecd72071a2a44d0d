import type { Delegation } from './types';

const covers = (d: Delegation, at: number) => d.startAt <= at && at < d.endAt;
const coversFlow = (d: Delegation, flowId: string) => d.flowIds === null || d.flowIds.includes(flowId);
const windowsMeet = (a: Delegation, b: Delegation) => a.startAt < b.endAt && b.startAt < a.endAt;
const scopesMeet = (a: Delegation, b: Delegation) =>
  a.flowIds === null || b.flowIds === null || a.flowIds.some((f) => b.flowIds?.includes(f));

/** The delegation that lets `delegateId` act for `ownerId` on this flow now, if any (one hop only). */
export function delegationFor(
  delegations: readonly Delegation[],
  ownerId: string,
  delegateId: string,
  flowId: string,
  now: number,
): Delegation | undefined {
  return delegations.find(
    (d) => d.fromUserId === ownerId && d.toUserId === delegateId && covers(d, now) && coversFlow(d, flowId),
  );
}

export type DelegationProblem = 'self' | 'emptyWindow' | 'overlap' | 'chain';

/**
 * Why a new delegation cannot be saved next to the existing ones: to oneself, an empty window, a
 * second delegation of the same person for an overlapping time and flow, or a chain (the delegate
 * has delegated, or the delegator is someone's delegate, at an overlapping time and flow).
 */
export function delegationProblem(
  candidate: Delegation,
  existing: readonly Delegation[],
): DelegationProblem | null {
  if (candidate.fromUserId === candidate.toUserId) return 'self';
  if (candidate.endAt <= candidate.startAt) return 'emptyWindow';
  const others = existing.filter(
    (d) => d.id !== candidate.id && windowsMeet(d, candidate) && scopesMeet(d, candidate),
  );
  if (others.some((d) => d.fromUserId === candidate.fromUserId)) return 'overlap';
  if (others.some((d) => d.fromUserId === candidate.toUserId || d.toUserId === candidate.fromUserId))
    return 'chain';
  return null;
}
