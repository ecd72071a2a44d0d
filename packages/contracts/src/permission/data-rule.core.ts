// The zod-free part of data-rule.ts (shared by the web without zod).

/**
 * Data rules (docs/rules.md#data-rules): a page's rule limits which rows its list endpoints return. A user sees the
 * union of the rules granted to them on the page; a page without rules is unlimited.
 */
export const DATA_RULE_TYPES = ['own', 'dept', 'deptAndBelow', 'company', 'all', 'condition'] as const;
export type DataRuleType = (typeof DATA_RULE_TYPES)[number];

/** Operators of a `condition` rule: `field op value`. `in` takes a comma-separated list. */
export const DATA_RULE_CONDITION_OPS = ['eq', 'ne', 'contains', 'in'] as const;
export type DataRuleConditionOp = (typeof DATA_RULE_CONDITION_OPS)[number];

/**
 * The pages whose lists the server limits by data rules, with the fields a condition rule may
 * compare. A data rule on any other page would have no effect, so the server refuses it.
 */
export const DATA_RULE_PAGES = {
  'permission.user': ['account', 'real_name', 'mobile', 'email', 'dept_id', 'created_by', 'enabled'],
} as const satisfies Record<string, readonly string[]>;

/** The condition fields of a page with data rules; undefined when its lists have none. */
export function dataRuleFieldsOf(pageCode: string): readonly string[] | undefined {
  return Object.hasOwn(DATA_RULE_PAGES, pageCode)
    ? DATA_RULE_PAGES[pageCode as keyof typeof DATA_RULE_PAGES]
    : undefined;
}

/** A condition needs a field and an operator; the other types ignore them. */
export const conditionComplete = (rule: { ruleType: DataRuleType; field: string; conditionOp: string }) =>
  rule.ruleType !== 'condition' || (rule.field !== '' && rule.conditionOp !== '');
