// The zod-free part of flow-model.ts: the workflow's codes and the types of a flow definition's node
// tree, its branch conditions and its form schema (shared by the web without zod).

import { type Locale, nameInLocale } from '../api/envelope.core';

/** Task status (docs/rules.md#workflow). */
export const FLOW_STATUS = {
  draft: 0,
  inProgress: 1,
  approved: 2,
  rejected: 3,
  withdrawn: 4,
  terminated: 5,
} as const;
export type FlowStatus = (typeof FLOW_STATUS)[keyof typeof FLOW_STATUS];
export const FLOW_STATUSES: readonly FlowStatus[] = [0, 1, 2, 3, 4, 5];

/** Urgency: 1 normal, 2 important, 3 urgent. */
export const FLOW_URGENCY = { normal: 1, important: 2, urgent: 3 } as const;
export type FlowUrgency = (typeof FLOW_URGENCY)[keyof typeof FLOW_URGENCY];
export const DEFAULT_FLOW_URGENCY: FlowUrgency = 1;

/** Definition state: drafts are edited, a release freezes a numbered version, a stop blocks launches. */
export const FLOW_DEFINITION_STATE = { draft: 0, released: 1, stopped: 2 } as const;
export type FlowDefinitionState = (typeof FLOW_DEFINITION_STATE)[keyof typeof FLOW_DEFINITION_STATE];

// ---------------------------------------------------------------------------------------------------
// Branch conditions

/** Where a condition reads its left-hand side: a form field or a fact about the launcher. */
export const CONDITION_SOURCES = ['form', 'launcherDept', 'launcherRole', 'launcherPosition'] as const;
export type ConditionSource = (typeof CONDITION_SOURCES)[number];

export const CONDITION_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'in',
  'notIn',
  'contains',
  'notContains',
  'empty',
  'notEmpty',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export type ConditionScalar = string | number | boolean;
export type ConditionValue = ConditionScalar | ConditionScalar[] | null;

export interface ConditionRule {
  kind: 'rule';
  source: ConditionSource;
  /** The form field's name (source `form`); unused for the launcher's facts. */
  field?: string | undefined;
  /** The field's label as the designer showed it, for the sentence. */
  label?: string | undefined;
  /** That label in English and traditional Chinese, as a node's `names` (the main label where empty). */
  labels?: NodeNames | undefined;
  operator: ConditionOperator;
  value?: ConditionValue | undefined;
  /** The value as a person reads it (department or role names instead of ids), for the sentence. */
  valueLabel?: string | undefined;
}

export interface ConditionGroup {
  kind: 'group';
  op: 'and' | 'or';
  items: ConditionItem[];
}
export type ConditionItem = ConditionRule | ConditionGroup;

// ---------------------------------------------------------------------------------------------------
// Node tree

/** How an approver (or copy-to) node finds its people. */
export type AssigneeRule =
  | { kind: 'users'; userIds: string[] }
  | { kind: 'roles'; roleIds: string[] }
  | { kind: 'positions'; positionIds: string[] }
  /** The manager of the launcher's department. */
  | { kind: 'deptManager' }
  /** The manager N levels up: 1 is the launcher's department's manager, 2 the one above, … */
  | { kind: 'manager'; levels: number }
  | { kind: 'launcher' }
  /** A user field of the form (a user id or a list of them). */
  | { kind: 'formField'; field: string }
  /** Whoever handled an earlier approver node. */
  | { kind: 'nodeHandler'; nodeId: string }
  /** The launcher names the approvers when submitting. */
  | { kind: 'launcherChooses' };
export type AssigneeKind = AssigneeRule['kind'];
export const ASSIGNEE_KINDS: readonly AssigneeKind[] = [
  'users',
  'roles',
  'positions',
  'deptManager',
  'manager',
  'launcher',
  'formField',
  'nodeHandler',
  'launcherChooses',
];

/** or: the first decides; all: everyone approves; ratio: that share approves; sequential: one after another. */
export const SIGN_MODES = ['or', 'all', 'ratio', 'sequential'] as const;
export type SignMode = (typeof SIGN_MODES)[number];

export type RejectTarget = { kind: 'launcher' } | { kind: 'previous' } | { kind: 'node'; nodeId: string };

/** With nobody found: the tenant administrators handle it, the node approves itself, or submitting is refused. */
export const NO_APPROVER_RULES = ['admin', 'autoApprove', 'refuse'] as const;
export type NoApproverRule = (typeof NO_APPROVER_RULES)[number];
export const DEFAULT_NO_APPROVER_RULE: NoApproverRule = 'admin';

export const FIELD_RIGHTS = ['hidden', 'readonly', 'editable', 'required'] as const;
export type FieldRight = (typeof FIELD_RIGHTS)[number];

export type NodeTimeout =
  | { action: 'remind'; everyHours: number; times: number }
  | { action: 'autoApprove'; afterHours: number }
  | { action: 'autoReject'; afterHours: number };

