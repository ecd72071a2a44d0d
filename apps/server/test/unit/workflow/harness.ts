// Builders and a fake organisation for the workflow engine's tests.
import type {
  ApproverNode,
  AssigneeRule,
  ConditionBranch,
  ConditionGroup,
  FlowNode,
  ParallelBranch,
} from '@srm/contracts';
import {
  type ApproverLookup,
  type Delegation,
  type FlowAction,
  type FlowEffect,
  indexTree,
  type TaskState,
  type TransitionResult,
  transition,
} from '../../../src/workflow/engine';

type Loose<T> = Omit<T, 'next'> & { next?: FlowNode | null };

/** Links nodes into one chain (each node's `next` is the one after it). */
export function chain(...nodes: FlowNode[]): FlowNode {
  for (let i = 0; i < nodes.length - 1; i += 1) (nodes[i] as FlowNode).next = nodes[i + 1] as FlowNode;
  const first = nodes[0];
  if (!first) throw new Error('empty chain');
  return first;
}

export const start = (): FlowNode => ({ id: 'start', type: 'start', name: '发起人' });
export const end = (): FlowNode => ({ id: 'end', type: 'end', name: '结束' });
export const users = (...userIds: string[]): AssigneeRule => ({ kind: 'users', userIds });

export function approver(
  id: string,
  assignee: AssigneeRule,
  extra: Partial<Loose<ApproverNode>> = {},
): FlowNode {
  return { id, type: 'approver', name: `审批${id}`, assignee, signMode: 'or', ...extra } as ApproverNode;
}

export function condition(id: string, branches: ConditionBranch[]): FlowNode {
  return { id, type: 'condition', name: `条件${id}`, branches };
}

export function parallel(id: string, branches: ParallelBranch[]): FlowNode {
  return { id, type: 'parallel', name: `并行${id}`, branches };
}

export const amountOver = (n: number): ConditionGroup => ({
  kind: 'group',
  op: 'and',
  items: [{ kind: 'rule', source: 'form', field: 'amount', label: '合计金额', operator: 'gt', value: n }],
});

/** The launcher `L` in department d2 under d1; managers m1 (d2) and m2 (d1); admin is the tenant administrator. */
export function fakeOrg(overrides: Partial<Record<'admins', string[]>> = {}): ApproverLookup {
  const roles: Record<string, string[]> = { r1: ['u1', 'u2'], r2: ['u3'] };
  const positions: Record<string, string[]> = { p1: ['u4', 'u5'] };
  const managers: Record<string, string[]> = { L: ['m1', 'm2'] };
  return {
    usersOfRoles: async (ids) => ids.flatMap((id) => roles[id] ?? []),
    usersOfPositions: async (ids) => ids.flatMap((id) => positions[id] ?? []),
    managerOf: async (userId, levels) => managers[userId]?.[levels - 1] ?? null,
    tenantAdmins: async () => overrides.admins ?? ['admin'],
  };
}

export const HOUR = 3_600_000;
export const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

/** One task driven through the engine with a fake clock; keeps the state of every successful action. */
export class Sim {
  readonly index;
  state: TaskState | null = null;
  now = T0;
  delegations: Delegation[] = [];
  lookup: ApproverLookup = fakeOrg();
  effects: FlowEffect[] = [];

  constructor(readonly root: FlowNode) {
    this.index = indexTree(root);
  }

  async act(actorId: string, action: FlowAction, canMonitor = false): Promise<TransitionResult> {
    const result = await transition(this.index, this.state, action, {
      actor: { userId: actorId, canMonitor },
      now: this.now,
      flowId: 'flow1',
      lookup: this.lookup,
      delegations: this.delegations,
    });
    if (result.ok) {
      this.state = result.state;
      this.effects = result.effects;
    }
    return result;
  }

  async ok(actorId: string, action: FlowAction, canMonitor = false): Promise<FlowEffect[]> {
    const result = await this.act(actorId, action, canMonitor);
    if (!result.ok) throw new Error(`refused: ${result.refusal.code} at ${result.refusal.nodeId}`);
    return result.effects;
  }

  submit(formData: Record<string, unknown> = {}, choices?: Record<string, string[]>) {
    return this.ok('L', {
      type: 'submit',
      formData,
      choices,
      launcher: { deptIds: ['d2', 'd1'], roleIds: ['r9'], positionIds: ['p9'] },
    });
  }

  /** The open to-do of a user, or undefined. */
  item(userId: string, state: 'pending' | 'waiting' | 'approved' = 'pending') {
    return this.state?.items.find((i) => i.userId === userId && i.state === state);
  }

  itemId(userId: string, state: 'pending' | 'waiting' | 'approved' = 'pending'): string {
    const item = this.item(userId, state);
    if (!item) throw new Error(`no ${state} item for ${userId}`);
    return item.id;
  }

  audit(userId: string, opinion = '') {
    return this.ok(userId, { type: 'audit', itemId: this.itemId(userId), opinion });
  }

  reject(userId: string) {
    return this.ok(userId, { type: 'reject', itemId: this.itemId(userId) });
  }

  /** Who holds a pending to-do, sorted. */
  pendingUsers(): string[] {
    return (this.state?.items ?? [])
      .filter((i) => i.state === 'pending')
      .map((i) => i.userId)
      .sort();
  }

  /** Node ids with an active activation, sorted. */
  activeNodes(): string[] {
    return (this.state?.activations ?? [])
      .filter((a) => a.state === 'active')
      .map((a) => a.nodeId)
      .sort();
  }

  activation(nodeId: string) {
    const act = this.state?.activations.filter((a) => a.nodeId === nodeId).at(-1);
    if (!act) throw new Error(`no activation of ${nodeId}`);
    return act;
  }

  get status() {
    return this.state?.status;
  }
}

export function effectsOf<T extends FlowEffect['type']>(effects: FlowEffect[], type: T) {
  return effects.filter((e): e is Extract<FlowEffect, { type: T }> => e.type === type);
}
