import { DATA_SCREEN_BASE, MenuType, SSO_CALLBACK_PATH } from '@srm/contracts/core';
import { type ComponentType, lazy, Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  RouterProvider,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
} from 'react-router';
import { ModelIdContext } from '../components/Auth';
import { loadNamespaces, loadShellNamespaces } from '../i18n';
import { usePermissionStore } from '../store/permission';
import { useAppStore } from '../store/settings';
import { useSysName } from '../store/shellData';
import { useUserStore } from '../store/user';
import { MessageBinder } from '../utils/message';
import { setNavigator } from '../utils/navigation';
import { progress } from '../utils/progress';
import '../styles/progress.css';
import { guard, PUBLIC_PATHS } from './guard';
import { mayOpen } from './mayOpen';
import type { MenuRoute } from './menu';
import type { RouteMeta } from './types';

// Every page is its own chunk, loaded by the router (route `lazy`): the navigation waits for it
// with the top progress bar showing, and the sign-in page loads only what it needs (see the
// JavaScript budget in docs/PERFORMANCE.md).
type PageModule = Promise<{ default: ComponentType }>;
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });
const technical = (name: 'AuthRedirect' | 'AuthLogout' | 'Jump' | 'SsoCallback') => async () => ({
  Component: (await import('../views/auth/Technical'))[name],
});
const IframePage = lazy(() => import('../views/common/IframePage'));

// The menu pages' registry (every screen's chunk and what it needs) is fetched with the menu routes,
// not with the entry: the sign-in page does not carry the list of every screen.
type PageRegistry = typeof import('../views/registry');
let pages: PageRegistry | undefined;
const loadPages = async () => {
  pages ??= await import('../views/registry');
  return pages;
};
const NotAvailable = lazy(() => import('../views/common/NotAvailable'));
const ModelPage = lazy(() => import('../views/onlineDev/modelPage'));
const ReportPage = lazy(() => import('../views/onlineDev/dataReport/ReportPage'));
const PortalPage = lazy(() => import('../views/onlineDev/visualPortal/PortalPage'));
const DictionaryItemsPage = lazy(() => import('../views/systemData/dictionaryPage'));

/** Id of the shell route; menu routes are patched in as its children. */
export const LAYOUT_ROUTE_ID = 'layout';

/** Meta of the fixed routes (titles are i18n keys of the common namespace). */
export const FIXED_META = {
  home: { title: 'common:route.home', zhTitle: '首页', icon: 'HomeOutlined', affix: true },
  profile: { title: 'common:route.profile', zhTitle: '个人信息', icon: 'UserOutlined' },
  notFound: { title: 'common:route.notFound', zhTitle: '页面不存在', hidden: true, noCache: true },
  login: { title: 'common:route.login', zhTitle: '登录', hidden: true },
  lockScreen: { title: 'common:route.lockScreen', zhTitle: '锁屏', hidden: true },
  messageRecord: { title: 'common:route.messageRecord', zhTitle: '消息中心', icon: 'BellOutlined' },
  mailCenter: { title: 'common:route.mailCenter', zhTitle: '邮件中心', icon: 'MailOutlined' },
  pageLink: { title: 'common:route.pageLink', zhTitle: '单据', icon: 'FileTextOutlined', noCache: true },
  flowTask: { title: 'common:route.flowTask', zhTitle: '流程详情', icon: 'AuditOutlined', noCache: true },
  vendorRegister: {
    title: 'vendorRegister:title',
    zhTitle: '供应商注册',
    hidden: true,
  },
} satisfies Record<string, RouteMeta>;

/** Progress bar while mounted (Suspense fallback of lazy pages). */
function Progress() {
  useEffect(() => {
    progress.start();
    return () => {
      progress.done();
    };
  }, []);
  return null;
}

function Lazy({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<Progress />}>{children}</Suspense>;
}

function metaOfMatch(handle: unknown): RouteMeta | undefined {
  const meta = (handle as { meta?: RouteMeta } | undefined)?.meta;
  return meta && typeof meta.title === 'string' ? meta : undefined;
}

/** Page title (docs/rules.md#route-guard): translated title + product name, else the Chinese title, else the product name. */
function useDocumentTitle() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const language = useAppStore((s) => s.language);
  const sysName = useSysName();
  const meta = [...matches]
    .reverse()
    .map((m) => metaOfMatch(m.handle))
    .find(Boolean);
  useEffect(() => {
    const product = sysName || t('common:productName');
    let title = meta?.titles?.[language] ?? '';
    if (!title && meta?.title && i18n.exists(meta.title)) title = t(meta.title);
    if (!title) title = meta?.zhTitle ?? '';
    document.title = title ? `${title} - ${product}` : product;
  }, [meta, language, sysName, t, i18n]);
}

