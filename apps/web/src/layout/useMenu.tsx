import { ExportOutlined } from '@ant-design/icons';
import { type Locale, MenuType } from '@srm/contracts/core';
import { Badge, type MenuProps } from 'antd';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../components/MenuIcon';
import type { AppMenuItem } from '../router/types';
import { useMenuBadges } from '../store/menuBadges';
import { useAppStore } from '../store/settings';
import { useMenuTree } from '../store/shellData';
import { openDataScreen } from '../views/onlineDev/dataScreen/open-screen';
import { MenuLabel } from './MenuLabel';
import { findMenu, menuChain, menuKey, menuTitle, visibleMenus } from './menuUtils';

export type MenuItems = NonNullable<MenuProps['items']>;

/** A page's title with its count (to-dos …) when it has one; the count is part of the name read out. */
function withBadge(title: string, count: number | undefined) {
  if (!count) return <MenuLabel text={title} />;
  return (
    <span className="srm-menu-badged">
      <MenuLabel text={title} />
      <Badge count={count} overflowCount={99} size="small" className="srm-menu-badge" />
    </span>
  );
}

/** The counts of a group's pages added up, so a closed group still shows that something waits. */
function countIn(item: AppMenuItem, badges: Readonly<Record<string, number>>): number {
  if (item.children?.length) return item.children.reduce((sum, child) => sum + countIn(child, badges), 0);
  return (item.path && badges[item.path]) || 0;
}

/** antd menu items for a part of the tree; top-level items always get an icon (plain layout). */
export function toMenuItems(
  items: AppMenuItem[],
  language: Locale,
  badges: Readonly<Record<string, number>> = {},
  depth = 0,
): MenuItems {
  return items.map((item) => {
    const title = menuTitle(item, language);
    const icon =
      item.icon || depth === 0 ? <MenuIcon key="icon" name={item.icon} fallback={depth === 0} /> : undefined;
    if (item.children?.length) {
      return {
        key: menuKey(item),
        icon,
        label: withBadge(title, countIn(item, badges)),
        title,
        children: toMenuItems(item.children, language, badges, depth + 1),
      };
    }
    return {
      key: menuKey(item),
      icon,
      title,
      label: item.external ? (
        <span className="srm-menu-external">
          <MenuLabel text={title} /> <ExportOutlined className="srm-menu-external-icon" />
        </span>
      ) : (
        withBadge(title, item.path ? badges[item.path] : undefined)
      ),
    };
  });
}

/** Opens a menu page: external links in a new browser tab, the rest through the router. */
export function openMenuItem(item: AppMenuItem | undefined, navigate: (to: string) => void): void {
  if (!item || item.children?.length) return;
  // A data screen (type 6): its viewer with a view token the server gives on opening.
  if (item.type === MenuType.visualisation && item.relationId) openDataScreen(item.relationId, item.path);
  else if (item.external) window.open(item.path, '_blank', 'noopener,noreferrer');
  else if (item.path) navigate(item.path);
}

/** Everything a navigation menu needs: the visible tree, selection, ancestors and click handling. */
export function useNavMenu() {
  const tree = useMenuTree();
  const language = useAppStore((s) => s.language);
  const badges = useMenuBadges((s) => s.badges);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menus = useMemo(() => visibleMenus(tree), [tree]);
  const chain = useMemo(() => menuChain(menus, pathname), [menus, pathname]);
  const onClick = useCallback<NonNullable<MenuProps['onClick']>>(
    ({ key }) => openMenuItem(findMenu(menus, key), navigate),
    [menus, navigate],
  );
  return {
    menus,
    language,
    badges,
    chain,
    selectedKeys: [pathname],
    ancestorKeys: chain.slice(0, -1).map(menuKey),
    onClick,
  };
}
