import { isValidationMessageKey, type Locale, validationMessage, zCleanInput } from '@srm/contracts';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isMessageKey, type MessageKey, type MessageParams, t } from './i18n';

/** What fastify-type-provider-zod puts in `error.validation` (one per zod issue). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Message of one zod issue: a message key of the contracts rules, else a generic text by issue code. */
export function issueMessage(issue: ValidationIssue, locale: Locale): string {
  const message = issue.message ?? '';
  const params = issue.params ?? {};
  const limits = { min: String(params.minimum ?? ''), max: String(params.maximum ?? '') };
  // Keys of the shared rules (contracts) first, then the server's own messages.
  const text = (key: MessageKey, extra?: MessageParams) =>
    isValidationMessageKey(key)
      ? validationMessage(key, locale, { ...limits, ...extra })
      : t(locale, key, extra);
  if (isValidationMessageKey(message)) return validationMessage(message, locale, limits);
  if (isMessageKey(message)) return t(locale, message, limits);
  const isString = params.origin === 'string';
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined|received null/.test(message)
        ? text('validation.required')
        : text('validation.invalid');
    case 'too_small':
      if (isString && Number(params.minimum) === 1) return text('validation.required');
      return isString ? text('validation.tooShort', limits) : text('validation.tooSmall', limits);
    case 'too_big':
      return isString ? text('validation.tooLong', limits) : text('validation.tooBig', limits);
    case 'invalid_value':
      return text('validation.enum');
    case 'unrecognized_keys':
      return text('validation.unknownField');
    default:
      return text('validation.invalid');
  }
}

/** field → message; the first issue of a field wins. Root-level issues go under '_'. */
export function issuesToFields(issues: ValidationIssue[], locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    if (!(field in fields)) fields[field] = issueMessage(issue, locale);
  }
  return fields;
}

/**
 * fastify-type-provider-zod's validator behind the shared clean-text guard: a NUL or an unpaired
 * surrogate anywhere in a query, body or path parameter is a 400 at that field, for every route,
 * before any value reaches a query.
 */
export const cleanInputValidatorCompiler: typeof validatorCompiler = (ctx) => {
  const validate = validatorCompiler({ ...ctx, schema: zCleanInput(ctx.schema as z.ZodType) });
  if (ctx.httpPart !== 'querystring') return validate;
  // Most GETs send no query at all, and the answer to an empty one never changes: it is worked
  // out once (when it holds only plain values) and each request gets a copy of its own.
  let empty: Record<string, unknown> | null | undefined;
  return (data: unknown) => {
    if (empty === undefined) empty = emptyQueryValue(validate({}));
    if (empty && isEmptyObject(data)) return { value: { ...empty } };
    return validate(data);
  };
};

function isEmptyObject(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  for (const _ in data) return false;
  return true;
}

/** The parsed value of an empty query when it is a flat object of plain values, else null. */
function emptyQueryValue(
  result: ReturnType<ReturnType<typeof validatorCompiler>>,
): Record<string, unknown> | null {
  if (typeof result !== 'object' || result === null || !('value' in result)) return null;
  const value: unknown = result.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  for (const v of Object.values(value))
    if (typeof v === 'object' ? v !== null : typeof v === 'function') return null;
  return value as Record<string, unknown>;
}
