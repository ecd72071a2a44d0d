import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { zEnCode, zName } from '../validation/rules';
import { conditionComplete, DATA_RULE_CONDITION_OPS, DATA_RULE_TYPES } from './data-rule.core';

export * from './data-rule.core';

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
