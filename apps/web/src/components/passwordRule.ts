import {
  type Locale,
  type PasswordRule,
  parseConfigItems,
  passwordProblems,
  passwordProblemText,
  passwordRuleText,
} from '@srm/contracts/core';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useCacheStore } from '../store/cache';
import { useAppStore } from '../store/settings';

/** The tenant's password rule from the start-up config (get-sys-config). */
export function usePasswordRule(): PasswordRule {
  const items = useCacheStore((s) => s.sysConfig);
  return useMemo(() => parseConfigItems(items).password, [items]);
}

/** A form rule checking a new password with the contracts' one rule function (the server checks again). */
export function passwordFormRule(rule: PasswordRule, locale: Locale): Rule {
  return {
    validator: (_, value: string | undefined) => {
      if (!value) return Promise.resolve();
      const problems = passwordProblems(value, rule);
      return problems.length
        ? Promise.reject(new Error(problems.map((p) => passwordProblemText(p, locale)).join(' ')))
        : Promise.resolve();
    },
  };
}

/**
 * The new-password field's rule check, its hint (the current rule in words) and its maxLength,
 * in the user's language.
 */
export function useNewPasswordField(): { rule: Rule; hint: string; maxLength: number } {
  const rule = usePasswordRule();
  const language = useAppStore((s) => s.language);
  return useMemo(
    () => ({
      rule: passwordFormRule(rule, language),
      hint: passwordRuleText(rule, language),
      maxLength: rule.passwordMaxLength,
    }),
    [rule, language],
  );
}
