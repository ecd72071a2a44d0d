import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { zEnCode, zName } from '../validation/rules';
import {
  type ApproverNode,
  type AssigneeRule,
  CONDITION_OPERATORS,
  CONDITION_SOURCES,
  type ConditionBranch,
  type ConditionGroup,
  type ConditionItem,
  type ConditionNode,
  type ConditionRule,
  type CopyNode,
  type EndNode,
  FIELD_RIGHTS,
  type FlowLaunchers,
  type FlowNode,
  FORM_FIELD_RULES,
  FORM_FIELD_TYPES,
  FORM_SECTION_KINDS,
  type FormField,
  type FormSchema,
  LINKAGE_EFFECTS,
  LINKAGE_OPS,
  NO_APPROVER_RULES,
  type NodeTimeout,
  type ParallelBranch,
  type ParallelNode,
  type RejectTarget,
  SIGN_MODES,
  type StartNode,
  TIMER_UNITS,
  type TimerNode,
} from './flow-model.core';

export * from './flow-model.core';

/** Node and branch ids: made by the designer, unique within a tree, safe in XML ids and URLs. */
export const flowNodeIdSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/);
const label = z.string().trim().min(1).max(100);
/** A name in another language may be left empty: the main name stands in. */
const otherName = z.string().trim().max(100).optional();
const otherNames = z.object({ 'en-US': otherName, 'zh-TW': otherName }).optional();
const ids = z.array(idSchema).max(500);

// ---------------------------------------------------------------------------------------------------
// Conditions

const conditionScalar = z.union([z.string().max(500), z.number().finite(), z.boolean()]);

export const conditionRuleSchema: z.ZodType<ConditionRule> = z.object({
  kind: z.literal('rule'),
  source: z.enum(CONDITION_SOURCES),
  field: z.string().min(1).max(100).optional(),
  label: z.string().max(100).optional(),
  labels: otherNames,
  operator: z.enum(CONDITION_OPERATORS),
  value: z.union([conditionScalar, z.array(conditionScalar).max(500), z.null()]).optional(),
  valueLabel: z.string().max(500).optional(),
});

export const conditionGroupSchema: z.ZodType<ConditionGroup> = z.lazy(() =>
  z.object({
    kind: z.literal('group'),
    op: z.enum(['and', 'or']),
    items: z.array(conditionItemSchema).max(50),
  }),
);
export const conditionItemSchema: z.ZodType<ConditionItem> = z.lazy(() =>
  z.union([conditionRuleSchema, conditionGroupSchema]),
);

// ---------------------------------------------------------------------------------------------------
// Node tree

export const assigneeRuleSchema: z.ZodType<AssigneeRule> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('users'), userIds: ids }),
  z.object({ kind: z.literal('roles'), roleIds: ids }),
  z.object({ kind: z.literal('positions'), positionIds: ids }),
  z.object({ kind: z.literal('deptManager') }),
  z.object({ kind: z.literal('manager'), levels: z.number().int().min(1).max(20) }),
  z.object({ kind: z.literal('launcher') }),
  z.object({ kind: z.literal('formField'), field: z.string().min(1).max(100) }),
  z.object({ kind: z.literal('nodeHandler'), nodeId: flowNodeIdSchema }),
  z.object({ kind: z.literal('launcherChooses') }),
]);

export const rejectTargetSchema: z.ZodType<RejectTarget> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('launcher') }),
  z.object({ kind: z.literal('previous') }),
  z.object({ kind: z.literal('node'), nodeId: flowNodeIdSchema }),
]);

export const nodeTimeoutSchema: z.ZodType<NodeTimeout> = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('remind'),
    everyHours: z.number().int().min(1).max(720),
    times: z.number().int().min(1).max(100),
  }),
  z.object({ action: z.literal('autoApprove'), afterHours: z.number().int().min(1).max(8760) }),
  z.object({ action: z.literal('autoReject'), afterHours: z.number().int().min(1).max(8760) }),
]);

const formRights = z.record(z.string().min(1).max(100), z.enum(FIELD_RIGHTS)).optional();
const base = {
  id: flowNodeIdSchema,
  name: label,
  names: otherNames,
};
const next = () => flowNodeSchema.nullable().optional();

