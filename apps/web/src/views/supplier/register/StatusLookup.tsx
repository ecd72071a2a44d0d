import { APPLICATION_NO_PATTERN, formRule, type Locale, validationMessage } from '@srm/contracts/core';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationAccess } from './api';

/** The status page without a link: the application number and the contact's mobile. */
export function StatusLookup({
  language,
  onLookup,
}: {
  language: Locale;
  onLookup: (access: ApplicationAccess) => void;
}) {
  const { t } = useTranslation('vendorRegister');
  const msg = (key: Parameters<typeof validationMessage>[0]) => validationMessage(key, language);
  return (
    <Form<{ no: string; mobile: string }>
      name="registerLookup"
      layout="vertical"
      style={{ maxWidth: 420 }}
      onFinish={(v) => onLookup({ no: v.no.trim().toUpperCase(), mobile: v.mobile.trim() })}
      data-testid="register-lookup"
    >
      <p className="srm-register-hint">{t('lookupHint')}</p>
      <Form.Item
        name="no"
        label={t('applicationNo')}
        rules={[
          { required: true, whitespace: true, message: msg('validation.required') },
          {
            pattern: APPLICATION_NO_PATTERN,
            transform: (v: string) => v?.trim().toUpperCase(),
            message: t('applicationNoRule'),
          },
        ]}
      >
        <Input maxLength={16} placeholder="VA…" data-testid="register-lookup-no" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('mobile')}
        rules={[
          { required: true, whitespace: true, message: msg('validation.mobileRequired') },
          formRule('mobile', (k) => msg(k)),
        ]}
      >
        <Input maxLength={11} inputMode="tel" autoComplete="tel" data-testid="register-lookup-mobile" />
      </Form.Item>
      <Button type="primary" htmlType="submit" data-testid="register-lookup-submit">
        {t('lookup')}
      </Button>
    </Form>
  );
}
