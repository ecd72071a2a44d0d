import type { FlowNode } from '@srm/contracts';
import { describe, expect, it } from 'vitest';
import type { FlowAction, FlowActionType, RefusalCode } from '../../../src/workflow/engine';
import {
  amountOver,
  approver,
  chain,
  condition,
  effectsOf,
  end,
  HOUR,
  parallel,
  Sim,
  start,
  T0,
  users,
} from './harness';

// ---------------------------------------------------------------------------------------------------
// The state-transition table

/** A (or-sign u1,u2, reminder after 1 h) → a 1-hour timer → B (u3, rejects to the previous node) → end. */
const tableTree = () =>
  chain(
    start(),
    approver('A', users('u1', 'u2'), { timeout: { action: 'remind', everyHours: 1, times: 3 } }),
    { id: 'T', type: 'timer', name: '等待', wait: { amount: 1, unit: 'hours' } },
    approver('B', users('u3'), { rejectTo: { kind: 'previous' } }),
    end(),
  );

type Situation =
  | 'draft'
  | 'A pending'
  | 'timer waiting'
  | 'B pending'
  | 'approved'
  | 'rejected'
  | 'withdrawn'
  | 'terminated';

async function situation(name: Situation): Promise<Sim> {
  const sim = new Sim(tableTree());
  if (name === 'draft') {
    sim.state = {
      status: 0,
      launcherId: 'L',
      launcher: { deptIds: [], roleIds: [], positionIds: [] },
      formData: {},
      urgency: 1,
      choices: {},
      seq: 0,
      version: 0,
      activations: [],
      items: [],
      circulations: [],
    };
    return sim;
  }
  await sim.submit();
  if (name === 'A pending') return sim;
  if (name === 'withdrawn') await sim.ok('L', { type: 'breakOff' });
  if (name === 'terminated') await sim.ok('admin', { type: 'cancel' }, true);
  if (name === 'rejected') await sim.reject('u1');
  if (sim.status !== 1) return sim;
  await sim.audit('u1');
  if (name === 'timer waiting') return sim;
  sim.now += HOUR;
  await sim.ok('system', { type: 'timerFire', activationId: sim.activation('T').id });
  if (name === 'B pending') return sim;
  await sim.audit('u3');
  return sim;
}

/** The action each row tries, by the person entitled to it where there is one. */
function attempt(sim: Sim, type: FlowActionType): { actor: string; action: FlowAction; monitor?: boolean } {
  const items = sim.state?.items ?? [];
  const pending = items.find((i) => i.state === 'pending');
  const target = pending ?? items.at(-1);
  const itemId = target?.id ?? 'i999';
  const owner = target?.userId ?? 'u1';
  const approved = items.filter((i) => i.state === 'approved' && !i.auto).at(-1);
  const activeApprover = sim.state?.activations.find(
    (a) => a.state === 'active' && a.nodeType === 'approver',
  );
  const lastOf = (nodeId: string) =>
    sim.state?.activations.filter((a) => a.nodeId === nodeId).at(-1)?.id ?? 'a999';
  switch (type) {
    case 'submit':
      return {
        actor: 'L',
        action: { type, formData: {}, launcher: { deptIds: [], roleIds: [], positionIds: [] } },
      };
    case 'resubmit':
      return { actor: 'L', action: { type } };
    case 'audit':
    case 'reject':
      return { actor: owner, action: { type, itemId } };
    case 'recall':
      return { actor: approved?.handledBy ?? owner, action: { type, itemId: approved?.id ?? itemId } };
    case 'breakOff':
      return { actor: 'L', action: { type } };
    case 'cancel':
      return { actor: 'admin', action: { type }, monitor: true };
    case 'transfer':
      return { actor: owner, action: { type, itemId, toUserId: 'u9' } };
    case 'assign':
      return {
        actor: 'admin',
        action: { type, nodeId: activeApprover?.nodeId ?? 'A', userIds: ['u8'] },
        monitor: true,
      };
    case 'timerFire':
      return { actor: 'system', action: { type, activationId: lastOf('T') } };
    case 'timeout':
      return { actor: 'system', action: { type, activationId: lastOf('A') } };
  }
}

const ACTIONS: FlowActionType[] = [
  'submit',
  'resubmit',
  'audit',
  'reject',
  'recall',
  'breakOff',
  'cancel',
  'transfer',
  'assign',
  'timerFire',
  'timeout',
];