const startNodeSchema: z.ZodType<StartNode> = z.lazy(() =>
  z.object({ ...base, type: z.literal('start'), formRights, next: next() }),
);
const approverNodeSchema: z.ZodType<ApproverNode> = z.lazy(() =>
  z.object({
    ...base,
    type: z.literal('approver'),
    assignee: assigneeRuleSchema,
    signMode: z.enum(SIGN_MODES),
    ratio: z.number().int().min(1).max(100).optional(),
    rejectTo: rejectTargetSchema.optional(),
    noApprover: z.enum(NO_APPROVER_RULES).optional(),
    autoApproveSame: z.boolean().optional(),
    formRights,
    timeout: nodeTimeoutSchema.nullable().optional(),
    next: next(),
  }),
);
const copyNodeSchema: z.ZodType<CopyNode> = z.lazy(() =>
  z.object({ ...base, type: z.literal('copy'), assignee: assigneeRuleSchema, formRights, next: next() }),
);
const conditionBranchSchema: z.ZodType<ConditionBranch> = z.lazy(() =>
  z.object({
    ...base,
    isDefault: z.boolean().optional(),
    condition: conditionGroupSchema.nullable().optional(),
    next: next(),
  }),
);
const conditionNodeSchema: z.ZodType<ConditionNode> = z.lazy(() =>
  z.object({
    ...base,
    type: z.literal('condition'),
    branches: z.array(conditionBranchSchema).max(20),
    next: next(),
  }),
);
const parallelBranchSchema: z.ZodType<ParallelBranch> = z.lazy(() => z.object({ ...base, next: next() }));
const parallelNodeSchema: z.ZodType<ParallelNode> = z.lazy(() =>
  z.object({
    ...base,
    type: z.literal('parallel'),
    branches: z.array(parallelBranchSchema).max(20),
    next: next(),
  }),
);
const timerNodeSchema: z.ZodType<TimerNode> = z.lazy(() =>
  z.object({
    ...base,
    type: z.literal('timer'),
    wait: z.object({ amount: z.number().int().min(1).max(100_000), unit: z.enum(TIMER_UNITS) }),
    next: next(),
  }),
);
const endNodeSchema: z.ZodType<EndNode> = z.lazy(() =>
  z.object({ ...base, type: z.literal('end'), next: next() }),
);

/** One node of a flow's tree and, through `next` and branches, everything after it. */
export const flowNodeSchema: z.ZodType<FlowNode> = z.lazy(() =>
  z.union([
    startNodeSchema,
    approverNodeSchema,
    copyNodeSchema,
    conditionNodeSchema,
    parallelNodeSchema,
    timerNodeSchema,
    endNodeSchema,
  ]),
);

// ---------------------------------------------------------------------------------------------------
// Form schema

const fieldName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/);
const SECTION_KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

export const formFieldSchema: z.ZodType<FormField> = z.lazy(() =>
  z.object({
    name: fieldName,
    type: z.enum(FORM_FIELD_TYPES),
    label,
    labels: z.partialRecord(z.enum(['zh-CN', 'en-US', 'zh-TW']), label).optional(),
    required: z.boolean().optional(),
    rules: z
      .array(
        z.object({
          rule: z.enum(FORM_FIELD_RULES),
          pattern: z.string().max(500).optional(),
          message: z.string().max(200).optional(),
        }),
      )
      .max(10)
      .optional(),
    placeholder: z.string().max(200).optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    maxLength: z.number().int().min(1).max(100_000).optional(),
    precision: z.number().int().min(0).max(8).optional(),
    multiple: z.boolean().optional(),
    options: z
      .array(
        z.object({
          label,
          labels: z.partialRecord(z.enum(['zh-CN', 'en-US', 'zh-TW']), label).optional(),
          value: z.union([z.string().max(100), z.number().finite()]),
          parent: z.union([z.string().max(100), z.number().finite()]).optional(),
        }),
      )
      .max(500)
      .optional(),
    dictionary: z.string().max(50).optional(),
    reference: z.object({ model: z.string().max(30), labelField: z.string().max(30) }).optional(),
    span: z.number().int().min(1).max(24).optional(),
    computed: z.string().max(200).optional(),
    columns: z.array(formFieldSchema).max(50).optional(),
    hideEmpty: z.boolean().optional(),
    defaultCurrent: z.boolean().optional(),
    defaultValue: z.unknown().optional(),
    section: z.string().regex(SECTION_KEY).optional(),
    optionFilter: z.object({ field: fieldName }).optional(),
  }),
);

