import {
  type FormField,
  formRule,
  type Locale,
  VALIDATION_RULES,
  type ValidationMessageKey,
  type ValidationRuleName,
  validationMessage,
} from '@srm/contracts/core';
import type { Rule } from 'antd/es/form';

const STRING_TYPES: readonly FormField['type'][] = ['input', 'textarea'];
const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The antd rules of a field from its schema (required, length, range, the named rules of the
 * validation module, a pattern), with the validation module's messages in the reader's language.
 * They mirror the server's check (`workflow/forms.ts`), which runs again on save.
 */
export function fieldRules(field: FormField, required: boolean, locale: Locale): Rule[] {
  const msg = (key: ValidationMessageKey, params?: Record<string, string | number>) =>
    validationMessage(key, locale, params);
  const rules: Rule[] = [];
  if (required)
    rules.push(
      field.type === 'table'
        ? {
            validator: (_r, v) =>
              isEmpty(v) ? Promise.reject(new Error(msg('validation.required'))) : Promise.resolve(),
          }
        : // `whitespace` (even false) makes async-validator check for a string: only on text fields.
          {
            required: true,
            ...(STRING_TYPES.includes(field.type) ? { whitespace: true } : {}),
            message: msg('validation.required'),
          },
    );
  if (field.type === 'dateRange')
    rules.push({
      // An end left open (the picker allows it, so Tab can pass through) is '' (FieldControl.tsx).
      validator: (_r, v) =>
        Array.isArray(v) && v.length === 2 && Boolean(v[0]) !== Boolean(v[1])
          ? Promise.reject(new Error(msg('validation.dateRangeIncomplete')))
          : Promise.resolve(),
    });
  if (field.maxLength !== undefined && STRING_TYPES.includes(field.type))
    rules.push({ max: field.maxLength, message: msg('validation.tooLong', { max: field.maxLength }) });
  if (field.type === 'number' || field.type === 'money') {
    rules.push({
      validator: (_r, v) => {
        if (isEmpty(v)) return Promise.resolve();
        if (field.min !== undefined && Number(v) < field.min)
          return Promise.reject(new Error(msg('validation.numberMin', { min: field.min })));
        if (field.max !== undefined && Number(v) > field.max)
          return Promise.reject(new Error(msg('validation.numberMax', { max: field.max })));
        return Promise.resolve();
      },
    });
  }
  for (const rule of field.rules ?? []) {
    if (rule.rule === 'pattern') {
      if (rule.pattern)
        rules.push({ pattern: new RegExp(rule.pattern), message: rule.message ?? msg('validation.invalid') });
    } else if (Object.hasOwn(VALIDATION_RULES, rule.rule)) {
      rules.push(formRule(rule.rule as ValidationRuleName, (k) => rule.message ?? msg(k)));
    }
  }
  return rules;
}
