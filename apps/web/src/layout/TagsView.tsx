import {
  CloseCircleOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  HomeOutlined,
  LeftOutlined,
  ReloadOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../components/MenuIcon';
import { useAppStore, useSettingsStore } from '../store/settings';
import {
  HOME_PATH,
  navigationAfter,
  refreshTarget,
  type TagView,
  targetAfterClose,
  useTagsViewStore,
} from '../store/tagsView';
import { MAIN_CONTENT_ID } from './AppMain';
import { titleOf } from './routeMeta';

/** Prev/next scroll buttons appear above this many tabs (docs/rules.md#constants). */
export const TAGS_SCROLL_THRESHOLD = 7;
/** Width of the tab context menu (docs/rules.md#constants). */
export const TAGS_CONTEXT_MENU_WIDTH = 105;

/** The tab operations, shared by the tabs and their context menu. */
export function useTagActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const store = useTagsViewStore;

  return {
    open(view: TagView) {
      navigate(view.fullPath);
    },
    refresh(view: TagView) {
      store.getState().delCachedView(view.path);
      navigate(refreshTarget(view), { replace: true });
    },
    close(view: TagView) {
      if (view.affix) return;
      const remaining = store.getState().delView(view.path);
      if (view.path === pathname) navigate(targetAfterClose(remaining));
    },
    closeOthers(view: TagView) {
      store.getState().delOthersViews(view.path);
      if (view.path !== pathname) navigate(view.fullPath);
    },
    closeAll() {
      const remaining = store.getState().delAllViews();
      const target = navigationAfter(remaining, pathname);
      if (target) navigate(target);
    },
  };
}

