import {
  type ApproverNode,
  type AssigneeRule,
  DEFAULT_FLOW_URGENCY,
  FLOW_STATUS,
  type FlowNode,
  type FlowStatus,
} from '@srm/contracts';
import { chooseBranch } from './condition';
import { delegationFor } from './delegation';
import { type FlowIndex, isWithin, nodeOf, parallelScopeOf, upstreamOf } from './tree';
import type {
  Activation,
  FlowAction,
  FlowEffect,
  HistoryAction,
  HistoryEntry,
  Refusal,
  RefusalCode,
  TaskState,
  TransitionContext,
  TransitionResult,
  WorkItem,
} from './types';

const HOUR = 3_600_000;
const UNIT_MS = { minutes: 60_000, hours: HOUR, days: 24 * HOUR } as const;

const HTTP_CODES: Record<RefusalCode, Refusal['httpCode']> = {
  notInProgress: 409,
  notLauncher: 403,
  notMonitor: 403,
  notYourItem: 403,
  handled: 409,
  noApprover: 400,
  nextActed: 409,
  notRecallable: 409,
  badTarget: 400,
  notDue: 409,
  stale: 409,
  choicesMissing: 400,
  invalidTree: 400,
};

/** Thrown inside a transition; the caller gets it as a refusal and the state it started from. */
class FlowRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly nodeId: string | null = null,
    readonly params: Record<string, string> = {},
  ) {
    super(code);
  }
}

const unique = (ids: readonly string[]) => [...new Set(ids.filter((id) => id !== ''))];
const OPEN: ReadonlySet<WorkItem['state']> = new Set(['pending', 'waiting']);

/** One transition's working set: a copy of the state, the effects so far, and the context. */
class Run {
  readonly effects: FlowEffect[] = [];
  constructor(
    readonly index: FlowIndex,
    readonly state: TaskState,
    readonly ctx: TransitionContext,
    readonly submitting: boolean,
  ) {}

  nextId(prefix: string): string {
    this.state.seq += 1;
    return `${prefix}${this.state.seq}`;
  }

  history(action: HistoryAction, fields: Partial<HistoryEntry> = {}): void {
    this.effects.push({
      type: 'history',
      entry: {
        action,
        actorId: null,
        onBehalfOf: null,
        nodeId: null,
        itemId: null,
        opinion: '',
        at: this.ctx.now,
        targetNodeId: null,
        userIds: [],
        ...fields,
      },
    });
  }

  node(nodeId: string): FlowNode {
    const node = nodeOf(this.index, nodeId);
    if (!node) throw new FlowRefusal('invalidTree', nodeId);
    return node;
  }

  activation(id: string): Activation {
    const act = this.state.activations.find((a) => a.id === id);
    if (!act) throw new FlowRefusal('stale');
    return act;
  }

  itemsOf(act: Activation): WorkItem[] {
    return this.state.items.filter((i) => i.activationId === act.id);
  }

  // -------------------------------------------------------------------------------------------------
  // Entering nodes

  activate(node: FlowNode, causedBy: string | null, prevHandlers: string[]): Activation {
    const act: Activation = {
      id: this.nextId('a'),
      nodeId: node.id,
      nodeType: node.type,
      state: 'active',
      enteredAt: this.ctx.now,
      finishedAt: null,
      causedBy,
      prevHandlers,
      dueAt: null,
      reminders: 0,
      joined: [],
      completedBy: null,
      joinedInto: null,
      branchId: null,
    };
    this.state.activations.push(act);
    return act;
  }

  finish(act: Activation, state: Activation['state']): void {
    act.state = state;
    act.finishedAt = this.ctx.now;
    if (act.dueAt !== null) {
      act.dueAt = null;
      this.effects.push({ type: 'unschedule', activationIds: [act.id] });
    }
  }

  schedule(act: Activation, at: number, kind: 'timer' | 'timeout'): void {
    act.dueAt = at;
    this.effects.push({ type: 'schedule', activationId: act.id, at, kind });
  }

