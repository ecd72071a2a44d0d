/** Paths reachable without a token (docs/rules.md#route-guard). */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/auth-logout',
  '/auth-redirect',
  '/jump',
  '/base/vendor/register',
];

/** Public paths by their start: where an identity provider sends the browser back (/sso/callback/{id}). */
const PUBLIC_PREFIXES: readonly string[] = ['/sso/callback/'];

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export const LOGIN_PATH = '/login';
export const LOCK_PATH = '/lockScreen';
export const HOME_PATH = '/home';

export interface GuardInput {
  path: string;
  /** Query parameters of the target (URLSearchParams or a plain record). */
  query: URLSearchParams | Record<string, string | undefined>;
  hasToken: boolean;
  locked: boolean;
  /** The menu and start-up data are loaded. */
  routesLoaded: boolean;
  /** Whether the signed-in user may open an address (their menu); without it every address may. */
  mayOpen?: (target: string) => boolean;
}

export type GuardDecision =
  /** Render the target. */
  | { action: 'next' }
  /** Replace the location. */
  | { action: 'redirect'; to: string }
  /** /home?token=: store the token (then load) and continue to `to`. */
  | { action: 'token'; token: string; to: string }
  /** A token without loaded start-up data: load it, then decide again. */
  | { action: 'load' };

function param(query: GuardInput['query'], key: string): string | undefined {
  if (query instanceof URLSearchParams) return query.get(key) ?? undefined;
  return query[key];
}

/** An in-app path only: no scheme, no protocol-relative URL, never back to the login page. */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return undefined;
  return target;
}

function withoutParam(query: GuardInput['query'], key: string): string {
  const search = new URLSearchParams(
    query instanceof URLSearchParams
      ? query
      : (Object.entries(query).filter(([, v]) => v !== undefined) as [string, string][]),
  );
  search.delete(key);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The route guard (docs/rules.md#route-guard), as a pure function of the target and the session. `path` is the
 * pathname; `query` its search parameters (the original address is path + query for redirects).
 */
export function guard({ path, query, hasToken, locked, routesLoaded, mayOpen }: GuardInput): GuardDecision {
  const homeToken = path === HOME_PATH ? param(query, 'token') : undefined;
  if (homeToken) return { action: 'token', token: homeToken, to: HOME_PATH + withoutParam(query, 'token') };

  if (hasToken) {
    if (locked && path !== LOCK_PATH && path !== LOGIN_PATH) return { action: 'redirect', to: LOCK_PATH };
    if (path === LOGIN_PATH) {
      const target = safeRedirect(param(query, 'redirect'));
      if (!target) return { action: 'redirect', to: '/' };
      // The redirect may be a page of whoever signed out here: only one this user may open.
      if (!routesLoaded) return { action: 'load' };
      return { action: 'redirect', to: !mayOpen || mayOpen(target) ? target : '/' };
    }
    if (isPublicPath(path)) return { action: 'next' };
    if (!routesLoaded) return { action: 'load' };
    return { action: 'next' };
  }

  if (isPublicPath(path)) return { action: 'next' };
  if (path === HOME_PATH || path === '/') return { action: 'redirect', to: LOGIN_PATH };
  const search = query instanceof URLSearchParams ? query.toString() : withoutParam(query, '').slice(1);
  const original = search ? `${path}?${search}` : path;
  return { action: 'redirect', to: `${LOGIN_PATH}?redirect=${encodeURIComponent(original)}` };
}
