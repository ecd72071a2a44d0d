// The zod-free part of platform/schemas.ts (shared by the web without zod).

/**
 * The platform operator's calls (docs/rules.md#platform-operator): under `/api/platform/`, answered only with an
 * operator's session; a tenant user's token gets 403, an operator's token gets 601 on tenant routes.
 */
export const PlatformApi = {
  /** POST: sign in (public, rate limited); a one-time password signs in only with `newPassword`. */
  login: '/api/platform/login',
  logout: '/api/platform/logout',
  /** GET the signed-in operator. */
  me: '/api/platform/me',
  /** GET the tenants; POST creates one with its first administrator. */
  tenants: '/api/platform/Tenants',
  /** POST `${tenants}/{id}/Actions/Suspend` and `/Resume`. */
  tenantSuspend: (id: string) => `/api/platform/Tenants/${id}/Actions/Suspend`,
  tenantResume: (id: string) => `/api/platform/Tenants/${id}/Actions/Resume`,
  /** GET the host monitor (machine, process, database, Redis, processes). */
  monitor: '/api/platform/Monitor',
  /** GET every cache; DELETE `${cache}/{name}` clears one everywhere. */
  cache: '/api/platform/CacheManage',
  cacheClearAll: '/api/platform/CacheManage/Actions/ClearAll',
  /** GET the whole-database backups; POST takes one (embedded database only). */
  backup: '/api/platform/Backup',
  /** DELETE cancels the restore planned for the next start. */
  cancelRestore: '/api/platform/Backup/Restore',
} as const;

/** Where the web keeps the operator's token (apart from a tenant user's). */
export const PLATFORM_TOKEN_KEY = 'srm-platform-token';
