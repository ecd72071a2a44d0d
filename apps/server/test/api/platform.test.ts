import {
  PlatformApi,
  type PlatformBackupInfo,
  type PlatformLoginResult,
  type TenantRow,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createOperator } from '../../src/platform/index';
import { type ApiRoute, createTestApp, openApiRoutes, type TestApp, tenantIdOf } from '../helpers';

/**
 * The platform operator (docs/rules.md#platform-operator): an account outside every tenant, made from the
 * environment or by the command, with its own sessions and routes under /api/platform/. A tenant
 * administrator gets 403 on every one of them; the operator's token opens no tenant route.
 */
const en = { 'accept-language': 'en-US' };
const OPERATOR = { account: 'ops', password: 'Ops12345' };

let t: TestApp;
let admin: string;
let operator: string;

let platformRoutes: ApiRoute[];

const operatorLogin = (userName: string, passWord: string, newPassword?: string) =>
  t.post<PlatformLoginResult & { mustChangePassword?: boolean; fields?: Record<string, string> }>(
    PlatformApi.login,
    { userName, passWord, ...(newPassword ? { newPassword } : {}) },
    null,
    en,
  );

const newTenant = {
  code: 'acme',
  name: 'Acme 租户',
  entName: 'Acme 采购集团',
  adminAccount: 'acmeadmin',
  adminName: 'Acme 管理员',
  adminMobile: '13700000001',
  adminPassword: 'acme1234',
};

beforeAll(async () => {
  // The environment's operator (PLATFORM_OPERATOR, PLATFORM_OPERATOR_PASSWORD) is made at start.
  t = await createTestApp({ platformOperator: OPERATOR });
  admin = await t.login('admin', 'admin123');
  const res = await operatorLogin(OPERATOR.account, OPERATOR.password);
  expect(res.body.code).toBe(0);
  operator = res.body.data.token;
  platformRoutes = openApiRoutes(t.app, '/api/platform/');
});
afterAll(async () => {
  await t?.close();
});

const fill = (path: string, id: string) =>
  path.replace('{id}', id).replace('{name}', 'backup-20260101T000000Z-abcdef.tar.gz');

describe('platform operator account', () => {
  it('is named by the environment: PLATFORM_OPERATOR, with PLATFORM_OPERATOR_PASSWORD or a one-time one', () => {
    const env = { PLATFORM_OPERATOR: ' ops ', PLATFORM_OPERATOR_PASSWORD: 'Ops12345' };
    expect(loadConfig(env).platformOperator).toEqual(OPERATOR);
    expect(loadConfig({ PLATFORM_OPERATOR: 'ops' }).platformOperator).toEqual({ account: 'ops' });
    expect(loadConfig({}).platformOperator).toBeUndefined();
  });

  it('the command makes an operator with a one-time password that signs in only with a new one', async () => {
    const made = await createOperator(t.db, 'ops2');
    expect(made.created).toBe(true);
    expect(made.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await createOperator(t.db, 'ops2')).created).toBe(false);
    const once = made.password ?? '';
    const asked = await operatorLogin('ops2', once);
    expect(asked.body.code).toBe(400);
    expect(asked.body.data.mustChangePassword).toBe(true);
    expect(asked.body.data.fields?.newPassword).toMatch(/one-time password/);
    expect(asked.body.msg).toMatch(/one-time password/);
    const changed = await operatorLogin('ops2', once, 'newpass88');
    expect(changed.body.code).toBe(0);
    // The one-time password is spent; the new one signs in alone.
    expect((await operatorLogin('ops2', once)).body.code).toBe(400);
    expect((await operatorLogin('ops2', 'newpass88')).body.code).toBe(0);
  });

  it('refuses a wrong password, and a tenant user’s credentials', async () => {
    expect((await operatorLogin('ops', 'wrong111')).body.code).toBe(400);
    expect((await operatorLogin('admin', 'admin123')).body.code).toBe(400);
    // The operator is no tenant user: the tenant sign-in does not know him.
    const tenantSide = await t.post('/api/sys/login', { userName: 'ops', passWord: OPERATOR.password });
    expect(tenantSide.body.code).toBe(400);
  });

  it('gives the signed-in operator, and signs him out', async () => {
    const me = await t.get<{ account: string }>(PlatformApi.me, operator);
    expect(me.body.code).toBe(0);
    expect(me.body.data.account).toBe('ops');
    const other = (await operatorLogin('ops', OPERATOR.password)).body.data.token;
    expect((await t.post(PlatformApi.logout, undefined, other)).body.code).toBe(0);
    expect((await t.get(PlatformApi.me, other)).body.code).toBe(601);
  });
});

