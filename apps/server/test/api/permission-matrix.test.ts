import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The permission matrix of every operation under `/api/` in the OpenAPI document, so a new endpoint
 * is in the matrix the day it is written:
 * - called without a token, each answers 600, unless it is listed below as public;
 * - called by a signed-in user who holds no permission at all, each answers 403 and changes nothing
 *   (unless it is listed below as open to every signed-in user);
 * - called by the administrator with another tenant's ids, each answers 404 and changes nothing;
 * - with bad input, each answers 400 with a message per field in the caller's language.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  path: string;
  /** Body properties and their JSON-schema types (writes). */
  props: Record<string, string>;
}

/**
 * Public calls: they answer without a session (every other call answers 600 without a token).
 * They are checked by their own rules: a password, or WeChat's signature.
 */
const PUBLIC = new Set([
  // Signing in.
  'POST /api/sys/login',
  'POST /api/oauth/Login',
  // Browsers report their own errors, signed in or not (rate-limited).
  'POST /api/system/Log/client-error',
  // The load balancer's health check.
  'GET /api/health',
  // WeChat's servers call it without a session, signed with the official account's token.
  'GET /api/sys/wxUser/callback',
  'POST /api/sys/wxUser/callback',
]);

/**
 * Calls every signed-in user may make without a permission code: their own session, profile,
 * messages and files, and the reference data every screen needs. Each is scoped to the caller
 * (their user, or their tenant) by the service, not by a grant.
 */
const SIGNED_IN = new Set([
  // Unlocking the caller's own locked session with their password.
  'POST /api/sys/LockScreen',
  'POST /api/oauth/LockScreen',
  'POST /api/sys/logout',
  'GET /api/sys/user/info',
  'GET /api/sys/menu-ent/nav',
  'POST /api/sys/user/login/updatePwd',
  'GET /api/sys/dept/subCompany/{id}',
  'POST /api/sys/dept/switchCompany',
  'GET /api/permission/Users/Current/BaseInfo',
  'PUT /api/permission/Users/Current/BaseInfo',
  'POST /api/permission/Users/Current/Actions/ModifyPassword',
  'PUT /api/permission/Users/Current/SystemTheme',
  'PUT /api/permission/Users/Current/Avatar/{name}',
  'GET /api/permission/Users/Current/Subordinate',
  'GET /api/permission/Users/Current/Authorize',
  'GET /api/permission/Users/Current/SystemLog',
  // Reference data the client loads at start-up: enums, dictionaries and configs of the tenant.
  'GET /api/common/enums',
  'GET /api/common/get-conf-dist',
  'GET /api/common/get-sys-dist',
  'GET /api/common/get-base-dist',
  'GET /api/common/get-sys-config',
  'GET /api/common/get-base-config',
  // The caller's own internal messages and their unread counts.
  'GET /api/message',
  'GET /api/message/ReadInfo/{id}',
  'POST /api/message/Actions/Read',
  'POST /api/message/Actions/ReadAll',
  'DELETE /api/message/Record',
  'GET /api/message/UnreadCount',
  // The mail centre over the same rows (the service admits the tenant's staff only).
  'GET /api/base/mail/list',
  'GET /api/base/mail/oneTolist',
  'GET /api/base/mail/queryLastMailList',
  'POST /api/base/mail/batchUpdateReadStatus',
  // Announcements released to the caller, and marking one read.
  'GET /api/message/Notice/Unread',
  'PUT /api/message/Notice/Read/{id}',
  // Chat: recent conversations, and the contacts (everyone may talk to the staff of the tenant).
  'GET /api/message/imreply',
  'GET /api/permission/Users/ImUser',
  'POST /api/permission/Users/ImUser/Selector/{id}',
  // Uploads (avatars, chat images) and reading them back, in the caller's tenant's folder.
  'POST /api/file/Uploader/{type}',
  'GET /api/file/Image/{type}/{name}',
  // The WeChat bind QR code names the caller: every user binds their own account…
  'GET /api/sys/wxUser/getWxQrCode',
  // …and sees and removes their own binding.
  'GET /api/sys/wxUser/bindState',
  'DELETE /api/sys/wxUser/bind',
]);

