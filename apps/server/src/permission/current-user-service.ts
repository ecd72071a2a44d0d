import {
  type CurrentUser,
  type Locale,
  type NavResult,
  parseUiSettings,
  type RoutePermission,
  type ServerMenuItem,
  type systemThemeBodySchema,
  VENDOR_PORTAL_MENU,
} from '@srm/contracts';
import { sql, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { PermissionSet } from '../core/access';
import { keyPerObject } from '../core/cache';
import type { AuthInfo } from '../core/context';
import { notFound } from '../core/errors';
import { homePortal } from '../core/home-page';
import { countPermissionsHit, keptPermissions, type ServiceContext } from '../core/service-context';
import { StoredAnswer } from '../core/stored-answer';
import { prepared } from '../db/prepared';
import type { Database } from '../db/types';
import { companyOfDept, loadDepts } from '../org/org-tree';

// The tenant's menu as the nav needs it: three queries compiled once.
const selectNavMenus = prepared((db, p: { tenantId: string }) =>
  db
    .selectFrom('sys_menu')
    .selectAll()
    .where('tenant_id', '=', p.tenantId)
    .where('enabled', '=', true)
    .where('category', '=', 'web')
    .orderBy('order_num')
    .orderBy('id'),
);
/** The buttons or the columns of the tenant's pages. */
const selectNavItems = (table: 'sys_menu_button' | 'sys_menu_column') =>
  prepared((db, p: { tenantId: string }) =>
    db
      .selectFrom(table)
      .select(['id', 'menu_id', 'en_code', 'full_name'])
      .where('tenant_id', '=', p.tenantId)
      .orderBy('order_num')
      .orderBy('id'),
  );
const selectNavButtons = selectNavItems('sys_menu_button');
const selectNavColumns = selectNavItems('sys_menu_column');

/** The signed-in user's row with enterprise and department names. */
export async function loadUser(ctx: ServiceContext) {
  const { db, auth } = ctx;
  const user = await db
    .selectFrom('sys_user as u')
    .innerJoin('ent as e', 'e.id', 'u.ent_id')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .select([
      'u.id',
      'u.account',
      'u.real_name',
      'u.mobile',
      'u.email',
      'u.head_icon',
      'u.is_admin',
      'u.theme',
      'u.language',
      'u.dept_id',
      'u.prev_login_time',
      'u.prev_login_ip',
      'u.prev_login_ip_name',
      'e.id as ent_id',
      'e.ent_name',
      'e.ent_type',
      'd.dept_name',
    ])
    .where('u.id', '=', auth.userId)
    .where('u.tenant_id', '=', auth.tenantId)
    .executeTakeFirst();
  if (!user) throw notFound();
  return user;
}

/** Stored answers live until a version moves; this only bounds the memory of idle ones. */
const ANSWER_TTL_MS = 10 * 60_000;

/** Writes the envelope of an answer as the route's compiled serializer does. */
export type Serialize<T> = (data: T) => ConstructorParameters<typeof StoredAnswer>[0];

/**
 * The user info answer, stored as bytes per user and session company under the tenant's cache
 * version (permissions, positions, departments) and the row versions of the user and their
 * enterprise read with the session (profile, language, theme, settings, sign-in history): the
 * next request after any of these changes builds it again, in every server process.
 */
export function currentUserAnswer(
  ctx: ServiceContext,
  serialize: Serialize<CurrentUser>,
): Promise<StoredAnswer> {
  return ctx.deps.cache.get(
    currentUserKey(ctx.auth),
    ctx.auth.cacheVersion,
    async () => new StoredAnswer(serialize(await currentUserInfo(ctx))),
    ANSWER_TTL_MS,
  );
}

/** `currentUserAnswer` when stored and current, without a promise; else undefined. */
export function keptCurrentUserAnswer(ctx: ServiceContext): StoredAnswer | undefined {
  return ctx.deps.cache.peek(currentUserKey(ctx.auth), ctx.auth.cacheVersion);
}

const currentUserKey = keyPerObject(
  (auth: AuthInfo) => `info:${auth.tenantId}:${auth.userId}:${auth.companyId ?? '-'}:${auth.rowVersion}`,
);

/** The signed-in user as the web's session store holds it. */
async function currentUserInfo(ctx: ServiceContext): Promise<CurrentUser> {
  const { db, auth } = ctx;
  const { cache } = ctx.deps;
  const { profile } = auth;
  if (!profile.entId) throw notFound();
  const version = auth.cacheVersion;
  const [perms, positions, depts, stored, portalId] = await Promise.all([
    ctx.permissions(),
    cache.get(`positions:${auth.tenantId}:${auth.userId}`, version, () =>
      db
        .selectFrom('user_position as up')
        .innerJoin('sys_position as p', 'p.id', 'up.position_id')
        .select('p.position_name')
        .where('up.user_id', '=', auth.userId)
        .where('up.tenant_id', '=', auth.tenantId)
        .orderBy('p.order_num')
        .execute(),
    ),
    cache.get(`depts:${auth.tenantId}`, version, () => loadDepts(db, auth.tenantId)),
    db.selectFrom('sys_user').select('ui_settings').where('id', '=', auth.userId).executeTakeFirst(),
    homePortal(ctx),
  ]);
  const company =
    depts.find((d) => d.id === auth.companyId && d.dept_type === 'company') ??
    companyOfDept(depts, auth.deptId);
  const info: CurrentUser = {
    id: auth.userId,
    userId: auth.userId,
    tenantId: auth.tenantId,
    userCode: auth.account,
    account: auth.account,
    userName: auth.realName,
    realName: auth.realName,
    deptId: auth.deptId ?? '0',
    deptName: profile.deptName ?? '',
    positionNames: positions.map((p) => p.position_name),
    ent: { id: profile.entId, entName: profile.entName ?? '', entType: profile.entType ?? 0 },
    headIcon: profile.headIcon,
    portalId,
    userMobile: profile.mobile,
    userEmail: profile.email,
    isAdministrator: auth.isAdmin,
    prevLogin: profile.prevLoginTime ? 1 : 0,
    prevLoginTime: profile.prevLoginTime ? new Date(profile.prevLoginTime).getTime() : null,
    prevLoginIPAddress: profile.prevLoginIp,
    prevLoginIPAddressName: profile.prevLoginIpName,
    subCompany: company ? { id: company.id, deptName: company.dept_name } : { id: '0', deptName: '' },
    theme: auth.theme,
    settings: parseUiSettings(stored?.ui_settings),
    language: auth.language,
    permsList: perms.codeList,
    // Binding completes only through the signed callback, which needs the token too.
    wxBindEnabled: Boolean(ctx.deps.config.wechatMp?.token),
  };
  return info;
}

/**
 * The nav answer (menu tree, per-page buttons and columns), stored as bytes under the tenant's
 * cache version per set of granted items: users holding the same grants (a role's members) share
 * one answer.
 */
export async function navAnswer(ctx: ServiceContext, serialize: Serialize<NavResult>): Promise<StoredAnswer> {
  const { auth } = ctx;
  const perms = await ctx.permissions();
  // A supplier's user sees its own menu, the vendor portal's directory; staff never see it.
  const supplierUser = auth.profile.entType === 2;
  return ctx.deps.cache.get(
    navKey(auth, perms),
    auth.cacheVersion,
    async () => new StoredAnswer(serialize(await buildNav(ctx, perms, supplierUser))),
    ANSWER_TTL_MS,
  );
}

/** `navAnswer` when it and the user's permissions are stored and current, without a promise. */
export function keptNavAnswer(ctx: ServiceContext): StoredAnswer | undefined {
  // Uncounted until the answer is there too: else navAnswer looks the set up again, and counts it.
  const perms = keptPermissions(ctx.deps, ctx.auth, false);
  const answer = perms && ctx.deps.cache.peek<StoredAnswer>(navKey(ctx.auth, perms), ctx.auth.cacheVersion);
  if (answer) countPermissionsHit(ctx.deps, ctx.auth);
  return answer;
}

const navKey = (auth: AuthInfo, perms: PermissionSet) =>
  (auth.profile.entType === 2 ? supplierNavKey : staffNavKey)(perms, auth.tenantId);
// A permission set belongs to one user of one tenant (cachedPermissions): one key each.
const staffNavKey = keyPerObject(
  (perms: PermissionSet, tenantId: string) => `nav:${tenantId}:${perms.fingerprint}:e`,
);
const supplierNavKey = keyPerObject(
  (perms: PermissionSet, tenantId: string) => `nav:${tenantId}:${perms.fingerprint}:s`,
);

/** The user's menu tree and per-page buttons and columns. */
async function buildNav(
  ctx: ServiceContext,
  perms: PermissionSet,
  supplierUser: boolean,
): Promise<NavResult> {
  const { db, auth } = ctx;
  const { menus, buttons, cols } = await ctx.deps.cache.get(
    `menu:${auth.tenantId}`,
    auth.cacheVersion,
    async () => {
      const [menus, buttons, cols] = await Promise.all([
        selectNavMenus(db, { tenantId: auth.tenantId }),
        selectNavButtons(db, { tenantId: auth.tenantId }),
        selectNavColumns(db, { tenantId: auth.tenantId }),
      ]);
      return { menus, buttons, cols };
    },
  );
  const portal = new Set(menus.filter((m) => m.menu_perms === VENDOR_PORTAL_MENU).map((m) => m.id));
  for (let size = 0; size !== portal.size; ) {
    size = portal.size;
    for (const m of menus) if (portal.has(m.parent_id)) portal.add(m.id);
  }
  const visible = menus.filter((m) => perms.ids.menu.has(m.id) && portal.has(m.id) === supplierUser);
  const byParent = new Map<string, typeof visible>();
  for (const m of visible) {
    const list = byParent.get(m.parent_id) ?? [];
    list.push(m);
    byParent.set(m.parent_id, list);
  }
  const build = (parentId: string, depth: number): ServerMenuItem[] =>
    (byParent.get(parentId) ?? []).map((m) => {
      const children = depth < 10 ? build(m.id, depth + 1) : [];
      return {
        id: m.id,
        parentId: m.parent_id,
        menuName: m.menu_name,
        menuNameEn: m.menu_name_en,
        menuNameTw: m.menu_name_tw,
        menuPerms: m.menu_perms,
        menuIcon: m.menu_icon,
        menuType: m.menu_type,
        menuUrl: m.menu_url,
        orderNum: m.order_num,
        linkTarget: m.link_target,
        propertyJson: m.property_json,
        category: m.category,
        children: children.length ? children : null,
      };
    });
  const menuList = build('0', 0);
  // Only menus reachable from the root are visible: a page under a hidden directory stays hidden.
  const reachable = new Set<string>();
  const walk = (items: ServerMenuItem[]) => {
    for (const item of items) {
      reachable.add(item.id);
      walk(item.children ?? []);
    }
  };
  walk(menuList);
  const permissionList: RoutePermission[] = visible
    .filter((m) => m.menu_type !== 0 && reachable.has(m.id))
    .map((m) => ({
      modelId: m.id,
      button: buttons
        .filter((b) => b.menu_id === m.id && perms.ids.button.has(b.id))
        .map((b) => ({ enCode: b.en_code, fullName: b.full_name })),
      column: cols
        .filter((c) => c.menu_id === m.id && perms.ids.column.has(c.id))
        .map((c) => ({ enCode: c.en_code, fullName: c.full_name })),
    }));
  return { menuList, permissionList };
}

/** Writes columns of the signed-in user's own row. */
export async function updateOwnUser(
  ctx: ServiceContext,
  set: Pick<Updateable<Database['sys_user']>, 'real_name' | 'mobile' | 'email' | 'head_icon'>,
): Promise<void> {
  await ctx.db
    .updateTable('sys_user')
    .set(set)
    .where('id', '=', ctx.userId)
    .where('tenant_id', '=', ctx.tenantId)
    .execute();
}

/** The theme, and the drawer's settings replaced as a whole (it sends every setting it has). */
/** The user's language: what his later messages (workflow, notices, pushes) are written in. */
export async function setOwnLanguage(ctx: ServiceContext, language: Locale): Promise<void> {
  await ctx.db
    .updateTable('sys_user')
    .set({ language })
    .where('id', '=', ctx.userId)
    .where('tenant_id', '=', ctx.tenantId)
    .where('language', '<>', language)
    .execute();
}

export async function setOwnTheme(
  ctx: ServiceContext,
  body: z.output<typeof systemThemeBodySchema>,
): Promise<void> {
  await ctx.db
    .updateTable('sys_user')
    .set({
      theme: body.theme,
      ...(body.settings && { ui_settings: sql`cast(${JSON.stringify(body.settings)} as jsonb)` }),
    })
    .where('id', '=', ctx.userId)
    .where('tenant_id', '=', ctx.tenantId)
    .execute();
}
