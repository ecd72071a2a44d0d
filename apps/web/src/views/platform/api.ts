import {
  type Backup,
  type CacheList,
  type Envelope,
  type MonitorInfo,
  PLATFORM_TOKEN_KEY,
  PlatformApi,
  type PlatformBackupInfo,
  type PlatformLoginBody,
  type PlatformLoginResult,
  type PlatformOperator,
  SESSION_RESET_CODES,
  type TenantCreate,
  type TenantRow,
} from '@srm/contracts/core';
import { ApiError } from '../../api/request';
import { i18n } from '../../i18n';

/** The operator's token, kept apart from a tenant user's (a tenant screen never sends it). */
export const platformToken = {
  get: (): string => localStorage.getItem(PLATFORM_TOKEN_KEY) ?? '',
  set: (token: string) => localStorage.setItem(PLATFORM_TOKEN_KEY, token),
  clear: () => localStorage.removeItem(PLATFORM_TOKEN_KEY),
};

export const PLATFORM_LOGIN_PATH = '/platform/login';

/**
 * One call of the operator console: the operator's token, the screen's language; a refused
 * session (600/601/602) clears the token and goes back to the operator's sign-in.
 */
async function call<T>(method: string, url: string, body?: unknown, raw = false): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': i18n.language };
  const token = platformToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(-1, i18n.t('common:requestError'), undefined, 0);
  }
  if (raw && res.ok && !(res.headers.get('content-type') ?? '').includes('application/json'))
    return (await res.blob()) as T;
  const json = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (!json || typeof json.code !== 'number') throw new ApiError(res.status, i18n.t('common:requestError'));
  if (json.code === 0) return json.data;
  if (SESSION_RESET_CODES.includes(json.code) && url !== PlatformApi.login) {
    platformToken.clear();
    if (window.location.pathname !== PLATFORM_LOGIN_PATH) window.location.assign(PLATFORM_LOGIN_PATH);
  }
  const data = json.data as { fields?: Record<string, string> } | null;
  throw new ApiError(json.code, json.msg, data?.fields, res.status, json.data);
}

export const platformKeys = {
  me: ['platform', 'me'] as const,
  tenants: ['platform', 'tenants'] as const,
  monitor: ['platform', 'monitor'] as const,
  cache: ['platform', 'cache'] as const,
  backup: ['platform', 'backup'] as const,
};

export const platformApi = {
  login: (body: PlatformLoginBody) => call<PlatformLoginResult>('POST', PlatformApi.login, body),
  logout: () => call<null>('POST', PlatformApi.logout),
  me: () => call<PlatformOperator>('GET', PlatformApi.me),
  tenants: () => call<TenantRow[]>('GET', PlatformApi.tenants),
  createTenant: (body: TenantCreate) => call<TenantRow>('POST', PlatformApi.tenants, body),
  suspend: (id: string) => call<null>('POST', PlatformApi.tenantSuspend(id)),
  resume: (id: string) => call<null>('POST', PlatformApi.tenantResume(id)),
  monitor: () => call<MonitorInfo>('GET', PlatformApi.monitor),
  caches: () => call<CacheList>('GET', PlatformApi.cache),
  clearCache: (name: string) => call<null>('DELETE', `${PlatformApi.cache}/${encodeURIComponent(name)}`),
  clearAll: () => call<null>('POST', PlatformApi.cacheClearAll),
  backups: () => call<PlatformBackupInfo>('GET', PlatformApi.backup),
  takeBackup: () => call<Backup>('POST', PlatformApi.backup),
  deleteBackup: (name: string) => call<null>('DELETE', `${PlatformApi.backup}/${name}`),
  restore: (name: string) =>
    call<{ pendingRestore: string }>('POST', `${PlatformApi.backup}/${name}/Actions/Restore`),
  cancelRestore: () => call<null>('DELETE', PlatformApi.cancelRestore),
  download: (name: string) =>
    call<Blob>('GET', `${PlatformApi.backup}/${name}/Actions/Download`, undefined, true),
};