const X = 'notInProgress';
/** true: allowed; otherwise the refusal. */
const TABLE: Record<Situation, Record<FlowActionType, true | RefusalCode>> = {
  draft: {
    submit: true,
    resubmit: X,
    audit: X,
    reject: X,
    recall: X,
    breakOff: X,
    cancel: X,
    transfer: X,
    assign: X,
    timerFire: X,
    timeout: X,
  },
  'A pending': {
    submit: X,
    resubmit: X,
    audit: true,
    reject: true,
    recall: 'notRecallable',
    breakOff: true,
    cancel: true,
    transfer: true,
    assign: true,
    timerFire: 'stale',
    timeout: true,
  },
  'timer waiting': {
    submit: X,
    resubmit: X,
    audit: 'handled',
    reject: 'handled',
    recall: true,
    breakOff: true,
    cancel: true,
    transfer: 'handled',
    assign: 'stale',
    timerFire: true,
    timeout: 'stale',
  },
  'B pending': {
    submit: X,
    resubmit: X,
    audit: true,
    reject: true,
    recall: true,
    breakOff: true,
    cancel: true,
    transfer: true,
    assign: true,
    timerFire: 'stale',
    timeout: 'stale',
  },
  approved: {
    submit: X,
    resubmit: X,
    audit: X,
    reject: X,
    recall: X,
    breakOff: X,
    cancel: X,
    transfer: X,
    assign: X,
    timerFire: X,
    timeout: X,
  },
  rejected: {
    submit: X,
    resubmit: true,
    audit: X,
    reject: X,
    recall: X,
    breakOff: X,
    cancel: true,
    transfer: X,
    assign: X,
    timerFire: X,
    timeout: X,
  },
  withdrawn: {
    submit: X,
    resubmit: true,
    audit: X,
    reject: X,
    recall: X,
    breakOff: X,
    cancel: X,
    transfer: X,
    assign: X,
    timerFire: X,
    timeout: X,
  },
  terminated: {
    submit: X,
    resubmit: X,
    audit: X,
    reject: X,
    recall: X,
    breakOff: X,
    cancel: X,
    transfer: X,
    assign: X,
    timerFire: X,
    timeout: X,
  },
};

describe('state-transition table', () => {
  const rows = Object.entries(TABLE).flatMap(([name, row]) =>
    ACTIONS.map((action) => [name as Situation, action, row[action]] as const),
  );
  it.each(rows)('%s + %s → %s', async (name, type, expected) => {
    const sim = await situation(name);
    sim.now = T0 + 10 * HOUR; // every timer and timeout is due
    const before = structuredClone(sim.state);
    const { actor, action, monitor } = attempt(sim, type);
    const result = await sim.act(actor, action, monitor);
    if (expected === true) {
      expect(result.ok ? 'allowed' : result.refusal.code).toBe('allowed');
      expect(sim.state?.version).toBe((before?.version ?? 0) + 1);
    } else {
      expect(result.ok ? 'allowed' : result.refusal.code).toBe(expected);
      expect(sim.state).toEqual(before);
    }
  });

  it('ends in the status each finishing action names', async () => {
    const statusAfter = async (name: Situation, type: FlowActionType) => {
      const sim = await situation(name);
      const { actor, action, monitor } = attempt(sim, type);
      await sim.ok(actor, action, monitor);
      return sim.status;
    };
    expect(await statusAfter('draft', 'submit')).toBe(1);
    expect(await statusAfter('B pending', 'audit')).toBe(2);
    expect(await statusAfter('A pending', 'reject')).toBe(3);
    expect(await statusAfter('A pending', 'breakOff')).toBe(4);
    expect(await statusAfter('A pending', 'cancel')).toBe(5);
    expect(await statusAfter('rejected', 'cancel')).toBe(5);
    expect(await statusAfter('rejected', 'resubmit')).toBe(1);
    expect(await statusAfter('withdrawn', 'resubmit')).toBe(1);
  });

  it('refuses the wrong person: a stranger approving, a non-launcher withdrawing, a non-monitor terminating', async () => {
    const sim = await situation('A pending');
    const itemId = sim.itemId('u1');
    expect(await sim.act('u7', { type: 'audit', itemId })).toMatchObject({
      refusal: { code: 'notYourItem', httpCode: 403 },
    });
    expect(await sim.act('u1', { type: 'breakOff' })).toMatchObject({ refusal: { code: 'notLauncher' } });
    expect(await sim.act('admin', { type: 'cancel' }, false)).toMatchObject({
      refusal: { code: 'notMonitor' },
    });
    expect(await sim.act('admin', { type: 'assign', nodeId: 'A', userIds: ['u8'] })).toMatchObject({
      refusal: { code: 'notMonitor' },
    });
    const draft = await situation('draft');
    expect(await draft.act('u1', attempt(draft, 'submit').action)).toMatchObject({
      refusal: { code: 'notLauncher' },
    });
  });

  it('answers a second approval of the same to-do with 409 handled and changes nothing', async () => {
    const sim = await situation('A pending');
    const itemId = sim.itemId('u1');
    await sim.ok('u1', { type: 'audit', itemId });
    const after = structuredClone(sim.state);
    expect(await sim.act('u1', { type: 'audit', itemId })).toMatchObject({
      refusal: { code: 'handled', httpCode: 409 },
    });
    expect(sim.state).toEqual(after);
  });
});

