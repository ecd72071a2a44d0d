import type { LoginLog, Page } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, grantButtonToRole, type TestApp } from '../helpers';

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
    await grantButtonToRole(t.db, 'buyer', 'system.log.export');
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

  const report = (body: unknown, remoteAddress: string) =>
    t.request({
      method: 'POST',
      url: '/api/system/Log/client-error',
      payload: body as Record<string, unknown>,
      headers: { 'accept-language': 'en-US' },
      remoteAddress,
    });

  it('refuses a body over 16 KB and an over-long field with a 400 envelope', async () => {
    const huge = await report({ message: 'boom', extra: { blob: 'x'.repeat(17 * 1024) } }, '203.0.113.61');
    expect(huge.status).toBe(200);
    expect(huge.body).toEqual({ code: 400, msg: 'The request is too large', data: null });
    const longMessage = await report({ message: 'x'.repeat(2001) }, '203.0.113.61');
    expect(longMessage.body.code).toBe(400);
    expect((longMessage.body.data as { fields: Record<string, string> }).fields).toHaveProperty('message');
  });

  it('takes 30 reports a minute from one address (429 envelope), others still land', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      codes.push((await report({ message: `flood ${i}` }, '203.0.113.62')).body.code);
    }
    expect(codes.slice(0, 30).every((c) => c === 0)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
    const refused = await report({ message: 'flood again' }, '203.0.113.62');
    expect(refused.body).toEqual({
      code: 429,
      msg: 'Too many requests, please try again later',
      data: null,
    });
    // Another client's report still lands in the error log.
    const other = await report({ message: 'TypeError: after the flood', url: '/home' }, '203.0.113.63');
    expect(other.body.code).toBe(0);
    await t.app.deps.activity.flush();
    const rows = await t.db
      .selectFrom('sys_error_log')
      .select(['message', 'ip'])
      .where('source', '=', 'client')
      .where('message', 'in', ['TypeError: after the flood', 'flood 31', 'flood again'])
      .execute();
    expect(rows).toEqual([{ message: 'TypeError: after the flood', ip: '203.0.113.63' }]);
  });
});