/** Runs the guard on every navigation, loads start-up data, shows progress, scrolls to top. */
function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const token = useUserStore((s) => s.token);
  const locked = useUserStore((s) => s.locked);
  const loading = useUserStore((s) => s.loading);
  const routesLoaded = usePermissionStore((s) => s.loaded);
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const decision = guard({
    path: location.pathname,
    query,
    hasToken: !!token,
    locked,
    routesLoaded,
    mayOpen,
  });

  const decisionKey = JSON.stringify(decision);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the decision's value, not its identity
  useEffect(() => {
    if (decision.action === 'token') {
      useUserStore.getState().loginWithToken(decision.token);
      navigate(decision.to, { replace: true });
    } else if (decision.action === 'load') {
      void useUserStore.getState().loadStartup();
    }
  }, [decisionKey, navigate]);

  const busy = navigation.state !== 'idle' || loading || decision.action === 'load';
  useEffect(() => {
    if (busy) progress.start();
    else progress.done();
  }, [busy]);

  // A short progress sweep on every route change (docs/rules.md#routes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation
  useEffect(() => {
    progress.start();
    const id = requestAnimationFrame(() => progress.done());
    window.scrollTo?.(0, 0);
    return () => cancelAnimationFrame(id);
  }, [location.pathname]);

  useDocumentTitle();

  // The start-up data arrives through the stores, whose updates React renders in one go: the first
  // screen behind them (the shell and its page, the largest render of a visit) follows as a
  // deferred render instead, which React builds in slices that leave the page responsive.
  const next = decision.action === 'next';
  const shown = useDeferredValue(next);

  return (
    <>
      <MessageBinder />
      {decision.action === 'redirect' ? (
        <Navigate to={decision.to} replace />
      ) : next && shown ? (
        <Outlet />
      ) : null}
    </>
  );
}

/** A failed navigation (route error) goes to /404 (docs/rules.md#errors). */
function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (pathname !== '/404') return <Navigate to="/404" replace />;
  return <div style={{ padding: 24 }}>{t('routeError')}</div>;
}

/** /redirect/<path>: used to refresh a tab; goes back to the path with replace. */
function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}

/** Paths under the shell that match no fixed or menu route. */
function UnknownPath() {
  const token = useUserStore((s) => s.token);
  const loaded = usePermissionStore((s) => s.loaded);
  if (token && !loaded) return null;
  return <Navigate to="/404" replace />;
}

/** A page generated from the menu; re-checked against the current user's menu on every render. */
export function MenuPage({ path }: { path: string }) {
  const route = usePermissionStore((s) => s.routeMap[path]);
  const language = useAppStore((s) => s.language);
  if (!route) return <Navigate to="/404" replace />;
  let content: React.ReactNode;
  if (route.kind === 'iframe') {
    content = (
      <Lazy>
        <IframePage src={route.iframeSrc ?? ''} title={route.meta.titles?.[language] ?? route.meta.title} />
      </Lazy>
    );
  } else if (route.kind === 'dynamic' && route.type === MenuType.dynamicModel) {
    content = (
      <Lazy>
        <ModelPage menuId={route.menuId} title={route.meta.titles?.[language] ?? route.meta.title} />
      </Lazy>
    );
  } else if (route.kind === 'dynamic' && route.type === MenuType.dynamicReport) {
    content = (
      <Lazy>
        <ReportPage menuId={route.menuId} title={route.meta.titles?.[language] ?? route.meta.title} />
      </Lazy>
    );
  } else if (route.kind === 'dynamic' && route.type === MenuType.portal) {
    content = (
      <Lazy>
        <PortalPage
          portalId={route.relationId ?? ''}
          title={route.meta.titles?.[language] ?? route.meta.title}
        />
      </Lazy>
    );
  } else if (route.kind === 'dynamic') {
    content = (
      <Lazy>
        {route.type === MenuType.dynamicDictionary ? (
          <DictionaryItemsPage menuId={route.menuId} menuCode={route.enCode} />
        ) : (
          <NotAvailable />
        )}
      </Lazy>
    );
  } else {
    const Page = pages?.pageFor(route.urlAddress);
    if (!Page) return <Navigate to="/404" replace />;
    content = (
      <Lazy>
        <Page />
      </Lazy>
    );
  }
  return <ModelIdContext.Provider value={route.menuId}>{content}</ModelIdContext.Provider>;
}

/** A menu route as a router child; its meta is read from the current menu (fresh after a re-login). */
export function menuRouteObject(route: MenuRoute): RouteObject {
  const path = route.path;
  return {
    id: `menu:${path}`,
    path,
    element: <MenuPage path={path} />,
    // Fetches the page's chunk during the navigation (progress bar on); MenuPage then renders it.
    lazy: async () => {
      const registry = await loadPages();
      await registry.pageLoaderFor(usePermissionStore.getState().routeMap[path]?.urlAddress ?? '')?.();
      return {};
    },
    handle: {
      name: route.name,
      get meta(): RouteMeta | undefined {
        return usePermissionStore.getState().routeMap[path]?.meta;
      },
    },
  };
}

/** The public paths that have a page of their own. */
const PUBLIC_PAGES = new Set(['/login', '/auth-redirect', '/auth-logout', '/jump', '/base/vendor/register']);

