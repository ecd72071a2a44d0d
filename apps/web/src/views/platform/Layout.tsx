import {
  CloudServerOutlined,
  DatabaseOutlined,
  LogoutOutlined,
  ShopOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { LOCALES, type Locale } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Layout, Menu, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../../store/settings';
import { PLATFORM_LOGIN_PATH, platformApi, platformKeys, platformToken } from './api';

const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
};

/** The language choice of the console's sign-in and header (the tenant app's stored setting). */
export function LanguageSelect() {
  const language = useAppStore((s) => s.language);
  const { t } = useTranslation('platform');
  return (
    <Select
      size="small"
      value={language}
      aria-label={t('language')}
      style={{ width: 120 }}
      options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(l: Locale) => useAppStore.getState().setLanguage(l)}
    />
  );
}

/** The console's frame: its own menu, the operator's name, sign-out. */
export default function PlatformLayout() {
  const { t } = useTranslation('platform');
  const location = useLocation();
  const navigate = useNavigate();
  const me = useQuery({ queryKey: platformKeys.me, queryFn: platformApi.me });
  const section = location.pathname.split('/')[2] ?? 'tenants';
  useEffect(() => {
    document.title = `${t(`menu.${section}`)} - ${t('title')}`;
  }, [section, t]);
  const signOut = async () => {
    await platformApi.logout().catch(() => undefined);
    platformToken.clear();
    navigate(PLATFORM_LOGIN_PATH, { replace: true });
  };
  const items = [
    {
      key: 'tenants',
      icon: <ShopOutlined />,
      label: <Link to="/platform/tenants">{t('menu.tenants')}</Link>,
    },
    {
      key: 'monitor',
      icon: <CloudServerOutlined />,
      label: <Link to="/platform/monitor">{t('menu.monitor')}</Link>,
    },
    {
      key: 'cache',
      icon: <ThunderboltOutlined />,
      label: <Link to="/platform/cache">{t('menu.cache')}</Link>,
    },
    {
      key: 'backup',
      icon: <DatabaseOutlined />,
      label: <Link to="/platform/backup">{t('menu.backup')}</Link>,
    },
  ];
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, paddingInline: 16 }}>
        <Typography.Title level={1} style={{ color: '#fff', fontSize: 18, margin: 0, whiteSpace: 'nowrap' }}>
          {t('title')}
        </Typography.Title>
        <nav aria-label={t('title')} style={{ flex: 1, minWidth: 0 }}>
          <Menu
            theme="dark"
            mode="horizontal"
            selectedKeys={[section]}
            items={items}
            data-testid="platform-menu"
          />
        </nav>
        <Space>
          <LanguageSelect />
          {me.data && (
            <span style={{ color: '#fff' }} data-testid="platform-operator">
              {t('signedInAs', { account: me.data.account })}
            </span>
          )}
          <Button icon={<LogoutOutlined />} onClick={() => void signOut()} data-testid="platform-sign-out">
            {t('signOut')}
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 16 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
