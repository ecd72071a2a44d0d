import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
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
