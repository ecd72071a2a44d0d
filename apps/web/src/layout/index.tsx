import { QueryClientProvider } from '@tanstack/react-query';
import { Layout as AntLayout, theme } from 'antd';
import { type CSSProperties, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../api/queryClient';
import { useDictSync } from '../components/dict/useDict';
import { useAppStore, useSettingsStore } from '../store/settings';
import { useSocketStore } from '../store/socket';
import { ForcedNoticeDialog } from '../views/message/ForcedNoticeDialog';
import { useFlowTaskLive } from '../views/workFlow/task/useFlowTaskLive';
import '../styles/layout.css';
import { OpenedLazily } from '../components/OpenedLazily';
import { useLastLoginNotice } from '../components/useLastLoginNotice';
import { AppMain, MAIN_CONTENT_ID, useTrackViews } from './AppMain';
import { Logo } from './Logo';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { TopMenu } from './TopMenu';
import { useResponsive } from './useResponsive';

// The mobile menu's drawer and the settings drawer are not part of a desktop first screen.
const MobileSidebar = lazy(() => import('./MobileSidebar'));
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })));

/**
 * The application shell (docs/rules.md#shell), rendered by the root route: classic (side menu), functional
 * (top menu) or plain (narrow icon menu), each with the top bar, an optional tags row and the main
 * area. On mobile every layout shows its menu in a drawer.
 */
export function Layout() {
  useResponsive();
  useTrackViews();
  useLastLoginNotice();
  useDictSync();
  useFlowTaskLive();
  // The shell only renders signed in: the chat socket lives as long as it (closed by resetToken).
  useEffect(() => useSocketStore.getState().connect(), []);
  const { token } = theme.useToken();
  const { t } = useTranslation('a11y');
  const layoutType = useSettingsStore((s) => s.layoutType);
  const slideClass = useSettingsStore((s) => s.slideClass);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);
  const sidebarLogo = useSettingsStore((s) => s.sidebarLogo);
  const device = useAppStore((s) => s.device);
  const sidebarOpened = useAppStore((s) => s.sidebarOpened);
  const withoutAnimation = useAppStore((s) => s.withoutAnimation);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const mobile = device === 'mobile';
  const sideDark = slideClass === 'dark';
  const functional = layoutType === 'functional' && !mobile;

  const vars = {
    '--srm-bg-container': token.colorBgContainer,
    '--srm-bg-layout': token.colorBgLayout,
    '--srm-border': token.colorBorderSecondary,
    '--srm-text': token.colorText,
    '--srm-text-2': token.colorTextSecondary,
    '--srm-primary': token.colorPrimary,
    '--srm-primary-text': token.colorPrimaryText,
    '--srm-primary-bg': token.colorPrimaryBg,
    '--srm-primary-border': token.colorPrimaryBorder,
    '--srm-fill': token.colorFillTertiary,
    '--srm-fill-2': token.colorFillSecondary,
    '--srm-radius': `${token.borderRadius}px`,
    '--srm-shadow': token.boxShadowTertiary,
  } as CSSProperties;
  // Drawers and dialogs render outside the layout (portals in <body>): they get the same variables.
  useEffect(() => {
    const entries = Object.entries(vars as Record<string, string>);
    for (const [name, value] of entries) document.body.style.setProperty(name, value);
    return () => {
      for (const [name] of entries) document.body.style.removeProperty(name);
    };
  });

  let sidebar = null;
  if (mobile) {
    // Its code and its menu come with the first opening: a phone's first screen has no menu.
    sidebar = (
      <OpenedLazily
        component={MobileSidebar}
        open={sidebarOpened}
        onClose={() => closeSidebar(false)}
        dark={sideDark}
      />
    );
  } else if (layoutType === 'classic') {
    sidebar = <Sidebar collapsed={!sidebarOpened} dark={sideDark} showLogo={sidebarLogo} />;
  } else if (layoutType === 'plain') {
    sidebar = <Sidebar collapsed dark={sideDark} showLogo={sidebarLogo} />;
  }

  return (
    <AntLayout
      className={`srm-layout srm-layout-${layoutType}${mobile ? ' srm-mobile' : ''}${withoutAnimation ? ' srm-no-animation' : ''}`}
      style={vars}
      data-testid="layout-root"
      data-layout={layoutType}
      data-device={device}
    >
      <a className="srm-skip-link" href={`#${MAIN_CONTENT_ID}`} data-testid="skip-to-content">
        {t('skipToContent')}
      </a>
      {sidebar}
      <AntLayout className="srm-main-container">
        <header className={`srm-header${fixedHeader ? ' srm-header-fixed' : ''}`} data-testid="layout-header">
          <Navbar
            showHamburger={!functional && layoutType !== 'plain' ? true : mobile}
            showBreadcrumb={!functional}
            left={
              functional ? (
                <div className="srm-functional-left">
                  {sidebarLogo && <Logo />}
                  <TopMenu />
                </div>
              ) : undefined
            }
            onOpenSettings={() => setSettingsOpen(true)}
          />
          {tagsView && <TagsView />}
        </header>
        <AppMain />
      </AntLayout>
      <OpenedLazily component={SettingsDrawer} open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ForcedNoticeDialog />
    </AntLayout>
  );
}

/** The shell with the query cache: only signed-in screens fetch through it, so the sign-in page
 * does not download TanStack Query. */
function SignedInShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Layout />
    </QueryClientProvider>
  );
}

export default SignedInShell;