// ---------------------------------------------------------------------------------------------------
// Sign modes

describe('sign modes', () => {
  const twoNodes = (mode: 'or' | 'all' | 'ratio' | 'sequential', who: string[], ratio?: number) =>
    new Sim(
      chain(
        start(),
        approver('A', users(...who), { signMode: mode, ratio }),
        approver('B', users('z')),
        end(),
      ),
    );

  it('or-sign: the first approval decides and the others lose their to-do', async () => {
    const sim = twoNodes('or', ['u1', 'u2', 'u3']);
    const effects = await sim.submit();
    expect(effectsOf(effects, 'todo')[0]?.userIds).toEqual(['u1', 'u2', 'u3']);
    const late = sim.itemId('u1');
    const approval = await sim.audit('u2');
    expect(sim.pendingUsers()).toEqual(['z']);
    expect(effectsOf(approval, 'todoGone')[0]?.userIds.sort()).toEqual(['u1', 'u3']);
    expect(await sim.act('u1', { type: 'audit', itemId: late })).toMatchObject({
      refusal: { code: 'handled' },
    });
  });

  it('or-sign: one reject decides', async () => {
    const sim = twoNodes('or', ['u1', 'u2']);
    await sim.submit();
    await sim.reject('u1');
    expect(sim.status).toBe(3);
    expect(sim.pendingUsers()).toEqual([]);
  });

  it('countersign (all): every approver must approve; one reject rejects', async () => {
    const sim = twoNodes('all', ['u1', 'u2', 'u3']);
    await sim.submit();
    await sim.audit('u1');
    await sim.audit('u2');
    expect(sim.pendingUsers()).toEqual(['u3']);
    await sim.audit('u3');
    expect(sim.pendingUsers()).toEqual(['z']);

    const other = twoNodes('all', ['u1', 'u2', 'u3']);
    await other.submit();
    await other.audit('u1');
    await other.reject('u2');
    expect(other.status).toBe(3);
    expect(other.item('u3')).toBeUndefined();
  });

  it('countersign (ratio 60% of 5): three approvals decide; rejects decide only once 60% is out of reach', async () => {
    const sim = twoNodes('ratio', ['u1', 'u2', 'u3', 'u4', 'u5'], 60);
    await sim.submit();
    await sim.audit('u1');
    await sim.audit('u2');
    expect(sim.activation('A').state).toBe('active');
    await sim.audit('u3');
    expect(sim.activation('A').state).toBe('done');
    expect(sim.pendingUsers()).toEqual(['z']);

    const no = twoNodes('ratio', ['u1', 'u2', 'u3', 'u4', 'u5'], 60);
    await no.submit();
    await no.reject('u1');
    await no.reject('u2');
    expect(no.status).toBe(1);
    expect(no.pendingUsers()).toEqual(['u3', 'u4', 'u5']);
    await no.reject('u3');
    expect(no.status).toBe(3);
  });

  it('sequential: one after another in the listed order', async () => {
    const sim = twoNodes('sequential', ['u2', 'u1', 'u3']);
    await sim.submit();
    expect(sim.pendingUsers()).toEqual(['u2']);
    const waiting = sim.itemId('u1', 'waiting');
    expect(await sim.act('u1', { type: 'audit', itemId: waiting })).toMatchObject({
      refusal: { code: 'notYourItem' },
    });
    await sim.audit('u2');
    expect(sim.pendingUsers()).toEqual(['u1']);
    await sim.audit('u1');
    await sim.audit('u3');
    expect(sim.pendingUsers()).toEqual(['z']);
  });
});

// ---------------------------------------------------------------------------------------------------
// Reject targets

