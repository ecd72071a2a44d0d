import { SsoApi, type SsoProviderChoice, type SsoStarted } from '@srm/contracts/core';
import { Button, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/request';

/**
 * "Sign in with …" for the identity providers of the tenant named by `?tenant=` (else the
 * platform's own tenant): each button starts a sign-in at its provider, which sends the browser
 * back to /sso/callback/{id} (SsoCallback in Technical.tsx). Nothing shows when there are none.
 */
export function SsoChoices({ tenant, redirect }: { tenant: string | null; redirect: string | null }) {
  const { t } = useTranslation('auth');
  const { token } = theme.useToken();
  const [choices, setChoices] = useState<SsoProviderChoice[]>([]);
  const [starting, setStarting] = useState<string | null>(null);
  useEffect(() => {
    http
      .get<{ list: SsoProviderChoice[] }>(SsoApi.providers, tenant ? { tenant } : undefined, { silent: true })
      .then(
        (data) => setChoices(data.list),
        () => setChoices([]),
      );
  }, [tenant]);
  if (!choices.length) return null;
  const start = async (id: string) => {
    setStarting(id);
    try {
      const started = await http.post<SsoStarted>(SsoApi.start, {
        providerId: id,
        ...(redirect ? { redirect } : {}),
      });
      window.location.assign(started.url);
    } catch {
      // The request layer showed the server's message.
      setStarting(null);
    }
  };
  return (
    <section className="srm-auth-sso" aria-labelledby="srm-auth-sso-title" data-testid="login-sso">
      <p id="srm-auth-sso-title" className="srm-auth-sso-title" style={{ color: token.colorTextSecondary }}>
        {t('ssoTitle')}
      </p>
      {choices.map((choice) => (
        <Button
          key={choice.id}
          block
          size="large"
          loading={starting === choice.id}
          disabled={starting !== null && starting !== choice.id}
          onClick={() => void start(choice.id)}
          data-testid={`login-sso-${choice.id}`}
        >
          {t('ssoWith', { name: choice.name })}
        </Button>
      ))}
    </section>
  );
}
