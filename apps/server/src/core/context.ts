import type { Locale } from '@srm/contracts';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/types';
import type { Realtime } from '../message/realtime';
import type { PermissionSet } from '../permission/service';
import type { ActivityLog } from '../system/activity-log';
import type { VersionedCache } from './cache';
import type { SettingsCache } from './settings';

/** The signed-in user of a request, from the session. */
export interface AuthInfo {
  sessionId: string;
  userId: string;
  tenantId: string;
  entId: string;
  deptId: string | null;
  companyId: string | null;
  account: string;
  realName: string;
  isAdmin: boolean;
  language: string;
  theme: string;
  /** The tenant's sys_tenant_cache_version.version read with the session: the tag of cached permissions and menus. */
  cacheVersion: string;
  /** The tenant's sys_tenant_cache_version.user_version read with the session: the tag of cached user-list totals. */
  userVersion: string;
  /** The user's own columns, read with the session (user info needs no further query). */
  profile: UserProfile;
}

export interface UserProfile {
  mobile: string;
  email: string;
  headIcon: string;
  prevLoginTime: Date | string | null;
  prevLoginIp: string;
  prevLoginIpName: string;
  /** Null when the enterprise row is missing. */
  entId: string | null;
  entName: string | null;
  entType: number | null;
  deptName: string | null;
}

export interface Deps {
  db: Kysely<Database>;
  config: AppConfig;
  settings: SettingsCache;
  cache: VersionedCache;
  /** Batched writer of the request and error logs. */
  activity: ActivityLog;
  /** Socket delivery to users and sessions (message/realtime.ts). */
  realtime: Realtime;
}

/** required (default for /api): 600/601/602 without a valid session; optional: load if present; none. */
export type AuthMode = 'required' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    auth: AuthInfo | null;
    /** Cached permission set of this request (see permission/service). */
    permsPromise: Promise<PermissionSet> | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Also accept `?token=` (GET user/info for /home?token=, images in <img src>). */
    tokenQuery?: boolean;
  }
  interface FastifyInstance {
    deps: Deps;
  }
}

export function requireAuth(auth: AuthInfo | null): AuthInfo {
  if (!auth) throw new Error('route needs auth: required');
  return auth;
}
