import type { Locale } from '@srm/contracts/core';
import { create } from 'zustand';
import { StorageKey, storage } from '../utils/storage';
import { useSettingsStore } from './settings';

/**
 * Tab-view bookkeeping (docs/rules.md#route-guard, docs/rules.md#shell): the visited views (one tab each) and the cached views
 * (the page keys the main area keeps alive). A view is keyed by its path; fullPath keeps the query
 * string for navigation.
 */
export interface TagView {
  /** Route path without query: the tab key and the page-cache key. */
  path: string;
  /** Path plus query string: where clicking the tab goes. */
  fullPath: string;
  /** i18n key (fixed routes) or the simplified-Chinese title. */
  title: string;
  zhTitle?: string;
  /** Already-localised titles (menu routes). */
  titles?: Record<Locale, string>;
  icon?: string;
  /** Affixed views cannot be closed and survive "close all". */
  affix?: boolean;
  /** Never kept in the page cache. */
  noCache?: boolean;
}

export interface TagsState {
  visitedViews: TagView[];
  /** Paths of the cached pages, in the order they were first cached. */
  cachedViews: string[];
}

export const HOME_PATH = '/home';

/** Adds the view to the visited list, or refreshes its fullPath and titles in place. */
export function addVisited(visited: TagView[], view: TagView): TagView[] {
  const index = visited.findIndex((v) => v.path === view.path);
  const existing = visited[index];
  if (!existing) return [...visited, view];
  // A page that named its own tab (a task by its bill number) keeps that name when it is visited again.
  const merged = {
    ...existing,
    ...view,
    titles: view.titles ?? existing.titles,
    affix: existing.affix || view.affix,
  };
  const next = visited.slice();
  next[index] = merged;
  return next;
}

/** Caches the view unless it is flagged noCache or the cache setting is off. */
export function addCached(cached: string[], view: TagView, useCache: boolean): string[] {
  if (!useCache || view.noCache || cached.includes(view.path)) return cached;
  return [...cached, view.path];
}

export function addViewTo(state: TagsState, view: TagView, useCache: boolean): TagsState {
  return {
    visitedViews: addVisited(state.visitedViews, view),
    cachedViews: addCached(state.cachedViews, view, useCache),
  };
}

/** Closes one view; affixed views cannot be closed. */
export function delViewFrom(state: TagsState, path: string): TagsState {
  const view = state.visitedViews.find((v) => v.path === path);
  if (view?.affix) return state;
  return {
    visitedViews: state.visitedViews.filter((v) => v.path !== path),
    cachedViews: state.cachedViews.filter((p) => p !== path),
  };
}

/** "Close others": keeps the affixed views plus the current one (and their cache). */
export function delOthersFrom(state: TagsState, path: string): TagsState {
  const visitedViews = state.visitedViews.filter((v) => v.affix || v.path === path);
  const kept = new Set(visitedViews.map((v) => v.path));
  return { visitedViews, cachedViews: state.cachedViews.filter((p) => kept.has(p)) };
}

/** "Close all": affixed views survive, unless includeAffix (logout) clears everything. */
export function delAllFrom(state: TagsState, options: { includeAffix?: boolean } = {}): TagsState {
  if (options.includeAffix) return { visitedViews: [], cachedViews: [] };
  const visitedViews = state.visitedViews.filter((v) => v.affix);
  const kept = new Set(visitedViews.map((v) => v.path));
  return { visitedViews, cachedViews: state.cachedViews.filter((p) => kept.has(p)) };
}

/** Drops a page from the cache only (refresh): its tab stays. */
export function delCachedFrom(state: TagsState, path: string): TagsState {
  return { ...state, cachedViews: state.cachedViews.filter((p) => p !== path) };
}

/** Where to go after closing the active tab: the last remaining tab, else home. */
export function targetAfterClose(remaining: TagView[]): string {
  const last = remaining[remaining.length - 1];
  return last ? last.fullPath : HOME_PATH;
}

