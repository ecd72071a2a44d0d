import type { ConditionNode, FlowNode, ParallelNode } from '@srm/contracts';

/** The branch a node's chain lives in; null for the main route. */
export interface Container {
  group: ConditionNode | ParallelNode;
  branchId: string;
  branchName: string;
  parent: Container | null;
}

export interface IndexedNode {
  node: FlowNode;
  container: Container | null;
  /** The node before it in the same chain; null for the head of a chain. */
  prev: FlowNode | null;
}

/** A frozen version's tree with what navigation needs looked up once. */
export interface FlowIndex {
  root: FlowNode;
  nodes: Map<string, IndexedNode>;
  /** Every node in document order (a chain, then each group's branches in order). */
  order: FlowNode[];
  /** Ids seen more than once (node and branch ids share one namespace). */
  duplicateIds: string[];
}

export function indexTree(root: FlowNode): FlowIndex {
  const nodes = new Map<string, IndexedNode>();
  const order: FlowNode[] = [];
  const seen = new Set<string>();
  const duplicateIds: string[] = [];
  const see = (id: string) => {
    if (seen.has(id)) duplicateIds.push(id);
    seen.add(id);
  };
  const walkChain = (head: FlowNode | null | undefined, container: Container | null) => {
    let prev: FlowNode | null = null;
    for (let node = head; node; node = node.next) {
      see(node.id);
      if (!nodes.has(node.id)) nodes.set(node.id, { node, container, prev });
      order.push(node);
      if (node.type === 'condition' || node.type === 'parallel') {
        for (const branch of node.branches) {
          see(branch.id);
          walkChain(branch.next, {
            group: node,
            branchId: branch.id,
            branchName: branch.name,
            parent: container,
          });
        }
      }
      prev = node;
    }
  };
  walkChain(root, null);
  return { root, nodes, order, duplicateIds };
}

export function nodeOf(index: FlowIndex, nodeId: string): FlowNode | undefined {
  return index.nodes.get(nodeId)?.node;
}

/** The nodes inside a group's branches, at any depth. */
export function interiorOf(group: FlowNode): FlowNode[] {
  const out: FlowNode[] = [];
  if (group.type !== 'condition' && group.type !== 'parallel') return out;
  for (const branch of group.branches)
    for (let node = branch.next; node; node = node.next) {
      out.push(node);
      out.push(...interiorOf(node));
    }
  return out;
}

/**
 * The nodes before a node on its route, nearest first: earlier nodes of its chain, then those before
 * each enclosing group. Nodes inside an earlier group's branches are not certain to have run, so they
 * count only with `interiors` (at run time, where the activations tell which ran).
 */
export function upstreamOf(index: FlowIndex, nodeId: string, interiors = false): FlowNode[] {
  const out: FlowNode[] = [];
  let entry = index.nodes.get(nodeId);
  while (entry) {
    for (let prev = entry.prev; prev; prev = index.nodes.get(prev.id)?.prev ?? null) {
      if (interiors) out.push(...interiorOf(prev).reverse());
      out.push(prev);
    }
    const group = entry.container?.group;
    if (!group) break;
    out.push(group);
    entry = index.nodes.get(group.id);
  }
  return out;
}

/** Whether a node lies inside the given branch (at any depth); every node lies inside the main route (null). */
export function isWithin(index: FlowIndex, nodeId: string, branchId: string | null): boolean {
  if (branchId === null) return true;
  for (let c = index.nodes.get(nodeId)?.container ?? null; c; c = c.parent)
    if (c.branchId === branchId) return true;
  return false;
}

/** The innermost parallel branch holding a node, or null on the main route (or only inside condition branches). */
export function parallelScopeOf(index: FlowIndex, nodeId: string): string | null {
  for (let c = index.nodes.get(nodeId)?.container ?? null; c; c = c.parent)
    if (c.group.type === 'parallel') return c.branchId;
  return null;
}
