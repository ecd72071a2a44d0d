import type { LoginLog, Page } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.post('/api/sys/login', { userName: 'buyer', passWord: 'wrong' });
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in log list', () => {
  it('gives the admin rows with ipAddress, newest first', async () => {
    const res = await t.get<Page<LoginLog>>('/api/system/Log/login', admin);
    expect(res.body.code).toBe(0);
    const list = res.body.data.list;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list[0]).toHaveProperty('ipAddress', '127.0.0.1');
    expect(list.some((r) => !r.success && r.account === 'buyer')).toBe(true);
    const times = list.map((r) => r.createTime);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('gives the buyer rows WITHOUT ipAddress', async () => {
    const res = await t.get<Page<LoginLog>>('/api/system/Log/login', buyer);
    expect(res.body.code).toBe(0);
    expect(res.body.data.list.length).toBeGreaterThan(0);
    for (const row of res.body.data.list) expect(row).not.toHaveProperty('ipAddress');
  });

  it('filters by keyword and time range, and pages', async () => {
    const kw = await t.get<Page<LoginLog>>('/api/system/Log/login?keyword=admin', admin);
    expect(kw.body.data.list.every((r) => r.account.includes('admin'))).toBe(true);
    const future = Date.now() + 3_600_000;
    const none = await t.get<Page<LoginLog>>(`/api/system/Log/login?startTime=${future}`, admin);
    expect(none.body.data.pagination.total).toBe(0);
    const paged = await t.get<Page<LoginLog>>('/api/system/Log/login?currentPage=2&pageSize=1', admin);
    expect(paged.body.data.list).toHaveLength(1);
    expect(paged.body.data.pagination).toMatchObject({ currentPage: 2, pageSize: 1 });
    const bad = await t.get<{ fields: Record<string, string> }>(
      '/api/system/Log/login?pageSize=9999',
      admin,
      {
        'accept-language': 'en-US',
      },
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields.pageSize).toBe('Must be at most 500');
  });

  it("never shows another tenant's rows", async () => {
    await t.seedOtherTenant('lg');
    await t.login('lgadmin', 'admin123');
    const res = await t.get<Page<LoginLog>>('/api/system/Log/login?pageSize=500', admin);
    expect(res.body.data.list.some((r) => r.account.startsWith('lg'))).toBe(false);
  });

  it('refuses a user without the menu grant (403)', async () => {
    await t.db
      .deleteFrom('sys_grant')
      .where('object_type', '=', 'role')
      .where('object_id', 'in', t.db.selectFrom('sys_role').select('id').where('en_code', '=', 'vendor'))
      .execute();
    const vendor = await t.login('vendor', 'vendor123');
    const res = await t.get('/api/system/Log/login', vendor, { 'accept-language': 'zh-CN' });
    expect(res.body).toMatchObject({ code: 403, msg: '暂无权限' });
  });
});

describe('sign-in log export', () => {
  it('answers 403 to the buyer', async () => {
    const res = await t.get('/api/system/Log/login/export', buyer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 403, msg: '暂无权限' });
  });

  it('gives the admin a CSV with BOM and the ip column', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/system/Log/login/export?keyword=buyer',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.raw.charCodeAt(0)).toBe(0xfeff);
    const lines = res.raw.slice(1).trim().split('\r\n');
    expect(lines[0]).toContain('"IP address"');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.slice(1).every((l) => l.startsWith('"buyer"'))).toBe(true);
    expect(lines[1]).toContain('"127.0.0.1"');
  });

  it('leaves the ip column out without the column grant', async () => {
    // Give the buyer role the export button but not the ip column.
    const role = await t.db
      .selectFrom('sys_role')
      .select(['id', 'tenant_id'])
      .where('en_code', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const button = await t.db
      .selectFrom('sys_menu_button')
      .select('id')
      .where('en_code', '=', 'system.log.export')
      .where('tenant_id', '=', role.tenant_id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_grant')
      .values({
        tenant_id: role.tenant_id,
        item_type: 'button',
        item_id: button.id,
        object_type: 'role',
        object_id: role.id,
      })
      .execute();
    const res = await t.request({
      method: 'GET',
      url: '/api/system/Log/login/export',
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = res.raw.slice(1).trim().split('\r\n');
    expect(header).not.toContain('IP');
    expect(rows.join('\n')).not.toContain('127.0.0.1');
  });
});

describe('client errors', () => {
  it('accepts a report signed-in or not, and limits the size', async () => {
    const anon = await t.post('/api/system/Log/client-error', { message: 'boom', url: '/home' });
    expect(anon.body.code).toBe(0);
    const signed = await t.post('/api/system/Log/client-error', { message: 'boom', stack: 'at x' }, buyer);
    expect(signed.body.code).toBe(0);
    const invalidToken = await t.post('/api/system/Log/client-error', { message: 'boom' }, 'bogus');
    expect(invalidToken.body.code).toBe(0);
    const big = await t.post('/api/system/Log/client-error', { message: 'x'.repeat(20_000) });
    expect(big.body.code).toBe(400);
    const bad = await t.post('/api/system/Log/client-error', { nope: 1 });
    expect(bad.body.code).toBe(400);
  });
});
