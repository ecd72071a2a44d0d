import { z } from 'zod';
import { pageQuerySchema } from '../api/envelope';
import { zEnCode, zName, zOtherName } from '../validation/rules';
import {
  BILL_DATE_FORMATS,
  BILL_DIGITS_MAX,
  BILL_NUMBER_MAX,
  BILL_RESET_CYCLES,
  type BillRule,
} from './bill-rule.core';

export * from './bill-rule.core';

/** A whole number from min to max, each failure with its own translated message. */
export const zIntRange = (min: number, max: number) =>
  z
    .number({ error: 'validation.required' })
    .int('validation.wholeNumber')
    .min(min, 'validation.numberMin')
    .max(max, 'validation.numberMax');
const int = zIntRange;

/** POST create / PUT update. Codes are unique within the tenant. */
export const billRuleBodySchema = z.object({
  fullName: zName({ max: 50 }),
  fullNameEn: zOtherName(50),
  fullNameTw: zOtherName(50),
  enCode: zEnCode({ max: 50 }),
  prefix: z
    .string()
    .trim()
    .max(20, { error: 'validation.tooLong' })
    .refine((v) => /^[A-Za-z0-9_-]*$/.test(v), 'validation.billPrefix')
    .default(''),
  dateFormat: z.enum(BILL_DATE_FORMATS),
  digits: int(1, BILL_DIGITS_MAX),
  startNumber: int(0, BILL_NUMBER_MAX),
  step: int(1, BILL_NUMBER_MAX),
  resetCycle: z.enum(BILL_RESET_CYCLES),
  description: z.string().trim().max(200).default(''),
});
export type BillRuleBody = z.input<typeof billRuleBodySchema>;

export const billRulePageQuerySchema = pageQuerySchema;

export const billRuleSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  fullNameEn: z.string(),
  fullNameTw: z.string(),
  enCode: z.string(),
  prefix: z.string(),
  dateFormat: z.enum(BILL_DATE_FORMATS),
  digits: z.number().int(),
  startNumber: z.number().int(),
  step: z.number().int(),
  resetCycle: z.enum(BILL_RESET_CYCLES),
  description: z.string(),
  lastNo: z.string(),
  createdAt: z.number().nullable(),
  updatedAt: z.number().nullable(),
}) satisfies z.ZodType<BillRule>;
