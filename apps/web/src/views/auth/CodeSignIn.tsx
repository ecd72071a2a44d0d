import { SmsCodeApi, type SmsCodeSent } from '@srm/contracts/core';
import { Button, theme } from 'antd';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../../api/request';
import { loadNamespaces } from '../../i18n';
import { useAppStore } from '../../store/settings';
import { useUserStore } from '../../store/user';
import { toast } from '../../utils/message';
import { Field, formStyle } from './AuthField';
import { AuthIcon } from './authIcons';

const AltchaField = lazy(() =>
  import('../../components/altcha/AltchaField').then((module) => ({ default: module.AltchaField })),
);

const MOBILE = /^1[3-9]\d{9}(@.+)?$/;

/**
 * Sign-in with a verification code, and setting a forgotten password with one (issue 40 §2): the
 * mobile (or mobile@account), a human check before each code, the code with its resend count-down,
 * and for a reset the new password twice. Loaded only when the sign-in page switches to it.
 */
export default function CodeSignIn({
  mode,
  onSignedIn,
  onBack,
}: {
  mode: 'login' | 'reset';
  onSignedIn: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['authCode', 'auth', 'altcha']);
  const { token } = theme.useToken();
  const language = useAppStore((s) => s.language);
  const loginWithCode = useUserStore((s) => s.loginWithCode);
  const [userName, setUserName] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [altcha, setAltcha] = useState<string>();
  const [altchaKey, setAltchaKey] = useState(0);
  const [ready, setReady] = useState(false);
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [tried, setTried] = useState(false);
  const [codeError, setCodeError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();

  // The form's own texts and the human check's, before they show (not the sign-in page's download).
  useEffect(() => {
    loadNamespaces(['authCode', 'altcha']).then(
      () => setReady(true),
      () => setReady(true),
    );
  }, []);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const mobile = userName.trim().split('@')[0] ?? '';
  const userNameError =
    tried && !MOBILE.test(userName.trim())
      ? userName.trim()
        ? t('authCode:mobileInvalid')
        : t('authCode:mobileRequired')
      : undefined;
  const codeFieldError =
    codeError ?? (tried && !/^\d{6}$/.test(code.trim()) ? t('authCode:codeRequired') : undefined);
  const newPasswordError =
    passwordError ?? (tried && mode === 'reset' && !newPassword ? t('auth:passwordRequired') : undefined);
  const confirmError =
    tried && mode === 'reset' && confirm !== newPassword ? t('auth:passwordMismatch') : undefined;

  const send = async () => {
    if (!MOBILE.test(userName.trim())) {
      setTried(true);
      return;
    }
    if (!altcha) {
      toast.error(t('altcha:required'));
      return;
    }
    setSending(true);
    try {
      const sent = await http.post<SmsCodeSent>(SmsCodeApi.send, { mobile, purpose: mode, altcha });
      setWait(sent.cooldownSeconds);
      toast.success(t('authCode:codeSent'));
    } catch (error) {
      const retry =
        error instanceof ApiError && error.code === 429 ? Number(/\d+/.exec(error.msg)?.[0] ?? 0) : 0;
      if (retry) setWait(retry);
    } finally {
      // A proof is spent by the send: the next one needs a new check.
      setAltcha(undefined);
      setAltchaKey((k) => k + 1);
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    setCodeError(undefined);
    setPasswordError(undefined);
    if (!MOBILE.test(userName.trim()) || !/^\d{6}$/.test(code.trim()) || submitting) return;
    if (mode === 'reset' && (!newPassword || confirm !== newPassword)) return;
    setSubmitting(true);
    try {
      if (mode === 'login') {
        await loginWithCode(userName, code);
        onSignedIn();
      } else {
        await http.post(SmsCodeApi.resetPassword, {
          userName: userName.trim(),
          code: code.trim(),
          newPassword,
        });
        toast.success(t('authCode:resetDone'));
        onBack();
      }
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.fields?.newPassword) setPasswordError(error.fields.newPassword);
        else if (error.code === 400) setCodeError(error.msg);
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (!ready) return null;
  return (
    <form
      className="srm-auth-form"
      style={formStyle(token)}
      onSubmit={onSubmit}
      noValidate
      data-testid={`code-${mode}-form`}
    >
      <h2 className="srm-auth-mode" style={{ color: token.colorTextHeading }}>
        {mode === 'login' ? t('auth:codeLogin') : t('authCode:resetTitle')}
      </h2>
      <Field
        label={t('authCode:mobile')}
        error={userNameError}
        extra={<span>{t('auth:subAccountHint')}</span>}
      >
        {({ id, describedBy }) => (
          <span className={`srm-auth-input${userNameError ? ' srm-auth-input-error' : ''}`}>
            <AuthIcon name="user" className="srm-auth-prefix" />
            <input
              id={id}
              name="mobile"
              type="tel"
              inputMode="tel"
              value={userName}
              onChange={(e) => setUserName(e.target.value)}
              placeholder={t('authCode:mobilePlaceholder')}
              autoComplete="tel"
              // biome-ignore lint/a11y/noAutofocus: the form opened by the person's choice has one task
              autoFocus
              aria-required
              aria-invalid={!!userNameError}
              aria-describedby={describedBy}
              data-testid="code-mobile"
            />
          </span>
        )}
      </Field>
      <div className="srm-auth-field" data-testid="code-proof">
        <Suspense fallback={null}>
          <AltchaField
            key={altchaKey}
            language={language}
            challenge={SmsCodeApi.challenge}
            onChange={setAltcha}
            testId="code-altcha"
          />
        </Suspense>
      </div>
      <Field label={t('authCode:code')} error={codeFieldError}>
        {({ id, describedBy }) => (
          <span className="srm-auth-code-row">
            <span className={`srm-auth-input${codeFieldError ? ' srm-auth-input-error' : ''}`}>
              <AuthIcon name="lock" className="srm-auth-prefix" />
              <input
                id={id}
                name="code"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
                  setCodeError(undefined);
                }}
                placeholder={t('authCode:codePlaceholder')}
                inputMode="numeric"
                autoComplete="one-time-code"
                aria-required
                aria-invalid={!!codeFieldError}
                aria-describedby={describedBy}
                data-testid="code-input"
              />
            </span>
            <Button
              size="large"
              onClick={() => void send()}
              loading={sending}
              disabled={wait > 0}
              data-testid="code-send"
            >
              {wait > 0 ? t('authCode:resendIn', { seconds: wait }) : t('authCode:sendCode')}
            </Button>
          </span>
        )}
      </Field>
      {mode === 'reset' && (
        <>
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
                    setPasswordError(undefined);
                  }}
                  autoComplete="new-password"
                  required
                  aria-invalid={!!newPasswordError}
                  aria-describedby={describedBy}
                  data-testid="code-new-password"
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
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  autoComplete="new-password"
                  required
                  aria-invalid={!!confirmError}
                  aria-describedby={describedBy}
                  data-testid="code-confirm-password"
                />
              </span>
            )}
          </Field>
        </>
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={submitting}
        data-testid="code-submit"
      >
        {mode === 'login' ? t('auth:submit') : t('authCode:resetSubmit')}
      </Button>
      <button
        type="button"
        className="srm-auth-link"
        onClick={onBack}
        data-testid="code-back"
        style={{ color: token.colorLink }}
      >
        {t('authCode:backToPassword')}
      </button>
    </form>
  );
}
