// The zod-free part of rules.ts (shared by the web without zod).
import { DEFAULT_LOCALE, type Locale } from '../api/envelope.core';
import { UPLOAD_IMAGE_MAX_BYTES } from '../format/constants';
import enUS from '../locales/validation.en-US.json';
import zhCN from '../locales/validation.zh-CN.json';
import zhTW from '../locales/validation.zh-TW.json';

// ---------------------------------------------------------------------------------------------------
// Messages

export type ValidationMessageKey = keyof typeof zhCN;

/** Typed as complete tables so a key missing from one locale file fails the type check. */
export const VALIDATION_MESSAGES: Readonly<Record<Locale, Readonly<Record<ValidationMessageKey, string>>>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'zh-TW': zhTW,
};

export type MessageParams = Readonly<Record<string, string | number | bigint>>;

export function isValidationMessageKey(key: string): key is ValidationMessageKey {
  return Object.hasOwn(zhCN, key);
}

/**
 * Text of a message key in a locale, with `{{name}}` placeholders filled from params.
 * An unknown key is returned as is, so a custom (already human) message passes through.
 */
export function validationMessage(
  key: ValidationMessageKey | (string & {}),
  locale: Locale = DEFAULT_LOCALE,
  params?: MessageParams,
): string {
  if (!isValidationMessageKey(key)) return key;
  const table = VALIDATION_MESSAGES[locale] ?? VALIDATION_MESSAGES[DEFAULT_LOCALE];
  return table[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params && Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The parts of a zod issue that translation needs (structural, so any zod 4 issue fits). */
export interface IssueLike {
  message: string;
  code?: string;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
}

/**
 * Field message for a zod issue in the user's language. Keys set by the z* helpers are translated;
 * zod's own English defaults become tooLong/tooShort for string lengths and `invalid` otherwise, so an
 * English text never reaches a Chinese user.
 */
export function translateIssue(issue: IssueLike, locale: Locale = DEFAULT_LOCALE): string {
  const params = { max: String(issue.maximum ?? ''), min: String(issue.minimum ?? '') };
  if (isValidationMessageKey(issue.message)) return validationMessage(issue.message, locale, params);
  if (issue.origin === 'string' && issue.code === 'too_big')
    return validationMessage('validation.tooLong', locale, params);
  if (issue.origin === 'string' && issue.code === 'too_small')
    return validationMessage('validation.tooShort', locale, params);
  return validationMessage('validation.invalid', locale);
}

// ---------------------------------------------------------------------------------------------------
// Predicates

const str = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Mobile phone: 1, then 3-9, then 9 digits (11 digits in all). */
export function isMobile(value: unknown): boolean {
  return str(value) && /^1[3-9]\d{9}$/.test(value);
}

/**
 * Mobile of the personal-info form: prefix 13, 15, 17 or 18, then 9 digits. The spec's "followed by 8
 * digits" counts the original pattern `1[3578][0-9]\d{8}`; a real number has 11 digits. The original
 * class `[3|5|7|8]` also matched '|', which is not kept.
 */
export function isPersonalMobile(value: unknown): boolean {
  return str(value) && /^1[3578]\d{9}$/.test(value);
}

/** Password: 6-16 characters, ASCII letters and digits only, at least one of each. */
export function isPassword(value: unknown): boolean {
  return str(value) && /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,16}$/.test(value);
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** GB 11643 check character of the first 17 digits of an 18-digit ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * Chinese resident ID number: 18 digits (the last may be X, either case) with a real birth date
 * (1800-2099) and a valid check character, or the old 15-digit form (birth year 19yy, no check digit).
 * A future birth date is not rejected here, to keep the predicate independent of the clock.
 */
export function isIdCard(value: unknown): boolean {
  if (!str(value)) return false;
  const v = value.toUpperCase();
  if (/^[1-9]\d{5}(?:18|19|20)\d{9}[\dX]$/.test(v)) {
    const date = isCalendarDate(Number(v.slice(6, 10)), Number(v.slice(10, 12)), Number(v.slice(12, 14)));
    return date && idCardCheckChar(v) === v[17];
  }
  if (/^[1-9]\d{14}$/.test(v)) {
    return isCalendarDate(1900 + Number(v.slice(6, 8)), Number(v.slice(8, 10)), Number(v.slice(10, 12)));
  }
  return false;
}

/** Email: dot-atom local part, a domain with at least one dot and a 2+ letter top level, 254 max. */
export function isEmail(value: unknown): boolean {
  return (
    str(value) &&
    value.length <= 254 &&
    /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(
      value,
    )
  );
}

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
// Plate letters never use I or O (confusable with 1 and 0).
const PLATE_REGULAR = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳领]$`);
// New-energy plates (GA 36-2018 and its 2022 extension of D/F to A-H, J, K): small cars have the
// energy letter first, large vehicles last.
const PLATE_NEV_SMALL = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z][A-HJK][A-HJ-NP-Z0-9]\\d{4}$`);
const PLATE_NEV_LARGE = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z]\\d{5}[A-HJK]$`);

/** Civil vehicle plate, 7 characters, or 8 for new-energy vehicles. Letters in either case. */
export function isPlate(value: unknown): boolean {
  if (!str(value)) return false;
  const v = value.toUpperCase();
  return PLATE_REGULAR.test(v) || PLATE_NEV_SMALL.test(v) || PLATE_NEV_LARGE.test(v);
}

/** Chinese (Han) characters only; no spaces, digits or punctuation, not even the name dot '·'. */
export function isChinese(value: unknown): boolean {
  return str(value) && /^\p{Script=Han}+$/u.test(value);
}

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 32100-2015 check character of the first 17 characters of a unified social credit code. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(first17[i]!) * CREDIT_WEIGHTS[i]!;
  return CREDIT_CHARS[(31 - (sum % 31)) % 31]!;
}

/**
 * Unified social credit code: 18 characters of the GB 32100 set (no I, O, S, V, Z), registration
 * authority and category (never 0, which also rules out an all-zero code that the checksum accepts),
 * 6-digit area code, 9-character organisation code and the check character. Letters in either case.
 */
export function isCreditCode(value: unknown): boolean {
  if (!str(value)) return false;
  const v = value.toUpperCase();
  return /^[1-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(v) && creditCodeCheckChar(v) === v[17];
}

/** Code (enCode): ASCII letters, digits and dots; a dot may not be first or last (inner runs allowed). */
export function isEnCode(value: unknown): boolean {
  return str(value) && /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/.test(value);
}

/** Account: ASCII letters and digits only. */
export function isAccount(value: unknown): boolean {
  return str(value) && /^[A-Za-z0-9]+$/.test(value);
}

/**
 * Name without special characters: Chinese, ASCII letters and digits. Decision: single spaces between
 * words are allowed, because English is one of the three interface languages ("Li Lei"); leading,
 * trailing and doubled spaces are not (the zod helper trims first).
 */
export function isName(value: unknown): boolean {
  return str(value) && /^[\p{Script=Han}A-Za-z0-9]+(?: [\p{Script=Han}A-Za-z0-9]+)*$/u.test(value);
}

/** Numeric-only code: ASCII digits, leading zeros kept (it is a code, not a number). */
export function isNumericCode(value: unknown): boolean {
  return str(value) && /^\d+$/.test(value);
}

/** Number, or decimal string without sign or exponent; anything else gives NaN. */
function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value)) return Number(value);
  return Number.NaN;
}

/** Duration: a whole number or a multiple of 0.5, not negative (0 is allowed, e.g. no time spent). */
export function isDuration(value: unknown): boolean {
  const n = toNumber(value);
  return Number.isFinite(n) && n >= 0 && Number.isInteger(n * 2);
}

/** The half of a day a leave starts or ends in. */
export type HalfDay = 'am' | 'pm';

/**
 * A leave's days worked out from its dates in half days (the duration rule: a multiple of 0.5):
 * the calendar days from `startDate` to `endDate`, both included, less half a day when it starts in
 * the afternoon and half a day when it ends at noon. Undefined while a date is missing or not a
 * `yyyy-MM-dd` day; 0 or less when the end comes before the start.
 */
export function leaveDays(
  startDate: unknown,
  startHalf: unknown,
  endDate: unknown,
  endHalf: unknown,
): number | undefined {
  const day = (v: unknown) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : Number.NaN;
  const start = day(startDate);
  const end = day(endDate);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return undefined;
  const span = Math.round((end - start) / 86_400_000) + 1;
  return span - (startHalf === 'pm' ? 0.5 : 0) - (endHalf === 'am' ? 0.5 : 0);
}

/** Positive integer (1, 2, ...), as a number or a digit string without leading zero. */
export function isPositiveInteger(value: unknown): boolean {
  if (typeof value === 'string') return /^[1-9]\d*$/.test(value) && Number.isSafeInteger(Number(value));
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/**
 * Telephone: a landline, optionally with area code (0 + 2-3 digits, optional '-') and extension
 * ('-' + 1-6 digits), with a 7-8 digit local number that never starts with 0 or 1; or a mobile.
 */
export function isTelephone(value: unknown): boolean {
  return str(value) && (/^(?:0\d{2,3}-?)?[2-9]\d{6,7}(?:-\d{1,6})?$/.test(value) || isMobile(value));
}

/** A link that leaves the app: begins with http:, https:, mailto: or tel: (scheme case-insensitive). */
export function isExternalLink(value: unknown): boolean {
  return str(value) && /^(?:https?:|mailto:|tel:)/i.test(value);
}

/** Chat image size: strictly under 5 MB (the original compares size / 1024 / 1024 < 5). */
export function isImageSizeAllowed(bytes: number): boolean {
  return Number.isFinite(bytes) && bytes >= 0 && bytes < UPLOAD_IMAGE_MAX_BYTES;
}

/** Chat image type by MIME type. SVG is left out on purpose: it can carry script. */
export function isImageType(mimeType: unknown): boolean {
  return typeof mimeType === 'string' && /^image\/(?:jpeg|png|gif|webp|bmp)$/i.test(mimeType);
}

// ---------------------------------------------------------------------------------------------------
// Rule table

export interface ValidationRule {
  /** Message key of the failure text. */
  readonly messageKey: ValidationMessageKey;
  /** Pure predicate; false for empty or non-string input. */
  readonly test: (value: unknown) => boolean;
}

export const VALIDATION_RULES = {
  mobile: { messageKey: 'validation.mobile', test: isMobile },
  // Same text as mobile: the spec gives 请输入正确的手机号码 for both.
  personalMobile: { messageKey: 'validation.mobile', test: isPersonalMobile },
  password: { messageKey: 'validation.password', test: isPassword },
  idCard: { messageKey: 'validation.idCard', test: isIdCard },
  email: { messageKey: 'validation.email', test: isEmail },
  plate: { messageKey: 'validation.plate', test: isPlate },
  chinese: { messageKey: 'validation.chinese', test: isChinese },
  creditCode: { messageKey: 'validation.creditCode', test: isCreditCode },
  enCode: { messageKey: 'validation.enCode', test: isEnCode },
  account: { messageKey: 'validation.account', test: isAccount },
  name: { messageKey: 'validation.name', test: isName },
  numericCode: { messageKey: 'validation.numeric', test: isNumericCode },
  duration: { messageKey: 'validation.duration', test: isDuration },
  positiveInteger: { messageKey: 'validation.positiveInteger', test: isPositiveInteger },
  telephone: { messageKey: 'validation.telephone', test: isTelephone },
  externalLink: { messageKey: 'validation.externalLink', test: isExternalLink },
} as const satisfies Record<string, ValidationRule>;

export type ValidationRuleName = keyof typeof VALIDATION_RULES;

/** The failing rule's message key, or null when the value passes. */
export function checkRule(name: ValidationRuleName, value: unknown): ValidationMessageKey | null {
  const rule: ValidationRule = VALIDATION_RULES[name];
  return rule.test(value) ? null : rule.messageKey;
}

const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An antd Form rule (`{ validator }`) for a rule of the table. Empty values pass, as antd expects:
 * pair it with `{ required: true, message }` when the field is required. `translate` maps a key to text
 * (e.g. i18next's `t`); `messageKey` overrides the rule's own key (docs/rules.md#validation: "each may carry a custom
 * message").
 */
export function formRule(
  name: ValidationRuleName,
  translate: (key: ValidationMessageKey) => string,
  messageKey?: ValidationMessageKey,
): { validator: (rule: unknown, value: unknown) => Promise<void> } {
  return {
    validator: (_rule, value) => {
      const failed = isEmptyValue(value) ? null : checkRule(name, value);
      return failed ? Promise.reject(new Error(translate(messageKey ?? failed))) : Promise.resolve();
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// zod helpers: issue messages are KEYS, to be translated with translateIssue.

export interface ZRuleOptions {
  /** Key when the value is missing, null or empty; default 'validation.required'. Other types: 'validation.invalid'. */
  requiredKey?: ValidationMessageKey;
  /** Key when the rule fails; default the rule's own key. */
  messageKey?: ValidationMessageKey;
  /** Maximum length after trimming; fails with 'validation.tooLong' ({{max}} from the issue). */
  max?: number;
}

/** Type errors: absent (undefined or null) means required, any other wrong type means invalid. */
export const typeError =
  (requiredKey: ValidationMessageKey) =>
  (issue: { input?: unknown }): ValidationMessageKey =>
    issue.input === undefined || issue.input === null ? requiredKey : 'validation.invalid';

export type StringRuleName = Exclude<ValidationRuleName, 'duration' | 'positiveInteger'>;

// Codes that are conventionally upper case: accept either case, hand the server the canonical form.
export const UPPER_CASE_RULES: ReadonlySet<StringRuleName> = new Set(['idCard', 'plate', 'creditCode']);
// Passwords are taken as typed: trimming would silently change a secret.
export const UNTRIMMED_RULES: ReadonlySet<StringRuleName> = new Set(['password']);
