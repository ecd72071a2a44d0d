import { flowNodeSchema } from '@srm/contracts';
import type { ConditionNode, FlowNode, ParallelNode } from '@srm/contracts/core';
import { describe, expect, it } from 'vitest';
import {
  addBranch,
  allIds,
  createNode,
  findNode,
  historyOf,
  initialTree,
  insertNode,
  moveBranch,
  moveNode,
  type NodeNames,
  record,
  redo,
  removeBranch,
  removeNode,
  undo,
  updateBranch,
  updateNode,
  upstreamApprovers,
} from '../src/views/workFlow/flowEngine/treeOps';

const names: NodeNames & { start: string; end: string } = {
  node: (type) => type,
  branch: (i) => `branch ${i}`,
  defaultBranch: 'otherwise',
  start: 'start',
  end: 'end',
};

/** The route as node types, branches in brackets: `start approver condition[a|b] end`. */
function shape(node: FlowNode | null | undefined): string {
  const out: string[] = [];
  for (let cur = node; cur; cur = cur.next) {
    if (cur.type === 'condition' || cur.type === 'parallel')
      out.push(`${cur.type}[${cur.branches.map((b) => shape(b.next) || '-').join('|')}]`);
    else out.push(cur.type);
  }
  return out.join(' ');
}

function base() {
  const tree = initialTree(names);
  const approverId = tree.next!.id;
  return { tree, approverId };
}

