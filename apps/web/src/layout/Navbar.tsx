import {
  CompressOutlined,
  DownOutlined,
  ExpandOutlined,
  GlobalOutlined,
  InfoCircleOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { LOCALES, type Locale, SUPPLIER_ENT_TYPE } from '@srm/contracts/core';
import { App, Avatar, Breadcrumb, Button, Dropdown, type MenuProps, Modal, Tooltip, theme } from 'antd';
import { lazy, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { afterKeyRelease } from '../a11y/domFixes';
import { OpenedLazily } from '../components/OpenedLazily';
import { useAppStore, useSettingsStore } from '../store/settings';
import { shellActions, useConfigValue, useCurrentUser, useSysName } from '../store/shellData';
import { HOME_PATH } from '../store/tagsView';
import { avatarUrl } from '../utils/avatar';
import { ChatEntry } from '../views/chat/ChatEntry';
import { MessageBell } from '../views/message/MessageBell';
import { CompanySwitch } from './CompanySwitch';
import { MenuSearch } from './MenuSearch';
import { menuTitle } from './menuUtils';
import { isTaggable, titleOf, useRouteMeta } from './routeMeta';
import { useFullscreen } from './useFullscreen';
import { useNavMenu } from './useMenu';

const WxBindDialog = lazy(() => import('./WxBindDialog').then((m) => ({ default: m.WxBindDialog })));

/** Language names, each in its own language (docs/rules.md#language). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
};

function NavButton(props: {
  title: string;
  icon: ReactNode;
  testId: string;
  onClick?: () => void;
  href?: string;
}) {
  return (
    <Tooltip title={props.title} placement="bottom">
      <Button
        type="text"
        className="srm-navbar-button"
        icon={props.icon}
        aria-label={props.title}
        data-testid={props.testId}
        onClick={props.onClick}
        href={props.href}
        target={props.href ? '_blank' : undefined}
        rel={props.href ? 'noopener noreferrer' : undefined}
      />
    </Tooltip>
  );
}

function AppBreadcrumb() {
  const { t } = useTranslation('layout');
  const language = useAppStore((s) => s.language);
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  const { chain } = useNavMenu();
  const items: { title: ReactNode }[] = [{ title: <Link to={HOME_PATH}>{t('home')}</Link> }];
  if (chain.length) {
    for (const item of chain) items.push({ title: menuTitle(item, language) });
  } else if (pathname !== HOME_PATH && isTaggable(pathname, meta)) {
    items.push({ title: titleOf(meta, language, t) });
  }
  return <Breadcrumb className="srm-breadcrumb" items={items} data-testid="navbar-breadcrumb" />;
}

function LanguageSwitch() {
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const { t } = useTranslation('layout');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LOCALES.map((l) => ({
          key: l,
          label: <span data-testid={`lang-${l}`}>{LANGUAGE_NAMES[l]}</span>,
        })),
        onClick: ({ key }) => setLanguage(key as Locale),
      }}
    >
      <Button
        type="text"
        className="srm-navbar-button"
        icon={<GlobalOutlined />}
        title={t('language')}
        aria-label={t('language')}
        data-testid="lang-switch"
      />
    </Dropdown>
  );
}

interface NavbarProps {
  /** Hamburger and breadcrumb (side-menu layouts). */
  showHamburger: boolean;
  showBreadcrumb: boolean;
  /** Replaces the breadcrumb (the functional layout's logo and top menu). */
  left?: ReactNode;
  onOpenSettings(): void;
}

/** The top bar (docs/rules.md#shell). */
export function Navbar({ showHamburger, showBreadcrumb, left, onOpenSettings }: NavbarProps) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const device = useAppStore((s) => s.device);
  const sidebarOpened = useAppStore((s) => s.sidebarOpened);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const showSearch = useSettingsStore((s) => s.showSearch);
  const showLanguage = useSettingsStore((s) => s.showLanguage);
  const showSettings = useSettingsStore((s) => s.showSettings);
  const user = useCurrentUser();
  const helpUrl = useConfigValue('helpUrl');
  const sysVersion = useConfigValue('sysVersion');
  const sysName = useSysName();
  const fullscreen = useFullscreen();
  const [aboutOpen, setAboutOpen] = useState(false);
  const [wxBindOpen, setWxBindOpen] = useState(false);
  // Only when the server has the official account configured (no entry for something that does not work).
  const wxBind = user?.wxBindEnabled === true;
  const mobile = device === 'mobile';
  const supplierUser = user?.ent?.entType === SUPPLIER_ENT_TYPE;

  const confirmLogout = () => {
    modal.confirm({
      title: t('common:tip'),
      content: t('user.logoutConfirm'),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      // The store's logout goes to /login itself (replacing the entry): one navigation, not two.
      onOk: () => shellActions.logout(),
    });
  };

  const userItems: MenuProps['items'] = [
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: <span data-testid="menu-profile">{t('user.profile')}</span>,
    },
    { key: 'lock', icon: <LockOutlined />, label: <span data-testid="menu-lock">{t('user.lock')}</span> },
    // On mobile the secondary controls of the bar move into this menu.
    ...(mobile
      ? ([
          { type: 'divider' },
          ...(helpUrl
            ? [
                {
                  key: 'help',
                  icon: <QuestionCircleOutlined />,
                  label: <span data-testid="menu-help">{t('help')}</span>,
                },
              ]
            : []),
          ...(wxBind
            ? [
                {
                  key: 'wxBind',
                  icon: <WechatOutlined />,
                  label: <span data-testid="menu-wx-bind">{t('wxBind.entry')}</span>,
                },
              ]
            : []),
          ...(showLanguage
            ? [
                {
                  key: 'language',
                  icon: <GlobalOutlined />,
                  label: <span data-testid="menu-language">{t('language')}</span>,
                  children: LOCALES.map((l) => ({
                    key: `lang:${l}`,
                    label: <span data-testid={`menu-lang-${l}`}>{LANGUAGE_NAMES[l]}</span>,
                  })),
                },
              ]
            : []),
          ...(showSettings
            ? [
                {
                  key: 'settings',
                  icon: <SettingOutlined />,
                  label: <span data-testid="menu-settings">{t('settings.title')}</span>,
                },
              ]
            : []),
        ] satisfies MenuProps['items'])
      : []),
    { type: 'divider' },
    {
      key: 'about',
      icon: <InfoCircleOutlined />,
      label: <span data-testid="menu-about">{t('user.about')}</span>,
    },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="menu-logout">{t('user.logout')}</span>,
    },
  ];

  const onUserMenu: MenuProps['onClick'] = ({ key, domEvent }) =>
    afterKeyRelease(domEvent.nativeEvent, () => runUserMenu(key));
  const runUserMenu = (key: string) => {
    if (key === 'profile') navigate('/profile');
    else if (key === 'lock') {
      void Promise.resolve(shellActions.lockScreen()).finally(() => navigate('/lockScreen'));
    } else if (key === 'about') setAboutOpen(true);
    else if (key === 'logout') confirmLogout();
    else if (key === 'wxBind') setWxBindOpen(true);
    else if (key === 'help') window.open(helpUrl, '_blank', 'noopener,noreferrer');
    else if (key === 'settings') onOpenSettings();
    else if (key.startsWith('lang:')) setLanguage(key.slice(5) as Locale);
  };

  const name = user?.realName || user?.account || '';

  return (
    <div
      className="srm-navbar"
      style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      data-testid="navbar"
    >
      {showHamburger && (
        <Button
          type="text"
          className="srm-navbar-button srm-hamburger"
          icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          aria-label={t('toggleSidebar')}
          aria-expanded={sidebarOpened}
          title={t('toggleSidebar')}
          data-testid="navbar-hamburger"
          onClick={() => toggleSidebar()}
        />
      )}
      <div className="srm-navbar-left">{left ?? (showBreadcrumb && !mobile ? <AppBreadcrumb /> : null)}</div>
      <div className="srm-navbar-right">
        {showSearch && !mobile && <MenuSearch />}
        {helpUrl && !mobile && (
          <NavButton
            title={t('help')}
            icon={<QuestionCircleOutlined />}
            testId="navbar-help"
            href={helpUrl}
          />
        )}
        <MessageBell />
        <ChatEntry />
        {wxBind && !mobile && (
          <NavButton
            title={t('wxBind.entry')}
            icon={<WechatOutlined />}
            testId="navbar-wx-bind"
            onClick={() => setWxBindOpen(true)}
          />
        )}
        {/* A supplier's users act for their own enterprise only: no purchasing company to switch to. */}
        {!supplierUser && <CompanySwitch compact={mobile} />}
        {showLanguage && !mobile && <LanguageSwitch />}
        {fullscreen.supported && !mobile && (
          <NavButton
            title={fullscreen.on ? t('exitFullscreen') : t('fullscreen')}
            icon={fullscreen.on ? <CompressOutlined /> : <ExpandOutlined />}
            testId="navbar-fullscreen"
            onClick={fullscreen.toggle}
          />
        )}
        {showSettings && !mobile && (
          <NavButton
            title={t('settings.title')}
            icon={<SettingOutlined />}
            testId="settings-button"
            onClick={onOpenSettings}
          />
        )}
        <Dropdown
          trigger={['click']}
          menu={{ items: userItems, onClick: onUserMenu }}
          placement="bottomRight"
          // Opened by keyboard, the menu takes focus so arrow keys and Enter work in it.
          autoFocus
        >
          <button type="button" className="srm-navbar-user" data-testid="navbar-user">
            <Avatar
              size={28}
              src={avatarUrl(user?.headIcon)}
              // The picture names the user where the name is not written beside it.
              alt={mobile ? name : ''}
              icon={<UserOutlined />}
              style={{ background: token.colorPrimary }}
            />
            {!mobile && <span className="srm-navbar-user-name">{name}</span>}
            {!mobile && <DownOutlined className="srm-caret" />}
          </button>
        </Dropdown>
      </div>
      {wxBind && (
        <OpenedLazily component={WxBindDialog} open={wxBindOpen} onClose={() => setWxBindOpen(false)} />
      )}
      <Modal
        open={aboutOpen}
        title={t('about.title')}
        footer={null}
        onCancel={() => setAboutOpen(false)}
        width={400}
        data-testid="about-dialog"
      >
        <div className="srm-about" data-testid="about-dialog-body">
          <span className="srm-logo-mark srm-about-mark" style={{ background: token.colorPrimary }}>
            S
          </span>
          <div className="srm-about-name">{sysName || t('common:productName')}</div>
          <div style={{ color: token.colorTextSecondary }}>
            {t('about.version')}: <span data-testid="about-version">{sysVersion || '-'}</span>
          </div>
          <div style={{ color: token.colorTextTertiary, marginTop: 12 }}>{t('about.copyright')}</div>
        </div>
      </Modal>
    </div>
  );
}

/** Title of the current language (used by the settings drawer's select). */
export function languageOptions() {
  return LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));
}
