import { type ErrorLog, LOG_PAGE_WINDOW, LogApi, type LogPage, type RequestLog } from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/core/password';
import { NEW_USER_ROW } from '../../src/db/new-user-row';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let tenantId: string;
const requests = (token: string, query = '') =>
  t.get<LogPage<RequestLog>>(`${LogApi.request}${query}`, token);
const errors = (token: string, query = '') => t.get<LogPage<ErrorLog>>(`${LogApi.error}${query}`, token);
/** Rows are written in batches off the request path; tests wait for the batch. */
const flush = () => t.app.deps.activity.flush();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  const row = await t.db
    .selectFrom('sys_user')
    .select('tenant_id')
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  tenantId = row.tenant_id;
});
afterAll(async () => {
  await t?.close();
});

describe('request log', () => {
  it('records every write with user, method, path, status and outcome; successful reads are not recorded', async () => {
    const ok = await t.put('/api/permission/Users/Current/SystemTheme', { theme: 'functional' }, admin);
    expect(ok.body.code).toBe(0);
    const refused = await t.post(
      '/api/permission/Users/Current/Actions/ModifyPassword',
      { oldPassword: 'x' },
      admin,
    );
    expect(refused.body.code).toBe(400);
    await t.get('/api/sys/user/info', admin);
    await flush();
    const res = await requests(admin);
    expect(res.body.code).toBe(0);
    const rows = res.body.data.list;
    const theme = rows.find((r) => r.path === '/api/permission/Users/Current/SystemTheme');
    expect(theme).toMatchObject({
      method: 'PUT',
      status: 200,
      code: 0,
      userName: '系统管理员',
      ipAddress: '127.0.0.1',
    });
    expect(theme?.requestId).toMatch(/\S/);
    const pwd = rows.find((r) => r.path === '/api/permission/Users/Current/Actions/ModifyPassword');
    expect(pwd).toMatchObject({ method: 'POST', code: 400 });
    expect(rows.some((r) => r.path === '/api/sys/user/info')).toBe(false);
    // The query string (it may carry a token) is not stored.
    expect(rows.every((r) => !r.path.includes('?'))).toBe(true);
  });

  it('a list asked with a POST (the to-do list) is a read: recorded only when it fails', async () => {
    const todo = await t.post(
      '/api/flow/FlowEngine/FlowBefore/List/1',
      { currentPage: 1, pageSize: 5 },
      admin,
    );
    expect(todo.body.code).toBe(0);
    const bad = await t.post('/api/flow/FlowEngine/FlowBefore/List/1', { pageSize: 'many' }, admin);
    expect(bad.body.code).toBe(400);
    await flush();
    const rows = (await requests(admin, '?keyword=FlowBefore')).body.data.list;
    expect(rows.map((r) => [r.method, r.code])).toEqual([['POST', 400]]);
  });

  it('records failed reads and filters by method, outcome, keyword and time', async () => {
    await t.get('/api/permission/Users/999999999', admin);
    await flush();
    const failed = await requests(admin, '?outcome=failure&method=GET');
    expect(failed.body.data.list.map((r) => r.path)).toContain('/api/permission/Users/999999999');
    expect(failed.body.data.list.every((r) => r.method === 'GET' && (r.code !== 0 || r.status >= 400))).toBe(
      true,
    );
    const success = await requests(admin, '?outcome=success');
    expect(success.body.data.list.length).toBeGreaterThan(0);
    expect(success.body.data.list.every((r) => r.code === 0)).toBe(true);
    const kw = await requests(admin, '?keyword=SystemTheme');
    expect(kw.body.data.list.map((r) => r.path)).toEqual(['/api/permission/Users/Current/SystemTheme']);
    const future = await requests(admin, `?startTime=${Date.now() + 3_600_000}`);
    expect(future.body.data.list).toEqual([]);
  });

  it('pages a large log newest first and caps the count at the window', async () => {
    await sql`insert into sys_request_log (tenant_id, user_name, method, path, status, code, duration_ms, created_at)
      select ${tenantId}, 'bulk', 'POST', '/api/bulk/' || g, 200, 0, 5, now() - (g || ' seconds')::interval
      from generate_series(1, ${LOG_PAGE_WINDOW + 50}) g`.execute(t.db);
    const first = await requests(admin, '?keyword=bulk&pageSize=50');
    expect(first.body.data.pagination).toMatchObject({ total: LOG_PAGE_WINDOW, capped: true, pageSize: 50 });
    expect(first.body.data.list[0]?.path).toBe('/api/bulk/1');
    const times = first.body.data.list.map((r) => r.createTime);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const last = await requests(admin, `?keyword=bulk&pageSize=50&currentPage=${LOG_PAGE_WINDOW / 50}`);
    expect(last.body.data.list).toHaveLength(50);
    const beyond = await requests(admin, `?keyword=bulk&pageSize=50&currentPage=${LOG_PAGE_WINDOW / 50 + 1}`);
    expect(beyond.body.data.list).toEqual([]);
  });

  it('answers 400 with field messages for bad filters', async () => {
    const res = await requests(admin, '?method=FETCH&pageSize=1000');
    expect(res.body.code).toBe(400);
    expect(Object.keys((res.body.data as unknown as { fields: object }).fields).sort()).toEqual([
      'method',
      'pageSize',
    ]);
  });
});

