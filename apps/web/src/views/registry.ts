import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Menu page components by url address (spec §2.3, type 1). A menu page without an entry here goes
 * to /404. Lazy, so each screen is its own chunk.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  '/system/log': lazy(() => import('./system/log')),
};

export function pageFor(urlAddress: string): LazyExoticComponent<ComponentType> | undefined {
  return Object.hasOwn(pageRegistry, urlAddress) ? pageRegistry[urlAddress] : undefined;
}