describe('flow tree operations', () => {
  it('starts with launcher, approver, end, which the contracts accept', () => {
    const { tree } = base();
    expect(shape(tree)).toBe('start approver end');
    expect(flowNodeSchema.safeParse(tree).success).toBe(true);
  });

  it('inserts a node on an edge and leaves the old tree unchanged', () => {
    const { tree, approverId } = base();
    const next = insertNode(tree, approverId, createNode('copy', names));
    expect(shape(next)).toBe('start approver copy end');
    expect(shape(tree)).toBe('start approver end');
  });

  it('inserts a condition group whose default branch is last and which is followed by what followed', () => {
    const { tree } = base();
    const next = insertNode(tree, tree.id, createNode('condition', names));
    expect(shape(next)).toBe('start condition[-|-] approver end');
    const group = next.next as ConditionNode;
    expect(group.branches.map((b) => b.isDefault ?? false)).toEqual([false, true]);
    expect(flowNodeSchema.safeParse(next).success).toBe(true);
  });

  it('inserts at the top of a branch and never below the end node', () => {
    const { tree } = base();
    const withGroup = insertNode(tree, tree.id, createNode('parallel', names));
    const branch = (withGroup.next as ParallelNode).branches[1]!;
    const next = insertNode(withGroup, branch.id, createNode('timer', names));
    expect(shape(next)).toBe('start parallel[-|timer] approver end');
    const endId = allIds(next).at(-1)!;
    expect(insertNode(next, endId, createNode('copy', names))).toBe(next);
  });

  it('removes a node and a whole group, never the launcher or the end', () => {
    const { tree, approverId } = base();
    expect(shape(removeNode(tree, approverId))).toBe('start end');
    expect(removeNode(tree, tree.id)).toBe(tree);
    const withGroup = insertNode(tree, tree.id, createNode('condition', names));
    expect(shape(removeNode(withGroup, withGroup.next!.id))).toBe('start approver end');
  });

  it('adds condition branches before the default branch and parallel ones at the end', () => {
    const { tree } = base();
    const cond = insertNode(tree, tree.id, createNode('condition', names));
    const more = addBranch(cond, cond.next!.id, names) as FlowNode;
    const branches = (more.next as ConditionNode).branches;
    expect(branches.map((b) => b.name)).toEqual(['branch 1', 'branch 2', 'otherwise']);
    const par = insertNode(tree, tree.id, createNode('parallel', names));
    const par3 = addBranch(par, par.next!.id, names);
    expect((par3.next as ParallelNode).branches.map((b) => b.name)).toEqual([
      'branch 1',
      'branch 2',
      'branch 3',
    ]);
  });

  it('removing the second-to-last branch dissolves the group into the remaining route', () => {
    const { tree } = base();
    const par = insertNode(tree, tree.id, createNode('parallel', names));
    const [b1, b2] = (par.next as ParallelNode).branches;
    const withTimer = insertNode(par, b2!.id, createNode('timer', names));
    expect(shape(removeBranch(withTimer, b1!.id))).toBe('start timer approver end');
  });

  it('keeps the default branch: it cannot be removed or moved', () => {
    const { tree } = base();
    const cond = insertNode(tree, tree.id, createNode('condition', names));
    const def = (cond.next as ConditionNode).branches[1]!;
    expect(removeBranch(cond, def.id)).toBe(cond);
    expect(moveBranch(cond, def.id, 0)).toBe(cond);
  });

  it('reorders branches among the movable siblings', () => {
    const { tree } = base();
    const withGroup = insertNode(tree, tree.id, createNode('condition', names));
    const groupId = withGroup.next!.id;
    const cond = addBranch(withGroup, groupId, names);
    const [first] = (cond.next as ConditionNode).branches;
    const moved = moveBranch(cond, first!.id, 5);
    expect((findNode(moved, groupId) as ConditionNode).branches.map((b) => b.name)).toEqual([
      'branch 2',
      'branch 1',
      'otherwise',
    ]);
  });

  it('moves a node up and down its route but not past the launcher or the end', () => {
    const { tree, approverId } = base();
    const withCopy = insertNode(tree, approverId, createNode('copy', names));
    const copyId = withCopy.next!.next!.id;
    expect(shape(moveNode(withCopy, copyId, -1))).toBe('start copy approver end');
    expect(shape(moveNode(withCopy, approverId, 1))).toBe('start copy approver end');
    expect(moveNode(withCopy, approverId, -1)).toBe(withCopy);
    expect(moveNode(withCopy, copyId, 1)).toBe(withCopy);
  });

  it('updates settings without touching structure', () => {
    const { tree, approverId } = base();
    const next = updateNode(tree, approverId, { name: 'Director', next: null } as Partial<FlowNode>);
    expect(findNode(next, approverId)?.name).toBe('Director');
    expect(shape(next)).toBe('start approver end');
    const cond = insertNode(tree, tree.id, createNode('condition', names));
    const branch = (cond.next as ConditionNode).branches[0]!;
    const renamed = updateBranch(cond, branch.id, { name: 'Large', isDefault: true });
    const after = (renamed.next as ConditionNode).branches[0]!;
    expect(after.name).toBe('Large');
    expect(after.isDefault).toBeUndefined();
  });

  it('lists the approvers upstream of a node, inside branches too', () => {
    const { tree, approverId } = base();
    const cond = insertNode(tree, approverId, createNode('condition', names));
    const branch = (findNode(cond, cond.next!.next!.id) as ConditionNode).branches[0]!;
    const inBranch = insertNode(cond, branch.id, createNode('approver', names));
    const innerId = (findNode(inBranch, cond.next!.next!.id) as ConditionNode).branches[0]!.next!.id;
    expect(upstreamApprovers(inBranch, innerId).map((n) => n.id)).toEqual([approverId]);
    expect(upstreamApprovers(inBranch, approverId)).toEqual([]);
  });

  it('undoes and redoes, and a new change clears what could be redone', () => {
    let h = historyOf(1);
    h = record(h, 2);
    h = record(h, 3);
    h = undo(h);
    expect(h.present).toBe(2);
    h = redo(h);
    expect(h.present).toBe(3);
    h = undo(undo(h));
    expect(h.present).toBe(1);
    expect(undo(h)).toBe(h);
    h = record(h, 9);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect(record(h, 9)).toBe(h);
  });
});