describe('error log', () => {
  it('records client error reports and unexpected server errors, tenant scoped', async () => {
    await t.post(
      '/api/system/Log/client-error',
      { message: 'TypeError: boom in the browser', url: '/permission/user' },
      admin,
    );
    const broken = await t.db.schema.alterTable('sys_enum').renameTo('sys_enum_away').execute();
    void broken;
    try {
      const res = await t.get('/api/common/enums', admin, { 'x-request-id': 'req-error-log' });
      expect(res.status).toBe(500);
    } finally {
      await t.db.schema.alterTable('sys_enum_away').renameTo('sys_enum').execute();
    }
    await flush();
    const res = await errors(admin);
    expect(res.body.code).toBe(0);
    const client = res.body.data.list.find((r) => r.source === 'client');
    expect(client).toMatchObject({ message: 'TypeError: boom in the browser', path: '/permission/user' });
    const server = res.body.data.list.find((r) => r.source === 'server');
    expect(server).toMatchObject({ method: 'GET', path: '/api/common/enums', requestId: 'req-error-log' });
    expect(server?.message).toContain('sys_enum');
    const onlyClient = await errors(admin, '?source=client');
    expect(onlyClient.body.data.list.every((r) => r.source === 'client')).toBe(true);
    const byId = await errors(admin, '?keyword=req-error-log');
    expect(byId.body.data.list).toHaveLength(1);
    // The failed request is also in the request log, with HTTP 500.
    const failed = await requests(admin, '?keyword=req-error-log');
    expect(failed.body.data.list[0]).toMatchObject({ status: 500, code: 500 });
  });
});

