import { formRule, type ValidationMessageKey, validationMessage } from '@srm/contracts/core';
import type { FormInstance, Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { ApiError } from '../../api/request';
import { useAppStore } from '../../store/settings';

/** Client-side copies of the server's rules for org names and codes (the server checks again). */
export function useOrgFormRules(): { name: Rule[]; enCode: Rule[] } {
  const language = useAppStore((s) => s.language);
  return useMemo(() => {
    const msg = (key: ValidationMessageKey, params?: Record<string, number>) =>
      validationMessage(key, language, params);
    return {
      name: [
        { required: true, whitespace: true, message: msg('validation.required') },
        { max: 50, message: msg('validation.tooLong', { max: 50 }) },
        formRule('name', (k) => msg(k)),
      ],
      enCode: [
        { required: true, whitespace: true, message: msg('validation.required') },
        { max: 50, message: msg('validation.tooLong', { max: 50 }) },
        formRule('enCode', (k) => msg(k)),
      ],
    };
  }, [language]);
}

/** Puts the server's field messages (body code 400) on the form; true when there were some. */
export function applyServerFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  form.setFields(Object.entries(error.fields).map(([name, message]) => ({ name, errors: [message] })));
  return true;
}