describe('reject targets', () => {
  const three = (rejectTo: NonNullable<Parameters<typeof approver>[2]>['rejectTo']) =>
    new Sim(
      chain(
        start(),
        approver('A', users('u1')),
        approver('B', users('u2')),
        approver('C', users('u3'), { rejectTo }),
        end(),
      ),
    );

  it('to the launcher: status 3, nothing open; the launcher edits and resubmits from the start', async () => {
    const sim = three({ kind: 'launcher' });
    await sim.submit({ amount: 1 });
    await sim.audit('u1');
    await sim.audit('u2');
    const effects = await sim.reject('u3');
    expect(sim.status).toBe(3);
    expect(effectsOf(effects, 'finished')).toEqual([{ type: 'finished', status: 3, launcherId: 'L' }]);
    expect(sim.pendingUsers()).toEqual([]);
    expect(await sim.act('u1', { type: 'resubmit' })).toMatchObject({ refusal: { code: 'notLauncher' } });
    await sim.ok('L', { type: 'resubmit', formData: { amount: 2 } });
    expect(sim.status).toBe(1);
    expect(sim.state?.formData).toEqual({ amount: 2 });
    expect(sim.pendingUsers()).toEqual(['u1']);
  });

  it('to the previous node: the node before asks its approver again', async () => {
    const sim = three({ kind: 'previous' });
    await sim.submit();
    await sim.audit('u1');
    await sim.audit('u2');
    const effects = await sim.reject('u3');
    expect(sim.status).toBe(1);
    expect(sim.activeNodes()).toEqual(['B']);
    expect(sim.pendingUsers()).toEqual(['u2']);
    expect(effectsOf(effects, 'history').find((h) => h.entry.action === 'reject')?.entry.targetNodeId).toBe(
      'B',
    );
    await sim.audit('u2');
    expect(sim.pendingUsers()).toEqual(['u3']);
  });

  it('to a chosen earlier node: that node runs again, then the route continues from it', async () => {
    const sim = three({ kind: 'node', nodeId: 'A' });
    await sim.submit();
    await sim.audit('u1');
    await sim.audit('u2');
    await sim.reject('u3');
    expect(sim.activeNodes()).toEqual(['A']);
    expect(sim.pendingUsers()).toEqual(['u1']);
    await sim.audit('u1');
    expect(sim.pendingUsers()).toEqual(['u2']);
  });

  it('from inside a parallel branch to a node before the group, every branch goes back', async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', users('a')),
        parallel('P', [
          {
            id: 'b1',
            name: '一',
            next: approver('X', users('x'), { rejectTo: { kind: 'node', nodeId: 'A' } }),
          },
          { id: 'b2', name: '二', next: approver('Y', users('y')) },
        ]),
        end(),
      ),
    );
    await sim.submit();
    await sim.audit('a');
    await sim.audit('y');
    await sim.reject('x');
    expect(sim.activeNodes()).toEqual(['A']);
    expect(sim.pendingUsers()).toEqual(['a']);
    await sim.audit('a');
    expect(sim.pendingUsers()).toEqual(['x', 'y']);
  });

  it('the previous node of the first approver is the launcher', async () => {
    const sim = new Sim(
      chain(start(), approver('A', users('u1'), { rejectTo: { kind: 'previous' } }), end()),
    );
    await sim.submit();
    await sim.reject('u1');
    expect(sim.status).toBe(3);
  });

  it('inside a parallel branch, a reject to a node of the same branch leaves the other branch running', async () => {
    const sim = new Sim(
      chain(
        start(),
        parallel('P', [
          {
            id: 'b1',
            name: '财务',
            next: chain(
              approver('F1', users('f1')),
              approver('F2', users('f2'), { rejectTo: { kind: 'node', nodeId: 'F1' } }),
            ),
          },
          { id: 'b2', name: '法务', next: approver('G', users('g')) },
        ]),
        approver('Z', users('z')),
        end(),
      ),
    );
    await sim.submit();
    expect(sim.pendingUsers()).toEqual(['f1', 'g']);
    await sim.audit('f1');
    await sim.reject('f2');
    expect(sim.pendingUsers()).toEqual(['f1', 'g']);
    await sim.audit('g');
    expect(sim.pendingUsers()).toEqual(['f1']);
    await sim.audit('f1');
    await sim.audit('f2');
    expect(sim.pendingUsers()).toEqual(['z']);
  });
});

// ---------------------------------------------------------------------------------------------------
// Recall