/**
 * Where to go after an operation that closed views: nowhere (null) when the active view is still
 * open, else the last remaining tab or home.
 */
export function navigationAfter(remaining: TagView[], activePath: string): string | null {
  return remaining.some((v) => v.path === activePath) ? null : targetAfterClose(remaining);
}

/** The redirect address that remounts a page (/redirect/:path*, docs/rules.md#routes). */
export function refreshTarget(view: Pick<TagView, 'fullPath'>): string {
  return `/redirect${view.fullPath}`;
}

/** Splits a location into the path (cache key) and fullPath (with query). */
export function viewKeys(location: { pathname: string; search?: string }): {
  path: string;
  fullPath: string;
} {
  return { path: location.pathname, fullPath: location.pathname + (location.search ?? '') };
}

interface TagsViewStore extends TagsState {
  addView(view: TagView): void;
  /** Names an open tab by what its page shows (the same in every language: a bill number). */
  nameView(path: string, name: string): void;
  /** Closes a view; returns the remaining visited views. */
  delView(path: string): TagView[];
  delOthersViews(path: string): TagView[];
  delAllViews(options?: { includeAffix?: boolean }): TagView[];
  delCachedView(path: string): void;
  /** Empties the page cache (the cache setting was turned off). */
  clearCache(): void;
}

/**
 * The open tabs outlive a reload of the browser tab (sessionStorage: not another browser tab, not
 * another sign-in — they are kept with a mark of the session that opened them). The pages' own
 * state does not: a restored tab's page mounts afresh when opened.
 */
const TABS_KEY = 'srm-tabs';
const sessionMark = () => (storage.get<string>(StorageKey.token) ?? '').slice(-16);

const isTagView = (v: unknown): v is TagView =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as TagView).path === 'string' &&
  (v as TagView).path.startsWith('/') &&
  typeof (v as TagView).fullPath === 'string' &&
  (v as TagView).fullPath.startsWith('/') &&
  typeof (v as TagView).title === 'string';

export function restoredTabs(): TagView[] {
  try {
    const mark = sessionMark();
    const saved = JSON.parse(window.sessionStorage.getItem(TABS_KEY) ?? 'null') as {
      session?: unknown;
      views?: unknown;
    } | null;
    if (!mark || saved?.session !== mark || !Array.isArray(saved.views)) return [];
    return saved.views.filter(isTagView);
  } catch {
    // No sessionStorage (a privacy mode) or a damaged value: the tabs start afresh.
    return [];
  }
}

function keepTabs(views: TagView[]): void {
  try {
    if (views.length === 0) window.sessionStorage.removeItem(TABS_KEY);
    else window.sessionStorage.setItem(TABS_KEY, JSON.stringify({ session: sessionMark(), views }));
  } catch {
    // Not kept: the tabs simply do not survive a reload.
  }
}

export const useTagsViewStore = create<TagsViewStore>((set, get) => ({
  visitedViews: restoredTabs(),
  cachedViews: [],
  addView(view) {
    set(addViewTo(get(), view, useSettingsStore.getState().useCache));
  },
  nameView(path, name) {
    const visited = get().visitedViews;
    if (!visited.some((v) => v.path === path)) return;
    const titles = { 'zh-CN': name, 'en-US': name, 'zh-TW': name };
    set({ visitedViews: visited.map((v) => (v.path === path ? { ...v, titles } : v)) });
  },
  delView(path) {
    const next = delViewFrom(get(), path);
    set(next);
    return next.visitedViews;
  },
  delOthersViews(path) {
    const next = delOthersFrom(get(), path);
    set(next);
    return next.visitedViews;
  },
  delAllViews(options) {
    const next = delAllFrom(get(), options);
    set(next);
    return next.visitedViews;
  },
  delCachedView(path) {
    set(delCachedFrom(get(), path));
  },
  clearCache() {
    set({ cachedViews: [] });
  },
}));

useTagsViewStore.subscribe((state, previous) => {
  if (state.visitedViews !== previous.visitedViews) keepTabs(state.visitedViews);
});
