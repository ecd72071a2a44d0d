import type { Locale } from '@srm/contracts/core';
import type { TFunction } from 'i18next';
import { useMatches } from 'react-router';
import type { RouteMeta } from '../router/types';
import type { TagView } from '../store/tagsView';

/** Reads RouteMeta from a route handle: either the handle itself or its `meta` field. */
export function metaOf(handle: unknown): RouteMeta | undefined {
  if (!handle || typeof handle !== 'object') return undefined;
  const h = handle as { meta?: unknown; title?: unknown };
  if (h.meta && typeof h.meta === 'object' && typeof (h.meta as RouteMeta).title === 'string') {
    return h.meta as RouteMeta;
  }
  return typeof h.title === 'string' ? (h as RouteMeta) : undefined;
}

/** The meta of the deepest matched route that has one. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const meta = metaOf(matches[i]?.handle);
    if (meta) return meta;
  }
  return undefined;
}

/** Technical routes never get a tab nor a cache entry. */
export function isTaggable(path: string, meta: RouteMeta | undefined): meta is RouteMeta {
  if (!meta?.title) return false;
  return !/^\/(redirect|404|login|lockScreen|auth-redirect|auth-logout|jump)(\/|$)/.test(path);
}

/** Whether the page of this route is kept alive in the main area. */
export function isCacheable(path: string, meta: RouteMeta | undefined, useCache: boolean): boolean {
  return useCache && isTaggable(path, meta) && !meta.noCache;
}

export function viewFromRoute(location: { pathname: string; search: string }, meta: RouteMeta): TagView {
  return {
    path: location.pathname,
    fullPath: location.pathname + location.search,
    title: meta.title,
    zhTitle: meta.zhTitle,
    titles: meta.titles,
    icon: meta.icon,
    affix: meta.affix,
    noCache: meta.noCache,
  };
}

/** A view's or route's title in the language: localised titles, else the i18n key, else Chinese. */
export function titleOf(
  view: { title: string; zhTitle?: string; titles?: Record<Locale, string> },
  language: Locale,
  t: TFunction,
): string {
  const localised = view.titles?.[language];
  if (localised) return localised;
  if (!view.title) return view.zhTitle ?? '';
  return String(t(view.title, { defaultValue: view.zhTitle || view.title }));
}
