import type {
  ApproverNode,
  ConditionBranch,
  ConditionNode,
  FlowNode,
  FlowNodeType,
  ParallelBranch,
  ParallelNode,
} from '@srm/contracts/core';

/**
 * The designer's pure operations on a flow's node tree: every one takes a tree and returns a new
 * one (the old is never changed, so the undo stack keeps plain references). Node and branch ids
 * share one namespace, so an edge is named by the id it follows: a node (the edge below it) or a
 * branch (the edge at the top of that branch).
 */

/** Something with a `next`: a node or a branch. */
type Link = { id: string; next?: FlowNode | null | undefined };
type Branch = ConditionBranch | ParallelBranch;
export type InsertableType = Exclude<FlowNodeType, 'start' | 'end'>;
export const INSERTABLE_TYPES: readonly InsertableType[] = [
  'approver',
  'copy',
  'condition',
  'parallel',
  'timer',
];

let counter = 0;
/** A fresh id that fits the contracts' node id pattern and does not repeat within a session. */
export function newId(prefix = 'n'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${counter}`;
}

/** The names new nodes and branches get, in the UI language. */
export interface NodeNames {
  node: (type: InsertableType) => string;
  branch: (index: number) => string;
  defaultBranch: string;
}

export function createNode(type: InsertableType, names: NodeNames): FlowNode {
  const base = { id: newId(), name: names.node(type), next: null };
  switch (type) {
    case 'approver':
      return {
        ...base,
        type,
        assignee: { kind: 'users', userIds: [] },
        signMode: 'or',
        rejectTo: { kind: 'launcher' },
        noApprover: 'admin',
        autoApproveSame: true,
      };
    case 'copy':
      return { ...base, type, assignee: { kind: 'users', userIds: [] } };
    case 'condition':
      return {
        ...base,
        type,
        branches: [
          {
            id: newId('b'),
            name: names.branch(1),
            condition: { kind: 'group', op: 'and', items: [] },
            next: null,
          },
          { id: newId('b'), name: names.defaultBranch, isDefault: true, next: null },
        ],
      };
    case 'parallel':
      return {
        ...base,
        type,
        branches: [
          { id: newId('b'), name: names.branch(1), next: null },
          { id: newId('b'), name: names.branch(2), next: null },
        ],
      };
    case 'timer':
      return { ...base, type, wait: { amount: 1, unit: 'hours' } };
  }
}

/** A new flow: launcher, one approver, end. */
export function initialTree(names: NodeNames & { start: string; end: string }): FlowNode {
  const approver = createNode('approver', names);
  approver.next = { id: newId(), type: 'end', name: names.end, next: null };
  return { id: newId(), type: 'start', name: names.start, next: approver };
}

function branchesOf(node: FlowNode): Branch[] | null {
  return node.type === 'condition' || node.type === 'parallel' ? node.branches : null;
}

/** Visits every node and branch, depth first in display order. */
export function walk(
  tree: FlowNode | null | undefined,
  visit: (item: FlowNode | Branch, kind: 'node' | 'branch', parent: Link | null) => void,
  parent: Link | null = null,
): void {
  let prev: Link | null = parent;
  for (let cur = tree; cur; cur = cur.next) {
    visit(cur, 'node', prev);
    for (const branch of branchesOf(cur) ?? []) {
      visit(branch, 'branch', cur);
      walk(branch.next, visit, branch);
    }
    prev = cur;
  }
}

export function findNode(tree: FlowNode, id: string): FlowNode | null {
  let found: FlowNode | null = null;
  walk(tree, (item, kind) => {
    if (kind === 'node' && item.id === id) found = item as FlowNode;
  });
  return found;
}

export function findBranch(
  tree: FlowNode,
  id: string,
): { branch: Branch; group: ConditionNode | ParallelNode } | null {
  let found: { branch: Branch; group: ConditionNode | ParallelNode } | null = null;
  walk(tree, (item, kind, parent) => {
    if (kind === 'branch' && item.id === id)
      found = { branch: item as Branch, group: parent as ConditionNode };
  });
  return found;
}

/** A copy of the tree and the link (node or branch) of the copy with that id. */
function editAt(tree: FlowNode, id: string): { root: FlowNode; link: Link | null } {
  const root = structuredClone(tree);
  let link: Link | null = null;
  walk(root, (item) => {
    if (item.id === id) link = item;
  });
  return { root, link };
}

/** The node or branch whose `next` is the node with that id. */
function holderOf(root: FlowNode, id: string): Link | null {
  let holder: Link | null = null;
  walk(root, (item) => {
    if (item.next?.id === id) holder = item;
  });
  return holder;
}

/** Inserts a node on the edge below `afterId`; a new group takes what followed as what follows it. */
export function insertNode(tree: FlowNode, afterId: string, node: FlowNode): FlowNode {
  const { root, link } = editAt(tree, afterId);
  if (!link) return tree;
  if ('type' in link && link.type === 'end') return tree;
  const inserted = structuredClone(node);
  let tail: Link = inserted;
  while (tail.next) tail = tail.next;
  tail.next = link.next ?? null;
  link.next = inserted;
  return root;
}

/** Removes a node (a group with all its branches); start and end stay. */
export function removeNode(tree: FlowNode, id: string): FlowNode {
  const target = findNode(tree, id);
  if (!target || target.type === 'start' || target.type === 'end') return tree;
  const root = structuredClone(tree);
  const holder = holderOf(root, id);
  if (!holder?.next) return tree;
  holder.next = holder.next.next ?? null;
  return root;
}

/** Changes a node's own settings (never its id, type, branches or what follows it). */
export function updateNode(tree: FlowNode, id: string, patch: Partial<FlowNode>): FlowNode {
  const { root, link } = editAt(tree, id);
  if (!link || !('type' in link)) return tree;
  const { id: _i, type: _t, next: _n, ...rest } = patch as Partial<FlowNode> & { branches?: unknown };
  delete (rest as { branches?: unknown }).branches;
  Object.assign(link, rest);
  return root;
}

export function updateBranch(tree: FlowNode, id: string, patch: Partial<ConditionBranch>): FlowNode {
  const { root, link } = editAt(tree, id);
  if (!link || 'type' in link) return tree;
  const { id: _i, next: _n, isDefault: _d, ...rest } = patch;
  Object.assign(link, rest);
  return root;
}

/** Adds a branch to a group: a condition's goes before its default branch, a parallel's at the end. */
export function addBranch(tree: FlowNode, groupId: string, names: NodeNames): FlowNode {
  const { root, link: found } = editAt(tree, groupId);
  if (!found || !('type' in found)) return tree;
  const link = found as FlowNode;
  if (link.type === 'condition') {
    const at = link.branches.findIndex((b) => b.isDefault);
    const index = at < 0 ? link.branches.length : at;
    link.branches.splice(index, 0, {
      id: newId('b'),
      name: names.branch(index + 1),
      condition: { kind: 'group', op: 'and', items: [] },
      next: null,
    });
  } else if (link.type === 'parallel') {
    link.branches.push({ id: newId('b'), name: names.branch(link.branches.length + 1), next: null });
  } else return tree;
  return root;
}

/**
 * Removes a branch. A group left with one branch dissolves: that branch's nodes take the group's
 * place, followed by what followed the group. A condition's default branch cannot be removed.
 */
export function removeBranch(tree: FlowNode, branchId: string): FlowNode {
  const found = findBranch(tree, branchId);
  if (!found || (found.branch as ConditionBranch).isDefault) return tree;
  const root = structuredClone(tree);
  const group = findNode(root, found.group.id) as ConditionNode | ParallelNode;
  const branches = group.branches as Branch[];
  branches.splice(
    branches.findIndex((b) => b.id === branchId),
    1,
  );
  if (branches.length >= 2) return root;
  const holder = holderOf(root, group.id);
  if (!holder) return tree;
  const rest = branches[0]?.next ?? null;
  const after = group.next ?? null;
  if (rest) {
    let tail: Link = rest;
    while (tail.next) tail = tail.next;
    tail.next = after;
    holder.next = rest;
  } else holder.next = after;
  return root;
}

/** Moves a branch to another position among its siblings; a condition's default branch stays last. */
export function moveBranch(tree: FlowNode, branchId: string, toIndex: number): FlowNode {
  const found = findBranch(tree, branchId);
  if (!found || (found.branch as ConditionBranch).isDefault) return tree;
  const root = structuredClone(tree);
  const group = findNode(root, found.group.id) as ConditionNode | ParallelNode;
  const branches = group.branches as Branch[];
  const from = branches.findIndex((b) => b.id === branchId);
  const movable =
    group.type === 'condition'
      ? branches.filter((b) => !(b as ConditionBranch).isDefault).length
      : branches.length;
  const to = Math.max(0, Math.min(movable - 1, toIndex));
  if (to === from) return tree;
  const [branch] = branches.splice(from, 1);
  if (branch) branches.splice(to, 0, branch);
  return root;
}

/** Swaps a node with its neighbour on the same route (up: -1, down: +1); start and end stay put. */
export function moveNode(tree: FlowNode, id: string, delta: -1 | 1): FlowNode {
  const root = structuredClone(tree);
  const holder = holderOf(root, id);
  const node = holder?.next;
  if (!holder || !node || node.type === 'start' || node.type === 'end') return tree;
  if (delta === 1) {
    const below = node.next;
    if (!below || below.type === 'end') return tree;
    node.next = below.next ?? null;
    below.next = node;
    holder.next = below;
    return root;
  }
  if (!('type' in holder) || holder.type === 'start') return tree;
  const above = holder as FlowNode;
  const aboveHolder = holderOf(root, above.id);
  if (!aboveHolder) return tree;
  above.next = node.next ?? null;
  node.next = above;
  aboveHolder.next = node;
  return root;
}

/** The approver nodes before `id` on its route (reject targets and "an earlier node's handler"). */
export function upstreamApprovers(tree: FlowNode, id: string): ApproverNode[] {
  const path: FlowNode[] = [];
  const search = (start: FlowNode | null | undefined, trail: FlowNode[]): boolean => {
    for (let cur = start; cur; cur = cur.next) {
      if (cur.id === id) {
        path.push(...trail);
        return true;
      }
      for (const branch of branchesOf(cur) ?? []) {
        if (branch.id === id || search(branch.next, [...trail])) {
          if (branch.id === id) path.push(...trail);
          return true;
        }
      }
      trail.push(cur);
    }
    return false;
  };
  search(tree, []);
  return path.filter((n): n is ApproverNode => n.type === 'approver');
}

/** Every node and branch id in display order (keyboard travel and error lookup). */
export function allIds(tree: FlowNode): string[] {
  const out: string[] = [];
  walk(tree, (item) => out.push(item.id));
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Undo / redo

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}
export const HISTORY_LIMIT = 100;

export function historyOf<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** Records a change; an unchanged value (same reference) records nothing. */
export function record<T>(h: History<T>, next: T): History<T> {
  if (next === h.present) return h;
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

export function undo<T>(h: History<T>): History<T> {
  const prev = h.past.at(-1);
  if (prev === undefined) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  const [next, ...future] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future };
}