export const fixedRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Progress />,
    children: [
      { path: '/login', lazy: page(() => import('../views/auth/Login')), handle: { meta: FIXED_META.login } },
      {
        path: '/lockScreen',
        lazy: page(() => import('../views/auth/LockScreen')),
        handle: { meta: FIXED_META.lockScreen },
      },
      // Hand-off pages: their own chunk (with antd's Spin), not part of every first download.
      { path: '/auth-redirect', lazy: technical('AuthRedirect') },
      { path: '/auth-logout', lazy: technical('AuthLogout') },
      { path: '/jump', lazy: technical('Jump') },
      // Where an identity provider sends the browser back (a public path by its prefix, guard.ts).
      { path: `${SSO_CALLBACK_PATH}/:providerId`, lazy: technical('SsoCallback') },
      // Supplier self-registration and its status page: public, a chunk of its own with its texts.
      {
        path: '/base/vendor/register',
        lazy: async () => {
          const [module] = await Promise.all([
            import('../views/supplier/register'),
            loadNamespaces(['vendorRegister', 'area', 'altcha']),
          ]);
          return { Component: module.default };
        },
        handle: { meta: FIXED_META.vendorRegister },
      },
      // Public paths without a page yet: a public 404, never the signed-in shell.
      ...PUBLIC_PATHS.filter((path) => !PUBLIC_PAGES.has(path)).map((path) => ({
        path,
        lazy: page(() => import('../views/error/PublicNotFound')),
        handle: { meta: FIXED_META.notFound },
      })),
      {
        id: LAYOUT_ROUTE_ID,
        path: '/',
        // The shell's own namespaces come with its chunk; each screen fetches its own on first use.
        lazy: async () => {
          const [shell] = await Promise.all([import('../layout'), loadShellNamespaces()]);
          return { Component: shell.default };
        },
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          {
            path: 'home',
            lazy: page(() => import('../views/home')),
            handle: { meta: FIXED_META.home },
          },
          {
            path: 'profile',
            lazy: page(() => import('../views/profile')),
            handle: { meta: FIXED_META.profile },
          },
          {
            path: 'messageRecord',
            lazy: page(() => import('../views/message/MessageRecord')),
            handle: { meta: FIXED_META.messageRecord },
          },
          {
            path: 'base/mailCenter/tenant',
            lazy: page(() => import('../views/message/MailCenter')),
            handle: { meta: FIXED_META.mailCenter },
          },
          {
            path: 'pageLink',
            lazy: page(() => import('../views/message/PageLink')),
            handle: { meta: FIXED_META.pageLink },
          },
          {
            // A task's page (FLOW_TASK_FORM_URL/{id}): open to every signed-in user, the server
            // answers only the task's parties (the flow, not the menu, names the approvers).
            path: 'workFlow/flowBefore/:id',
            lazy: page(() => import('../views/workFlow/flowBefore')),
            handle: { meta: FIXED_META.flowTask },
          },
          {
            path: '404',
            lazy: page(() => import('../views/error/NotFound')),
            handle: { meta: FIXED_META.notFound },
          },
          { path: 'redirect/*', element: <RedirectPage /> },
          { path: 'menuMore', element: <Navigate to="/home" replace /> },
          { path: '*', element: <UnknownPath /> },
        ],
      },
    ],
  },
  // The data screen viewer (menu type 6): full screen, outside the shell and its session, read with
  // the screen's own short-lived tokens (views/onlineDev/dataScreen/DataScreenViewer.tsx).
  {
    id: 'dataScreen',
    path: `${DATA_SCREEN_BASE}/view/:id`,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Progress />,
    lazy: async () => {
      const [module] = await Promise.all([
        import('../views/onlineDev/dataScreen/DataScreenViewer'),
        loadNamespaces(['dataScreen', 'visualPortal', 'dataReport']),
      ]);
      return { Component: module.default };
    },
  },
  // The platform operator's console, beside the tenants' root: its own sign-in, token and menu
  // (views/platform); the tenant route guard never sees its paths.
  {
    id: 'platform',
    path: '/platform/*',
    errorElement: <RouteError />,
    hydrateFallbackElement: <Progress />,
    lazy: async () => {
      const [module] = await Promise.all([import('../views/platform'), loadNamespaces(['platform', 'ops'])]);
      return { Component: module.default };
    },
  },
];

const patched = new Set<string>();

/** Adds the current menu's routes under the shell; waits for the start-up data when signed in. */
async function patchMenuRoutes(patch: (routeId: string, children: RouteObject[]) => void) {
  const user = useUserStore.getState();
  if (user.token && !usePermissionStore.getState().loaded) await user.loadStartup();
  const fresh = usePermissionStore.getState().routes.filter((r) => !patched.has(r.path));
  if (fresh.length === 0) return;
  await loadPages();
  for (const r of fresh) patched.add(r.path);
  patch(LAYOUT_ROUTE_ID, fresh.map(menuRouteObject));
}

export const router = createBrowserRouter(fixedRoutes, {
  async patchRoutesOnNavigation({ patch }) {
    await patchMenuRoutes(patch);
  },
});

setNavigator((to, opts) => {
  void router.navigate(to, { replace: opts?.replace });
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
