import type { Locale } from '@srm/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { loadPermissions, type PermissionSet } from './access';
import { keyPerObject } from './cache';
import type { AuthInfo, Deps } from './context';

/** Where a call comes from: enough for sign-in, the logs and messages in the caller's language. */
export interface Origin {
  locale: Locale;
  /** The client address ('' when the caller is the server itself: a timer, a job). */
  ip: string;
  userAgent: string;
  /** Where the call logs (the request's logger, or the server's for a job). */
  log: FastifyBaseLogger;
}

/**
 * What a service needs to act for a user, without HTTP: a route builds it from the request
 * (`contextOf`), a timer, socket handler or job builds it from a session or a stored user.
 */
export interface ServiceContext extends Origin {
  /** The database, or the transaction the call is part of (see `withDb`). */
  db: Kysely<Database>;
  /** The application's shared services: caches, settings, realtime delivery, configuration. */
  deps: Deps;
  /** The acting user and their tenant (tenantId, userId, isAdmin, cache versions…). */
  auth: AuthInfo;
  tenantId: string;
  userId: string;
  /** The acting user's permissions, loaded once and cached under the tenant's cache version. */
  permissions(): Promise<PermissionSet>;
  /** The current time: one clock a test or a job can set. */
  now(): Date;
}

/** The permission set of a user, cached per user under the cache version read with the session. */
export function cachedPermissions(deps: Deps, auth: AuthInfo): Promise<PermissionSet> {
  return deps.cache.get(permissionsKey(auth), auth.cacheVersion, () => loadPermissions(deps.db, auth));
}

/**
 * `cachedPermissions` when loaded and current, without a promise; else undefined. `countHit`
 * false: the cache screen's hit is left for `countPermissionsHit`, once the set is used.
 */
export function keptPermissions(deps: Deps, auth: AuthInfo, countHit = true): PermissionSet | undefined {
  return deps.cache.peek(permissionsKey(auth), auth.cacheVersion, countHit);
}

/** The hit of a `keptPermissions(…, false)` whose set was used after all. */
export function countPermissionsHit(deps: Deps, auth: AuthInfo): void {
  deps.cache.countHit(permissionsKey(auth));
}

const permissionsKey = keyPerObject(
  (auth: AuthInfo) => `perms:${auth.tenantId}:${auth.userId}:${auth.isAdmin ? 1 : 0}`,
);

/** A context for `auth` acting from `origin` (a request, or the server itself). */
export function createContext(deps: Deps, auth: AuthInfo, origin: Origin): ServiceContext {
  let perms: Promise<PermissionSet> | null = null;
  return {
    ...origin,
    db: deps.db,
    deps,
    auth,
    tenantId: auth.tenantId,
    userId: auth.userId,
    permissions: () => {
      perms ??= cachedPermissions(deps, auth);
      return perms;
    },
    now: () => new Date(),
  };
}

/** The same context inside a transaction: the service's queries run on `db`. */
export function withDb(ctx: ServiceContext, db: Kysely<Database>): ServiceContext {
  return { ...ctx, db };
}

export function originOf(request: FastifyRequest): Origin {
  return {
    locale: request.locale,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    log: request.log,
  };
}

/** The service context of a signed-in request; its permissions are the request's own (shared with the route's guard). */
export function contextOf(request: FastifyRequest & { auth: AuthInfo }): ServiceContext {
  const ctx = createContext(request.server.deps, request.auth, originOf(request));
  ctx.permissions = () => {
    request.permsPromise ??= cachedPermissions(request.server.deps, request.auth);
    return request.permsPromise;
  };
  return ctx;
}