describe('log access', () => {
  it('leaves the IP out of the data for a user without the IP column (buyer has system.log only)', async () => {
    const buyer = await t.login('buyer', 'buyer123');
    await t.put('/api/permission/Users/Current/SystemTheme', { theme: 'classic' }, buyer);
    await flush();
    const reqs = await requests(buyer);
    expect(reqs.body.code).toBe(0);
    expect(reqs.body.data.list.length).toBeGreaterThan(0);
    expect(reqs.body.data.list.every((r) => !('ipAddress' in r))).toBe(true);
    const errs = await errors(buyer);
    expect(errs.body.data.list.length).toBeGreaterThan(0);
    expect(errs.body.data.list.every((r) => !('ipAddress' in r))).toBe(true);
    // The administrator holds the column and gets it.
    expect((await requests(admin)).body.data.list[0]).toHaveProperty('ipAddress', '127.0.0.1');
  });

  it('a user without system.log gets 403; another tenant sees none of these rows', async () => {
    const tenant = await t.db
      .selectFrom('sys_user')
      .select(['tenant_id', 'ent_id'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_user')
      .values({
        tenant_id: tenant.tenant_id,
        ent_id: tenant.ent_id,
        dept_id: null,
        account: 'nolog',
        mobile: '13900000099',
        real_name: '无权限',
        email: '',
        password_hash: await hashPassword('nolog123'),
        ...NEW_USER_ROW,
        enabled: true,
      })
      .execute();
    const nolog = await t.login('nolog', 'nolog123');
    expect((await requests(nolog)).body.code).toBe(403);
    expect((await errors(nolog)).body.code).toBe(403);
    await t.seedOtherTenant('t2');
    const other = await t.login('t2admin', 'admin123');
    await flush();
    const theirs = await requests(other, '?pageSize=100');
    expect(theirs.body.code).toBe(0);
    expect(
      theirs.body.data.list.every((r) => r.userName !== '系统管理员' || !r.path.includes('SystemTheme')),
    ).toBe(true);
    expect(theirs.body.data.list.some((r) => r.path.startsWith('/api/bulk/'))).toBe(false);
    expect((await errors(other)).body.data.list).toEqual([]);
  });
});

describe('the organisation boundary of the logs', () => {
  it('a supplier’s user holding the log page sees only their own enterprise’s entries; internals are the administrator’s', async () => {
    // A broken query as the administrator leaves a server error with a stack and a database text.
    await t.db.schema.alterTable('sys_enum').renameTo('sys_enum_gone').execute();
    try {
      expect((await t.get('/api/common/enums', admin, { 'x-request-id': 'req-boundary' })).status).toBe(500);
    } finally {
      await t.db.schema.alterTable('sys_enum_gone').renameTo('sys_enum').execute();
    }
    // Grant the demo vendor role the log page, as a careless administrator might.
    const logMenu = await t.db
      .selectFrom('sys_menu')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('menu_perms', '=', 'system.log')
      .executeTakeFirstOrThrow();
    const vendorRole = await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('en_code', '=', 'vendor')
      .executeTakeFirstOrThrow();
    // The seed no longer grants it.
    const seeded = await t.db
      .selectFrom('sys_grant')
      .select('id')
      .where('object_id', '=', vendorRole.id)
      .where('item_id', '=', logMenu.id)
      .execute();
    expect(seeded).toEqual([]);
    await t.db
      .insertInto('sys_grant')
      .values({
        tenant_id: tenantId,
        item_type: 'menu',
        item_id: logMenu.id,
        object_type: 'role',
        object_id: vendorRole.id,
      })
      .execute();
    const vendor = await t.login('vendor', 'vendor123');
    await t.put('/api/permission/Users/Current/SystemTheme', { theme: 'classic' }, vendor);
    await flush();
    const reqs = await requests(vendor, '?pageSize=100');
    expect(reqs.body.code).toBe(0);
    expect(reqs.body.data.list.length).toBeGreaterThan(0);
    const vendorName = (
      await t.db
        .selectFrom('sys_user')
        .select('real_name')
        .where('account', '=', 'vendor')
        .executeTakeFirstOrThrow()
    ).real_name;
    expect(new Set(reqs.body.data.list.map((r) => r.userName))).toEqual(new Set([vendorName]));
    const logins = await t.get<{ list: { account: string }[] }>('/api/system/Log/login?pageSize=100', vendor);
    expect(logins.body.code).toBe(0);
    expect(logins.body.data.list.map((r) => r.account)).not.toContain('admin');
    expect(logins.body.data.list.map((r) => r.account)).toContain('vendor');
    expect((await errors(vendor)).body.data.list.some((r) => r.requestId === 'req-boundary')).toBe(false);
    // The buyer (same enterprise as the administrator) sees the error, without its internals.
    const buyer = await t.login('buyer', 'buyer123');
    const seen = (await errors(buyer, '?keyword=req-boundary')).body.data.list[0];
    expect(seen).toMatchObject({ requestId: 'req-boundary', stack: '' });
    expect(seen?.message).not.toContain('sys_enum');
    const full = (await errors(admin, '?keyword=req-boundary')).body.data.list[0];
    expect(full?.message).toContain('sys_enum');
    expect(full?.stack).not.toBe('');
    // The tenant administrator sees the suppliers' users too: their sign-ins and their calls;
    // the buyer, staff without the administrator's reach, does not.
    const adminLogins = await t.get<{ list: { account: string }[] }>(
      '/api/system/Log/login?pageSize=100',
      admin,
    );
    expect(adminLogins.body.data.list.map((r) => r.account)).toContain('vendor');
    expect((await requests(admin, '?pageSize=100')).body.data.list.map((r) => r.userName)).toContain(
      vendorName,
    );
    const buyerLogins = await t.get<{ list: { account: string }[] }>(
      '/api/system/Log/login?pageSize=100',
      buyer,
    );
    expect(buyerLogins.body.data.list.map((r) => r.account)).not.toContain('vendor');
    // A supplier's user marked administrator still sees its own enterprise's entries only.
    await t.db.updateTable('sys_user').set({ is_admin: true }).where('account', '=', 'vendor').execute();
    try {
      const vendorAdmin = await t.login('vendor', 'vendor123');
      const seenByVendor = await t.get<{ list: { account: string }[] }>(
        '/api/system/Log/login?pageSize=100',
        vendorAdmin,
      );
      expect(seenByVendor.body.data.list.map((r) => r.account)).toContain('vendor');
      expect(seenByVendor.body.data.list.map((r) => r.account)).not.toContain('admin');
      expect(seenByVendor.body.data.list.map((r) => r.account)).not.toContain('buyer');
      const callsSeen = (await requests(vendorAdmin, '?pageSize=100')).body.data.list.map((r) => r.userName);
      expect(new Set(callsSeen)).toEqual(new Set([vendorName]));
    } finally {
      await t.db.updateTable('sys_user').set({ is_admin: false }).where('account', '=', 'vendor').execute();
    }
  });
});