const linkageValue = z.union([z.string().max(200), z.number().finite(), z.boolean()]);
/** A form field, or `table.column` for a column of a sub-table. */
const linkagePath = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}(\.[A-Za-z_][A-Za-z0-9_]{0,63})?$/);

export const linkageRuleSchema = z.object({
  when: z
    .array(
      z.object({
        field: linkagePath,
        op: z.enum(LINKAGE_OPS),
        value: z
          .union([linkageValue, z.array(z.union([z.string().max(200), z.number().finite()])).max(100)])
          .optional(),
      }),
    )
    .max(10),
  match: z.enum(['all', 'any']).optional(),
  effect: z.enum(LINKAGE_EFFECTS),
  fields: z.array(linkagePath).max(50),
});

export const formSectionSchema = z.object({
  key: z.string().regex(SECTION_KEY),
  kind: z.enum(FORM_SECTION_KINDS),
  title: label,
  titles: z.partialRecord(z.enum(['zh-CN', 'en-US', 'zh-TW']), label).optional(),
  collapsed: z.boolean().optional(),
});

export const formSchemaSchema: z.ZodType<FormSchema> = z.object({
  name: z.string().regex(/^[A-Z][A-Za-z0-9]{0,49}$/),
  title: label,
  titles: z.partialRecord(z.enum(['zh-CN', 'en-US', 'zh-TW']), label).optional(),
  layout: z
    .object({
      labelWidth: z.number().int().min(40).max(400).optional(),
      columns: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    })
    .optional(),
  fields: z.array(formFieldSchema).max(200),
  sections: z.array(formSectionSchema).max(50).optional(),
  linkage: z.array(linkageRuleSchema).max(100).optional(),
});

// ---------------------------------------------------------------------------------------------------
// Flow definition

export const flowLaunchersSchema: z.ZodType<FlowLaunchers> = z.object({
  all: z.boolean(),
  userIds: ids.optional(),
  roleIds: ids.optional(),
  deptIds: ids.optional(),
  positionIds: ids.optional(),
});

/** POST save / update body of a flow definition (a draft until released). */
export const flowDefinitionSaveSchema = z.object({
  enCode: zEnCode({ max: 50 }),
  fullName: zName({ max: 50 }),
  /** The name in English and in traditional Chinese; empty: the main name is shown. */
  fullNameEn: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(50, { error: 'validation.tooLong' })
    .default(''),
  fullNameTw: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(50, { error: 'validation.tooLong' })
    .default(''),
  /** An item code of the flow-category dictionary. */
  category: z.string().trim().min(1, { error: 'validation.required' }).max(50),
  icon: z.string().max(50).default('icon-ym icon-ym-flow'),
  iconBackground: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/)
    .default('#1890ff'),
  /** The business form it binds, by its registered name (first letter capitalised). */
  formName: z.string().regex(/^[A-Z][A-Za-z0-9]{0,49}$/),
  launchers: flowLaunchersSchema.default({ all: true }),
  /**
   * Who may launch it besides its launcher list: staff only (false), or suppliers' users too (true).
   * A supplier's user never launches nor sees a flow that is not opened to suppliers.
   */
  openToSuppliers: z.boolean({ error: 'validation.invalid' }).default(false),
  flowTemplateJson: flowNodeSchema,
  description: z.string().max(500).default(''),
  sortCode: z.number().int().min(0).max(999_999).default(0),
});
export type FlowDefinitionSave = z.input<typeof flowDefinitionSaveSchema>;
export const flowDefinitionUpdateSchema = flowDefinitionSaveSchema.extend({ id: idSchema });
export type FlowDefinitionUpdate = z.input<typeof flowDefinitionUpdateSchema>;

/** The actions a to-do or task takes over HTTP (opinions are plain text, escaped on display). */
export const flowOpinionSchema = z.object({
  handleOpinion: z.string().max(2000).default(''),
  signImg: z.string().max(500_000).optional(),
  copyIds: ids.optional(),
});
