import { API, type NavResult, type RoutePermission } from '@srm/contracts/core';
import { create } from 'zustand';
import { http } from '../api/request';
import { type MenuContext, type MenuRoute, mapMenu, menuToRoutes } from '../router/menu';
import type { AppMenuItem } from '../router/types';

/** The config key holding the data-visualisation base address (menu type 6, `${dataV}`). */
export const DATAV_CONFIG_KEY = 'dataVUrl';

interface PermissionData {
  /** Client menu tree (docs/rules.md#menus) for the sidebar and top menu. */
  menus: AppMenuItem[];
  /** In-app routes generated from the menu. */
  routes: MenuRoute[];
  /** path → route. */
  routeMap: Record<string, MenuRoute>;
  /** modelId (menu id) → its button and column permissions. */
  routePermissions: Record<string, RoutePermission>;
  /** Every granted code (mirrors the user's permsList). */
  permsList: string[];
  /** True once the menu is loaded: the guard lets the user in. */
  loaded: boolean;
}

export interface PermissionState extends PermissionData {
  loadNav(ctx: MenuContext): Promise<AppMenuItem[]>;
  setNav(nav: NavResult, ctx: MenuContext): void;
  setPermsList(list: string[]): void;
  setLoaded(loaded: boolean): void;
  /** docs/rules.md#permissions: a missing or empty code is never granted. */
  hasPerm(code: string | null | undefined): boolean;
  hasButton(modelId: string | undefined, enCode: string | null | undefined): boolean;
  hasColumn(modelId: string | undefined, enCode: string | null | undefined): boolean;
  /** The generated route for an in-app path, if any. */
  routeFor(path: string): MenuRoute | undefined;
  reset(): void;
}

const EMPTY: PermissionData = {
  menus: [],
  routes: [],
  routeMap: {},
  routePermissions: {},
  permsList: [],
  loaded: false,
};

export const usePermissionStore = create<PermissionState>((set, get) => ({
  ...EMPTY,
  async loadNav(ctx) {
    const nav = await http.get<NavResult>(API.nav);
    get().setNav(nav, ctx);
    return get().menus;
  },
  setNav(nav, ctx) {
    const menus = mapMenu(nav.menuList ?? [], ctx);
    const routes = menuToRoutes(menus);
    const routeMap: Record<string, MenuRoute> = {};
    for (const route of routes) routeMap[route.path] ??= route;
    const routePermissions: Record<string, RoutePermission> = {};
    for (const entry of nav.permissionList ?? []) routePermissions[entry.modelId] = entry;
    set({ menus, routes, routeMap, routePermissions });
  },
  setPermsList(list) {
    set({ permsList: list });
  },
  setLoaded(loaded) {
    set({ loaded });
  },
  hasPerm(code) {
    if (!code) return false;
    return get().permsList.includes(code);
  },
  hasButton(modelId, enCode) {
    if (!enCode || !modelId) return false;
    return !!get().routePermissions[modelId]?.button.some((b) => b.enCode === enCode);
  },
  hasColumn(modelId, enCode) {
    if (!enCode || !modelId) return false;
    return !!get().routePermissions[modelId]?.column.some((c) => c.enCode === enCode);
  },
  routeFor(path) {
    return get().routeMap[path];
  },
  reset() {
    set({ ...EMPTY });
  },
}));