/** Calls that need no permission code: public, or open to every signed-in user. */
const OPEN_TO_EVERY_USER = new Set([...PUBLIC, ...SIGNED_IN]);

/** Tables whose rows the matrix must leave as they were (logs and session clocks change by design). */
const WATCHED = [
  'sys_dept',
  'sys_user',
  'sys_position',
  'sys_role',
  'user_role',
  'user_position',
  'sys_grant',
  'sys_menu',
  'sys_menu_button',
  'sys_menu_column',
  'sys_menu_data_rule',
  'sys_notice',
  'sys_notice_ent',
  'sys_notice_read',
  'sys_wx_user',
  'sys_message',
  'im_message',
  'im_conversation',
];

let t: TestApp;
let admin: string;
let nobody: string;
let routes: Route[];
let ours: { tenantId: string; head: string; purchase: string; menu: string; role: string; buyer: string };
let theirs: {
  tenantId: string;
  head: string;
  east: string;
  purchase: string;
  buyer: string;
  role: string;
  position: string;
  menu: string;
  button: string;
  column: string;
  dataRule: string;
  session: string;
  notice: string;
  message: string;
};
/** An internal message of another user of our tenant (the buyer's). */
let buyersMessage: string;

const en = { 'accept-language': 'en-US' };

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of WATCHED) {
    const row = await sql<{ n: string; h: string | null }>`
      select count(*) as n, md5(string_agg(x::text, '|' order by x::text)) as h from ${sql.table(table)} x`.execute(
      t.db,
    );
    out[table] = `${row.rows[0]?.n}:${row.rows[0]?.h}`;
  }
  // Sessions: which are live (last-seen clocks move with every request).
  const live = await sql<{ ids: string | null }>`
    select string_agg(id::text, ',' order by id) as ids from sys_session where ended_at is null`.execute(
    t.db,
  );
  out.sys_session = live.rows[0]?.ids ?? '';
  return out;
}