export const TIMER_UNITS = ['minutes', 'hours', 'days'] as const;
export type TimerUnit = (typeof TIMER_UNITS)[number];

/** A node's or a branch's name in English and traditional Chinese (the main name where empty). */
export type NodeNames = Partial<Record<'en-US' | 'zh-TW', string>>;

/** A node's or a branch's name in a language: its name there, else its main name. */
export function nodeNameIn(node: { name: string; names?: NodeNames | undefined }, locale: string): string {
  return nameInLocale(locale as Locale, node.name, node.names?.['en-US'], node.names?.['zh-TW']);
}

interface NodeBase {
  id: string;
  name: string;
  names?: NodeNames | undefined;
  /** The node that follows on the same route; null where the route ends (the end node, a branch's tail). */
  next?: FlowNode | null | undefined;
}

export interface StartNode extends NodeBase {
  type: 'start';
  formRights?: Record<string, FieldRight> | undefined;
}

export interface ApproverNode extends NodeBase {
  type: 'approver';
  assignee: AssigneeRule;
  signMode: SignMode;
  /** Percentage (1–100) of approvals that decides a `ratio` node. */
  ratio?: number | undefined;
  rejectTo?: RejectTarget | undefined;
  noApprover?: NoApproverRule | undefined;
  /** Approve automatically for someone who approved the node just before. */
  autoApproveSame?: boolean | undefined;
  formRights?: Record<string, FieldRight> | undefined;
  timeout?: NodeTimeout | null | undefined;
}

export interface CopyNode extends NodeBase {
  type: 'copy';
  assignee: AssigneeRule;
  formRights?: Record<string, FieldRight> | undefined;
}

export interface ConditionBranch {
  id: string;
  name: string;
  names?: NodeNames | undefined;
  /** The branch taken when no other branch's condition holds; its condition is ignored. */
  isDefault?: boolean | undefined;
  condition?: ConditionGroup | null | undefined;
  next?: FlowNode | null | undefined;
}

export interface ConditionNode extends NodeBase {
  type: 'condition';
  /** Tried in order; the first whose condition holds is taken. */
  branches: ConditionBranch[];
}

export interface ParallelBranch {
  id: string;
  name: string;
  names?: NodeNames | undefined;
  next?: FlowNode | null | undefined;
}

export interface ParallelNode extends NodeBase {
  type: 'parallel';
  /** Every branch runs; the node after the group starts when all have finished. */
  branches: ParallelBranch[];
}

export interface TimerNode extends NodeBase {
  type: 'timer';
  wait: { amount: number; unit: TimerUnit };
}

export interface EndNode extends NodeBase {
  type: 'end';
}

export type FlowNode =
  | StartNode
  | ApproverNode
  | CopyNode
  | ConditionNode
  | ParallelNode
  | TimerNode
  | EndNode;
export type FlowNodeType = FlowNode['type'];
export const FLOW_NODE_TYPES: readonly FlowNodeType[] = [
  'start',
  'approver',
  'copy',
  'condition',
  'parallel',
  'timer',
  'end',
];

/** Who may launch a flow: everyone, or anyone among the chosen users, roles, departments and positions. */
export interface FlowLaunchers {
  all: boolean;
  userIds?: string[] | undefined;
  roleIds?: string[] | undefined;
  deptIds?: string[] | undefined;
  positionIds?: string[] | undefined;
}

// ---------------------------------------------------------------------------------------------------
// Form schema: what the one web renderer draws and the later online form designer produces.

