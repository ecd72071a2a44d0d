import type { PlatformLoginBody } from '@srm/contracts/core';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/request';
import { platformApi, platformToken } from './api';
import { LanguageSelect } from './Layout';

/** The operator's own sign-in, never a tenant's: a one-time password asks for a new one. */
export default function PlatformLogin() {
  const { t } = useTranslation('platform');
  const navigate = useNavigate();
  const [form] = Form.useForm<PlatformLoginBody>();
  const [mustChange, setMustChange] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = `${t('login.title')} - ${t('title')}`;
  }, [t]);
  const submit = async (values: PlatformLoginBody) => {
    setBusy(true);
    setError('');
    try {
      const result = await platformApi.login(values);
      platformToken.set(result.token);
      navigate('/platform/tenants', { replace: true });
    } catch (e) {
      const failure = e instanceof ApiError ? e : null;
      if ((failure?.data as { mustChangePassword?: boolean } | null)?.mustChangePassword) setMustChange(true);
      if (failure?.fields)
        form.setFields(
          Object.entries(failure.fields).map(([name, msg]) => ({
            name: name as 'newPassword',
            errors: [msg],
          })),
        );
      setError(failure?.msg ?? String(e));
    } finally {
      setBusy(false);
    }
  };
  const required = (field: string) => [{ required: true, message: t('login.required', { field }) }];
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <LanguageSelect />
        </Space>
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            data-testid="platform-login-error"
          />
        )}
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item name="userName" label={t('login.account')} rules={required(t('login.account'))}>
            <Input autoComplete="username" data-testid="platform-login-account" />
          </Form.Item>
          <Form.Item name="passWord" label={t('login.password')} rules={required(t('login.password'))}>
            <Input.Password autoComplete="current-password" data-testid="platform-login-password" />
          </Form.Item>
          {mustChange && (
            <Form.Item
              name="newPassword"
              label={t('login.newPassword')}
              extra={t('login.newPasswordHint')}
              rules={required(t('login.newPassword'))}
            >
              <Input.Password autoComplete="new-password" data-testid="platform-login-new-password" />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="platform-login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <a href="/login">{t('login.tenantLink')}</a>
        </div>
      </Card>
    </main>
  );
}