function call(
  method: Method,
  url: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const payload = method === 'GET' ? undefined : (body ?? {});
  return t.request<{ fields?: Record<string, string> }>({
    method,
    url,
    headers: { token, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A route's path with our own tenant's ids in its parameters. */
const fillPath = (path: string) =>
  path
    .replace('{tenantId}', ours.tenantId)
    .replace('{objectType}', 'role')
    .replace('{objectId}', ours.role)
    .replace('{type}', 'avatar')
    .replace('{name}', 'x.png')
    .replace('{id}', ours.buyer);

const idOf = async (query: Promise<{ id: string } | undefined>) => String((await query)?.id);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await t.login('admin', 'admin123');
  const spec = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: {
            content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }>;
          };
        }
      >
    >;
  };
  routes = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(() => path.startsWith('/api/'))
      .map(([method, op]) => ({
        method: method.toUpperCase() as Method,
        path,
        props: Object.fromEntries(
          Object.entries(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}).map(
            ([k, v]) => [k, v.type ?? 'any'],
          ),
        ),
      })),
  );

  const tenantId = String(
    (
      await t.db
        .selectFrom('sys_user')
        .select('tenant_id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).tenant_id,
  );
  const dept = (tid: string, code: string) =>
    idOf(
      t.db
        .selectFrom('sys_dept')
        .select('id')
        .where('tenant_id', '=', tid)
        .where('en_code', '=', code)
        .executeTakeFirst(),
    );
  const menuOf = (tid: string) =>
    idOf(
      t.db
        .selectFrom('sys_menu')
        .select('id')
        .where('tenant_id', '=', tid)
        .where('menu_perms', '=', 'permission.user')
        .executeTakeFirst(),
    );
  const roleOf = (tid: string) =>
    idOf(
      t.db
        .selectFrom('sys_role')
        .select('id')
        .where('tenant_id', '=', tid)
        .where('en_code', '=', 'buyer')
        .executeTakeFirst(),
    );
  ours = {
    tenantId,
    head: await dept(tenantId, 'head'),
    purchase: await dept(tenantId, 'purchase'),
    menu: await menuOf(tenantId),
    role: await roleOf(tenantId),
    buyer: await idOf(
      t.db.selectFrom('sys_user').select('id').where('account', '=', 'buyer').executeTakeFirst(),
    ),
  };

  // A staff user of the tenant who holds nothing.
  const created = await t.post(
    '/api/permission/Users',
    {
      account: 'nobody',
      realName: '无权限',
      mobile: '13912345601',
      password: 'nobody123',
      deptId: ours.purchase,
    },
    admin,
  );
  expect(created.body.code).toBe(0);
  nobody = await t.login('nobody', 'nobody123');

  const other = await t.seedOtherTenant('t2');
  const t2admin = await t.login('t2admin', 'admin123');
  const t2menu = await menuOf(other.tenantId);
  const child = (table: 'sys_menu_button' | 'sys_menu_column' | 'sys_menu_data_rule') =>
    idOf(t.db.selectFrom(table).select('id').where('menu_id', '=', t2menu).executeTakeFirst());
  const column = await t.db
    .insertInto('sys_menu_column')
    .values({
      tenant_id: other.tenantId,
      menu_id: t2menu,
      en_code: 'permission.user.zz',
      full_name: 'zz',
      order_num: 9,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const notice = await t.post<{ id: string }>(
    '/api/system/Notice',
    { noticeTitle: 't2', noticeBody: '<p>x</p>', audience: 'staff' },
    t2admin,
  );
  theirs = {
    tenantId: other.tenantId,
    head: other.depts.head ?? '',
    east: other.depts.east ?? '',
    purchase: other.depts.purchase ?? '',
    buyer: other.users.buyer,
    role: await roleOf(other.tenantId),
    position: await idOf(
      t.db.selectFrom('sys_position').select('id').where('tenant_id', '=', other.tenantId).executeTakeFirst(),
    ),
    menu: t2menu,
    button: await child('sys_menu_button'),
    column: String(column.id),
    dataRule: await child('sys_menu_data_rule'),
    session: await idOf(
      t.db
        .selectFrom('sys_session')
        .select('id')
        .where('tenant_id', '=', other.tenantId)
        .where('ended_at', 'is', null)
        .executeTakeFirst(),
    ),
    notice: notice.body.data.id,
    message: '',
  };
  const message = (tenantId: string, userId: string) =>
    t.db
      .insertInto('sys_message')
      .values({
        tenant_id: tenantId,
        user_id: userId,
        type: 1,
        menu_title: 'matrix',
        body_text: 'matrix',
        url: '',
        bill_id: '',
        creator_name: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  theirs.message = (await message(theirs.tenantId, theirs.buyer)).id;
  buyersMessage = (await message(ours.tenantId, ours.buyer)).id;
  // WeChat bindings on both sides, so a call that wrongly drops one shows in the snapshot.
  await t.db
    .insertInto('sys_wx_user')
    .values([
      { user_id: ours.buyer, tenant_id: ours.tenantId, openid: 'o-matrix-ours' },
      { user_id: theirs.buyer, tenant_id: theirs.tenantId, openid: 'o-matrix-theirs' },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('permission matrix', () => {
  it('finds every endpoint under /api/ in the OpenAPI document, the allowed ones among them', () => {
    expect(routes.length).toBeGreaterThan(120);
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    for (const open of OPEN_TO_EVERY_USER) expect(keys).toContain(open);
    for (const group of ['permission', 'sys', 'system', 'message', 'base', 'common', 'file', 'oauth'])
      expect(keys.some((key) => key.includes(`/api/${group}/`))).toBe(true);
  });

  it('without a token every endpoint but the public ones answers 600 and changes nothing', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const res = await t.request({
        method: route.method,
        url: fillPath(route.path),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      if (PUBLIC.has(key) ? res.body.code === 600 : res.body.code !== 600)
        wrong.push(`${key} → ${res.status} ${res.body.code}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('every endpoint refuses a user without its code with 403 (暂无权限) and changes nothing', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (OPEN_TO_EVERY_USER.has(key)) continue;
      const res = await call(route.method, fillPath(route.path), nobody, {});
      if (res.body.code !== 403 || res.body.msg !== '暂无权限')
        wrong.push(`${key} → ${res.status} ${res.body.code}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("every endpoint given another tenant's ids answers 404 and changes nothing", async () => {
    const T = theirs;
    const dirBody = { menuName: 'X', menuPerms: 'zz.dir', menuType: 0 };
    const user = { realName: '某人', mobile: '13912345602' };
    const grants = { menu: [], button: [], column: [], data: [], app: [] };
    const item = (menuId: string) => ({ menuId, enCode: 'permission.user.zz2', fullName: 'zz' });
    const rule = (menuId: string) => ({
      menuId,
      enCode: 'permission.user.data.zz2',
      fullName: 'zz',
      ruleType: 'all',
    });
    /**
     * [route template, url, body]: the template ties the case to its endpoint. The file routes and
     * the avatar name no id: they look in the session's tenant's folder (current-user.test.ts shows
     * another tenant's image answering 404).
     */
    const cases: [string, string, unknown?][] = [
      ['GET /api/permission/Organize/{id}', `/api/permission/Organize/${T.head}`],
      [
        'PUT /api/permission/Organize/{id}',
        `/api/permission/Organize/${T.east}`,
        { deptName: 'X', enCode: 'zzorg' },
      ],
      ['DELETE /api/permission/Organize/{id}', `/api/permission/Organize/${T.east}`],
      [
        'PUT /api/permission/Organize/{id}/Actions/Move',
        `/api/permission/Organize/${T.east}/Actions/Move`,
        { parentId: ours.head },
      ],
      [
        'POST /api/permission/Organize',
        '/api/permission/Organize',
        { parentId: T.head, deptName: 'X', enCode: 'zzorg' },
      ],
      ['GET /api/permission/Department/{id}', `/api/permission/Department/${T.purchase}`],
      [
        'PUT /api/permission/Department/{id}',
        `/api/permission/Department/${T.purchase}`,
        { parentId: ours.head, deptName: 'X', enCode: 'zzdep' },
      ],
      ['DELETE /api/permission/Department/{id}', `/api/permission/Department/${T.purchase}`],
      [
        'POST /api/permission/Department',
        '/api/permission/Department',
        { parentId: T.head, deptName: 'X', enCode: 'zzdep' },
      ],
      ['GET /api/permission/Position/{id}', `/api/permission/Position/${T.position}`],
      [
        'PUT /api/permission/Position/{id}',
        `/api/permission/Position/${T.position}`,
        { deptId: ours.purchase, positionName: 'X', enCode: 'zzpos' },
      ],
      ['DELETE /api/permission/Position/{id}', `/api/permission/Position/${T.position}`],
      [
        'PUT /api/permission/Position/{id}/Actions/State',
        `/api/permission/Position/${T.position}/Actions/State`,
        { enabled: false },
      ],
      [
        'POST /api/permission/Position',
        '/api/permission/Position',
        { deptId: T.purchase, positionName: 'X', enCode: 'zzpos' },
      ],
      ['GET /api/permission/Users/{id}', `/api/permission/Users/${T.buyer}`],
      ['PUT /api/permission/Users/{id}', `/api/permission/Users/${T.buyer}`, user],
      ['DELETE /api/permission/Users/{id}', `/api/permission/Users/${T.buyer}`],
      ['PUT /api/permission/Users/{id}/Actions/Unlock', `/api/permission/Users/${T.buyer}/Actions/Unlock`],
      [
        'POST /api/permission/Users/{id}/Actions/ResetPassword',
        `/api/permission/Users/${T.buyer}/Actions/ResetPassword`,
        { password: 'abc12345' },
      ],
      [
        'PUT /api/permission/Users/{id}/Actions/State',
        `/api/permission/Users/${T.buyer}/Actions/State`,
        { enabled: false },
      ],
      [
        'POST /api/permission/Users',
        '/api/permission/Users',
        { ...user, account: 'zzu1', password: 'abc12345', deptId: T.purchase },
      ],
      [
        'POST /api/permission/Users',
        '/api/permission/Users',
        { ...user, account: 'zzu2', password: 'abc12345', roleIds: [T.role] },
      ],
      ['GET /api/permission/Users', `/api/permission/Users?deptId=${T.head}`],
      ['GET /api/sys/user/info/{id}', `/api/sys/user/info/${T.buyer}`],
      ['POST /api/sys/user/update', '/api/sys/user/update', { ...user, id: T.buyer }],
      ['GET /api/sys/user/list', `/api/sys/user/list?deptId=${T.head}`],
      ['GET /api/sys/role/info/{id}', `/api/sys/role/info/${T.role}`],
      ['POST /api/sys/role/update', '/api/sys/role/update', { id: T.role, roleName: 'X', enCode: 'zzrole' }],
      ['POST /api/sys/role/delete', '/api/sys/role/delete', { id: T.role }],
      [
        'PUT /api/permission/Role/{id}/Actions/State',
        `/api/permission/Role/${T.role}/Actions/State`,
        { enabled: false },
      ],
      ['POST /api/sys/role/addUsers', '/api/sys/role/addUsers', { roleId: T.role, userIds: [ours.buyer] }],
      ['POST /api/sys/role/addUsers', '/api/sys/role/addUsers', { roleId: ours.role, userIds: [T.buyer] }],
      ['POST /api/sys/role/removeUsers', '/api/sys/role/removeUsers', { roleId: T.role, userIds: [T.buyer] }],
      ['GET /api/sys/role/userList', `/api/sys/role/userList?roleId=${T.role}`],
      ['GET /api/sys/role/select/{tenantId}', `/api/sys/role/select/${T.tenantId}`],
      [
        'GET /api/permission/Authority/Data/{objectType}/{objectId}',
        `/api/permission/Authority/Data/role/${T.role}`,
      ],
      [
        'PUT /api/permission/Authority/Data/{objectType}/{objectId}',
        `/api/permission/Authority/Data/role/${T.role}`,
        grants,
      ],
      [
        'PUT /api/permission/Authority/Data/{objectType}/{objectId}',
        `/api/permission/Authority/Data/role/${ours.role}`,
        { ...grants, menu: [T.menu] },
      ],
      ['GET /api/system/Menu/{id}', `/api/system/Menu/${T.menu}`],
      ['PUT /api/system/Menu/{id}', `/api/system/Menu/${T.menu}`, dirBody],
      ['DELETE /api/system/Menu/{id}', `/api/system/Menu/${T.menu}`],
      [
        'PUT /api/system/Menu/{id}/Actions/State',
        `/api/system/Menu/${T.menu}/Actions/State`,
        { enabled: false },
      ],
      ['PUT /api/system/Menu/{id}/Actions/Sort', `/api/system/Menu/${T.menu}/Actions/Sort`, { orderNum: 3 }],
      ['GET /api/system/ModuleButton', `/api/system/ModuleButton?menuId=${T.menu}`],
      ['POST /api/system/ModuleButton', '/api/system/ModuleButton', item(T.menu)],
      ['PUT /api/system/ModuleButton/{id}', `/api/system/ModuleButton/${T.button}`, item(ours.menu)],
      ['DELETE /api/system/ModuleButton/{id}', `/api/system/ModuleButton/${T.button}`],
      ['GET /api/system/ModuleColumn', `/api/system/ModuleColumn?menuId=${T.menu}`],
      ['POST /api/system/ModuleColumn', '/api/system/ModuleColumn', item(T.menu)],
      ['PUT /api/system/ModuleColumn/{id}', `/api/system/ModuleColumn/${T.column}`, item(ours.menu)],
      ['DELETE /api/system/ModuleColumn/{id}', `/api/system/ModuleColumn/${T.column}`],
      ['GET /api/system/ModuleDataAuthorize', `/api/system/ModuleDataAuthorize?menuId=${T.menu}`],
      ['POST /api/system/ModuleDataAuthorize', '/api/system/ModuleDataAuthorize', rule(T.menu)],
      [
        'PUT /api/system/ModuleDataAuthorize/{id}',
        `/api/system/ModuleDataAuthorize/${T.dataRule}`,
        rule(ours.menu),
      ],
      ['DELETE /api/system/ModuleDataAuthorize/{id}', `/api/system/ModuleDataAuthorize/${T.dataRule}`],
      ['DELETE /api/permission/OnlineUser/{id}', `/api/permission/OnlineUser/${T.session}`],
      [
        'POST /api/permission/OnlineUser/Actions/ForceOffline',
        '/api/permission/OnlineUser/Actions/ForceOffline',
        { ids: [T.session] },
      ],
      ['GET /api/system/Notice/{id}', `/api/system/Notice/${T.notice}`],
      [
        'PUT /api/system/Notice/{id}',
        `/api/system/Notice/${T.notice}`,
        { noticeTitle: 'X', noticeBody: '', audience: 'staff' },
      ],
      ['DELETE /api/system/Notice/{id}', `/api/system/Notice/${T.notice}`],
      ['PUT /api/system/Notice/{id}/Actions/Release', `/api/system/Notice/${T.notice}/Actions/Release`],
      ['PUT /api/system/Notice/{id}/Actions/Withdraw', `/api/system/Notice/${T.notice}/Actions/Withdraw`],
      ['GET /api/message/ReadInfo/{id}', `/api/message/ReadInfo/${T.message}`],
      // Another user's message of the same tenant is not the caller's either.
      ['GET /api/message/ReadInfo/{id}', `/api/message/ReadInfo/${buyersMessage}`],
      ['PUT /api/message/Notice/Read/{id}', `/api/message/Notice/Read/${T.notice}`],
      ['GET /api/sys/dept/subCompany/{id}', `/api/sys/dept/subCompany/${T.head}`],
      ['POST /api/permission/Users/ImUser/Selector/{id}', `/api/permission/Users/ImUser/Selector/${T.buyer}`],
      ['GET /api/sys/dept/getDeptSubAll', `/api/sys/dept/getDeptSubAll?deptId=${T.head}`],
      ['GET /api/sys/post/queryDeptPostTree', `/api/sys/post/queryDeptPostTree?tenantId=${T.tenantId}`],
      ['POST /api/sys/postStaff/userList', '/api/sys/postStaff/userList', { deptId: T.purchase }],
      ['POST /api/sys/postStaff/userList', '/api/sys/postStaff/userList', { positionId: T.position }],
    ];
    // Every endpoint with an id in its path has a case here.
    const covered = new Set(cases.map(([key]) => key));
    const uncovered = routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => /\{(id|objectId|tenantId)\}/.test(key) && !PUBLIC.has(key) && !covered.has(key));
    expect(uncovered).toEqual([]);

    const before = await snapshot();
    const wrong: string[] = [];
    for (const [key, url, body] of cases) {
      const res = await call(key.split(' ')[0] as Method, url, admin, body);
      if (res.body.code !== 404) wrong.push(`${key} (${url}) → ${res.body.code} ${res.body.msg}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('every write answers bad input with 400 and a message per field, in the caller’s language', async () => {
    const wrongValue: Record<string, unknown> = {
      string: { not: 'a string' },
      integer: 'not a number',
      number: 'not a number',
      boolean: 'not a boolean',
      array: 'not a list',
      object: 'not an object',
    };
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const url = fillPath(route.path);
      const typed = Object.entries(route.props).filter(([, type]) => type in wrongValue);
      if (typed.length > 0 && route.method !== 'GET') {
        const body = Object.fromEntries(typed.map(([name, type]) => [name, wrongValue[type]]));
        const res = await call(route.method, url, admin, body, en);
        const fields = Object.keys(res.body.data?.fields ?? {});
        const messages = Object.values(res.body.data?.fields ?? {});
        if (
          res.body.code !== 400 ||
          fields.length === 0 ||
          !fields.every((f) => (f.split('.')[0] ?? '') in route.props) ||
          messages.some((m) => !m || /[\u4e00-\u9fff]/.test(m))
        )
          wrong.push(`${key} body → ${res.body.code} ${JSON.stringify(res.body.data)}`);
      }
      if (route.path.includes('{id}') && !OPEN_TO_EVERY_USER.has(key)) {
        const body = route.method === 'GET' ? undefined : {};
        const res = await call(route.method, route.path.replace('{id}', 'not-an-id'), admin, body);
        if (res.body.code !== 400 || !res.body.data?.fields?.id) wrong.push(`${key} id → ${res.body.code}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