describe('recall', () => {
  const tree = () =>
    chain(start(), approver('A', users('u1', 'u2'), { signMode: 'or' }), approver('B', users('u3')), end());

  it('before the next node acts: the approver has his to-do back, the others theirs, the next node loses its to-do', async () => {
    const sim = new Sim(tree());
    await sim.submit();
    const itemId = sim.itemId('u1');
    await sim.audit('u1');
    expect(sim.pendingUsers()).toEqual(['u3']);
    const effects = await sim.ok('u1', { type: 'recall', itemId });
    expect(sim.pendingUsers()).toEqual(['u1', 'u2']);
    expect(sim.activeNodes()).toEqual(['A']);
    expect(effectsOf(effects, 'todoGone').flatMap((e) => e.userIds)).toContain('u3');
    expect(effectsOf(effects, 'history').map((h) => h.entry.action)).toEqual(['recall']);
    await sim.audit('u2');
    expect(sim.pendingUsers()).toEqual(['u3']);
  });

  it('after the next node acts: refused with 409', async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', users('u1')),
        approver('B', users('u3')),
        approver('C', users('u4')),
        end(),
      ),
    );
    await sim.submit();
    const itemId = sim.itemId('u1');
    await sim.audit('u1');
    await sim.audit('u3');
    expect(await sim.act('u1', { type: 'recall', itemId })).toMatchObject({
      refusal: { code: 'nextActed', httpCode: 409 },
    });
  });

  it('only by the one who approved, and not once the task is approved', async () => {
    const sim = new Sim(tree());
    await sim.submit();
    const itemId = sim.itemId('u1');
    await sim.audit('u1');
    expect(await sim.act('u2', { type: 'recall', itemId })).toMatchObject({
      refusal: { code: 'notYourItem' },
    });
    await sim.audit('u3');
    expect(sim.status).toBe(2);
    expect(await sim.act('u1', { type: 'recall', itemId })).toMatchObject({
      refusal: { code: 'notInProgress' },
    });
  });

  it('inside a countersign still running: only his own approval is taken back', async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', users('u1', 'u2'), { signMode: 'all' }),
        approver('B', users('u3')),
        end(),
      ),
    );
    await sim.submit();
    const itemId = sim.itemId('u1');
    await sim.audit('u1');
    await sim.ok('u1', { type: 'recall', itemId });
    expect(sim.pendingUsers()).toEqual(['u1', 'u2']);
  });

  it('a branch that joined first takes back what the join started once another branch finished the group', async () => {
    const sim = new Sim(
      chain(
        start(),
        parallel('P', [
          { id: 'b1', name: '一', next: approver('X', users('x')) },
          { id: 'b2', name: '二', next: approver('Y', users('y')) },
        ]),
        approver('Z', users('z')),
        end(),
      ),
    );
    await sim.submit();
    const itemId = sim.itemId('y');
    await sim.audit('y');
    await sim.audit('x');
    expect(sim.pendingUsers()).toEqual(['z']);
    await sim.ok('y', { type: 'recall', itemId });
    expect(sim.pendingUsers()).toEqual(['y']);
    expect(sim.activation('P')).toMatchObject({ state: 'active', joined: ['b1'] });
    await sim.audit('y');
    expect(sim.pendingUsers()).toEqual(['z']);
  });

  it('the last branch of a parallel group to finish takes back the join too', async () => {
    const sim = new Sim(
      chain(
        start(),
        parallel('P', [
          { id: 'b1', name: '一', next: approver('X', users('x')) },
          { id: 'b2', name: '二', next: approver('Y', users('y')) },
        ]),
        approver('Z', users('z')),
        end(),
      ),
    );
    await sim.submit();
    await sim.audit('x');
    const itemId = sim.itemId('y');
    await sim.audit('y');
    expect(sim.pendingUsers()).toEqual(['z']);
    await sim.ok('y', { type: 'recall', itemId });
    expect(sim.pendingUsers()).toEqual(['y']);
    expect(sim.activeNodes()).toEqual(['P', 'Y']);
    await sim.audit('y');
    expect(sim.pendingUsers()).toEqual(['z']);
  });
});

// ---------------------------------------------------------------------------------------------------
// Transfer and assign

