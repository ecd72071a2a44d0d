import { type Locale, passwordRuleText, type RegisterOptions, validationMessage } from '@srm/contracts/core';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegisterRules } from './rules';

const half = { xs: 24, md: 12 } as const;

/**
 * Step 6: the future supplier account and its password twice (the tenant's rule shown). When a
 * rejected application is corrected the account stays, and the password only changes if given.
 */
export function AccountFields({
  rules,
  options,
  language,
  fixedAccount,
}: {
  rules: RegisterRules;
  options: RegisterOptions;
  language: Locale;
  fixedAccount?: string;
}) {
  const { t } = useTranslation('vendorRegister');
  const correcting = fixedAccount !== undefined;
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item
          name="account"
          label={t('account')}
          rules={correcting ? [] : rules.account}
          extra={t('accountHint')}
        >
          <Input
            maxLength={50}
            autoComplete="username"
            disabled={correcting}
            data-testid="register-account"
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="password"
          label={correcting ? t('newPasswordOptional') : t('password')}
          rules={correcting ? rules.optionalPassword : rules.password}
          extra={
            <span data-testid="register-password-rule">
              {t('passwordRule', { rule: passwordRuleText(options.password, language) })}
            </span>
          }
        >
          <Input.Password
            maxLength={options.password.passwordMaxLength}
            autoComplete="new-password"
            data-testid="register-password"
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          name="confirmPassword"
          label={t('confirmPassword')}
          dependencies={['password']}
          rules={
            correcting
              ? [
                  ({ getFieldValue }) => ({
                    validator: (_, value: string | undefined) =>
                      (value ?? '') === (getFieldValue('password') ?? '')
                        ? Promise.resolve()
                        : Promise.reject(
                            new Error(validationMessage('validation.passwordMismatch', language)),
                          ),
                  }),
                ]
              : rules.confirmPassword
          }
        >
          <Input.Password
            maxLength={options.password.passwordMaxLength}
            autoComplete="new-password"
            data-testid="register-confirmPassword"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