  async enter(node: FlowNode, causedBy: string | null, prevHandlers: string[]): Promise<void> {
    const act = this.activate(node, causedBy, prevHandlers);
    switch (node.type) {
      case 'start':
        this.finish(act, 'done');
        return this.after(node, act, []);
      case 'approver':
        return this.enterApprover(node, act);
      case 'copy': {
        const userIds = await this.resolve(node.assignee, node.id);
        for (const userId of userIds)
          this.state.circulations.push({ nodeId: node.id, userId, at: this.ctx.now });
        if (userIds.length > 0) {
          this.effects.push({ type: 'copy', nodeId: node.id, userIds });
          this.history('copy', { nodeId: node.id, userIds });
        }
        this.finish(act, 'done');
        return this.after(node, act, prevHandlers);
      }
      case 'condition': {
        const branch = chooseBranch(node.branches, {
          form: this.state.formData,
          launcher: this.state.launcher,
        });
        if (!branch) throw new FlowRefusal('invalidTree', node.id);
        act.branchId = branch.id;
        this.finish(act, 'done');
        return branch.next
          ? this.enter(branch.next, act.id, prevHandlers)
          : this.after(node, act, prevHandlers);
      }
      case 'parallel': {
        for (const branch of node.branches) {
          if (act.state !== 'active') break;
          if (branch.next) await this.enter(branch.next, act.id, prevHandlers);
          else await this.join(act, branch.id, act, prevHandlers);
        }
        return;
      }
      case 'timer':
        this.schedule(act, this.ctx.now + node.wait.amount * UNIT_MS[node.wait.unit], 'timer');
        return;
      case 'end':
        this.finish(act, 'done');
        this.history('end', { nodeId: node.id });
        return this.close(FLOW_STATUS.approved);
    }
  }

  async enterApprover(node: ApproverNode, act: Activation): Promise<void> {
    let userIds = await this.resolve(node.assignee, node.id);
    if (userIds.length === 0) {
      const rule = node.noApprover ?? 'admin';
      if (rule === 'autoApprove') {
        this.history('autoAudit', { nodeId: node.id });
        this.finish(act, 'done');
        return this.after(node, act, act.prevHandlers);
      }
      if (rule === 'admin') userIds = unique(await this.ctx.lookup.tenantAdmins());
      if (userIds.length === 0) throw new FlowRefusal('noApprover', node.id, { name: node.name });
    }
    this.createItems(act, node, userIds);
    if (node.timeout) {
      const hours = node.timeout.action === 'remind' ? node.timeout.everyHours : node.timeout.afterHours;
      this.schedule(act, this.ctx.now + hours * HOUR, 'timeout');
    }
    await this.approveSamePerson(node, act);
  }

  createItems(act: Activation, node: ApproverNode, userIds: readonly string[], firstOrder = 0): WorkItem[] {
    const sequential = node.signMode === 'sequential';
    const items = userIds.map(
      (userId, i): WorkItem => ({
        id: this.nextId('i'),
        activationId: act.id,
        nodeId: node.id,
        userId,
        state: sequential && i > 0 ? 'waiting' : 'pending',
        order: sequential ? firstOrder + i : 0,
        createdAt: this.ctx.now,
        handledAt: null,
        handledBy: null,
        auto: false,
      }),
    );
    this.state.items.push(...items);
    this.announce(
      act,
      items.filter((i) => i.state === 'pending'),
    );
    return items;
  }

  announce(act: Activation, items: readonly WorkItem[]): void {
    if (items.length === 0) return;
    this.effects.push({
      type: 'todo',
      nodeId: act.nodeId,
      activationId: act.id,
      itemIds: items.map((i) => i.id),
      userIds: items.map((i) => i.userId),
    });
  }

  /** Someone who approved the node just before approves this one without being asked again. */
  async approveSamePerson(node: ApproverNode, act: Activation): Promise<void> {
    if (!node.autoApproveSame || act.prevHandlers.length === 0) return;
    for (;;) {
      if (act.state !== 'active') return;
      const item = this.itemsOf(act).find(
        (i) => i.state === 'pending' && act.prevHandlers.includes(i.userId),
      );
      if (!item) return;
      await this.approve(item, null, true, '');
    }
  }