describe('transfer and assign', () => {
  it('transfer: the new handler decides; the old one has nothing left to act on', async () => {
    const sim = new Sim(chain(start(), approver('A', users('u1')), end()));
    await sim.submit();
    const itemId = sim.itemId('u1');
    await sim.ok('u1', { type: 'transfer', itemId, toUserId: 'u5', opinion: '请代批' });
    expect(sim.pendingUsers()).toEqual(['u5']);
    expect(await sim.act('u1', { type: 'audit', itemId })).toMatchObject({ refusal: { code: 'handled' } });
    expect(await sim.act('u5', { type: 'transfer', itemId: sim.itemId('u5'), toUserId: 'u5' })).toMatchObject(
      {
        refusal: { code: 'badTarget' },
      },
    );
    await sim.audit('u5');
    expect(sim.status).toBe(2);
  });

  it('assign: the monitor replaces the open handlers of a node', async () => {
    const sim = new Sim(chain(start(), approver('A', users('u1', 'u2'), { signMode: 'all' }), end()));
    await sim.submit();
    await sim.audit('u1');
    await sim.ok('admin', { type: 'assign', nodeId: 'A', userIds: ['u7'] }, true);
    expect(sim.pendingUsers()).toEqual(['u7']);
    await sim.audit('u7');
    expect(sim.status).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------------
// Delegation

describe('delegation', () => {
  const tree = () => chain(start(), approver('A', users('u1')), end());
  const window = {
    id: 'e1',
    fromUserId: 'u1',
    toUserId: 'd1',
    flowIds: null,
    startAt: T0,
    endAt: T0 + 24 * HOUR,
  };

  it('inside its window the delegate handles the to-do; the history names both', async () => {
    const sim = new Sim(tree());
    sim.delegations = [window];
    await sim.submit();
    sim.now = T0 + HOUR;
    const effects = await sim.ok('d1', { type: 'audit', itemId: sim.itemId('u1'), opinion: '同意' });
    const entry = effectsOf(effects, 'history')[0]?.entry;
    expect(entry).toMatchObject({ action: 'audit', actorId: 'd1', onBehalfOf: 'u1', opinion: '同意' });
    expect(sim.status).toBe(2);
  });

  it('outside its window, or for a flow it does not cover, the delegate is refused', async () => {
    const sim = new Sim(tree());
    sim.delegations = [window];
    await sim.submit();
    sim.now = T0 + 25 * HOUR;
    expect(await sim.act('d1', { type: 'audit', itemId: sim.itemId('u1') })).toMatchObject({
      refusal: { code: 'notYourItem' },
    });
    sim.now = T0 + HOUR;
    sim.delegations = [{ ...window, flowIds: ['otherFlow'] }];
    expect(await sim.act('d1', { type: 'audit', itemId: sim.itemId('u1') })).toMatchObject({
      refusal: { code: 'notYourItem' },
    });
  });

  it('never hands the delegate his own request: the item stays with the delegator', async () => {
    const sim = new Sim(tree());
    // The launcher L is u1's delegate.
    sim.delegations = [{ ...window, toUserId: 'L' }];
    await sim.submit();
    sim.now = T0 + HOUR;
    for (const type of ['audit', 'reject'] as const)
      expect(await sim.act('L', { type, itemId: sim.itemId('u1') })).toMatchObject({
        refusal: { code: 'notYourItem' },
      });
    expect(await sim.act('L', { type: 'transfer', itemId: sim.itemId('u1'), toUserId: 'u2' })).toMatchObject({
      refusal: { code: 'notYourItem' },
    });
    expect(sim.pendingUsers()).toEqual(['u1']);
    await sim.ok('u1', { type: 'audit', itemId: sim.itemId('u1') });
    expect(sim.status).toBe(2);
  });

  it('does not chain: the delegate of a delegate cannot act', async () => {
    const sim = new Sim(tree());
    sim.delegations = [window, { ...window, id: 'e2', fromUserId: 'd1', toUserId: 'd2' }];
    await sim.submit();
    sim.now = T0 + HOUR;
    expect(await sim.act('d2', { type: 'audit', itemId: sim.itemId('u1') })).toMatchObject({
      refusal: { code: 'notYourItem' },
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// Approver rules, no approver, the same person twice

describe('approver resolution', () => {
  const one = (assignee: Parameters<typeof approver>[1], extra: Parameters<typeof approver>[2] = {}) =>
    new Sim(chain(start(), approver('A', assignee, extra), end()));
  const pendingFor = async (
    sim: Sim,
    form: Record<string, unknown> = {},
    choices?: Record<string, string[]>,
  ) => {
    await sim.submit(form, choices);
    return sim.pendingUsers();
  };

  it('resolves each kind of rule through the organisation look-up', async () => {
    expect(await pendingFor(one({ kind: 'roles', roleIds: ['r1', 'r2'] }))).toEqual(['u1', 'u2', 'u3']);
    expect(await pendingFor(one({ kind: 'positions', positionIds: ['p1'] }))).toEqual(['u4', 'u5']);
    expect(await pendingFor(one({ kind: 'deptManager' }))).toEqual(['m1']);
    expect(await pendingFor(one({ kind: 'manager', levels: 2 }))).toEqual(['m2']);
    expect(await pendingFor(one({ kind: 'launcher' }))).toEqual(['L']);
    expect(
      await pendingFor(one({ kind: 'formField', field: 'reviewers' }), { reviewers: ['u7', 'u8'] }),
    ).toEqual(['u7', 'u8']);
    expect(await pendingFor(one({ kind: 'launcherChooses' }), {}, { A: ['u6'] })).toEqual(['u6']);
  });

  it("an earlier node's handler", async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', users('u1', 'u2')),
        approver('B', { kind: 'nodeHandler', nodeId: 'A' }),
        end(),
      ),
    );
    await sim.submit();
    await sim.audit('u2');
    expect(sim.pendingUsers()).toEqual(['u2']);
  });

  it('"the launcher chooses" without a choice refuses the submission, naming the node', async () => {
    const sim = one({ kind: 'launcherChooses' });
    const result = await sim.act('L', {
      type: 'submit',
      formData: {},
      launcher: { deptIds: [], roleIds: [], positionIds: [] },
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: { code: 'choicesMissing', nodeId: 'A', params: { name: '审批A' } },
    });
    expect(sim.state).toBeNull();
  });

  it('no approver found, tenant administrator (the default): the administrator gets the to-do', async () => {
    expect(await pendingFor(one({ kind: 'manager', levels: 5 }))).toEqual(['admin']);
  });

  it('no approver found, auto-approve: the node passes itself, recorded in the history', async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', { kind: 'manager', levels: 5 }, { noApprover: 'autoApprove' }),
        approver('B', users('u3')),
        end(),
      ),
    );
    const effects = await sim.submit();
    expect(sim.pendingUsers()).toEqual(['u3']);
    expect(effectsOf(effects, 'history').map((h) => [h.entry.action, h.entry.nodeId])).toContainEqual([
      'autoAudit',
      'A',
    ]);
  });

  it('no approver found, refuse: the submission is refused and nothing is kept', async () => {
    const sim = one({ kind: 'manager', levels: 5 }, { noApprover: 'refuse' });
    const result = await sim.act('L', {
      type: 'submit',
      formData: {},
      launcher: { deptIds: [], roleIds: [], positionIds: [] },
    });
    expect(result).toMatchObject({ ok: false, refusal: { code: 'noApprover', nodeId: 'A', httpCode: 400 } });
  });

  it('no approver found mid-flow refuses the approval that would reach the node', async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', users('u1')),
        approver('B', { kind: 'formField', field: 'nobody' }, { noApprover: 'refuse' }),
        end(),
      ),
    );
    await sim.submit();
    const before = structuredClone(sim.state);
    expect(await sim.act('u1', { type: 'audit', itemId: sim.itemId('u1') })).toMatchObject({
      refusal: { code: 'noApprover', nodeId: 'B' },
    });
    expect(sim.state).toEqual(before);
  });

  it('the administrator rule with no administrator refuses as well', async () => {
    const sim = one({ kind: 'manager', levels: 5 });
    sim.lookup = { ...sim.lookup, tenantAdmins: async () => [] };
    expect(
      await sim.act('L', {
        type: 'submit',
        formData: {},
        launcher: { deptIds: [], roleIds: [], positionIds: [] },
      }),
    ).toMatchObject({
      refusal: { code: 'noApprover' },
    });
  });

  it('the same person twice in a row approves automatically when the node says so', async () => {
    const tree = (autoApproveSame: boolean) =>
      chain(
        start(),
        approver('A', users('u1')),
        approver('B', users('u1', 'u2'), { signMode: 'all', autoApproveSame }),
        end(),
      );
    const on = new Sim(tree(true));
    await on.submit();
    const effects = await on.audit('u1');
    expect(on.pendingUsers()).toEqual(['u2']);
    expect(effectsOf(effects, 'history').map((h) => h.entry.action)).toEqual(['audit', 'autoAudit']);

    const off = new Sim(tree(false));
    await off.submit();
    await off.audit('u1');
    expect(off.pendingUsers()).toEqual(['u1', 'u2']);
  });
});

// ---------------------------------------------------------------------------------------------------
// Timers and timeouts, on a fake clock

describe('timers and timeouts', () => {
  it('a timer node waits its time, then the route goes on', async () => {
    const sim = new Sim(
      chain(
        start(),
        { id: 'T', type: 'timer', name: '等两天', wait: { amount: 2, unit: 'days' } },
        approver('A', users('u1')),
        end(),
      ),
    );
    const effects = await sim.submit();
    const at = T0 + 48 * HOUR;
    expect(effectsOf(effects, 'schedule')).toEqual([
      { type: 'schedule', activationId: sim.activation('T').id, at, kind: 'timer' },
    ]);
    sim.now = at - 1;
    const fire = { type: 'timerFire', activationId: sim.activation('T').id } as const;
    expect(await sim.act('system', fire)).toMatchObject({ refusal: { code: 'notDue' } });
    sim.now = at;
    await sim.ok('system', fire);
    expect(sim.pendingUsers()).toEqual(['u1']);
    expect(await sim.act('system', fire)).toMatchObject({ refusal: { code: 'stale' } });
  });

  it('reminds every N hours up to M times, then stops', async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', users('u1'), { timeout: { action: 'remind', everyHours: 4, times: 2 } }),
        end(),
      ),
    );
    await sim.submit();
    const fire = { type: 'timeout', activationId: sim.activation('A').id } as const;
    sim.now = T0 + 3 * HOUR;
    expect(await sim.act('system', fire)).toMatchObject({ refusal: { code: 'notDue' } });
    sim.now = T0 + 4 * HOUR;
    let effects = await sim.ok('system', fire);
    expect(effectsOf(effects, 'remind')).toEqual([
      { type: 'remind', nodeId: 'A', activationId: sim.activation('A').id, userIds: ['u1'], count: 1 },
    ]);
    expect(effectsOf(effects, 'schedule')[0]?.at).toBe(T0 + 8 * HOUR);
    sim.now = T0 + 8 * HOUR;
    effects = await sim.ok('system', fire);
    expect(effectsOf(effects, 'remind')[0]?.count).toBe(2);
    expect(effectsOf(effects, 'schedule')).toEqual([]);
    expect(await sim.act('system', fire)).toMatchObject({ refusal: { code: 'stale' } });
    expect(sim.pendingUsers()).toEqual(['u1']);
  });

  it('auto-approves a countersign when its time is up', async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', users('u1', 'u2', 'u3'), {
          signMode: 'sequential',
          timeout: { action: 'autoApprove', afterHours: 24 },
        }),
        approver('B', users('z')),
        end(),
      ),
    );
    await sim.submit();
    await sim.audit('u1');
    sim.now = T0 + 24 * HOUR;
    await sim.ok('system', { type: 'timeout', activationId: sim.activation('A').id });
    expect(sim.pendingUsers()).toEqual(['z']);
    expect(sim.state?.items.filter((i) => i.nodeId === 'A').map((i) => [i.userId, i.state, i.auto])).toEqual([
      ['u1', 'approved', false],
      ['u2', 'approved', true],
      ['u3', 'approved', true],
    ]);
  });

  it('auto-rejects when its time is up, to the node’s reject target', async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', users('u1'), { timeout: { action: 'autoReject', afterHours: 24 } }),
        end(),
      ),
    );
    await sim.submit();
    sim.now = T0 + 24 * HOUR;
    const effects = await sim.ok('system', { type: 'timeout', activationId: sim.activation('A').id });
    expect(sim.status).toBe(3);
    expect(effectsOf(effects, 'history')[0]?.entry).toMatchObject({ action: 'autoReject', actorId: null });
  });

  it('auto-rejects a ratio countersign at once, though one no would not decide it', async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', users('u1', 'u2', 'u3'), {
          signMode: 'ratio',
          ratio: 50,
          timeout: { action: 'autoReject', afterHours: 2 },
        }),
        end(),
      ),
    );
    await sim.submit();
    const one = await sim.reject('u1');
    expect(sim.status).toBe(1);
    expect(effectsOf(one, 'history')[0]?.entry.targetNodeId).toBeNull();
    sim.now = T0 + 2 * HOUR;
    await sim.ok('system', { type: 'timeout', activationId: sim.activation('A').id });
    expect(sim.status).toBe(3);
    expect(sim.pendingUsers()).toEqual([]);
  });

  it('an approval before the timeout cancels its job', async () => {
    const sim = new Sim(
      chain(
        start(),
        approver('A', users('u1'), { timeout: { action: 'autoReject', afterHours: 24 } }),
        end(),
      ),
    );
    await sim.submit();
    const effects = await sim.audit('u1');
    expect(effectsOf(effects, 'unschedule')).toEqual([
      { type: 'unschedule', activationIds: [sim.activation('A').id] },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Routes: conditions, parallel joins, copies

describe('routes', () => {
  const requisition = (): FlowNode =>
    chain(
      start(),
      approver('mgr', { kind: 'deptManager' }),
      condition('C', [
        { id: 'big', name: '大额', condition: amountOver(50000), next: approver('dir', users('director')) },
        { id: 'other', name: '其他', isDefault: true },
      ]),
      { id: 'cc', type: 'copy', name: '抄送财务', assignee: users('fin') },
      end(),
    );

  it('a total above 50,000 goes to the director; otherwise the default branch skips him', async () => {
    const big = new Sim(requisition());
    await big.submit({ amount: '60000.50' });
    await big.audit('m1');
    expect(big.pendingUsers()).toEqual(['director']);
    await big.audit('director');
    expect(big.status).toBe(2);
    expect(big.state?.circulations.map((c) => c.userId)).toEqual(['fin']);

    const small = new Sim(requisition());
    await small.submit({ amount: 50000 });
    const effects = await small.audit('m1');
    expect(small.status).toBe(2);
    expect(effectsOf(effects, 'copy')).toEqual([{ type: 'copy', nodeId: 'cc', userIds: ['fin'] }]);
    expect(small.activation('C').branchId).toBe('other');
  });

  it('parallel branches join: the node after waits for every branch', async () => {
    const sim = new Sim(
      chain(
        start(),
        parallel('P', [
          { id: 'b1', name: '一', next: approver('X', users('x')) },
          { id: 'b2', name: '二', next: approver('Y', users('y')) },
          { id: 'b3', name: '空' },
        ]),
        approver('Z', users('z')),
        end(),
      ),
    );
    await sim.submit();
    expect(sim.pendingUsers()).toEqual(['x', 'y']);
    await sim.audit('y');
    expect(sim.pendingUsers()).toEqual(['x']);
    await sim.audit('x');
    expect(sim.pendingUsers()).toEqual(['z']);
  });

  it('withdrawing cancels every open to-do and tells the launcher', async () => {
    const sim = new Sim(requisition());
    await sim.submit({ amount: 1 });
    const effects = await sim.ok('L', { type: 'breakOff', opinion: '填错了' });
    expect(sim.status).toBe(4);
    expect(effectsOf(effects, 'todoGone')[0]?.userIds).toEqual(['m1']);
    expect(effectsOf(effects, 'finished')).toEqual([{ type: 'finished', status: 4, launcherId: 'L' }]);
  });
});