export const FORM_FIELD_TYPES = [
  'input',
  'textarea',
  'number',
  'money',
  'date',
  'datetime',
  'dateRange',
  'select',
  'radio',
  'checkbox',
  'switch',
  'user',
  'dept',
  'supplier',
  'reference',
  'upload',
  'table',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Named rules of the product's validation module (docs/rules.md#validation), plus a pattern of the form's own. */
export const FORM_FIELD_RULES = [
  'mobile',
  'email',
  'idCard',
  'creditCode',
  'telephone',
  'enCode',
  'duration',
  'positiveInteger',
  'pattern',
] as const;
export type FormFieldRuleName = (typeof FORM_FIELD_RULES)[number];

export interface FormFieldRule {
  rule: FormFieldRuleName;
  pattern?: string | undefined;
  message?: string | undefined;
}

export interface FormFieldOption {
  label: string;
  /** The label in English and traditional Chinese (the main one when missing). */
  labels?: Partial<Record<'zh-CN' | 'en-US' | 'zh-TW', string>> | undefined;
  value: string | number;
  /** The option it belongs under (a city's province): what `optionFilter` matches. */
  parent?: string | number | undefined;
}

/** An option's label in a language (its main label when it has none in that language). */
export function optionLabel(option: FormFieldOption, locale: string): string {
  return option.labels?.[locale as 'zh-CN' | 'en-US' | 'zh-TW'] || option.label;
}

export interface FormField {
  name: string;
  type: FormFieldType;
  /** The label in the form's main language; `labels` holds the others by locale. */
  label: string;
  labels?: Partial<Record<'zh-CN' | 'en-US' | 'zh-TW', string>> | undefined;
  required?: boolean | undefined;
  rules?: FormFieldRule[] | undefined;
  placeholder?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  maxLength?: number | undefined;
  /**
   * A date field that may not name a day already past (a needed-by date): the picker offers no
   * earlier day and the server refuses one, unless it is the value already stored (an approver
   * passing a task on after that day is not made to change it).
   */
  notBefore?: 'today' | undefined;
  /** Digits after the decimal point for number and money fields. */
  precision?: number | undefined;
  multiple?: boolean | undefined;
  options?: FormFieldOption[] | undefined;
  /** Options from a dictionary (by its code) instead of `options`. */
  dictionary?: string | undefined;
  /** A `reference` field: a row of this data model (by code), shown by its `labelField`. */
  reference?: { model: string; labelField: string } | undefined;
  /** Grid columns out of 24 the field takes. */
  span?: number | undefined;
  /** Computed on the server from other fields (`sum(lines.amount)`, `lines.quantity * lines.price`). */
  computed?: string | undefined;
  /** The columns of a `table` field (a sub-table of lines). */
  columns?: FormField[] | undefined;
  /** Read-only, the field is left out of the page while it holds nothing (a resubmission's changes). */
  hideEmpty?: boolean | undefined;
  /**
   * A user or department field of a new form that starts with the launcher himself (a user field)
   * or his own department (a dept field): the requester and the applying department. Where the
   * launcher may not name anyone else (server `callerReach`), it is shown filled and read-only.
   */
  defaultCurrent?: boolean | undefined;
  defaultValue?: unknown;
  /** The key of the form's section (group, tab or collapsible panel) it is drawn in; none: above them. */
  section?: string | undefined;
  /**
   * Options narrowed by another field's value (cascading choices): only the options whose parent
   * is that value. `field` names a field of the same row first (inside a sub-table), then of the form.
   */
  optionFilter?: { field: string } | undefined;
}

export const FORM_SECTION_KINDS = ['group', 'tab', 'collapse'] as const;
export type FormSectionKind = (typeof FORM_SECTION_KINDS)[number];

/** A titled part of a form: a group box, a tab (neighbouring tabs make one tab bar) or a collapsible panel. */
export interface FormSection {
  key: string;
  kind: FormSectionKind;
  title: string;
  titles?: Partial<Record<'zh-CN' | 'en-US' | 'zh-TW', string>> | undefined;
  /** A collapsible panel that starts closed. */
  collapsed?: boolean | undefined;
}

export const LINKAGE_OPS = [
  'eq',
  'ne',
  'in',
  'notIn',
  'empty',
  'notEmpty',
  'gt',
  'gte',
  'lt',
  'lte',
] as const;
export type LinkageOp = (typeof LINKAGE_OPS)[number];
export const LINKAGE_EFFECTS = ['show', 'hide', 'require', 'disable'] as const;
export type LinkageEffect = (typeof LINKAGE_EFFECTS)[number];

export interface LinkageCondition {
  /** A field of the form, or `table.column` for a column of a sub-table (then the rule is per row). */
  field: string;
  op: LinkageOp;
  value?: string | number | boolean | (string | number)[] | undefined;
}

/**
 * When the conditions hold (all of them, or any with `match: 'any'`), the fields take the effect:
 * `show` fields are hidden unless it holds, `hide` ones hidden while it holds, `require` makes them
 * required, `disable` read-only. Targets are fields of the form or `table.column`; a rule whose
 * condition reads a column applies row by row to that table's columns only.
 */
export interface LinkageRule {
  when: LinkageCondition[];
  match?: 'all' | 'any' | undefined;
  effect: LinkageEffect;
  fields: string[];
}

export interface FormSchema {
  name: string;
  /** The title in the form's main language; `titles` holds the others by locale. */
  title: string;
  titles?: Partial<Record<'zh-CN' | 'en-US' | 'zh-TW', string>> | undefined;
  layout?: { labelWidth?: number | undefined; columns?: 1 | 2 | 3 | undefined } | undefined;
  fields: FormField[];
  /** The form's titled parts, in the order drawn; fields name theirs by `section`. */
  sections?: FormSection[] | undefined;
  linkage?: LinkageRule[] | undefined;
}

/** A form's title in a language (its main title when it has none in that language). */
export function formTitle(form: Pick<FormSchema, 'title' | 'titles'>, locale: string): string {
  return form.titles?.[locale as 'zh-CN' | 'en-US' | 'zh-TW'] || form.title;
}