  async resolve(rule: AssigneeRule, nodeId: string): Promise<string[]> {
    const { lookup } = this.ctx;
    switch (rule.kind) {
      case 'users':
        return unique(rule.userIds);
      case 'roles':
        return unique(await lookup.usersOfRoles(rule.roleIds));
      case 'positions':
        return unique(await lookup.usersOfPositions(rule.positionIds));
      case 'deptManager':
      case 'manager': {
        const manager = await lookup.managerOf(
          this.state.launcherId,
          rule.kind === 'manager' ? rule.levels : 1,
        );
        return manager ? [manager] : [];
      }
      case 'launcher':
        return [this.state.launcherId];
      case 'formField': {
        const value = this.state.formData[rule.field];
        const list = Array.isArray(value) ? value : [value];
        return unique(list.filter((v): v is string => typeof v === 'string'));
      }
      case 'nodeHandler': {
        const done = this.state.activations
          .filter((a) => a.nodeId === rule.nodeId && a.state === 'done')
          .at(-1);
        if (!done) return [];
        return unique(
          this.itemsOf(done)
            .filter((i) => i.state === 'approved')
            .map((i) => i.userId),
        );
      }
      case 'launcherChooses': {
        const chosen = unique(this.state.choices[nodeId] ?? []);
        if (chosen.length === 0 && this.submitting) {
          const node = this.node(nodeId);
          throw new FlowRefusal('choicesMissing', nodeId, { name: node.name });
        }
        return chosen;
      }
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Leaving nodes

  /** Goes on after a finished node: its next node, or out of its branch. */
  async after(node: FlowNode, act: Activation, handlers: string[]): Promise<void> {
    if (node.next) return this.enter(node.next, act.id, handlers);
    const container = this.index.nodes.get(node.id)?.container;
    if (!container) return this.close(FLOW_STATUS.approved);
    const group = container.group;
    if (group.type === 'condition') {
      // The finishing activation is passed on, so a join after the group counts as caused by it.
      return this.after(group, act, handlers);
    }
    const groupAct = this.latest(group.id);
    if (groupAct?.state !== 'active') throw new FlowRefusal('invalidTree', group.id);
    if (!groupAct) throw new FlowRefusal('invalidTree', group.id);
    act.joinedInto = { activationId: groupAct.id, branchId: container.branchId };
    return this.join(groupAct, container.branchId, act, handlers);
  }

  async join(groupAct: Activation, branchId: string, by: Activation, handlers: string[]): Promise<void> {
    if (!groupAct.joined.includes(branchId)) groupAct.joined.push(branchId);
    const group = this.node(groupAct.nodeId);
    if (group.type !== 'parallel' || groupAct.joined.length < group.branches.length) return;
    this.finish(groupAct, 'done');
    groupAct.completedBy = by.id;
    // The node after the group counts as caused by the last branch to finish, so recalling that branch's
    // approval also takes back what the join started.
    if (group.next) return this.enter(group.next, by.id, handlers);
    return this.after(group, by, handlers);
  }

  latest(nodeId: string): Activation | undefined {
    return this.state.activations.filter((a) => a.nodeId === nodeId).at(-1);
  }

  /** Ends the task: everything still open is cancelled. */
  close(status: FlowStatus): void {
    if (this.state.status !== FLOW_STATUS.inProgress) return;
    this.cancelActivations(this.state.activations.filter((a) => a.state === 'active'));
    this.state.status = status;
    this.effects.push({ type: 'finished', status, launcherId: this.state.launcherId });
  }

  cancelActivations(acts: readonly Activation[]): void {
    const ids = new Set(acts.map((a) => a.id));
    for (const act of acts) this.finish(act, 'cancelled');
    this.dropItems(
      this.state.items.filter((i) => ids.has(i.activationId) && OPEN.has(i.state)),
      'cancelled',
    );
  }

  dropItems(items: readonly WorkItem[], state: 'cancelled' | 'closed'): void {
    if (items.length === 0) return;
    for (const item of items) item.state = state;
    this.effects.push({
      type: 'todoGone',
      itemIds: items.map((i) => i.id),
      userIds: items.map((i) => i.userId),
    });
  }

  // -------------------------------------------------------------------------------------------------
  // Deciding an approver node

  async approve(item: WorkItem, actorId: string | null, auto: boolean, opinion: string): Promise<void> {
    item.state = 'approved';
    item.handledAt = this.ctx.now;
    item.handledBy = actorId;
    item.auto = auto;
    this.history(auto ? 'autoAudit' : 'audit', {
      actorId,
      onBehalfOf: actorId !== null && actorId !== item.userId ? item.userId : null,
      nodeId: item.nodeId,
      itemId: item.id,
      opinion,
    });
    const act = this.activation(item.activationId);
    const node = this.node(act.nodeId) as ApproverNode;
    const items = this.itemsOf(act).filter((i) => i.state !== 'transferred' && i.state !== 'cancelled');
    const approved = items.filter((i) => i.state === 'approved').length;
    const open = items.filter((i) => OPEN.has(i.state));
    let decided = false;
    switch (node.signMode) {
      case 'or':
        decided = true;
        break;
      case 'all':
        decided = open.length === 0;
        break;
      case 'ratio':
        decided = approved * 100 >= (node.ratio ?? 100) * items.length;
        break;
      case 'sequential': {
        const nextInLine = open.filter((i) => i.state === 'waiting').sort((a, b) => a.order - b.order)[0];
        if (nextInLine && !open.some((i) => i.state === 'pending')) {
          nextInLine.state = 'pending';
          this.announce(act, [nextInLine]);
        }
        decided = open.length === 0;
        break;
      }
    }
    if (!decided) return;
    this.dropItems(open, 'closed');
    this.finish(act, 'done');
    const handlers = unique(
      this.itemsOf(act)
        .filter((i) => i.state === 'approved')
        .map((i) => i.userId),
    );
    await this.after(node, act, handlers);
  }

  /** A no; `decides` (a timeout's automatic reject) rejects the node whatever its sign mode. */
  async reject(item: WorkItem, actorId: string | null, opinion: string, decides = false): Promise<void> {
    item.state = 'rejected';
    item.handledAt = this.ctx.now;
    item.handledBy = actorId;
    item.auto = actorId === null;
    const act = this.activation(item.activationId);
    const node = this.node(act.nodeId) as ApproverNode;
    let decided = true;
    if (node.signMode === 'ratio' && !decides) {
      const items = this.itemsOf(act).filter((i) => i.state !== 'transferred' && i.state !== 'cancelled');
      const reachable = items.filter((i) => i.state === 'approved' || OPEN.has(i.state)).length;
      // Still decided by approval while enough approvers remain to reach the ratio.
      decided = reachable * 100 < (node.ratio ?? 100) * items.length;
    }
    const target = decided ? this.rejectTarget(node) : null;
    this.history(actorId === null ? 'autoReject' : 'reject', {
      actorId,
      onBehalfOf: actorId !== null && actorId !== item.userId ? item.userId : null,
      nodeId: item.nodeId,
      itemId: item.id,
      opinion,
      // Where the task goes back to (null: the launcher, or nothing yet while a ratio node is undecided).
      targetNodeId: decided ? (target?.id ?? null) : null,
    });
    if (decided) await this.rejectNode(act, target);
  }

  /** Where a reject of this node goes: an earlier approver node, or null for the launcher. */
  rejectTarget(node: ApproverNode): FlowNode | null {
    const rule = node.rejectTo ?? { kind: 'launcher' };
    if (rule.kind === 'node') return this.node(rule.nodeId);
    if (rule.kind === 'launcher') return null;
    // Nearest first along the route; nodes of earlier branches count only where they ran.
    const ran = new Set(this.state.activations.filter((a) => a.state === 'done').map((a) => a.nodeId));
    const previous = upstreamOf(this.index, node.id, true).find(
      (n) => n.type === 'approver' && ran.has(n.id),
    );
    return previous ?? null;
  }

  async rejectNode(act: Activation, target: FlowNode | null): Promise<void> {
    this.dropItems(
      this.itemsOf(act).filter((i) => OPEN.has(i.state)),
      'closed',
    );
    this.finish(act, 'rejected');
    if (target === null) return this.close(FLOW_STATUS.rejected);
    // Only the part of the route the target lies in goes back: other parallel branches carry on.
    const scope = parallelScopeOf(this.index, target.id);
    this.cancelActivations(
      this.state.activations.filter((a) => a.state === 'active' && isWithin(this.index, a.nodeId, scope)),
    );
    await this.enter(target, act.id, []);
  }
}

// ---------------------------------------------------------------------------------------------------

function refuse(
  code: RefusalCode,
  nodeId: string | null = null,
  params: Record<string, string> = {},
): TransitionResult {
  return {
    ok: false,
    refusal: { code, httpCode: HTTP_CODES[code], messageKey: `flow.error.${code}`, params, nodeId },
  };
}

function newState(launcherId: string, action: Extract<FlowAction, { type: 'submit' }>): TaskState {
  return {
    status: FLOW_STATUS.draft,
    launcherId,
    launcher: action.launcher,
    formData: action.formData,
    urgency: action.urgency ?? DEFAULT_FLOW_URGENCY,
    choices: action.choices ?? {},
    seq: 0,
    version: 0,
    activations: [],
    items: [],
    circulations: [],
  };
}

/**
 * The item an actor acts on, checked: it exists, is still open, and is his or delegated to him now
 * (a delegation never covers the delegate's own request: `delegationFor`).
 */
function ownItem(run: Run, itemId: string): { item: WorkItem; onBehalf: boolean } {
  const item = run.state.items.find((i) => i.id === itemId);
  if (!item) throw new FlowRefusal('stale');
  const { actor, delegations, flowId, now } = run.ctx;
  const mine = item.userId === actor.userId;
  if (!mine && !delegationFor(delegations, item.userId, actor.userId, flowId, now, run.state.launcherId))
    throw new FlowRefusal('notYourItem', item.nodeId);
  // Later in a sequence: not his turn yet.
  if (item.state === 'waiting') throw new FlowRefusal('notYourItem', item.nodeId);
  if (item.state !== 'pending') throw new FlowRefusal('handled', item.nodeId);
  return { item, onBehalf: !mine };
}

function requireInProgress(state: TaskState): void {
  if (state.status !== FLOW_STATUS.inProgress) throw new FlowRefusal('notInProgress');
}

async function apply(run: Run, action: FlowAction): Promise<void> {
  const { state, ctx } = run;
  const { actor } = ctx;
  switch (action.type) {
    case 'submit':
    case 'resubmit': {
      const allowed: readonly FlowStatus[] =
        action.type === 'submit' ? [FLOW_STATUS.draft] : [FLOW_STATUS.rejected, FLOW_STATUS.withdrawn];
      if (!allowed.includes(state.status)) throw new FlowRefusal('notInProgress');
      if (state.launcherId !== actor.userId) throw new FlowRefusal('notLauncher');
      if (action.formData) state.formData = action.formData;
      if (action.urgency) state.urgency = action.urgency;
      if (action.choices) state.choices = action.choices;
      state.status = FLOW_STATUS.inProgress;
      run.history(action.type, { actorId: actor.userId, nodeId: run.index.root.id });
      return run.enter(run.index.root, null, []);
    }
    case 'audit': {
      requireInProgress(state);
      const { item } = ownItem(run, action.itemId);
      return run.approve(item, actor.userId, false, action.opinion ?? '');
    }
    case 'reject': {
      requireInProgress(state);
      const { item } = ownItem(run, action.itemId);
      return run.reject(item, actor.userId, action.opinion ?? '');
    }
    case 'transfer': {
      requireInProgress(state);
      const { item, onBehalf } = ownItem(run, action.itemId);
      const act = run.activation(item.activationId);
      const holders = run.itemsOf(act).filter((i) => OPEN.has(i.state) || i.state === 'approved');
      if (action.toUserId === item.userId || holders.some((i) => i.userId === action.toUserId))
        throw new FlowRefusal('badTarget', item.nodeId);
      item.state = 'transferred';
      item.handledAt = ctx.now;
      item.handledBy = actor.userId;
      run.effects.push({ type: 'todoGone', itemIds: [item.id], userIds: [item.userId] });
      const moved: WorkItem = { ...item, id: run.nextId('i'), userId: action.toUserId, state: 'pending' };
      moved.createdAt = ctx.now;
      moved.handledAt = null;
      moved.handledBy = null;
      state.items.push(moved);
      run.announce(act, [moved]);
      run.history('transfer', {
        actorId: actor.userId,
        onBehalfOf: onBehalf ? item.userId : null,
        nodeId: item.nodeId,
        itemId: item.id,
        opinion: action.opinion ?? '',
        userIds: [action.toUserId],
      });
      return;
    }
    case 'recall':
      requireInProgress(state);
      return recall(run, action.itemId, action.opinion ?? '');
    case 'breakOff':
      requireInProgress(state);
      if (state.launcherId !== actor.userId) throw new FlowRefusal('notLauncher');
      run.history('breakOff', { actorId: actor.userId, opinion: action.opinion ?? '' });
      return run.close(FLOW_STATUS.withdrawn);
    case 'cancel':
      if (!actor.canMonitor) throw new FlowRefusal('notMonitor');
      if (state.status !== FLOW_STATUS.inProgress && state.status !== FLOW_STATUS.rejected)
        throw new FlowRefusal('notInProgress');
      run.history('cancel', { actorId: actor.userId, opinion: action.opinion ?? '' });
      // A task waiting for its launcher after a reject has nothing open; it ends all the same.
      if (state.status === FLOW_STATUS.rejected) state.status = FLOW_STATUS.inProgress;
      return run.close(FLOW_STATUS.terminated);
    case 'assign': {
      if (!actor.canMonitor) throw new FlowRefusal('notMonitor');
      requireInProgress(state);
      const act = run.state.activations.find((a) => a.nodeId === action.nodeId && a.state === 'active');
      const node = nodeOf(run.index, action.nodeId);
      if (!act || node?.type !== 'approver') throw new FlowRefusal('stale', action.nodeId);
      const userIds = unique(action.userIds);
      if (userIds.length === 0) throw new FlowRefusal('badTarget', action.nodeId);
      const open = run.itemsOf(act).filter((i) => OPEN.has(i.state));
      run.dropItems(open, 'cancelled');
      const firstOrder = Math.max(0, ...run.itemsOf(act).map((i) => i.order + 1));
      run.createItems(act, node, userIds, firstOrder);
      run.history('assign', {
        actorId: actor.userId,
        nodeId: node.id,
        opinion: action.opinion ?? '',
        userIds,
      });
      return;
    }
    case 'timerFire': {
      requireInProgress(state);
      const act = run.activation(action.activationId);
      const node = run.node(act.nodeId);
      if (act.state !== 'active' || node.type !== 'timer' || act.dueAt === null)
        throw new FlowRefusal('stale');
      if (ctx.now < act.dueAt) throw new FlowRefusal('notDue', node.id);
      run.finish(act, 'done');
      run.history('timer', { nodeId: node.id });
      return run.after(node, act, act.prevHandlers);
    }
    case 'timeout':
      requireInProgress(state);
      return timeout(run, action.activationId);
  }
}

async function timeout(run: Run, activationId: string): Promise<void> {
  const act = run.activation(activationId);
  const node = run.node(act.nodeId);
  if (act.state !== 'active' || node.type !== 'approver' || !node.timeout || act.dueAt === null)
    throw new FlowRefusal('stale');
  if (run.ctx.now < act.dueAt) throw new FlowRefusal('notDue', node.id);
  const pending = run.itemsOf(act).filter((i) => i.state === 'pending');
  const rule = node.timeout;
  if (rule.action === 'remind') {
    act.reminders += 1;
    act.dueAt = null;
    const userIds = pending.map((i) => i.userId);
    run.effects.push({
      type: 'remind',
      nodeId: node.id,
      activationId: act.id,
      userIds,
      count: act.reminders,
    });
    run.history('remind', { nodeId: node.id, userIds });
    if (act.reminders < rule.times) run.schedule(act, run.ctx.now + rule.everyHours * HOUR, 'timeout');
    return;
  }
  const first = pending[0];
  if (!first) throw new FlowRefusal('stale');
  if (rule.action === 'autoReject') return run.reject(first, null, '', true);
  // Approving automatically decides the node whatever its sign mode: everyone still asked says yes.
  for (const item of pending) {
    if (act.state !== 'active') break;
    await run.approve(item, null, true, '');
  }
  // A sequence moves one by one: those woken by the approvals above are approved as well.
  for (let next = run.itemsOf(act).find((i) => i.state === 'pending'); next && act.state === 'active'; ) {
    await run.approve(next, null, true, '');
    next = run.itemsOf(act).find((i) => i.state === 'pending');
  }
}

/** Activations started, directly or through pass-through nodes, by one activation's completion. */
function descendants(state: TaskState, root: Activation): Activation[] {
  const out: Activation[] = [];
  const frontier = [root.id];
  while (frontier.length > 0) {
    const id = frontier.pop();
    for (const act of state.activations)
      if (act.causedBy === id && act.id !== root.id && !out.includes(act)) {
        out.push(act);
        frontier.push(act.id);
      }
  }
  return out;
}

async function recall(run: Run, itemId: string, opinion: string): Promise<void> {
  const { state, ctx } = run;
  const item = state.items.find((i) => i.id === itemId);
  if (!item) throw new FlowRefusal('stale');
  if (item.state !== 'approved' || item.auto) throw new FlowRefusal('notRecallable', item.nodeId);
  if (item.handledBy !== ctx.actor.userId) throw new FlowRefusal('notYourItem', item.nodeId);
  const act = run.activation(item.activationId);
  const siblings = run.itemsOf(act);
  const later = siblings.filter(
    (i) => i.order > item.order && i.state !== 'transferred' && i.state !== 'cancelled',
  );
  if (later.some((i) => i.state === 'approved' || i.state === 'rejected'))
    throw new FlowRefusal('nextActed', item.nodeId);
  if (act.state === 'done') {
    const after = descendants(state, act);
    const joined = act.joinedInto ?? after.map((a) => a.joinedInto).find((j) => j !== null) ?? null;
    const group = joined ? run.activation(joined.activationId) : null;
    // His branch joined first and another finished the group: what the join started is his next node too.
    if (group?.state === 'done' && group.completedBy && !after.some((a) => a.id === group.completedBy)) {
      const completer = run.activation(group.completedBy);
      if (completer.id !== act.id)
        for (const a of descendants(state, completer)) if (!after.includes(a)) after.push(a);
    }
    const acted = after.some(
      (a) =>
        (a.nodeType === 'approver' && a.state !== 'active' && a.state !== 'cancelled') ||
        run.itemsOf(a).some((i) => i.state === 'approved' || i.state === 'rejected'),
    );
    if (acted) throw new FlowRefusal('nextActed', item.nodeId);
    run.cancelActivations(after.filter((a) => a.state === 'active'));
    for (const a of after) a.state = 'cancelled';
    for (const g of state.activations) if (g.completedBy === act.id) reopenGroup(g);
    if (joined && group) {
      group.joined = group.joined.filter((b) => b !== joined.branchId);
      reopenGroup(group);
    }
    act.state = 'active';
    act.finishedAt = null;
    const reopened = siblings.filter((i) => i.state === 'closed');
    for (const i of reopened) i.state = 'pending';
    run.announce(act, reopened);
    const node = run.node(act.nodeId);
    if (node.type === 'approver' && node.timeout) {
      const hours = node.timeout.action === 'remind' ? node.timeout.everyHours : node.timeout.afterHours;
      run.schedule(act, ctx.now + hours * HOUR, 'timeout');
    }
  } else if (act.state !== 'active') {
    throw new FlowRefusal('notRecallable', item.nodeId);
  }
  // In a sequence the one after him waits again until he has decided anew.
  const woken = later.filter((i) => i.state === 'pending');
  for (const i of woken) i.state = 'waiting';
  if (woken.length > 0)
    run.effects.push({
      type: 'todoGone',
      itemIds: woken.map((i) => i.id),
      userIds: woken.map((i) => i.userId),
    });
  item.state = 'pending';
  item.handledAt = null;
  item.handledBy = null;
  run.announce(act, [item]);
  run.history('recall', { actorId: ctx.actor.userId, nodeId: item.nodeId, itemId: item.id, opinion });
}

function reopenGroup(group: Activation): void {
  group.state = 'active';
  group.finishedAt = null;
  group.completedBy = null;
}

/**
 * The engine: (version tree, task state, action, actor, clock) → (new state, effects), or a refusal that
 * leaves the state as it was. `state` is null for a task that does not exist yet (a first submit).
 */
export async function transition(
  index: FlowIndex,
  state: TaskState | null,
  action: FlowAction,
  ctx: TransitionContext,
): Promise<TransitionResult> {
  let working: TaskState;
  if (state) working = structuredClone(state);
  else if (action.type === 'submit') working = newState(ctx.actor.userId, action);
  else return refuse('notInProgress');
  if (action.type === 'submit' && state) {
    working.launcher = action.launcher;
  }
  const run = new Run(index, working, ctx, action.type === 'submit' || action.type === 'resubmit');
  try {
    await apply(run, action);
  } catch (error) {
    if (error instanceof FlowRefusal) return refuse(error.code, error.nodeId, error.params);
    throw error;
  }
  working.version += 1;
  return { ok: true, state: working, effects: run.effects };
}
