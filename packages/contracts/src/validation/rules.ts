import { z } from 'zod';
import {
  isDuration,
  isPositiveInteger,
  type StringRuleName,
  typeError,
  UNTRIMMED_RULES,
  UPPER_CASE_RULES,
  VALIDATION_RULES,
  type ZRuleOptions,
} from './rules.core';

export * from './rules.core';

/**
 * A zod string schema for a rule: trimmed (except password), required (min 1, aborting so an empty
 * value gives only the required key), optionally length-capped, then the rule itself.
 */
export function zRule(name: StringRuleName, options: ZRuleOptions = {}): z.ZodString {
  const requiredKey = options.requiredKey ?? 'validation.required';
  let schema = z.string({ error: typeError(requiredKey) });
  if (!UNTRIMMED_RULES.has(name)) schema = schema.trim();
  if (UPPER_CASE_RULES.has(name)) schema = schema.toUpperCase();
  schema = schema.min(1, { error: requiredKey, abort: true });
  if (options.max !== undefined)
    schema = schema.max(options.max, { error: 'validation.tooLong', abort: true });
  return schema.refine(VALIDATION_RULES[name].test, options.messageKey ?? VALIDATION_RULES[name].messageKey);
}

export const zMobile = (options?: ZRuleOptions) => zRule('mobile', options);
export const zPersonalMobile = (options?: ZRuleOptions) => zRule('personalMobile', options);
export const zPassword = (options?: ZRuleOptions) => zRule('password', options);
export const zIdCard = (options?: ZRuleOptions) => zRule('idCard', options);
export const zEmail = (options?: ZRuleOptions) => zRule('email', options);
export const zPlate = (options?: ZRuleOptions) => zRule('plate', options);
export const zChinese = (options?: ZRuleOptions) => zRule('chinese', options);
export const zCreditCode = (options?: ZRuleOptions) => zRule('creditCode', options);
export const zEnCode = (options?: ZRuleOptions) => zRule('enCode', options);
export const zAccount = (options?: ZRuleOptions) => zRule('account', options);
export const zName = (options?: ZRuleOptions) => zRule('name', options);
/** A name in English or traditional Chinese beside a main one: may stay empty, the main name stands in. */
export const zOtherName = (max: number) =>
  z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' }).default('');
export const zNumericCode = (options?: ZRuleOptions) => zRule('numericCode', options);
export const zTelephone = (options?: ZRuleOptions) => zRule('telephone', options);

/** Duration as a JSON number (use z.coerce upstream for query strings). */
export function zDuration(options: Omit<ZRuleOptions, 'max'> = {}): z.ZodNumber {
  return z
    .number({ error: typeError(options.requiredKey ?? 'validation.required') })
    .refine(isDuration, options.messageKey ?? 'validation.duration');
}

/** Positive integer as a JSON number. */
export function zPositiveInteger(options: Omit<ZRuleOptions, 'max'> = {}): z.ZodNumber {
  return z
    .number({ error: typeError(options.requiredKey ?? 'validation.required') })
    .refine(isPositiveInteger, options.messageKey ?? 'validation.positiveInteger');
}
