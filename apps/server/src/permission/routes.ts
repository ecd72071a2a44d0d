import {
  API,
  AuthorizeApi,
  baseInfoBodySchema,
  baseInfoSchema,
  type CurrentUser,
  currentAuthorizeSchema,
  currentUserSchema,
  envelope,
  loginLogSchema,
  modifyPasswordBodySchema,
  navResultSchema,
  pageOf,
  pageQuerySchema,
  parseUiSettings,
  type RoutePermission,
  type ServerMenuItem,
  systemThemeBodySchema,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { type AuthInfo, requireAuth } from '../core/context';
import { envelopeOk, page } from '../core/envelope';
import { notFound } from '../core/errors';
import { t } from '../core/i18n';
import { prepared } from '../db/prepared';
import { IMAGE_NAME, imageExists, imageUrl } from '../file/storage';
import { companyOfDept, loadDepts } from '../org/service';
import { pageLoginLogs, toLoginLog } from '../system/log-service';
import { buildTrees, loadTenantItems, loadUserGrantIds } from './authorize-service';
import { permissionsOf } from './service';
import { changeOwnPassword } from './user-service';

const nullData = envelope(z.null());

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

export const currentUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cache } = app.deps;

  const loadUser = async (auth: AuthInfo) => {
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
  };

  app.get(
    API.userInfo,
    {
      config: { tokenQuery: true },
      schema: {
        tags: ['session'],
        summary: 'The signed-in user (also accepts ?token= for /home?token=)',
        querystring: z.object({ token: z.string().optional() }).passthrough(),
        response: { 200: envelope(currentUserSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { profile } = auth;
      if (!profile.entId) throw notFound();
      const version = auth.cacheVersion;
      const [perms, positions, depts, stored] = await Promise.all([
        permissionsOf(request),
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
        portalId: '',
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
        wxBindEnabled: Boolean(app.deps.config.wechatMp?.token),
      };
      return envelopeOk(info);
    },
  );

  app.get(
    API.nav,
    {
      schema: {
        tags: ['session'],
        summary: 'The menu tree and per-page button/column permissions of the user',
        response: { 200: envelope(navResultSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const version = auth.cacheVersion;
      const perms = await permissionsOf(request);
      const nav = await cache.get(
        `nav:${auth.tenantId}:${auth.userId}:${auth.isAdmin ? 1 : 0}`,
        version,
        async () => {
          const { menus, buttons, cols } = await cache.get(`menu:${auth.tenantId}`, version, async () => {
            const [menus, buttons, cols] = await Promise.all([
              selectNavMenus(db, { tenantId: auth.tenantId }),
              selectNavButtons(db, { tenantId: auth.tenantId }),
              selectNavColumns(db, { tenantId: auth.tenantId }),
            ]);
            return { menus, buttons, cols };
          });
          const visible = menus.filter((m) => perms.ids.menu.has(m.id));
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
        },
      );
      return envelopeOk(nav);
    },
  );

  app.get(
    API.currentBaseInfo,
    { schema: { tags: ['current user'], response: { 200: envelope(baseInfoSchema) } } },
    async (request) => {
      const user = await loadUser(requireAuth(request.auth));
      return envelopeOk({
        id: user.id,
        account: user.account,
        realName: user.real_name,
        mobile: user.mobile,
        email: user.email,
        headIcon: user.head_icon,
        deptName: user.dept_name ?? '',
        entName: user.ent_name,
        theme: user.theme,
        language: user.language,
      });
    },
  );

  app.put(
    API.currentBaseInfo,
    { schema: { tags: ['current user'], body: baseInfoBodySchema, response: { 200: nullData } } },
    async (request) => {
      const auth = requireAuth(request.auth);
      await db
        .updateTable('sys_user')
        .set({ real_name: request.body.realName, mobile: request.body.mobile, email: request.body.email })
        .where('id', '=', auth.userId)
        .where('tenant_id', '=', auth.tenantId)
        .execute();
      return envelopeOk(null, t(request.locale, 'common.saved'));
    },
  );

  app.post(
    API.currentPassword,
    { schema: { tags: ['current user'], body: modifyPasswordBodySchema, response: { 200: nullData } } },
    async (request) => {
      await changeOwnPassword(db, request, request.body);
      return envelopeOk(null, t(request.locale, 'auth.passwordChanged'));
    },
  );

  app.put(
    API.currentTheme,
    { schema: { tags: ['current user'], body: systemThemeBodySchema, response: { 200: nullData } } },
    async (request) => {
      const auth = requireAuth(request.auth);
      await db
        .updateTable('sys_user')
        .set({
          theme: request.body.theme,
          // Replaced as a whole: the drawer sends every setting it has.
          ...(request.body.settings && {
            ui_settings: sql`cast(${JSON.stringify(request.body.settings)} as jsonb)`,
          }),
        })
        .where('id', '=', auth.userId)
        .where('tenant_id', '=', auth.tenantId)
        .execute();
      return envelopeOk(null, t(request.locale, 'common.saved'));
    },
  );

  app.get(
    API.currentSystemLog,
    {
      schema: {
        tags: ['current user'],
        summary: 'The signed-in user own sign-in log, newest first',
        querystring: pageQuerySchema,
        response: { 200: envelope(pageOf(loginLogSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { currentPage, pageSize, keyword } = request.query;
      const { rows, total } = await pageLoginLogs(
        db,
        { tenantId: auth.tenantId, userId: auth.userId, keyword },
        currentPage,
        pageSize,
      );
      return envelopeOk(
        page(
          rows.map((r) => toLoginLog(r, true, request.locale)),
          currentPage,
          pageSize,
          total,
        ),
      );
    },
  );

  app.get(
    AuthorizeApi.currentAuthorize,
    {
      schema: {
        tags: ['current user'],
        summary: 'The signed-in user own effective grants as read-only trees',
        response: { 200: envelope(currentAuthorizeSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const [items, held] = await Promise.all([
        loadTenantItems(db, auth.tenantId),
        loadUserGrantIds(db, auth.tenantId, auth.userId),
      ]);
      const sets = Object.fromEntries(Object.entries(held).map(([type, ids]) => [type, new Set(ids)]));
      return envelopeOk(
        buildTrees(items, request.locale, (type, id) => auth.isAdmin || !!sets[type]?.has(id)),
      );
    },
  );

  app.put(
    '/api/permission/Users/Current/Avatar/:name',
    {
      schema: {
        tags: ['current user'],
        summary: 'Sets the avatar to an uploaded userAvatar image (name from the upload)',
        params: z.object({ name: z.string().regex(IMAGE_NAME) }),
        response: { 200: envelope(z.object({ headIcon: z.string() })) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (!(await imageExists(app.deps.config.dataDir, auth.tenantId, 'userAvatar', request.params.name))) {
        throw notFound();
      }
      const headIcon = imageUrl('userAvatar', request.params.name);
      await db
        .updateTable('sys_user')
        .set({ head_icon: headIcon })
        .where('id', '=', auth.userId)
        .where('tenant_id', '=', auth.tenantId)
        .execute();
      return envelopeOk({ headIcon }, t(request.locale, 'common.saved'));
    },
  );
};
