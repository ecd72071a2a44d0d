import {
  type AuthorizeObject,
  type GrantIds,
  type GrantItemType,
  type GrantNode,
  type GrantObjectType,
  type GrantTrees,
  type Locale,
  nameInLocale,
} from '@srm/contracts';

import { type Kysely, sql, type Transaction } from 'kysely';
import { heldGrant } from '../core/access';
import type { AuthInfo } from '../core/context';
import { forbidden, notFound } from '../core/errors';
import { likePattern } from '../core/sql';
import type { Database } from '../db/types';

type Db = Kysely<Database> | Transaction<Database>;
type ChildType = 'button' | 'column' | 'data';

interface MenuRow {
  id: string;
  parent_id: string;
  menu_name: string;
  menu_name_en: string;
  menu_name_tw: string;
  menu_perms: string;
  menu_type: number;
  category: 'web' | 'app';
}
interface ChildRow {
  id: string;
  menu_id: string;
  en_code: string;
  full_name: string;
}

/** Every grantable item of a tenant: menus (web and app) and the buttons, columns and data rules of pages. */
export interface TenantItems {
  menus: MenuRow[];
  button: ChildRow[];
  column: ChildRow[];
  data: ChildRow[];
}

export const emptyGrantIds = (): GrantIds => ({ menu: [], button: [], column: [], data: [], app: [] });

