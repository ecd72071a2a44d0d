import { EllipsisOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MORE_MENU_KEY, menuKey, visibleMenuCount } from './menuUtils';
import { type MenuItems, toMenuItems, useNavMenu } from './useMenu';

/** Follows an element's content width with a ResizeObserver. */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The horizontal menu of the functional layout: as many 116 px items as the width allows
 * (visibleMenuCount), the rest in a "more" submenu.
 */
export function TopMenu() {
  const { t } = useTranslation('layout');
  const { menus, language, badges, selectedKeys, ancestorKeys, onClick } = useNavMenu();
  const [ref, width] = useElementWidth<HTMLElement>();
  const count = visibleMenuCount(width, menus.length);

  const items = useMemo<MenuItems>(() => {
    const shown = toMenuItems(menus.slice(0, count), language, badges);
    const overflow = menus.slice(count);
    if (!overflow.length) return shown;
    return [
      ...shown,
      {
        key: MORE_MENU_KEY,
        icon: <EllipsisOutlined />,
        label: <span data-testid="top-menu-more">{t('more')}</span>,
        children: toMenuItems(overflow, language, badges),
      },
    ];
  }, [menus, count, language, badges, t]);

  const overflowKeys = new Set(menus.slice(count).map(menuKey));
  const inMore = ancestorKeys.some((k) => overflowKeys.has(k));

  return (
    <nav
      ref={ref}
      className="srm-top-menu"
      aria-label={t('a11y:mainMenu')}
      data-testid="top-menu"
      data-visible-count={count}
    >
      <Menu
        mode="horizontal"
        items={items}
        selectedKeys={inMore ? [...selectedKeys, MORE_MENU_KEY] : selectedKeys}
        onClick={onClick}
        disabledOverflow
      />
    </nav>
  );
}
