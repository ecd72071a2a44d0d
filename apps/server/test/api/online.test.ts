import { OnlineApi, type OnlineSession, type Page } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
const list = (token: string, query = '') => t.get<Page<OnlineSession>>(`${OnlineApi.list}${query}`, token);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
});
afterAll(async () => {
  await t?.close();
});

describe('online users', () => {
  it('lists the live sessions of the tenant with user, IP and times; marks the caller', async () => {
    const res = await list(admin);
    expect(res.body.code).toBe(0);
    const accounts = res.body.data.list.map((s) => s.account).sort();
    expect(accounts).toEqual(['admin', 'buyer']);
    const mine = res.body.data.list.find((s) => s.account === 'admin')!;
    expect(mine).toMatchObject({ current: true, ipAddress: '127.0.0.1', userName: '系统管理员' });
    expect(mine.loginTime).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.data.list.find((s) => s.account === 'buyer')?.current).toBe(false);
    const kw = await list(admin, '?keyword=buy');
    expect(kw.body.data.list.map((s) => s.account)).toEqual(['buyer']);
    expect(kw.body.data.pagination.total).toBe(1);
  });

  it('forcing a session offline ends it: its next request answers 602, and it leaves the list', async () => {
    const token = await t.login('buyer', 'buyer123');
    const before = await list(admin);
    const sessions = before.body.data.list.filter((s) => s.account === 'buyer');
    expect(sessions).toHaveLength(2);
    const newest = sessions[0]!;
    const res = await t.request({
      method: 'DELETE',
      url: `${OnlineApi.list}/${newest.id}`,
      headers: { token: admin },
    });
    expect(res.body.code).toBe(0);
    const one = await t.get('/api/sys/user/info', token);
    const other = await t.get('/api/sys/user/info', buyer);
    // Exactly one of buyer's two sessions was ended (the newest listed first).
    expect([one.body.code, other.body.code].sort()).toEqual([0, 602]);
    const after = await list(admin);
    expect(after.body.data.list.filter((s) => s.account === 'buyer')).toHaveLength(1);
    // Forcing it again: it is not live any more.
    const again = await t.request({
      method: 'DELETE',
      url: `${OnlineApi.list}/${newest.id}`,
      headers: { token: admin },
    });
    expect(again.body.code).toBe(404);
    buyer = one.body.code === 0 ? token : buyer;
  });

  it('forces several at once and refuses the caller’s own session', async () => {
    const a = await t.login('vendor', 'vendor123');
    const b = await t.login('vendor', 'vendor123');
    const sessions = (await list(admin)).body.data.list;
    const mine = sessions.find((s) => s.current)!;
    const refused = await t.post(OnlineApi.forceOffline, { ids: [mine.id] }, admin);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain('不能强制自己');
    expect((await t.get('/api/sys/user/info', admin)).body.code).toBe(0);
    const vendorIds = sessions.filter((s) => s.account === 'vendor').map((s) => s.id);
    const res = await t.post<{ count: number }>(OnlineApi.forceOffline, { ids: vendorIds }, admin);
    expect(res.body.data.count).toBe(2);
    expect((await t.get('/api/sys/user/info', a)).body.code).toBe(602);
    expect((await t.get('/api/sys/user/info', b)).body.code).toBe(602);
  });

  it('bad input answers 400 with field messages', async () => {
    const res = await t.post(OnlineApi.forceOffline, { ids: [] }, admin);
    expect(res.body.code).toBe(400);
    expect(res.body.data).toHaveProperty('fields.ids');
    const bad = await t.request({
      method: 'DELETE',
      url: `${OnlineApi.list}/abc`,
      headers: { token: admin },
    });
    expect(bad.body.code).toBe(400);
    const page = await list(admin, '?pageSize=0');
    expect(page.body.code).toBe(400);
  });

  it('a user without the codes gets 403 and ends nothing', async () => {
    expect((await list(buyer)).body.code).toBe(403);
    const sessions = (await list(admin)).body.data.list;
    const target = sessions.find((s) => s.current)!;
    const res = await t.post(OnlineApi.forceOffline, { ids: [target.id] }, buyer);
    expect(res.body.code).toBe(403);
    expect((await t.get('/api/sys/user/info', admin)).body.code).toBe(0);
  });

  it("another tenant's sessions are neither listed nor ended (404)", async () => {
    await t.seedOtherTenant('t2');
    const other = await t.login('t2admin', 'admin123');
    const theirs = (await list(other)).body.data.list;
    expect(theirs.map((s) => s.account)).toEqual(['t2admin']);
    const ours = (await list(admin)).body.data.list;
    expect(ours.some((s) => s.account === 't2admin')).toBe(false);
    const res = await t.request({
      method: 'DELETE',
      url: `${OnlineApi.list}/${theirs[0]!.id}`,
      headers: { token: admin },
    });
    expect(res.body.code).toBe(404);
    expect((await t.get('/api/sys/user/info', other)).body.code).toBe(0);
  });
});