export async function loadTenantItems(db: Db, tenantId: string): Promise<TenantItems> {
  const children = (table: 'sys_menu_button' | 'sys_menu_column') =>
    db
      .selectFrom(table)
      .select(['id', 'menu_id', 'en_code', 'full_name'])
      .where('tenant_id', '=', tenantId)
      .orderBy('order_num')
      .orderBy('id')
      .execute();
  const [menus, button, column, data] = await Promise.all([
    db
      .selectFrom('sys_menu')
      .select([
        'id',
        'parent_id',
        'menu_name',
        'menu_name_en',
        'menu_name_tw',
        'menu_perms',
        'menu_type',
        'category',
      ])
      .where('tenant_id', '=', tenantId)
      .orderBy('order_num')
      .orderBy('id')
      .execute(),
    children('sys_menu_button'),
    children('sys_menu_column'),
    db
      .selectFrom('sys_menu_data_rule')
      .select(['id', 'menu_id', 'en_code', 'full_name'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute(),
  ]);
  const str = <T extends { id: string }>(rows: T[]) => rows.map((r) => ({ ...r, id: String(r.id) }));
  return {
    menus: str(menus).map((m) => ({ ...m, parent_id: String(m.parent_id) })),
    button: str(button).map((b) => ({ ...b, menu_id: String(b.menu_id) })),
    column: str(column).map((c) => ({ ...c, menu_id: String(c.menu_id) })),
    data: str(data).map((d) => ({ ...d, menu_id: String(d.menu_id) })),
  };
}

function menuTitle(m: MenuRow, locale: Locale): string {
  return nameInLocale(locale, m.menu_name, m.menu_name_en, m.menu_name_tw);
}

/**
 * The five trees. Menu and app tabs: the menus of that category. Button, column and data tabs: the
 * web menus as grouping nodes with each page's items under it, pruned to branches holding items.
 * `keep` filters the grantable items (the current user's own tree); ancestors of kept items stay.
 */
export function buildTrees(
  items: TenantItems,
  locale: Locale,
  keep?: (type: GrantItemType, id: string) => boolean,
): GrantTrees {
  const byParent = new Map<string, MenuRow[]>();
  for (const m of items.menus) {
    const list = byParent.get(m.parent_id) ?? [];
    list.push(m);
    byParent.set(m.parent_id, list);
  }
  const menuNode = (m: MenuRow, children: GrantNode[]): GrantNode => ({
    key: `menu:${m.id}`,
    id: m.id,
    itemType: 'menu',
    title: menuTitle(m, locale),
    enCode: m.menu_perms,
    menuType: m.menu_type,
    children: children.length ? children : null,
  });

  const menuTree = (category: 'web' | 'app', tab: 'menu' | 'app') => {
    const walk = (parentId: string, depth: number): GrantNode[] =>
      (byParent.get(parentId) ?? [])
        .filter((m) => m.category === category)
        .flatMap((m) => {
          const children = depth < 10 ? walk(m.id, depth + 1) : [];
          if (keep && !keep(tab, m.id) && children.length === 0) return [];
          return [menuNode(m, children)];
        });
    return walk('0', 0);
  };

  const childTree = (type: ChildType) => {
    const byMenu = new Map<string, ChildRow[]>();
    for (const row of items[type]) {
      if (keep && !keep(type, row.id)) continue;
      const list = byMenu.get(row.menu_id) ?? [];
      list.push(row);
      byMenu.set(row.menu_id, list);
    }
    const walk = (parentId: string, depth: number): GrantNode[] =>
      (byParent.get(parentId) ?? [])
        .filter((m) => m.category === 'web')
        .flatMap((m) => {
          const leaves: GrantNode[] = (byMenu.get(m.id) ?? []).map((row) => ({
            key: `${type}:${row.id}`,
            id: row.id,
            itemType: type,
            title: row.full_name,
            enCode: row.en_code,
            menuType: null,
            children: null,
          }));
          const children = [...leaves, ...(depth < 10 ? walk(m.id, depth + 1) : [])];
          return children.length ? [menuNode(m, children)] : [];
        });
    return walk('0', 0);
  };

  return {
    menu: menuTree('web', 'menu'),
    button: childTree('button'),
    column: childTree('column'),
    data: childTree('data'),
    app: menuTree('app', 'app'),
  };
}

/** 404 unless the role, position or live user belongs to the tenant. */
export async function assertObjectOfTenant(
  db: Db,
  tenantId: string,
  objectType: GrantObjectType,
  objectId: string,
): Promise<void> {
  const table = objectType === 'role' ? 'sys_role' : objectType === 'position' ? 'sys_position' : 'sys_user';
  let q = db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('id', '=', objectId);
  if (table === 'sys_user') q = q.where('deleted', '=', false);
  if (!(await q.executeTakeFirst())) throw notFound();
}

/** The object's own grants (not what it inherits), by tab. */
export async function loadObjectGrants(
  db: Db,
  tenantId: string,
  objectType: GrantObjectType,
  objectId: string,
): Promise<GrantIds> {
  const rows = await db
    .selectFrom('sys_grant')
    .select(['item_type', 'item_id'])
    .where('tenant_id', '=', tenantId)
    .where('object_type', '=', objectType)
    .where('object_id', '=', objectId)
    .orderBy('id')
    .execute();
  const ids = emptyGrantIds();
  for (const row of rows) ids[row.item_type].push(String(row.item_id));
  return ids;
}

/**
 * Checks every id against the tenant's items of its tab (404 for an unknown or foreign id) and adds
 * the directory ancestors of granted menus: a page under an ungranted directory would stay hidden.
 */
export function normaliseGrants(items: TenantItems, body: GrantIds): GrantIds {
  const menus = new Map(items.menus.map((m) => [m.id, m]));
  const out = emptyGrantIds();
  for (const tab of ['menu', 'app'] as const) {
    const category = tab === 'menu' ? 'web' : 'app';
    const set = new Set<string>();
    for (const id of body[tab]) {
      let m = menus.get(id);
      if (!m || m.category !== category) throw notFound();
      for (let depth = 0; m && depth < 12 && !set.has(m.id); depth++) {
        set.add(m.id);
        m = menus.get(m.parent_id);
      }
    }
    out[tab] = [...set];
  }
  for (const tab of ['button', 'column', 'data'] as const) {
    const known = new Set(items[tab].map((r) => r.id));
    const set = new Set(body[tab]);
    for (const id of set) if (!known.has(id)) throw notFound();
    out[tab] = [...set];
  }
  return out;
}

/** Replaces the object's grant set (call inside a transaction). */
export async function replaceGrants(
  tx: Transaction<Database>,
  tenantId: string,
  objectType: GrantObjectType,
  objectId: string,
  grants: GrantIds,
): Promise<void> {
  await tx
    .deleteFrom('sys_grant')
    .where('tenant_id', '=', tenantId)
    .where('object_type', '=', objectType)
    .where('object_id', '=', objectId)
    .execute();
  const rows = (Object.keys(grants) as GrantItemType[]).flatMap((itemType) =>
    grants[itemType].map((itemId) => ({
      tenant_id: tenantId,
      item_type: itemType,
      item_id: itemId,
      object_type: objectType,
      object_id: objectId,
    })),
  );
  // Chunked: one statement's parameters stay well under the driver limit.
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insertInto('sys_grant')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

/** Item ids a user holds by tab: their own grants and those of their enabled roles and positions. */
export async function loadUserGrantIds(db: Db, tenantId: string, userId: string): Promise<GrantIds> {
  const rows = await sql<{ item_type: GrantItemType; item_id: string }>`
    select distinct g.item_type, g.item_id from sys_grant g where ${heldGrant(tenantId, userId)}`.execute(db);
  const ids = emptyGrantIds();
  for (const row of rows.rows) ids[row.item_type].push(String(row.item_id));
  return ids;
}

/** Roles, positions or live users of the tenant to choose from (keyword on name and code). */
export async function listObjects(
  db: Db,
  tenantId: string,
  objectType: GrantObjectType,
  keyword: string | undefined,
): Promise<AuthorizeObject[]> {
  const like = keyword ? likePattern(keyword) : undefined;
  const limit = 500;
  if (objectType === 'role') {
    let q = db
      .selectFrom('sys_role')
      .select(['id', 'role_name', 'en_code', 'enabled'])
      .where('tenant_id', '=', tenantId);
    if (like) q = q.where((eb) => eb.or([eb('role_name', 'ilike', like), eb('en_code', 'ilike', like)]));
    const rows = await q.orderBy('order_num').orderBy('id').limit(limit).execute();
    return rows.map((r) => ({
      id: String(r.id),
      name: r.role_name,
      code: r.en_code,
      extra: null,
      enabled: r.enabled,
    }));
  }
  if (objectType === 'position') {
    let q = db
      .selectFrom('sys_position as p')
      .leftJoin('sys_dept as d', 'd.id', 'p.dept_id')
      .select(['p.id', 'p.position_name', 'p.en_code', 'p.enabled', 'd.dept_name'])
      .where('p.tenant_id', '=', tenantId);
    if (like) {
      q = q.where((eb) => eb.or([eb('p.position_name', 'ilike', like), eb('p.en_code', 'ilike', like)]));
    }
    const rows = await q.orderBy('p.order_num').orderBy('p.id').limit(limit).execute();
    return rows.map((r) => ({
      id: String(r.id),
      name: r.position_name,
      code: r.en_code,
      extra: r.dept_name ?? null,
      enabled: r.enabled,
    }));
  }
  let q = db
    .selectFrom('sys_user as u')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .select(['u.id', 'u.real_name', 'u.account', 'u.enabled', 'd.dept_name'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted', '=', false);
  if (like) q = q.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.real_name', 'ilike', like)]));
  const rows = await q.orderBy('u.account').limit(limit).execute();
  return rows.map((r) => ({
    id: String(r.id),
    name: r.real_name || r.account,
    code: r.account,
    extra: r.dept_name ?? null,
    enabled: r.enabled,
  }));
}

/** What `after` grants that `before` did not, by tab. */
export function addedGrants(before: GrantIds, after: GrantIds): GrantIds {
  const out = emptyGrantIds();
  for (const tab of Object.keys(out) as GrantItemType[]) {
    const had = new Set(before[tab]);
    out[tab] = after[tab].filter((id) => !had.has(id));
  }
  return out;
}

/** The items that these roles and positions carry (their own grants), by tab. */
async function grantsOfObjects(
  db: Db,
  tenantId: string,
  objects: { roleIds: readonly string[]; positionIds: readonly string[] },
): Promise<GrantIds> {
  const ids = emptyGrantIds();
  if (objects.roleIds.length === 0 && objects.positionIds.length === 0) return ids;
  const rows = await db
    .selectFrom('sys_grant')
    .select(['item_type', 'item_id'])
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        // '0' is no object: it keeps `in (…)` valid when one of the lists is empty.
        eb.and([eb('object_type', '=', 'role'), eb('object_id', 'in', ['0', ...objects.roleIds])]),
        eb.and([eb('object_type', '=', 'position'), eb('object_id', 'in', ['0', ...objects.positionIds])]),
      ]),
    )
    .execute();
  for (const row of rows) ids[row.item_type].push(String(row.item_id));
  return ids;
}

/**
 * No escalation: someone who is not the tenant administrator may hand out — by grants, roles or
 * positions — only items they hold themselves. Anything else answers 403 and nothing changes.
 */
export async function assertCallerHolds(db: Db, auth: AuthInfo, handedOut: GrantIds): Promise<void> {
  if (auth.isAdmin) return;
  const tabs = Object.keys(handedOut) as GrantItemType[];
  if (tabs.every((tab) => handedOut[tab].length === 0)) return;
  const held = await loadUserGrantIds(db, auth.tenantId, auth.userId);
  for (const tab of tabs) {
    const mine = new Set(held[tab]);
    if (handedOut[tab].some((id) => !mine.has(id))) throw forbidden();
  }
}

/** No escalation through membership: the roles and positions given must carry only what the caller holds. */
export async function assertCallerHoldsObjects(
  db: Db,
  auth: AuthInfo,
  objects: { roleIds: readonly string[]; positionIds: readonly string[] },
): Promise<void> {
  if (auth.isAdmin) return;
  await assertCallerHolds(db, auth, await grantsOfObjects(db, auth.tenantId, objects));
}
