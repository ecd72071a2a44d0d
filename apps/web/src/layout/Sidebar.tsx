import { Layout, Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './menuUtils';
import { toMenuItems, useNavMenu } from './useMenu';

interface SidebarProps {
  collapsed: boolean;
  dark: boolean;
  showLogo: boolean;
  /** Inside the mobile drawer: full width, no sticky positioning. */
  inDrawer?: boolean;
}

/** The side menu of the classic and plain layouts (and of the mobile drawer). */
export function Sidebar({ collapsed, dark, showLogo, inDrawer = false }: SidebarProps) {
  const { menus, language, badges, selectedKeys, ancestorKeys, onClick } = useNavMenu();
  const items = useMemo(() => toMenuItems(menus, language, badges), [menus, language, badges]);
  const [openKeys, setOpenKeys] = useState<string[]>(ancestorKeys);
  const ancestorsId = ancestorKeys.join('|');
  const { t } = useTranslation('a11y');

  // Open the branch of the current page when the route changes, keeping what the user opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the joined ancestor list
  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...ancestorKeys])]);
  }, [ancestorsId]);

  return (
    <Layout.Sider
      theme={dark ? 'dark' : 'light'}
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      className={`srm-sider${inDrawer ? ' srm-sider-drawer' : ''}${dark ? ' srm-sider-dark' : ''}`}
      data-testid="layout-sidebar"
    >
      {showLogo && <Logo collapsed={collapsed} dark={dark} />}
      <nav className="srm-sider-menu" aria-label={t('mainMenu')}>
        <Menu
          mode="inline"
          theme={dark ? 'dark' : 'light'}
          items={items}
          selectedKeys={selectedKeys}
          inlineCollapsed={collapsed}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={onClick}
          data-testid="side-menu"
        />
      </nav>
    </Layout.Sider>
  );
}
