import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/types';
import type { AuthInfo } from './context';
import { forbidden } from './errors';
import { cachedPermissions } from './service-context';

/** What a user may do: a tenant administrator holds everything of the tenant. */
export interface PermissionSet {
  isAdmin: boolean;
  /** Granted enCodes of menus, buttons and columns (permsList). */
  codes: Set<string>;
  /** The same codes sorted, made once with the (cached) set: user info answers them as they are. */
  codeList: string[];
  /** Granted item ids by type (for the admin: every id of the tenant). */
  ids: Record<'menu' | 'button' | 'column' | 'data', Set<string>>;
  /** Names the granted items (`admin`: all): users with equal sets share answers built from them (the nav). */
  fingerprint: string;
}

type ItemType = 'menu' | 'button' | 'column' | 'data';

type PermissionParams = { tenantId: string; userId: string; isAdmin: boolean };

/**
 * The condition on `sys_grant g` that a grant reaches a user: made to the user, or to one of the
 * user's enabled roles or positions, in the tenant.
 */
export function heldGrant(tenantId: string, userId: string) {
  return sql<boolean>`g.tenant_id = ${tenantId} and (
    (g.object_type = 'user' and g.object_id = ${userId})
    or (g.object_type = 'role' and g.object_id in (
      select ur.role_id from user_role ur join sys_role r on r.id = ur.role_id
        where ur.user_id = ${userId} and ur.tenant_id = ${tenantId} and r.enabled))
    or (g.object_type = 'position' and g.object_id in (
      select up.position_id from user_position up join sys_position p on p.id = up.position_id
        where up.user_id = ${userId} and up.tenant_id = ${tenantId} and p.enabled)))`;
}

/** One round trip, compiled once: the items of the tenant, all or those granted to the user. */
const selectPermissionItems = prepared((_db, p: PermissionParams) => {
  const { tenantId, userId } = p;
  return sql<{ item_type: ItemType; id: string; en_code: string }>`
    with granted as (
      select g.item_type, g.item_id from sys_grant g where ${heldGrant(tenantId, userId)}
    ), items as (
      select 'menu' as item_type, m.id, m.menu_perms as en_code from sys_menu m
        where m.tenant_id = ${tenantId} and m.enabled
      union all
      select 'button', b.id, b.en_code from sys_menu_button b join sys_menu m on m.id = b.menu_id
        where b.tenant_id = ${tenantId} and m.enabled
      union all
      select 'column', c.id, c.en_code from sys_menu_column c join sys_menu m on m.id = c.menu_id
        where c.tenant_id = ${tenantId} and m.enabled
      union all
      select 'data', d.id, d.en_code from sys_menu_data_rule d join sys_menu m on m.id = d.menu_id
        where d.tenant_id = ${tenantId} and m.enabled
    )
    select i.item_type, i.id, i.en_code from items i
      where ${p.isAdmin}::boolean
        or exists (select 1 from granted g where g.item_type = i.item_type and g.item_id = i.id)`;
});

/**
 * Every enabled menu item of the tenant with its code, filtered — unless the user is the tenant
 * administrator — to the items granted to the user directly, through enabled roles and through
 * enabled positions. One round trip.
 */
export async function loadPermissions(db: Kysely<Database>, auth: AuthInfo): Promise<PermissionSet> {
  const items = await selectPermissionItems(db, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    isAdmin: auth.isAdmin,
  });
  const set: PermissionSet = {
    isAdmin: auth.isAdmin,
    codes: new Set(),
    codeList: [],
    ids: { menu: new Set(), button: new Set(), column: new Set(), data: new Set() },
    fingerprint: 'admin',
  };
  for (const item of items) {
    set.ids[item.item_type].add(String(item.id));
    set.codes.add(item.en_code);
  }
  set.codeList = [...set.codes].sort();
  if (!auth.isAdmin) {
    const granted = items.map((i) => `${i.item_type[0]}${i.id}`).sort();
    set.fingerprint = createHash('sha256').update(granted.join(',')).digest('base64url');
  }
  return set;
}

/**
 * The request's permission set (shared, read-only): cached per user under the cache version read
 * with the session, so a change of grants, roles, positions or menus applies on the next request.
 */
export function permissionsOf(request: FastifyRequest): Promise<PermissionSet> {
  const auth = request.auth;
  if (!auth) throw new Error('permissionsOf needs a signed-in request');
  request.permsPromise ??= cachedPermissions(request.server.deps, auth);
  return request.permsPromise;
}

/** Whether the acting user holds `code` (the tenant administrator holds every code). */
export async function hasPerm(
  ctx: { permissions(): Promise<PermissionSet> },
  code: string,
): Promise<boolean> {
  const perms = await ctx.permissions();
  return perms.isAdmin || perms.codes.has(code);
}

/** preValidation/preHandler hook: 403 (暂无权限) unless the user holds `code`. */
export function requirePerm(code: string) {
  return async function permissionGuard(request: FastifyRequest): Promise<void> {
    const perms = await permissionsOf(request);
    if (!perms.isAdmin && !perms.codes.has(code)) throw forbidden();
  };
}

/** preValidation hook: 403 unless the user holds at least one of `codes` (a call several pages share). */
export function requireAnyPerm(...codes: string[]) {
  return async function anyPermissionGuard(request: FastifyRequest): Promise<void> {
    const perms = await permissionsOf(request);
    if (!perms.isAdmin && !codes.some((code) => perms.codes.has(code))) throw forbidden();
  };
}
