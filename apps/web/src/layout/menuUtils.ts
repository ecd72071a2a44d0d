import type { Locale } from '@srm/contracts/core';
import type { AppMenuItem } from '../router/types';

/** Width of one top-menu item (docs/rules.md#constants). */
export const TOP_MENU_ITEM_WIDTH = 116;
/** Under this width the device is mobile (docs/rules.md#constants). */
export const MOBILE_BREAKPOINT = 992;
/** Width of the classic sidebar (docs/rules.md#constants). */
export const SIDEBAR_WIDTH = 230;
/** Width of the collapsed / plain sidebar. */
export const SIDEBAR_COLLAPSED_WIDTH = 64;
/** Key of the synthetic "more" entry of the top menu (docs/rules.md#shell). */
export const MORE_MENU_KEY = '/menuMore';

/**
 * How many top-menu items are shown (docs/rules.md#shell): the available width divided by 116. When not
 * every item fits, one slot is given to the "more" submenu holding the overflow.
 */
export function visibleMenuCount(width: number, total: number, itemWidth = TOP_MENU_ITEM_WIDTH): number {
  if (total <= 0 || !Number.isFinite(width) || width <= 0) return 0;
  const fit = Math.floor(width / itemWidth);
  if (fit >= total) return total;
  return Math.max(0, fit - 1);
}

/** desktop, or mobile under 992 px (docs/rules.md#shell). */
export function deviceFor(width: number): 'desktop' | 'mobile' {
  return width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

/** The item title in the language, falling back to the simplified-Chinese name. */
export function menuTitle(item: Pick<AppMenuItem, 'titles' | 'fullName'>, language: Locale): string {
  return item.titles?.[language] || item.fullName;
}

/** Menu items shown in navigation: hidden items and their subtrees are dropped. */
export function visibleMenus(items: AppMenuItem[] | null | undefined): AppMenuItem[] {
  return (items ?? [])
    .filter((i) => !i.hidden)
    .map((i) => (i.children?.length ? { ...i, children: visibleMenus(i.children) } : i));
}

/** The key an item has in an antd Menu: its path, unique enough; the id for a pathless item. */
export function menuKey(item: AppMenuItem): string {
  return item.path || `id:${item.id}`;
}

/** Finds the item with the key anywhere in the tree. */
export function findMenu(items: AppMenuItem[], key: string): AppMenuItem | undefined {
  for (const item of items) {
    if (menuKey(item) === key) return item;
    const found = item.children ? findMenu(item.children, key) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The chain from a root item down to the page with the path (for breadcrumb and open keys). */
export function menuChain(items: AppMenuItem[], path: string): AppMenuItem[] {
  for (const item of items) {
    if (!item.external && item.path === path && !item.children?.length) return [item];
    if (item.children?.length) {
      const chain = menuChain(item.children, path);
      if (chain.length) return [item, ...chain];
    }
  }
  return [];
}

/** Every page (leaf) of the tree, for the menu search. */
export function flattenPages(items: AppMenuItem[]): AppMenuItem[] {
  const pages: AppMenuItem[] = [];
  for (const item of items) {
    if (item.children?.length) pages.push(...flattenPages(item.children));
    else if (item.path) pages.push(item);
  }
  return pages;
}

/** Pages whose title in the language contains the text (case-insensitive). */
export function searchPages(items: AppMenuItem[], text: string, language: Locale): AppMenuItem[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return flattenPages(items).filter((p) => menuTitle(p, language).toLowerCase().includes(needle));
}
