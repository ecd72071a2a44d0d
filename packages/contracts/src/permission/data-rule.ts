import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { zEnCode, zName } from '../validation/rules';

/**
 * Data rules (decisions §4): a page's rule limits which rows its list endpoints return. A user sees the
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

/** Field names a condition may name: plain identifiers (the server also checks a per-page whitelist). */
const fieldName = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(50, { error: 'validation.tooLong' })
  .regex(/^$|^[A-Za-z][A-Za-z0-9_]*$/, { error: 'validation.invalid' });

const dataRuleFields = {
  menuId: idSchema,
  enCode: zEnCode({ max: 100 }),
  fullName: zName({ max: 50 }),
  /** Column the rule reads (a condition's field); empty for the scope types. */
  field: fieldName.default(''),
  ruleType: z.enum(DATA_RULE_TYPES, { error: 'validation.invalid' }),
  /** Only for ruleType `condition`; empty otherwise. */
  conditionOp: z
    .union([z.enum(DATA_RULE_CONDITION_OPS), z.literal('')], { error: 'validation.invalid' })
    .default(''),
  conditionValue: z
    .string({ error: 'validation.invalid' })
    .max(500, { error: 'validation.tooLong' })
    .default(''),
};

/** A condition needs a field and an operator; the other types ignore them. */
const conditionComplete = (rule: { ruleType: DataRuleType; field: string; conditionOp: string }) =>
  rule.ruleType !== 'condition' || (rule.field !== '' && rule.conditionOp !== '');

/** Create body of a data rule (the id comes from the server). */
export const dataRuleCreateSchema = z
  .object(dataRuleFields)
  .refine(conditionComplete, { message: 'validation.required', path: ['conditionOp'] });
export type DataRuleCreate = z.input<typeof dataRuleCreateSchema>;

/** A data rule on the wire and the update body. */
export const dataRuleSchema = z
  .object({ id: idSchema, ...dataRuleFields })
  .refine(conditionComplete, { message: 'validation.required', path: ['conditionOp'] });
export type DataRule = z.output<typeof dataRuleSchema>;
