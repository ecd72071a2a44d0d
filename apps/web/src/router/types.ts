import type { Locale } from '@srm/contracts/core';

/**
 * A server menu item mapped for the client (docs/rules.md#menus): fullName, enCode, parentId (-1 for root),
 * icon, hasChildren, linkTarget, type, propertyJson, sortCode, vueName, urlAddress, path, hidden,
 * children (null if none).
 */
export interface AppMenuItem {
  id: string;
  /** '-1' for a root item. */
  parentId: string;
  /** Simplified-Chinese name; `titles` has every language. */
  fullName: string;
  titles: Record<Locale, string>;
  enCode: string;
  icon: string;
  type: number;
  hasChildren: boolean;
  linkTarget: string;
  propertyJson: string;
  sortCode: number;
  /** Route name: enCode with dots turned into hyphens. */
  vueName: string;
  urlAddress: string;
  /** In-app path, or the absolute URL of an external link. */
  path: string;
  /** True when path is an absolute URL that opens in a new browser tab. */
  external: boolean;
  hidden: boolean;
  children: AppMenuItem[] | null;
  /** Types 3, 4, 5, 8: the model (moduleId) and tree flag read from propertyJson. */
  relationId?: string;
  isTree?: boolean;
  /** Type 7 opened inside the app: the address shown in the iframe page. */
  iframeSrc?: string;
}

/** Route meta plus what the shell needs to cache and title a page. */
export interface RouteMeta {
  /** i18n key (fixed routes) or already-localised titles (menu routes, see `titles`). */
  title: string;
  zhTitle: string;
  titles?: Record<Locale, string>;
  icon?: string;
  /** Affixed tabs survive "close all" and cannot be closed. */
  affix?: boolean;
  /** Not kept in the page cache when true. */
  noCache?: boolean;
  /** The page's menu id: button and column permissions are checked against it. */
  modelId?: string;
  hidden?: boolean;
}
