import type { AssigneeRule, FlowMessageKey, FlowNode } from '@srm/contracts';
import { type FlowIndex, indexTree, isWithin, upstreamOf } from './tree';

export type TreeErrorCode =
  | 'duplicateId'
  | 'startMissing'
  | 'startDuplicate'
  | 'endMissing'
  | 'endDuplicate'
  | 'endNotLast'
  | 'conditionTooFew'
  | 'conditionNoDefault'
  | 'conditionDefaultDuplicate'
  | 'conditionEmpty'
  | 'parallelTooFew'
  | 'parallelNoJoin'
  | 'rejectTargetNotUpstream'
  | 'approverNoRule'
  | 'copyNoRule'
  | 'nodeHandlerNotUpstream'
  | 'ratioMissing';

/** One reason a tree cannot be released, on the node (or branch) the designer marks. */
export interface TreeError {
  nodeId: string;
  code: TreeErrorCode;
  messageKey: FlowMessageKey;
  params: Record<string, string>;
}

function ruleIsEmpty(rule: AssigneeRule): boolean {
  switch (rule.kind) {
    case 'users':
      return rule.userIds.length === 0;
    case 'roles':
      return rule.roleIds.length === 0;
    case 'positions':
      return rule.positionIds.length === 0;
    case 'formField':
      return rule.field.trim() === '';
    default:
      return false;
  }
}

const isApproverUpstream = (index: FlowIndex, nodeId: string, targetId: string) =>
  upstreamOf(index, nodeId).some((n) => n.id === targetId && n.type === 'approver');

/**
 * What stops a tree from being released: one start first and one end last on the main route, condition
 * groups with one default branch and at least one other, parallel groups whose branches all join,
 * reject targets and referenced handlers upstream on the same route, and a rule for every approver.
 */
export function validateTree(root: FlowNode, index: FlowIndex = indexTree(root)): TreeError[] {
  const errors: TreeError[] = [];
  const add = (nodeId: string, code: TreeErrorCode, params: Record<string, string> = {}) =>
    errors.push({ nodeId, code, messageKey: `flow.validation.${code}`, params });

  for (const id of new Set(index.duplicateIds)) add(id, 'duplicateId', { id });
  if (root.type !== 'start') add(root.id, 'startMissing');

  const ends = index.order.filter((n) => n.type === 'end');
  if (ends.length === 0) {
    let last = root;
    while (last.next) last = last.next;
    add(last.id, 'endMissing');
  }
  for (const end of ends.slice(1)) add(end.id, 'endDuplicate');

  for (const node of index.order) {
    const entry = index.nodes.get(node.id);
    switch (node.type) {
      case 'start':
        if (node !== root) add(node.id, 'startDuplicate');
        break;
      case 'end':
        // An end inside a parallel branch is the branch's "no join" error, reported on the group.
        if (
          (entry?.container == null || entry.container.group.type !== 'parallel') &&
          (node.next || entry?.container)
        )
          add(node.id, 'endNotLast');
        break;
      case 'condition': {
        const defaults = node.branches.filter((b) => b.isDefault);
        if (node.branches.length < 2) add(node.id, 'conditionTooFew');
        if (defaults.length === 0) add(node.id, 'conditionNoDefault');
        for (const extra of defaults.slice(1)) add(extra.id, 'conditionDefaultDuplicate');
        for (const branch of node.branches)
          if (!branch.isDefault && (!branch.condition || branch.condition.items.length === 0))
            add(branch.id, 'conditionEmpty', { name: branch.name });
        break;
      }
      case 'parallel':
        if (node.branches.length < 2) add(node.id, 'parallelTooFew');
        for (const branch of node.branches) {
          const endsInside = index.order.some((n) => n.type === 'end' && isWithin(index, n.id, branch.id));
          if (endsInside) add(branch.id, 'parallelNoJoin', { name: branch.name });
        }
        break;
      case 'approver':
        if (ruleIsEmpty(node.assignee)) add(node.id, 'approverNoRule');
        if (node.assignee.kind === 'nodeHandler' && !isApproverUpstream(index, node.id, node.assignee.nodeId))
          add(node.id, 'nodeHandlerNotUpstream');
        if (node.signMode === 'ratio' && node.ratio === undefined) add(node.id, 'ratioMissing');
        if (node.rejectTo?.kind === 'node' && !isApproverUpstream(index, node.id, node.rejectTo.nodeId))
          add(node.id, 'rejectTargetNotUpstream');
        break;
      case 'copy':
        if (ruleIsEmpty(node.assignee) || node.assignee.kind === 'launcherChooses')
          add(node.id, 'copyNoRule');
        if (node.assignee.kind === 'nodeHandler' && !isApproverUpstream(index, node.id, node.assignee.nodeId))
          add(node.id, 'nodeHandlerNotUpstream');
        break;
      case 'timer':
        break;
    }
  }
  return errors;
}
