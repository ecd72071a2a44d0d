import {
  BUSINESS_LICENCE_CODE,
  formRule,
  type Locale,
  type PasswordRule,
  type ValidationMessageKey,
  validationMessage,
} from '@srm/contracts/core';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordFormRule } from '../../../components/passwordRule';
import type { QualificationRow } from './formValues';

/** The bank account number as the server takes it. */
const ACCOUNT_NO = /^\d{6,32}$/;

/**
 * The form's rules: the contracts' rules and messages (the server checks them again) in the
 * reader's language, and the tenant's password rule.
 */
export function useRegisterRules(language: Locale, password: PasswordRule | undefined) {
  const { t } = useTranslation('vendorRegister');
  return useMemo(() => {
    const msg = (key: ValidationMessageKey, params?: Record<string, number>) =>
      validationMessage(key, language, params);
    const required = { required: true, whitespace: true, message: msg('validation.required') };
    const chosen = { required: true, message: msg('validation.required') };
    const max = (n: number) => ({ max: n, message: msg('validation.tooLong', { max: n }) });
    return {
      supplierName: [required, max(200)],
      creditCode: [required, formRule('creditCode', (k) => msg(k))],
      legalPerson: [required, max(50), formRule('name', (k) => msg(k))],
      area: [{ ...chosen, type: 'array' as const }],
      address: [required, max(200)],
      businessScope: [required, max(2000)],
      categories: [{ ...chosen, type: 'array' as const }],
      contactName: [required, max(50), formRule('name', (k) => msg(k))],
      mobile: [{ ...required, message: msg('validation.mobileRequired') }, formRule('mobile', (k) => msg(k))],
      email: [max(100), formRule('email', (k) => msg(k))],
      phone: [max(30), formRule('telephone', (k) => msg(k))],
      bankName: [required, max(100)],
      branch: [max(100)],
      accountNo: [required, { pattern: ACCOUNT_NO, message: t('accountNoRule') }],
      qualType: [chosen],
      file: [{ required: true, message: t('fileRequired') }],
      expiresOn: [chosen],
      qualifications: [
        {
          validator: (_: unknown, rows: QualificationRow[] | undefined) =>
            rows?.some((r) => r?.qualType === BUSINESS_LICENCE_CODE)
              ? Promise.resolve()
              : Promise.reject(new Error(msg('validation.businessLicence'))),
        },
      ],
      account: [required, max(50), formRule('account', (k) => msg(k))],
      password: [
        { required: true, message: msg('validation.passwordRequired') },
        ...(password ? [passwordFormRule(password, language)] : []),
      ],
      confirmPassword: [
        { required: true, message: msg('validation.confirmPasswordPrompt') },
        ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
          validator: (_: unknown, value: string | undefined) =>
            !value || value === getFieldValue('password')
              ? Promise.resolve()
              : Promise.reject(new Error(msg('validation.passwordMismatch'))),
        }),
      ],
      /** Correcting an application: the password may stay as it was (both empty). */
      optionalPassword: password ? [passwordFormRule(password, language)] : [],
    } satisfies Record<string, Rule[]>;
  }, [language, password, t]);
}

export type RegisterRules = ReturnType<typeof useRegisterRules>;
