import { ExportOutlined } from '@ant-design/icons';
import type { Locale } from '@srm/contracts/core';
import type { MenuProps } from 'antd';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AppMenuItem } from '../router/types';
import { useAppStore } from '../store/settings';
import { MenuIcon } from './MenuIcon';
import { findMenu, menuChain, menuKey, menuTitle, visibleMenus } from './menuUtils';
import { useMenuTree } from './shellData';

export type MenuItems = NonNullable<MenuProps['items']>;

/** antd menu items for a part of the tree; top-level items always get an icon (plain layout). */
export function toMenuItems(items: AppMenuItem[], language: Locale, depth = 0): MenuItems {
  return items.map((item) => {
    const title = menuTitle(item, language);
    const icon =
      item.icon || depth === 0 ? <MenuIcon key="icon" name={item.icon} fallback={depth === 0} /> : undefined;
    if (item.children?.length) {
      return {
        key: menuKey(item),
        icon,
        label: title,
        title,
        children: toMenuItems(item.children, language, depth + 1),
      };
    }
    return {
      key: menuKey(item),
      icon,
      title,
      label: item.external ? (
        <span className="srm-menu-external">
          {title} <ExportOutlined className="srm-menu-external-icon" />
        </span>
      ) : (
        title
      ),
    };
  });
}

/** Opens a menu page: external links in a new browser tab, the rest through the router. */
export function openMenuItem(item: AppMenuItem | undefined, navigate: (to: string) => void): void {
  if (!item || item.children?.length) return;
  if (item.external) window.open(item.path, '_blank', 'noopener,noreferrer');
  else if (item.path) navigate(item.path);
}

/** Everything a navigation menu needs: the visible tree, selection, ancestors and click handling. */
export function useNavMenu() {
  const tree = useMenuTree();
  const language = useAppStore((s) => s.language);
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
    chain,
    selectedKeys: [pathname],
    ancestorKeys: chain.slice(0, -1).map(menuKey),
    onClick,
  };
}
