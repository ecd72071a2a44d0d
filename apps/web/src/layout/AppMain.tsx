import { theme } from 'antd';
import { Activity, Fragment, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useOutlet } from 'react-router';
import { useAppStore, useSettingsStore } from '../store/settings';
import { HOME_PATH, useTagsViewStore } from '../store/tagsView';
import { isCacheable, isTaggable, titleOf, useRouteMeta, viewFromRoute } from './routeMeta';

/**
 * Keeps the tab bookkeeping in step with the location: every taggable route visited becomes a
 * tab (and a cached page unless noCache or the cache setting is off). Home is always there, pinned.
 */
export function useTrackViews() {
  const location = useLocation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const addView = useTagsViewStore((s) => s.addView);
  const useCache = useSettingsStore((s) => s.useCache);
  const clearCache = useTagsViewStore((s) => s.clearCache);

  useEffect(() => {
    const { visitedViews } = useTagsViewStore.getState();
    if (!visitedViews.some((v) => v.path === HOME_PATH)) {
      useTagsViewStore.setState({
        visitedViews: [
          { path: HOME_PATH, fullPath: HOME_PATH, title: 'layout:home', icon: 'HomeOutlined', affix: true },
          ...visitedViews,
        ],
      });
    }
  }, []);

  useEffect(() => {
    if (isTaggable(location.pathname, meta)) addView(viewFromRoute(location, meta));
  }, [location, meta, addView]);

  // '/' is the shell root and always shows home (docs/rules.md#routes), also when a late navigation lands on it.
  useEffect(() => {
    if (location.pathname === '/') navigate(HOME_PATH, { replace: true });
  }, [location, navigate]);

  useEffect(() => {
    if (!useCache) clearCache();
  }, [useCache, clearCache]);
}

/** Target of the "skip to content" link. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The main area (docs/rules.md#shell). With the cache setting on, every cacheable page stays mounted inside
 * an `<Activity>` keyed by its path and is only hidden when another tab is shown, so its state
 * (a half-typed form, a scroll position inside it) is still there on return. A page leaves the
 * cache when its tab closes or is refreshed; noCache routes are rendered fresh every time.
 */
export function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const meta = useRouteMeta();
  const useCache = useSettingsStore((s) => s.useCache);
  const cachedViews = useTagsViewStore((s) => s.cachedViews);
  const pages = useRef(new Map<string, ReactNode>());
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);

  const cacheable = isCacheable(pathname, meta, useCache);
  const map = pages.current;
  // Drop pages no longer cached (tab closed, refreshed, cache off); the visible one stays until left.
  for (const key of [...map.keys()]) {
    if (!useCache || (key !== pathname && !cachedViews.includes(key))) map.delete(key);
    else if (key === pathname && !cacheable) map.delete(key);
  }
  // The active page always gets the latest outlet element, so its params and context stay current.
  if (cacheable) map.set(pathname, outlet);

  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className="srm-app-main"
      style={{ background: token.colorBgLayout, color: token.colorText }}
      data-testid="app-main"
    >
      {/* The page's one h1 is its title (the same as the tab and the document title), for screen readers. */}
      {meta?.title && (
        <h1 className="srm-visually-hidden" data-testid="page-title">
          {titleOf(meta, language, t)}
        </h1>
      )}
      {/* A page waits for its texts here (its namespaces are fetched on first use), not the shell. */}
      {[...map.entries()].map(([key, element]) => (
        <Activity key={key} mode={key === pathname ? 'visible' : 'hidden'}>
          <Suspense fallback={null}>{element}</Suspense>
        </Activity>
      ))}
      {!cacheable && (
        <Fragment key={`uncached:${pathname}`}>
          <Suspense fallback={null}>{outlet}</Suspense>
        </Fragment>
      )}
    </main>
  );
}
