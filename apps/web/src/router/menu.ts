import {
  DATA_SCREEN_BASE,
  LOCALES,
  type Locale,
  MenuType,
  nameInLocale,
  type ServerMenuItem,
} from '@srm/contracts/core';
import type { AppMenuItem, RouteMeta } from './types';

/** Context a menu needs to build addresses: the session token and the visualisation base. */
export interface MenuContext {
  token: string;
  /** Base address of the data-visualisation site (replaces `${dataV}`). */
  dataVBase: string;
}

/** Absolute links open in a new browser tab (http(s), mailto, tel: docs/rules.md#menus). */
export function isExternalLink(url: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(url);
}

/** Drops the query string (and fragment) of a url address. */
export function stripQuery(url: string): string {
  return url.split(/[?#]/)[0] ?? '';
}

/** Replaces the `${dataV}` and `${token}` placeholders of a link. */
export function fillPlaceholders(url: string, ctx: MenuContext): string {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the server's literal placeholders
  return url.replaceAll('${dataV}', ctx.dataVBase).replaceAll('${token}', encodeURIComponent(ctx.token));
}

interface PropertyJson {
  moduleId?: string | number;
  isTree?: number | boolean;
}

function readProperty(json: string): PropertyJson {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as PropertyJson) : {};
  } catch {
    return {};
  }
}

const DYNAMIC_TYPES: readonly number[] = [
  MenuType.dynamicModel,
  MenuType.dynamicDictionary,
  MenuType.dynamicReport,
  MenuType.portal,
];

function withSlash(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

/** One server menu item → the client menu item (docs/rules.md#menus). */
export function mapMenuItem(item: ServerMenuItem, ctx: MenuContext, parentId = '-1'): AppMenuItem {
  const titles = Object.fromEntries(
    LOCALES.map((locale) => [locale, nameInLocale(locale, item.menuName, item.menuNameEn, item.menuNameTw)]),
  ) as Record<Locale, string>;
  const children = item.children?.length
    ? [...item.children].sort((a, b) => a.orderNum - b.orderNum).map((c) => mapMenuItem(c, ctx, item.id))
    : null;
  const base: AppMenuItem = {
    id: item.id,
    parentId,
    fullName: item.menuName,
    titles,
    enCode: item.menuPerms,
    icon: item.menuIcon,
    type: item.menuType,
    hasChildren: !!children,
    linkTarget: item.linkTarget || '_self',
    propertyJson: item.propertyJson,
    sortCode: item.orderNum,
    vueName: item.menuPerms.replaceAll('.', '-'),
    urlAddress: item.menuUrl,
    path: '',
    external: false,
    hidden: false,
    children,
  };
  const type = item.menuType;
  if (type === MenuType.directory) {
    base.path = `/${item.menuPerms}`;
  } else if (type === MenuType.page) {
    const url = stripQuery(item.menuUrl);
    base.external = isExternalLink(url);
    base.path = base.external ? url : withSlash(url);
  } else if (DYNAMIC_TYPES.includes(type)) {
    const prop = readProperty(item.propertyJson);
    base.relationId = prop.moduleId === undefined ? '' : String(prop.moduleId);
    base.isTree = prop.isTree === true || Number(prop.isTree) === 1;
    base.path = item.menuUrl ? withSlash(stripQuery(item.menuUrl)) : `/${item.menuPerms}`;
  } else if (type === MenuType.visualisation) {
    const prop = readProperty(item.propertyJson);
    base.relationId = prop.moduleId === undefined ? '' : String(prop.moduleId);
    // The product's own viewer unless the tenant names another base; no token here: opening it
    // asks the server for a short-lived view token (never the session's: docs/data-screens.md).
    base.path = `${ctx.dataVBase || DATA_SCREEN_BASE}/view/${base.relationId}`;
    base.external = true;
  } else if (type === MenuType.link) {
    const url = fillPlaceholders(item.menuUrl, ctx);
    if (base.linkTarget === '_self') {
      base.path = `/${item.menuPerms}`;
      base.iframeSrc = url;
    } else {
      base.path = url;
      base.external = true;
    }
  } else {
    base.path = `/${item.menuPerms}`;
  }
  return base;
}

/** The server menu tree → the client tree, siblings ordered by orderNum. */
export function mapMenu(items: ServerMenuItem[], ctx: MenuContext): AppMenuItem[] {
  return [...items].sort((a, b) => a.orderNum - b.orderNum).map((item) => mapMenuItem(item, ctx));
}

export type MenuRouteKind = 'page' | 'iframe' | 'dynamic';

/** A route generated from the menu; the page component comes from views/registry.ts by `urlAddress`. */
export interface MenuRoute {
  path: string;
  /** Route name: vueName. */
  name: string;
  kind: MenuRouteKind;
  menuId: string;
  /** The menu item's type (MenuType): a dynamic page's kind of page. */
  type: number;
  /** The menu item's code (its permission; a dynamic page's buttons are `${enCode}.…`). */
  enCode: string;
  /** Types 3, 4, 5, 8: the module the page shows (propertyJson's moduleId). */
  relationId?: string;
  /** Registry key: the url address without its query string. */
  urlAddress: string;
  iframeSrc?: string;
  meta: RouteMeta;
}

/** Flattens the client menu into in-app routes: pages (1), in-app links (7 _self) and dynamic pages (3/4/5/8). */
export function menuToRoutes(menus: AppMenuItem[]): MenuRoute[] {
  const routes: MenuRoute[] = [];
  const visit = (item: AppMenuItem) => {
    let kind: MenuRouteKind | null = null;
    if (item.type === MenuType.page && !item.external) kind = 'page';
    else if (item.type === MenuType.link && !item.external) kind = 'iframe';
    else if (DYNAMIC_TYPES.includes(item.type)) kind = 'dynamic';
    if (kind) {
      routes.push({
        path: item.path,
        name: item.vueName,
        kind,
        menuId: item.id,
        type: item.type,
        enCode: item.enCode,
        relationId: item.relationId,
        urlAddress: kind === 'page' ? item.path : stripQuery(item.urlAddress),
        iframeSrc: item.iframeSrc,
        meta: {
          title: item.fullName,
          zhTitle: item.fullName,
          titles: item.titles,
          icon: item.icon,
          modelId: item.id,
        },
      });
    }
    for (const child of item.children ?? []) visit(child);
  };
  for (const item of menus) visit(item);
  return routes;
}

/** Every leaf menu item (pages and links), in menu order: quick links, search. */
export function flattenMenu(menus: AppMenuItem[]): AppMenuItem[] {
  const out: AppMenuItem[] = [];
  const visit = (item: AppMenuItem) => {
    if (item.children?.length) item.children.forEach(visit);
    else if (item.type !== MenuType.directory) out.push(item);
  };
  menus.forEach(visit);
  return out;
}
