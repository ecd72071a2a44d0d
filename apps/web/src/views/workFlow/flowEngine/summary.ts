import {
  type AssigneeRule,
  branchSentence,
  type ConditionBranch,
  type FlowNode,
  type Locale,
} from '@srm/contracts/core';
import type { TFunction } from 'i18next';
import { fieldLabel, formByName } from './forms';
import { findNode } from './treeOps';

/** How an approver or copy-to node finds its people, as one line; empty when nobody is chosen yet. */
export function assigneeText(
  rule: AssigneeRule,
  t: TFunction,
  ctx: { tree: FlowNode; formName: string; locale: Locale },
): string {
  switch (rule.kind) {
    case 'users':
      return rule.userIds.length ? t('assignee.usersCount', { count: rule.userIds.length }) : '';
    case 'roles':
      return rule.roleIds.length ? t('assignee.rolesCount', { count: rule.roleIds.length }) : '';
    case 'positions':
      return rule.positionIds.length ? t('assignee.positionsCount', { count: rule.positionIds.length }) : '';
    case 'manager':
      return t('assignee.managerLevels', { count: rule.levels });
    case 'formField': {
      const f = formByName(ctx.formName)?.fields.find((x) => x.name === rule.field);
      return t('assignee.formFieldOf', { field: f ? fieldLabel(f, ctx.locale) : rule.field });
    }
    case 'nodeHandler':
      return t('assignee.nodeHandlerOf', { node: findNode(ctx.tree, rule.nodeId)?.name ?? '?' });
    default:
      return t(`assignee.kinds.${rule.kind}`);
  }
}

/** The second line of a node's card. */
export function nodeSummary(
  node: FlowNode,
  t: TFunction,
  ctx: { tree: FlowNode; formName: string; locale: Locale },
): { text: string; empty: boolean } {
  switch (node.type) {
    case 'start':
      return { text: t('node.startSummary'), empty: false };
    case 'approver': {
      const who = assigneeText(node.assignee, t, ctx);
      if (!who) return { text: t('node.chooseApprovers'), empty: true };
      const mode =
        node.signMode === 'ratio'
          ? t('signMode.ratioOf', { ratio: node.ratio ?? '?' })
          : t(`signMode.${node.signMode}`);
      return { text: `${who} · ${mode}`, empty: false };
    }
    case 'copy': {
      const who = assigneeText(node.assignee, t, ctx);
      return who ? { text: who, empty: false } : { text: t('node.chooseRecipients'), empty: true };
    }
    case 'timer':
      return {
        text: t('node.waitFor', { amount: node.wait.amount, unit: t(`timerUnit.${node.wait.unit}`) }),
        empty: false,
      };
    case 'end':
      return { text: '', empty: false };
    default:
      return { text: '', empty: false };
  }
}

export function branchText(
  branch: ConditionBranch,
  locale: Locale,
  t: TFunction,
): { text: string; empty: boolean } {
  if (!branch.isDefault && (!branch.condition || branch.condition.items.length === 0))
    return { text: t('branch.setCondition'), empty: true };
  return { text: branchSentence(branch, locale), empty: false };
}
