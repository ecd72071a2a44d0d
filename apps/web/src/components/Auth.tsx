import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { useLocation } from 'react-router';
import { usePermissionStore } from '../store/permission';

/**
 * The menu id (modelId) of the page being rendered. Menu pages provide it, so a page kept in the
 * cache checks its buttons and columns against itself, not against the visible route.
 */
export const ModelIdContext = createContext<string | undefined>(undefined);

export interface AuthApi {
  /** The code is in the user's permsList; a missing or empty code is denied (docs/rules.md#permissions). */
  has(code: string | null | undefined): boolean;
  /** Button enCode granted for the current route's modelId. */
  hasButton(enCode: string | null | undefined): boolean;
  /** Column enCode granted for the current route's modelId. */
  hasColumn(enCode: string | null | undefined): boolean;
  modelId: string | undefined;
}

/** The modelId of the current page: the provider's, else the generated route of the current path. */
export function useModelId(): string | undefined {
  const fromContext = useContext(ModelIdContext);
  const { pathname } = useLocation();
  const fromRoute = usePermissionStore((s) => s.routeMap[pathname]?.menuId);
  return fromContext ?? fromRoute;
}

export function useAuth(): AuthApi {
  const modelId = useModelId();
  const permsList = usePermissionStore((s) => s.permsList);
  const entry = usePermissionStore((s) => (modelId ? s.routePermissions[modelId] : undefined));
  const has = useCallback(
    (code: string | null | undefined) => !!code && permsList.includes(code),
    [permsList],
  );
  const hasButton = useCallback(
    (enCode: string | null | undefined) => !!enCode && !!entry?.button.some((b) => b.enCode === enCode),
    [entry],
  );
  const hasColumn = useCallback(
    (enCode: string | null | undefined) => !!enCode && !!entry?.column.some((c) => c.enCode === enCode),
    [entry],
  );
  return useMemo(() => ({ has, hasButton, hasColumn, modelId }), [has, hasButton, hasColumn, modelId]);
}

export interface AuthProps {
  /** Permission code; when missing, empty or not granted the children are removed. */
  code: string | null | undefined;
  /** 'perm' (default) checks permsList; 'button' / 'column' check the current route's entry. */
  type?: 'perm' | 'button' | 'column';
  /** Rendered instead when denied (default: nothing). */
  fallback?: ReactNode;
  children?: ReactNode;
}

/** `<Auth code="system.log.export">…</Auth>`: the element only exists when the code is granted. */
export function Auth({ code, type = 'perm', fallback = null, children }: AuthProps) {
  const auth = useAuth();
  const allowed =
    type === 'button' ? auth.hasButton(code) : type === 'column' ? auth.hasColumn(code) : auth.has(code);
  return <>{allowed ? children : fallback}</>;
}

/** Columns that name a permission `auth` (a column enCode) are kept only when granted. */
export function filterColumns<C extends { auth?: string }>(
  columns: C[],
  hasColumn: (enCode: string | null | undefined) => boolean,
): C[] {
  return columns.filter((column) => !('auth' in column) || hasColumn(column.auth));
}