/** The row of visited-page tabs (docs/rules.md#shell). */
export function TagsView() {
  const { t } = useTranslation('layout');
  const language = useAppStore((s) => s.language);
  const tagsIcon = useSettingsStore((s) => s.tagsIcon);
  const visited = useTagsViewStore((s) => s.visitedViews);
  const { pathname } = useLocation();
  const actions = useTagActions();
  const scroller = useRef<HTMLDivElement>(null);
  const showScroll = visited.length > TAGS_SCROLL_THRESHOLD;
  // The tab whose context menu the keyboard opened (Shift+F10 or the menu key), else null.
  const [menuFor, setMenuFor] = useState<string | null>(null);

  const tabAt = (index: number) =>
    scroller.current?.querySelectorAll<HTMLElement>('[role="tab"]')[
      (index + visited.length) % visited.length
    ];
  /**
   * The tabs' keys (WAI-ARIA tabs pattern, one Tab stop for the row): arrows, Home and End move
   * between tabs, Enter or Space opens one, Delete closes it (focus goes to the tab now in its
   * place), Shift+F10 or the menu key opens its context menu.
   */
  const onTabKeyDown = (e: KeyboardEvent<HTMLDivElement>, view: TagView, index: number) => {
    const move = (to: number) => {
      e.preventDefault();
      tabAt(to)?.focus();
    };
    if (e.key === 'ArrowRight') move(index + 1);
    else if (e.key === 'ArrowLeft') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(visited.length - 1);
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      actions.open(view);
    } else if (e.key === 'Delete' && !view.affix) {
      e.preventDefault();
      actions.close(view);
      requestAnimationFrame(() => tabAt(Math.min(index, visited.length - 2))?.focus());
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      setMenuFor(view.path);
    }
  };

  // Keep the active tab in view. In the next frame, not in the effect: scrolling needs the page's
  // layout, and asking for it here would compute it inside the render's task (100 ms on a slow
  // phone when the shell first renders) instead of in the frame that computes it anyway.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the active tab or the tab count changes
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = scroller.current?.querySelector<HTMLElement>('[data-active="true"]');
      el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, visited.length]);

  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollBy?.({ left: direction * Math.max(120, el.clientWidth * 0.7), behavior: 'smooth' });
  };
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    const el = scroller.current;
    if (el && Math.abs(e.deltaY) > Math.abs(e.deltaX)) el.scrollLeft += e.deltaY;
  };

  const contextMenu = (view: TagView): MenuProps => ({
    className: 'srm-tags-menu',
    style: { minWidth: TAGS_CONTEXT_MENU_WIDTH },
    items: [
      {
        key: 'refresh',
        icon: <ReloadOutlined />,
        label: <span data-testid="tags-menu-refresh">{t('tags.refresh')}</span>,
      },
      {
        key: 'close',
        icon: <CloseOutlined />,
        disabled: !!view.affix,
        label: <span data-testid="tags-menu-close">{t('tags.close')}</span>,
      },
      {
        key: 'closeOthers',
        icon: <ColumnWidthOutlined />,
        label: <span data-testid="tags-menu-close-others">{t('tags.closeOthers')}</span>,
      },
      {
        key: 'closeAll',
        icon: <CloseCircleOutlined />,
        label: <span data-testid="tags-menu-close-all">{t('tags.closeAll')}</span>,
      },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      setMenuFor(null);
      if (key === 'refresh') actions.refresh(view);
      else if (key === 'close') actions.close(view);
      else if (key === 'closeOthers') actions.closeOthers(view);
      else if (key === 'closeAll') actions.closeAll();
    },
  });

  return (
    <div className="srm-tags" data-testid="tags-view">
      {showScroll && (
        <Button
          type="text"
          size="small"
          className="srm-tags-arrow"
          icon={<LeftOutlined />}
          aria-label={t('tags.prev')}
          data-testid="tags-prev"
          onClick={() => scrollBy(-1)}
        />
      )}
      <div
        className="srm-tags-scroll"
        ref={scroller}
        onWheel={onWheel}
        role="tablist"
        aria-label={t('a11y:openPages')}
      >
        {visited.map((view, index) => {
          const active = view.path === pathname;
          const isHome = view.path === HOME_PATH;
          const title = isHome ? t('home') : titleOf(view, language, t);
          const onAuxClick = (e: MouseEvent) => {
            if (e.button === 1) {
              e.preventDefault();
              actions.close(view);
            }
          };
          const tag = (
            <div
              role="tab"
              tabIndex={active ? 0 : -1}
              aria-selected={active}
              aria-controls={active ? MAIN_CONTENT_ID : undefined}
              data-active={active}
              data-testid={`tag-${view.path}`}
              title={isHome ? title : undefined}
              className={`srm-tag${active ? ' srm-tag-active' : ''}`}
              onClick={() => actions.open(view)}
              onKeyDown={(e) => onTabKeyDown(e, view, index)}
              onMouseDown={(e) => {
                if (e.button === 1) e.preventDefault();
              }}
              onAuxClick={onAuxClick}
            >
              {isHome ? (
                <HomeOutlined aria-label={title} />
              ) : (
                <>
                  {tagsIcon && view.icon && (
                    <span className="srm-tag-icon">
                      <MenuIcon name={view.icon} fallback={false} />
                    </span>
                  )}
                  <span className="srm-tag-title">{title}</span>
                </>
              )}
              {!view.affix && (
                <CloseOutlined
                  className="srm-tag-close"
                  aria-label={t('tags.close')}
                  data-testid={`tag-close-${view.path}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    actions.close(view);
                  }}
                />
              )}
            </div>
          );
          return (
            <Dropdown
              key={view.path}
              trigger={['contextMenu']}
              menu={contextMenu(view)}
              {...(menuFor === view.path ? { open: true, autoFocus: true } : {})}
              onOpenChange={(open) => {
                if (!open && menuFor === view.path) {
                  setMenuFor(null);
                  tabAt(index)?.focus();
                }
              }}
            >
              {tag}
            </Dropdown>
          );
        })}
      </div>
      {showScroll && (
        <Button
          type="text"
          size="small"
          className="srm-tags-arrow"
          icon={<RightOutlined />}
          aria-label={t('tags.next')}
          data-testid="tags-next"
          onClick={() => scrollBy(1)}
        />
      )}
    </div>
  );
}
