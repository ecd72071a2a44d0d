import { usePermissionStore } from '../store/permission';
import { useUserStore } from '../store/user';
import { HOME_PATH, safeRedirect } from './guard';

/** Fixed pages of the shell every signed-in user may open (docs/rules.md#routes). */
const ALWAYS_OPEN = new Set([HOME_PATH, '/profile', '/messageRecord', '/pageLink']);
/** The mail centre is for the tenant's own staff (entType 1). */
const MAIL_CENTRE = '/base/mailCenter/tenant';

/** Whether the signed-in user may open this in-app address: a fixed page, or one of their menu. */
export function mayOpen(target: string): boolean {
  const path = target.split(/[?#]/)[0] ?? '';
  if (ALWAYS_OPEN.has(path)) return true;
  if (path === MAIL_CENTRE) return useUserStore.getState().userInfo?.ent.entType === 1;
  return Boolean(usePermissionStore.getState().routeMap[path]);
}

/**
 * Where to go after signing in: the `redirect` of the sign-in address when the user now signed in
 * may open it (it may have been left by someone else's session), else home.
 */
export function redirectAfterLogin(redirect: string | null | undefined): string {
  const target = safeRedirect(redirect ?? undefined);
  return target && mayOpen(target) ? target : HOME_PATH;
}
