import { Card, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import LoginLogTab from './LoginLogTab';

const RequestLogTab = lazy(() => import('./RequestLogTab'));
const ErrorLogTab = lazy(() => import('./ErrorLogTab'));

type LogTab = 'login' | 'request' | 'error';

/** System → log: sign-in, request and error logs. A tab mounts on first visit and keeps its state. */
export default function SystemLog() {
  const { t } = useTranslation('system');
  const [active, setActive] = useState<LogTab>('login');
  return (
    <Card variant="borderless" data-testid="log-page">
      <Tabs
        activeKey={active}
        onChange={(key) => setActive(key as LogTab)}
        destroyOnHidden={false}
        items={[
          {
            key: 'login',
            label: <span data-testid="log-tab-login">{t('log.tabLogin')}</span>,
            children: <LoginLogTab />,
          },
          {
            key: 'request',
            label: <span data-testid="log-tab-request">{t('log.tabRequest')}</span>,
            children: (
              <Suspense>
                <RequestLogTab />
              </Suspense>
            ),
          },
          {
            key: 'error',
            label: <span data-testid="log-tab-error">{t('log.tabError')}</span>,
            children: (
              <Suspense>
                <ErrorLogTab />
              </Suspense>
            ),
          },
        ]}
      />
    </Card>
  );
}
