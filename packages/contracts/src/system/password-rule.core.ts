// The password rule of the system configuration (sys-config.core.ts): the check both sides run
// and its texts in the reader's language. Apart from sys-config.core.ts because its texts bring
// the validation messages of every language, which the sign-in page's first download does
// without (e2e/tests/web-weight.spec.ts).
import type { Locale } from '../api/envelope.core';
import {
  isPassword,
  type MessageParams,
  type ValidationMessageKey,
  validationMessage,
} from '../validation/rules.core';
import { PASSWORD_CLASSES, type PasswordClass, type PasswordRule } from './sys-config.core';

/**
 * The specification's rule, the default: 6-16 characters of letters and digits, both required
 * (symbols refused), with the specification's message.
 */
export function isSpecRule(rule: PasswordRule): boolean {
  const classes = [...rule.passwordClasses].sort().join(',');
  return rule.passwordMinLength === 6 && rule.passwordMaxLength === 16 && classes === 'digit,letter';
}

export interface PasswordProblem {
  key: ValidationMessageKey;
  params?: MessageParams;
}

const CLASS_TESTS: Record<PasswordClass, RegExp> = {
  letter: /[A-Za-z]/,
  lower: /[a-z]/,
  upper: /[A-Z]/,
  digit: /\d/,
  symbol: /[^A-Za-z\d\s]/,
};
const CLASS_KEYS: Record<PasswordClass, ValidationMessageKey> = {
  letter: 'validation.passwordClassLetter',
  lower: 'validation.passwordClassLower',
  upper: 'validation.passwordClassUpper',
  digit: 'validation.passwordClassDigit',
  symbol: 'validation.passwordClassSymbol',
};

/**
 * What is wrong with a new password under a rule (empty: it is allowed). Every password path checks
 * with this one function: the server on every write, the forms as the user types.
 */
export function passwordProblems(password: string, rule: PasswordRule): PasswordProblem[] {
  if (isSpecRule(rule)) return isPassword(password) ? [] : [{ key: 'validation.password' }];
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  // Control characters (NUL, line breaks…) cannot be typed at a sign-in form.
  if (/\p{Cc}/u.test(password)) problems.push({ key: 'validation.badCharacters' });
  if (length < rule.passwordMinLength)
    problems.push({ key: 'validation.passwordTooShort', params: { min: rule.passwordMinLength } });
  if (length > rule.passwordMaxLength)
    problems.push({ key: 'validation.passwordTooLong', params: { max: rule.passwordMaxLength } });
  const missing = rule.passwordClasses.filter((c) => !CLASS_TESTS[c].test(password));
  if (missing.length)
    problems.push({ key: 'validation.passwordNeeds', params: { classes: missing.join(',') } });
  return problems;
}

function classList(classes: string, locale: Locale): string {
  const sep = locale === 'en-US' ? ', ' : '、';
  return classes
    .split(',')
    .filter((c): c is PasswordClass => (PASSWORD_CLASSES as readonly string[]).includes(c))
    .map((c) => validationMessage(CLASS_KEYS[c], locale))
    .join(sep);
}

/** A problem's text in a language. */
export function passwordProblemText(problem: PasswordProblem, locale: Locale): string {
  if (problem.key === 'validation.passwordNeeds')
    return validationMessage(problem.key, locale, {
      classes: classList(String(problem.params?.classes ?? ''), locale),
    });
  return validationMessage(problem.key, locale, problem.params);
}

/** The rule in words, for the hint under a new-password field. */
export function passwordRuleText(rule: PasswordRule, locale: Locale): string {
  if (isSpecRule(rule)) return validationMessage('validation.password', locale);
  const length = validationMessage('validation.passwordRuleLength', locale, {
    min: rule.passwordMinLength,
    max: rule.passwordMaxLength,
  });
  if (!rule.passwordClasses.length) return length;
  return `${length}${locale === 'en-US' ? '; ' : '；'}${validationMessage(
    'validation.passwordNeeds',
    locale,
    {
      classes: classList(rule.passwordClasses.join(','), locale),
    },
  )}`;
}
