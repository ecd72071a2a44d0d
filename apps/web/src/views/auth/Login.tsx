import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@srm/contracts/core';
import { Alert, Button, Form, Input, Segmented, theme } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { redirectAfterLogin } from '../../router/mayOpen';
import { useAppStore } from '../../store/settings';
import { useUserStore } from '../../store/user';
import './auth.css';

const LANGUAGE_LABELS: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
};

interface LoginValues {
  userName: string;
  passWord: string;
}

/** Sign-in (spec §2.4): username or mobile, sub-account mobile@account, caps-lock warning. */
export default function Login() {
  const { t } = useTranslation(['auth', 'common']);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const login = useUserStore((s) => s.login);
  const loadStartup = useUserStore((s) => s.loadStartup);
  const [submitting, setSubmitting] = useState(false);
  const [capsLock, setCapsLock] = useState(false);

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (typeof event.getModifierState === 'function') setCapsLock(event.getModifierState('CapsLock'));
  };

  const onFinish = async ({ userName, passWord }: LoginValues) => {
    setSubmitting(true);
    try {
      await login(userName, passWord);
      const ok = await loadStartup();
      // The guard may already have moved on once the token and start-up data exist; navigate only
      // if we are still on the sign-in page, or the two navigations race and land on a bare '/'.
      if (ok && window.location.pathname.startsWith('/login')) {
        navigate(redirectAfterLogin(params.get('redirect')), { replace: true });
      }
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    // Plain elements with the theme's tokens instead of Card, Typography and Select: the sign-in
    // page is the first download, and those bring Tabs, Skeleton, TextArea and a virtual list.
    <main className="srm-auth-page" style={{ background: token.colorBgLayout }} data-testid="login-page">
      <div className="srm-auth-lang">
        <Segmented<Locale>
          size="small"
          value={language}
          onChange={setLanguage}
          aria-label={t('auth:language')}
          data-testid="login-language"
          options={LOCALES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }))}
        />
      </div>
      <div
        className="srm-auth-card"
        style={{
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowSecondary,
          color: token.colorText,
        }}
      >
        <div className="srm-auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <h1 style={{ color: token.colorTextHeading }} data-testid="login-product-name">
            {t('common:productName')}
          </h1>
        </div>
        <p className="srm-auth-subtitle" style={{ color: token.colorTextSecondary }}>
          {t('auth:subtitle')}
        </p>
        <Form<LoginValues>
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={onFinish}
          autoComplete="on"
          data-testid="login-form"
        >
          <Form.Item
            name="userName"
            label={t('auth:userName')}
            extra={<span data-testid="login-subaccount-hint">{t('auth:subAccountHint')}</span>}
            rules={[{ required: true, whitespace: true, message: t('auth:userNameRequired') }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('auth:userNamePlaceholder')}
              autoComplete="username"
              autoFocus
              data-testid="login-username"
              onKeyDown={onKey}
              onKeyUp={onKey}
            />
          </Form.Item>
          <Form.Item
            name="passWord"
            label={t('auth:password')}
            rules={[{ required: true, message: t('auth:passwordRequired') }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('auth:passwordPlaceholder')}
              autoComplete="current-password"
              data-testid="login-password"
              onKeyDown={onKey}
              onKeyUp={onKey}
            />
          </Form.Item>
          {capsLock && (
            <Alert
              type="warning"
              showIcon
              title={t('auth:capsLock')}
              style={{ marginBottom: 16 }}
              data-testid="login-capslock"
            />
          )}
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
            {submitting ? t('auth:signingIn') : t('auth:submit')}
          </Button>
        </Form>
      </div>
      <footer className="srm-auth-footer" style={{ color: token.colorTextSecondary }}>
        {t('auth:copyright')}
      </footer>
    </main>
  );
}
