import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Menu page components by url address (spec §2.3, type 1). A menu page without an entry here goes
 * to /404. Lazy, so each screen is its own chunk.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  '/system/log': lazy(() => import('./system/log')),
  '/system/menu': lazy(() => import('./system/menu')),
  '/system/notice': lazy(() => import('./system/notice')),
  '/permission/organize': lazy(() => import('./permission/organize')),
  '/permission/department': lazy(() => import('./permission/department')),
  '/permission/position': lazy(() => import('./permission/position')),
  '/permission/user': lazy(() => import('./permission/user')),
  '/permission/role': lazy(() => import('./permission/role')),
  '/permission/authorize': lazy(() => import('./permission/authorize')),
  '/permission/userOnline': lazy(() => import('./permission/userOnline')),
};

export function pageFor(urlAddress: string): LazyExoticComponent<ComponentType> | undefined {
  return Object.hasOwn(pageRegistry, urlAddress) ? pageRegistry[urlAddress] : undefined;
}
