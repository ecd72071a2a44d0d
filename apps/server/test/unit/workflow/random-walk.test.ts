import type { FlowNode } from '@srm/contracts';
import { describe, expect, it } from 'vitest';
import type { FlowAction, TaskState } from '../../../src/workflow/engine';
import { amountOver, approver, chain, condition, end, HOUR, parallel, Sim, start, users } from './harness';

/** A small deterministic generator (mulberry32), so a failing walk can be replayed from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TREES: Record<string, () => FlowNode> = {
  everything: () =>
    chain(
      start(),
      approver('A', users('u1', 'u2'), {
        signMode: 'all',
        timeout: { action: 'remind', everyHours: 1, times: 2 },
      }),
      condition('C', [
        {
          id: 'big',
          name: '大',
          condition: amountOver(100),
          next: approver('D', users('u3', 'u4', 'u5'), {
            signMode: 'ratio',
            ratio: 60,
            rejectTo: { kind: 'previous' },
          }),
        },
        { id: 'other', name: '其他', isDefault: true },
      ]),
      parallel('P', [
        {
          id: 'p1',
          name: '一',
          next: chain(approver('X', users('u1'), { autoApproveSame: true }), {
            id: 'cc',
            type: 'copy',
            name: '抄送',
            assignee: users('u9'),
          }),
        },
        {
          id: 'p2',
          name: '二',
          next: chain(
            { id: 'T', type: 'timer', name: '等', wait: { amount: 1, unit: 'hours' } },
            approver('Y', users('u6', 'u7'), {
              signMode: 'sequential',
              rejectTo: { kind: 'node', nodeId: 'A' },
            }),
          ),
        },
      ]),
      approver('Z', users('u8'), {
        timeout: { action: 'autoApprove', afterHours: 3 },
        rejectTo: { kind: 'previous' },
      }),
      end(),
    ),
  rejects: () =>
    chain(
      start(),
      approver('A', users('u1')),
      approver('B', users('u2', 'u3'), {
        signMode: 'or',
        rejectTo: { kind: 'previous' },
        timeout: { action: 'autoReject', afterHours: 2 },
      }),
      approver('C', users('u4'), { rejectTo: { kind: 'node', nodeId: 'A' } }),
      end(),
    ),
};

/** Every action someone could try now (some will be refused; that is part of the walk). */
function candidates(
  state: TaskState,
  rare: boolean,
): Array<{ actor: string; action: FlowAction; monitor?: boolean; wait?: number }> {
  const out: Array<{ actor: string; action: FlowAction; monitor?: boolean; wait?: number }> = [];
  for (const item of state.items) {
    if (item.state === 'pending' || item.state === 'waiting') {
      out.push({ actor: item.userId, action: { type: 'audit', itemId: item.id } });
      out.push({ actor: item.userId, action: { type: 'reject', itemId: item.id } });
      out.push({ actor: item.userId, action: { type: 'transfer', itemId: item.id, toUserId: 'u10' } });
    }
    if (item.state === 'approved' && item.handledBy)
      out.push({ actor: item.handledBy, action: { type: 'recall', itemId: item.id } });
    out.push({ actor: item.userId, action: { type: 'audit', itemId: item.id } });
  }
  for (const act of state.activations) {
    if (act.state !== 'active') continue;
    if (act.nodeType === 'timer')
      out.push({ actor: 'system', action: { type: 'timerFire', activationId: act.id }, wait: HOUR });
    if (act.nodeType === 'approver') {
      out.push({ actor: 'system', action: { type: 'timeout', activationId: act.id }, wait: 3 * HOUR });
      out.push({
        actor: 'admin',
        action: { type: 'assign', nodeId: act.nodeId, userIds: ['u11'] },
        monitor: true,
      });
    }
  }
  // Ending the task is kept rare, so that walks go deep before they stop.
  if (rare) {
    out.push({ actor: 'L', action: { type: 'breakOff' } });
    out.push({ actor: 'admin', action: { type: 'cancel' }, monitor: true });
  }
  out.push({ actor: 'L', action: { type: 'resubmit', formData: { amount: 500 } } });
  return out;
}

function checkInvariants(state: TaskState): void {
  const active = new Set(state.activations.filter((a) => a.state === 'active').map((a) => a.id));
  const open = state.items.filter((i) => i.state === 'pending' || i.state === 'waiting');
  // No to-do outlives its node, and a finished task leaves nothing open.
  for (const item of open) expect(active.has(item.activationId)).toBe(true);
  if (state.status !== 1) {
    expect(open).toEqual([]);
    expect(active.size).toBe(0);
    return;
  }
  // A task in progress waits on something: every active approver node has someone to act now.
  expect(active.size).toBeGreaterThan(0);
  for (const act of state.activations.filter((a) => a.state === 'active' && a.nodeType === 'approver'))
    expect(open.some((i) => i.activationId === act.id && i.state === 'pending')).toBe(true);
  for (const act of state.activations.filter((a) => a.state === 'active' && a.nodeType === 'timer'))
    expect(act.dueAt).not.toBeNull();
  // Item ids stay unique.
  expect(new Set(state.items.map((i) => i.id)).size).toBe(state.items.length);
}

describe('random walks through the engine', () => {
  it.each(
    Object.keys(TREES).flatMap((name) =>
      Array.from({ length: 12 }, (_, i) => i + 1).map((seed) => [name, seed] as const),
    ),
  )(
    '%s, seed %i: every step is applied whole or refused whole, and the task stays consistent',
    async (name, seed) => {
      const random = rng(seed);
      const sim = new Sim((TREES[name] as () => FlowNode)());
      await sim.submit({ amount: seed % 2 === 0 ? 500 : 5 });
      for (let step = 0; step < 80; step += 1) {
        const state = sim.state as TaskState;
        const options = candidates(state, random() < 0.05);
        const pick = options[Math.floor(random() * options.length)];
        if (!pick) break;
        if (pick.wait) sim.now += pick.wait;
        const before = structuredClone(state);
        const result = await sim.act(pick.actor, pick.action, pick.monitor ?? false);
        if (result.ok) expect(result.state.version).toBe(before.version + 1);
        else expect(sim.state).toEqual(before);
        checkInvariants(sim.state as TaskState);
      }
    },
  );
});
