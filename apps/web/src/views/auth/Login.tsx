import { API, LOCALES, type Locale, type LoginConfig, SysConfigApi, sysNameIn } from '@srm/contracts/core';
import { Button, theme } from 'antd';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, getPreloaded } from '../../api/request';
import { ProductMark } from '../../components/ProductMark';
import { loadNamespaces } from '../../i18n';
import { redirectAfterLogin } from '../../router/mayOpen';
import { useAppStore } from '../../store/settings';
import { useUserStore } from '../../store/user';
import './auth.css';
import { Field, formStyle } from './AuthField';
import { AuthIcon } from './authIcons';
import { SsoChoices } from './SsoChoices';

// The proof of work's widget, its worker and its texts: fetched only when a sign-in asks for it,
// never with the sign-in page (whose scripts have a budget: e2e/tests/web-weight.spec.ts).
const AltchaField = lazy(() =>
  import('../../components/altcha/AltchaField').then((module) => ({ default: module.AltchaField })),
);

// Signing in with a verification code, or setting a forgotten password with one: its own chunk.
const CodeSignIn = lazy(() => import('./CodeSignIn'));

const LANGUAGE_LABELS: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
};

/** Sign-in (docs/rules.md#sign-in): username or mobile, sub-account mobile@account, caps-lock warning. */
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
  const [mode, setMode] = useState<'password' | 'login' | 'reset'>('password');
  const [capsLock, setCapsLock] = useState(false);
  const [userName, setUserName] = useState('');
  const [passWord, setPassWord] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  // Errors show once a submit was tried, then follow the typing (like a form's validate-on-change).
  const [tried, setTried] = useState(false);
  const userNameError = tried && !userName.trim() ? t('auth:userNameRequired') : undefined;
  const passWordError = tried && !passWord ? t('auth:passwordRequired') : undefined;
  // The tenant's product name, logo and texts: one small public call, the built-in texts until then.
  const [brand, setBrand] = useState<LoginConfig | null>(null);
  useEffect(() => {
    // A plain request, so that the server's preload of it (sent with this page) is what answers it.
    getPreloaded<LoginConfig>(SysConfigApi.loginConfig).then(setBrand, () => {});
  }, []);
  // An expired password: the server asks for a new one, sent with the old one on the next submit.
  const [expired, setExpired] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [newPasswordServerError, setNewPasswordServerError] = useState<string>();
  const newPasswordError =
    newPasswordServerError ?? (tried && expired && !newPassword ? t('auth:passwordRequired') : undefined);
  const confirmError =
    tried && expired && confirmPassword !== newPassword ? t('auth:passwordMismatch') : undefined;
  // Many wrong passwords reached the account lately: the server asks for a proof of work, which the
  // widget solves by itself; the next submit carries it. A sent proof is spent: a new one follows.
  const [proof, setProof] = useState(false);
  const [altcha, setAltcha] = useState<string>();
  const [altchaKey, setAltchaKey] = useState(0);
  const [altchaError, setAltchaError] = useState<string>();
  const onAltcha = (payload: string | undefined) => {
    setAltcha(payload);
    if (payload) setAltchaError(undefined);
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (typeof event.getModifierState === 'function') setCapsLock(event.getModifierState('CapsLock'));
  };

  const afterSignIn = async () => {
    const ok = await loadStartup();
    // The guard may already have moved on once the token and start-up data exist; navigate only
    // if we are still on the sign-in page, or the two navigations race and land on a bare '/'.
    if (ok && window.location.pathname.startsWith('/login')) {
      navigate(redirectAfterLogin(params.get('redirect')), { replace: true });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (!userName.trim() || !passWord || submitting) return;
    if (expired && (!newPassword || confirmPassword !== newPassword)) return;
    if (proof && !altcha) {
      setAltchaError(t('altcha:required'));
      return;
    }
    setSubmitting(true);
    setNewPasswordServerError(undefined);
    try {
      await login(userName, passWord, {
        newPassword: expired ? newPassword : undefined,
        altcha: proof ? altcha : undefined,
      });
      await afterSignIn();
    } catch (error) {
      if (proof) {
        setAltcha(undefined);
        setAltchaKey((key) => key + 1);
      }
      if (error instanceof ApiError && (error.data as { proofOfWork?: boolean } | null)?.proofOfWork) {
        // Its texts first: the widget and its messages are read from them.
        await loadNamespaces(['altcha']).catch(() => {});
        setProof(true);
      }
      // The request layer has shown the server's message; a new-password problem goes under its field.
      const fieldMessage = error instanceof ApiError ? error.fields?.newPassword : undefined;
      if (fieldMessage) {
        setNewPasswordServerError(expired ? fieldMessage : undefined);
        setExpired(true);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    // Plain elements with the theme's tokens instead of Card, Typography and Select: the sign-in
    // page is the first download, and those bring Tabs, Skeleton, TextArea and a virtual list.
    <main className="srm-auth-page" style={{ background: token.colorBgLayout }} data-testid="login-page">
      <div className="srm-auth-lang">
        {/* Plain toggle buttons instead of Segmented, which brings Tooltip and its popup. */}
        <fieldset
          className="srm-auth-segmented"
          aria-label={t('auth:language')}
          data-testid="login-language"
          style={{ background: token.colorFillSecondary, borderRadius: token.borderRadius }}
        >
          {LOCALES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={value === language}
              onClick={() => setLanguage(value)}
              style={
                value === language
                  ? {
                      background: token.colorBgElevated,
                      color: token.colorText,
                      borderRadius: token.borderRadiusSM,
                      boxShadow: token.boxShadowTertiary,
                    }
                  : { color: token.colorTextSecondary, borderRadius: token.borderRadiusSM }
              }
            >
              {LANGUAGE_LABELS[value]}
            </button>
          ))}
        </fieldset>
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
          {brand?.logoUrl ? (
            <img src={brand.logoUrl} alt="" width={40} height={40} data-testid="login-logo" />
          ) : (
            <ProductMark size={40} testId="login-logo" />
          )}
          <h1 style={{ color: token.colorTextHeading }} data-testid="login-product-name">
            {(brand && sysNameIn(brand, language)) || t('common:productName')}
          </h1>
        </div>
        <p
          className="srm-auth-subtitle"
          style={{ color: token.colorTextSecondary }}
          data-testid="login-title"
        >
          {brand?.loginTitle || t('auth:subtitle')}
          {brand?.loginSubtitle && (
            <>
              <br />
              <span data-testid="login-subtitle">{brand.loginSubtitle}</span>
            </>
          )}
        </p>
        {mode !== 'password' ? (
          <Suspense fallback={null}>
            <CodeSignIn
              mode={mode}
              onSignedIn={() => void afterSignIn()}
              onBack={() => setMode('password')}
            />
          </Suspense>
        ) : (
          // Plain inputs instead of antd Form and Input: those bring the form engine, TextArea and
          // its autosize to the first download. The look follows the theme's large inputs.
          <form
            className="srm-auth-form"
            style={formStyle(token)}
            onSubmit={onSubmit}
            autoComplete="on"
            noValidate
            data-testid="login-form"
          >
            <Field
              label={t('auth:userName')}
              error={userNameError}
              extra={<span data-testid="login-subaccount-hint">{t('auth:subAccountHint')}</span>}
            >
              {({ id, describedBy }) => (
                <span className={`srm-auth-input${userNameError ? ' srm-auth-input-error' : ''}`}>
                  <AuthIcon name="user" className="srm-auth-prefix" />
                  <input
                    id={id}
                    name="userName"
                    value={userName}
                    onChange={(e) => setUserName(e.target.value)}
                    placeholder={t('auth:userNamePlaceholder')}
                    autoComplete="username"
                    // biome-ignore lint/a11y/noAutofocus: the sign-in page has one task, typing the account
                    autoFocus
                    aria-required
                    aria-invalid={!!userNameError}
                    aria-describedby={describedBy}
                    data-testid="login-username"
                    onKeyDown={onKey}
                    onKeyUp={onKey}
                  />
                </span>
              )}
            </Field>
            <Field label={t('auth:password')} error={passWordError}>
              {({ id, describedBy }) => (
                <span className={`srm-auth-input${passWordError ? ' srm-auth-input-error' : ''}`}>
                  <AuthIcon name="lock" className="srm-auth-prefix" />
                  <input
                    id={id}
                    name="passWord"
                    type={showPassword ? 'text' : 'password'}
                    value={passWord}
                    onChange={(e) => setPassWord(e.target.value)}
                    placeholder={t('auth:passwordPlaceholder')}
                    autoComplete="current-password"
                    aria-required
                    aria-invalid={!!passWordError}
                    aria-describedby={describedBy}
                    data-testid="login-password"
                    onKeyDown={onKey}
                    onKeyUp={onKey}
                  />
                  <button
                    type="button"
                    className="srm-auth-eye"
                    tabIndex={-1}
                    aria-label={showPassword ? t('auth:hidePassword') : t('auth:showPassword')}
                    aria-pressed={showPassword}
                    onClick={() => setShowPassword((v) => !v)}
                    data-testid="login-password-toggle"
                  >
                    <AuthIcon name={showPassword ? 'eye' : 'eye-invisible'} />
                  </button>
                </span>
              )}
            </Field>
            {proof && (
              <div className="srm-auth-field" data-testid="login-proof">
                <Suspense fallback={null}>
                  <AltchaField
                    key={altchaKey}
                    language={language}
                    challenge={API.loginChallenge}
                    onChange={onAltcha}
                    testId="login-altcha"
                  />
                </Suspense>
                {altchaError && (
                  <div className="srm-auth-error" role="alert" data-testid="login-altcha-error">
                    {altchaError}
                  </div>
                )}
              </div>
            )}
            {expired && (
              <>
                <div className="srm-auth-expired" role="status" data-testid="login-expired">
                  {t('auth:expiredHint')}
                </div>
                <Field label={t('auth:newPassword')} error={newPasswordError}>
                  {({ id, describedBy }) => (
                    <span className={`srm-auth-input${newPasswordError ? ' srm-auth-input-error' : ''}`}>
                      <AuthIcon name="lock" className="srm-auth-prefix" />
                      <input
                        id={id}
                        name="newPassword"
                        type="password"
                        value={newPassword}
                        onChange={(e) => {
                          setNewPassword(e.target.value);
                          setNewPasswordServerError(undefined);
                        }}
                        autoComplete="new-password"
                        required
                        aria-invalid={!!newPasswordError}
                        aria-describedby={describedBy}
                        data-testid="login-new-password"
                      />
                    </span>
                  )}
                </Field>
                <Field label={t('auth:confirmNewPassword')} error={confirmError}>
                  {({ id, describedBy }) => (
                    <span className={`srm-auth-input${confirmError ? ' srm-auth-input-error' : ''}`}>
                      <AuthIcon name="lock" className="srm-auth-prefix" />
                      <input
                        id={id}
                        name="confirmPassword"
                        type="password"
                        value={confirmPassword}
                        onChange={(e) => setConfirmPassword(e.target.value)}
                        autoComplete="new-password"
                        required
                        aria-invalid={!!confirmError}
                        aria-describedby={describedBy}
                        data-testid="login-confirm-password"
                      />
                    </span>
                  )}
                </Field>
              </>
            )}
            {capsLock && (
              <div
                className="srm-auth-warning"
                role="alert"
                style={{
                  background: token.colorWarningBg,
                  border: `1px solid ${token.colorWarningBorder}`,
                  borderRadius: token.borderRadiusLG,
                  color: token.colorText,
                }}
                data-testid="login-capslock"
              >
                <AuthIcon name="exclamation-circle" style={{ color: token.colorWarning }} />
                {t('auth:capsLock')}
              </div>
            )}
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={submitting}
              data-testid="login-submit"
            >
              {submitting ? t('auth:signingIn') : t('auth:submit')}
            </Button>
            <p className="srm-auth-modes">
              <button
                type="button"
                className="srm-auth-link"
                onClick={() => setMode('login')}
                style={{ color: token.colorLink }}
                data-testid="login-with-code"
              >
                {t('auth:codeLogin')}
              </button>
              <button
                type="button"
                className="srm-auth-link"
                onClick={() => setMode('reset')}
                style={{ color: token.colorLink }}
                data-testid="login-forgot"
              >
                {t('auth:forgotPassword')}
              </button>
            </p>
          </form>
        )}
        {mode === 'password' && (
          <SsoChoices tenant={params.get('tenant')} redirect={params.get('redirect')} />
        )}
        <p className="srm-auth-register">
          <Link
            to="/base/vendor/register"
            style={{ color: token.colorLink }}
            data-testid="login-vendor-register"
          >
            {t('auth:vendorRegister')}
          </Link>
        </p>
      </div>
      <footer className="srm-auth-footer" style={{ color: token.colorTextSecondary }}>
        {brand?.copyright || t('auth:copyright')}
      </footer>
    </main>
  );
}