describe('the line between the platform and the tenants', () => {
  it('finds the platform routes in the OpenAPI document', () => {
    const keys = platformRoutes.map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/platform/login',
        'GET /api/platform/Tenants',
        'POST /api/platform/Tenants',
        'POST /api/platform/Tenants/{id}/Actions/Suspend',
        'GET /api/platform/Monitor',
        'GET /api/platform/CacheManage',
        'POST /api/platform/CacheManage/Actions/ClearAll',
        'GET /api/platform/Backup',
      ]),
    );
  });

  it('every platform route refuses a tenant administrator with 403, and answers 600 without a token', async () => {
    const tenantId = await tenantIdOf(t.db, 'admin');
    // He is his tenant's administrator, whom every tenant route admits.
    const flagged = await t.db
      .selectFrom('sys_user')
      .select('is_admin')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(flagged.is_admin).toBe(true);
    // What the operator sees, to show that nothing changed.
    const platformState = async () => {
      const backup = await t.get<PlatformBackupInfo>(PlatformApi.backup, operator);
      // (The database's size moves with every request's log.)
      const { backups, pendingRestore } = backup.body.data;
      return [(await t.get(PlatformApi.tenants, operator)).body.data, backups, pendingRestore];
    };
    const before = await platformState();
    const wrong: string[] = [];
    for (const route of platformRoutes) {
      const key = `${route.method} ${route.path}`;
      if (key === `POST ${PlatformApi.login}`) continue;
      const url = fill(route.path, tenantId);
      const payload = route.method === 'GET' ? {} : { payload: {} };
      const asAdmin = await t.request({ method: route.method, url, headers: { token: admin }, ...payload });
      if (asAdmin.body.code !== 403 || asAdmin.body.msg !== '暂无权限')
        wrong.push(`${key} admin → ${asAdmin.body.code}`);
      const anonymous = await t.request({ method: route.method, url, ...payload });
      if (anonymous.body.code !== 600) wrong.push(`${key} no token → ${anonymous.body.code}`);
    }
    expect(wrong).toEqual([]);
    // Nothing happened: the demo tenant is still active, the tenants and backups as they were.
    const list = await t.get<TenantRow[]>(PlatformApi.tenants, operator);
    expect(list.body.data.find((r) => r.id === tenantId)?.status).toBe('active');
    expect(await platformState()).toEqual(before);
  });

  it('the operator’s token opens no tenant route (601), so he cannot reach a tenant’s screens', async () => {
    for (const url of [
      '/api/sys/user/info',
      '/api/sys/menu-ent/nav',
      '/api/system/Monitor',
      '/api/system/CacheManage',
    ]) {
      const res = await t.get(url, operator);
      expect(res.body.code, url).toBe(601);
    }
  });

  it('answers bad input of every platform write with 400 and a message per field', async () => {
    const wrongValue: Record<string, unknown> = { string: { not: 'a string' }, number: 'x', boolean: 'x' };
    const wrong: string[] = [];
    for (const route of platformRoutes) {
      const typed = Object.entries(route.props).filter(([, type]) => type in wrongValue);
      if (route.path.includes('{id}')) {
        const res = await t.request<{ fields?: Record<string, string> }>({
          method: route.method,
          url: route.path.replace('{id}', 'not-an-id'),
          headers: { token: operator, ...en },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        if (res.body.code !== 400 || !res.body.data?.fields?.id)
          wrong.push(`${route.path} id → ${res.body.code}`);
      }
      if (!typed.length || route.method === 'GET') continue;
      const body = Object.fromEntries(typed.map(([name, type]) => [name, wrongValue[type]]));
      const res = await t.request<{ fields?: Record<string, string> }>({
        method: route.method,
        url: fill(route.path, '1'),
        headers: { token: operator, ...en },
        payload: body,
      });
      const messages = Object.values(res.body.data?.fields ?? {});
      if (res.body.code !== 400 || !messages.length || messages.some((m) => /[\u4e00-\u9fff]/.test(m)))
        wrong.push(`${route.method} ${route.path} → ${res.body.code}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('tenants', () => {
  let created: TenantRow;

  it('lists the seeded demo tenant with its own id', async () => {
    const res = await t.get<TenantRow[]>(PlatformApi.tenants, operator);
    expect(res.body.code).toBe(0);
    const demo = res.body.data.find((r) => r.code === 'demo');
    expect(demo?.id).toBe(await tenantIdOf(t.db, 'admin'));
    expect(demo?.status).toBe('active');
    expect(demo?.adminAccount).toBe('admin');
    expect(demo?.userCount).toBeGreaterThan(2);
  });

  it('creates a tenant whose administrator signs in and sees only his tenant', async () => {
    const res = await t.post<TenantRow>(PlatformApi.tenants, newTenant, operator, en);
    expect(res.body.code).toBe(0);
    created = res.body.data;
    expect(created).toMatchObject({
      code: 'acme',
      status: 'active',
      userCount: 1,
      adminAccount: 'acmeadmin',
    });

    const token = await t.login('acmeadmin', 'acme1234');
    const info = await t.get<{ tenantId: string; isAdministrator: boolean }>('/api/sys/user/info', token);
    expect(info.body.code).toBe(0);
    expect(info.body.data.tenantId).toBe(created.id);
    expect(info.body.data.isAdministrator).toBe(true);
    // His menu is the full one, his users and departments his own.
    const nav = await t.get<unknown[]>('/api/sys/menu-ent/nav', token);
    expect(nav.body.code).toBe(0);
    expect(JSON.stringify(nav.body.data)).toContain('permission.user');
    const users = await t.get<{ list: { account: string }[] }>('/api/permission/Users?pageSize=100', token);
    expect(users.body.code).toBe(0);
    expect(users.body.data.list.map((u) => u.account)).toEqual(['acmeadmin']);
    const roles = await t.db
      .selectFrom('sys_role')
      .select('en_code')
      .where('tenant_id', '=', created.id)
      .orderBy('en_code')
      .execute();
    expect(roles.map((r) => r.en_code)).toEqual(['admin', 'buyer', 'vendor']);
    const dicts = await t.db
      .selectFrom('sys_dict_type')
      .select('id')
      .where('tenant_id', '=', created.id)
      .execute();
    expect(dicts.length).toBeGreaterThan(0);
    // Another tenant's rows stay out of reach.
    const demoUser = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect((await t.get(`/api/permission/Users/${demoUser.id}`, token)).body.code).toBe(404);
  });

  it('refuses a taken code or account, per field', async () => {
    const res = await t.post<{ fields: Record<string, string> }>(
      PlatformApi.tenants,
      { ...newTenant, adminAccount: 'admin' },
      operator,
      en,
    );
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields.code).toBe('A tenant with this code already exists');
    expect(res.body.data.fields.adminAccount).toBe('This account already exists');
  });

  it('suspends a tenant: its users are refused with the reason and their sessions end (602); resume', async () => {
    const token = await t.login('acmeadmin', 'acme1234');
    expect((await t.get('/api/sys/user/info', token)).body.code).toBe(0);
    const suspended = await t.post(PlatformApi.tenantSuspend(created.id), undefined, operator);
    expect(suspended.body.code).toBe(0);
    const after = await t.get('/api/sys/user/info', token, en);
    expect(after.body.code).toBe(602);
    expect(after.body.msg).toMatch(/suspended/);
    const refused = await t.post('/api/sys/login', { userName: 'acmeadmin', passWord: 'acme1234' }, null, en);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toMatch(/suspended by the platform/);
    const listed = await t.get<TenantRow[]>(PlatformApi.tenants, operator);
    expect(listed.body.data.find((r) => r.id === created.id)?.status).toBe('suspended');
    // The other tenants go on.
    expect((await t.get('/api/sys/user/info', admin)).body.code).toBe(0);

    expect((await t.post(PlatformApi.tenantResume(created.id), undefined, operator)).body.code).toBe(0);
    const again = await t.login('acmeadmin', 'acme1234');
    expect((await t.get('/api/sys/user/info', again)).body.code).toBe(0);
  });

  it('answers 404 for a tenant that does not exist', async () => {
    expect((await t.post(PlatformApi.tenantSuspend('999999'), undefined, operator)).body.code).toBe(404);
    expect((await t.post(PlatformApi.tenantResume('999999'), undefined, operator)).body.code).toBe(404);
  });
});

describe('the host', () => {
  it('gives the operator the host monitor and every cache, and clears them', async () => {
    const monitor = await t.get<{ system: { disks: unknown[] } }>(PlatformApi.monitor, operator);
    expect(monitor.body.code).toBe(0);
    expect(Array.isArray(monitor.body.data.system.disks)).toBe(true);
    await t.get('/api/sys/menu-ent/nav', admin);
    const caches = await t.get<{ caches: { name: string; entries: number }[] }>(PlatformApi.cache, operator);
    expect(caches.body.code).toBe(0);
    expect(caches.body.data.caches.map((c) => c.name)).toContain('perms');
    expect((await t.post(PlatformApi.cacheClearAll, undefined, operator)).body.code).toBe(0);
    expect(
      (await t.request({ method: 'DELETE', url: `${PlatformApi.cache}/nav`, headers: { token: operator } }))
        .body.code,
    ).toBe(0);
  });

  it('takes whole-database backups: the embedded data folder, or on PostgreSQL a pg_dump archive', async () => {
    const info = await t.get<{ embedded: boolean; backups: unknown[] }>(PlatformApi.backup, operator);
    expect(info.body.code).toBe(0);
    const taken = await t.post<{ name: string }>(PlatformApi.backup, undefined, operator, en);
    if (t.handle.kind === 'pglite') {
      expect(info.body.data.embedded).toBe(true);
      expect(taken.body.code).toBe(0);
      const listed = await t.get<{ backups: { name: string }[] }>(PlatformApi.backup, operator);
      expect(listed.body.data.backups.map((b) => b.name)).toContain(taken.body.data.name);
      const download = await t.request({
        method: 'GET',
        url: `${PlatformApi.backup}/${taken.body.data.name}/Actions/Download`,
        headers: { token: operator },
      });
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toBe('application/gzip');
      const restore = await t.post(
        `${PlatformApi.backup}/${taken.body.data.name}/Actions/Restore`,
        {},
        operator,
      );
      expect(restore.body.code).toBe(0);
      const pending = await t.get<{ pendingRestore: string }>(PlatformApi.backup, operator);
      expect(pending.body.data.pendingRestore).toBe(taken.body.data.name);
      expect(
        (await t.request({ method: 'DELETE', url: PlatformApi.cancelRestore, headers: { token: operator } }))
          .body.code,
      ).toBe(0);
    } else {
      // PostgreSQL: a pg_dump archive of the whole database (pg_dump is on CI's PATH), listed and
      // downloaded like the embedded database's; restoring is pg_restore's, not the server's.
      expect(info.body.data.embedded).toBe(false);
      expect(info.body.data).toMatchObject({ pgDump: true, pendingRestore: null });
      expect(taken.body.code, taken.body.msg).toBe(0);
      expect(taken.body.data.name).toMatch(/^backup-.*\.dump$/);
      const listed = await t.get<{ backups: { name: string; size: number }[] }>(PlatformApi.backup, operator);
      expect(listed.body.data.backups.map((b) => b.name)).toContain(taken.body.data.name);
      const download = await t.app.inject({
        method: 'GET',
        url: `${PlatformApi.backup}/${taken.body.data.name}/Actions/Download`,
        headers: { token: operator },
      });
      expect(download.statusCode).toBe(200);
      // pg_dump's custom format begins with its magic "PGDMP"; the archive holds the tenants' table.
      expect(download.rawPayload.subarray(0, 5).toString('latin1'), download.body.slice(0, 300)).toBe(
        'PGDMP',
      );
      expect(download.rawPayload.includes(Buffer.from('CREATE TABLE public.tenant'))).toBe(true);
      const restore = await t.post(
        `${PlatformApi.backup}/${taken.body.data.name}/Actions/Restore`,
        {},
        operator,
        en,
      );
      expect(restore.body.code).toBe(400);
      const removed = await t.request({
        method: 'DELETE',
        url: `${PlatformApi.backup}/${taken.body.data.name}`,
        headers: { token: operator },
      });
      expect(removed.body.code).toBe(0);
    }
  });
});
