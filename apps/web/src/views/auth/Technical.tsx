import { API, type LoginResult, SsoApi } from '@srm/contracts/core';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, http } from '../../api/request';
import { safeRedirect } from '../../router/guard';
import { useUserStore } from '../../store/user';

function Waiting() {
  const { t } = useTranslation('auth');
  return (
    <div style={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center' }}>
      <Spin description={t('redirecting')} />
    </div>
  );
}

/** /auth-redirect?token=…&redirect=…: token authentication from an external sign-in, then the target. */
export function AuthRedirect() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const token = params.get('token');
    const target = safeRedirect(params.get('redirect') ?? undefined) ?? '/';
    if (token) useUserStore.getState().loginWithToken(token);
    navigate(token || useUserStore.getState().token ? target : '/login', { replace: true });
  }, [params, navigate]);
  return <Waiting />;
}

/** /auth-logout: ends the session (server call when a token exists) and shows the sign-in page. */
export function AuthLogout() {
  useEffect(() => {
    void useUserStore.getState().logout();
  }, []);
  return <Waiting />;
}

/** /jump?redirect=/path: a hand-off to an in-app path (never to another site). */
export function Jump() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const target = safeRedirect(params.get('redirect') ?? params.get('url') ?? undefined) ?? '/';
    navigate(target, { replace: true });
  }, [params, navigate]);
  return <Waiting />;
}

/**
 * /sso/callback/{provider}: where an identity provider sends the browser back (docs/sign-in.md).
 * Its answer (OIDC `code`, `state`, `iss`; CAS `ticket` for our service address with its `state`)
 * goes to the spec's callback; a session already in this browser is ended first, so the new user
 * never sees the old one's data. A refusal is shown here, in the user's language.
 */
export function SsoCallback() {
  const { t } = useTranslation('auth');
  const { providerId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  // The answer is good once: a second run (React's development double effect) would spend it twice.
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const error = params.get('error');
    if (error) {
      setProblem(t('ssoRefused', { reason: params.get('error_description') || error }));
      return;
    }
    const ticket = params.get('ticket');
    const state = params.get('state') ?? '';
    const body = ticket
      ? {
          provider: providerId,
          ticket,
          service: `${window.location.origin}${window.location.pathname}?state=${state}`,
        }
      : { provider: providerId, code: params.get('code') ?? '', state, iss: params.get('iss') ?? undefined };
    void (async () => {
      const store = useUserStore.getState();
      if (store.token) {
        await http.post(API.logout, undefined, { silent: true }).catch(() => undefined);
        store.resetToken();
      }
      try {
        const result = await http.post<LoginResult & { redirect: string }>(SsoApi.callback, body, {
          silent: true,
        });
        useUserStore.getState().acceptLogin(result);
        const ok = await useUserStore.getState().loadStartup();
        if (ok) navigate(safeRedirect(result.redirect || undefined) ?? '/', { replace: true });
      } catch (failure) {
        setProblem(failure instanceof ApiError ? failure.msg : t('ssoFailed'));
      }
    })();
  }, [params, providerId, navigate, t]);
  if (!problem) return <Waiting />;
  return (
    <main style={{ maxWidth: 480, margin: '15vh auto 0', padding: 16 }} data-testid="sso-callback">
      <Alert
        type="error"
        showIcon
        title={t('ssoFailedTitle')}
        description={problem}
        data-testid="sso-problem"
      />
      <Button
        type="primary"
        style={{ marginTop: 16 }}
        onClick={() => navigate('/login', { replace: true })}
        data-testid="sso-back"
      >
        {t('ssoBack')}
      </Button>
    </main>
  );
}
