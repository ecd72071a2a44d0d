import type { CurrentUser, NavResult } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, grantButtonToRole, type TestApp } from '../helpers';

// The hot start-up routes read cached permissions and menus (tagged with the tenant's cache version) and
// batch session lookups; neither may serve an ended session or a stale grant.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const buyerId = async () =>
  (await t.db.selectFrom('sys_user').select('id').where('account', '=', 'buyer').executeTakeFirstOrThrow())
    .id;

describe('caches and batched session lookups', () => {
  it('answers concurrent requests of several sessions, each with its own user', async () => {
    const admin = await t.login('admin', 'admin123');
    const buyer = await t.login('buyer', 'buyer123');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.get<CurrentUser>('/api/sys/user/info', i % 2 ? buyer : admin)),
    );
    results.forEach((res, i) => {
      expect(res.body.code).toBe(0);
      expect(res.body.data.account).toBe(i % 2 ? 'buyer' : 'admin');
    });
    const [unknown, known] = await Promise.all([
      t.get('/api/sys/user/info', 'not-a-token'),
      t.get('/api/sys/user/info', buyer),
    ]);
    expect(unknown.body.code).toBe(601);
    expect(known.body.code).toBe(0);
  });

  it('answers 602 on the very next request after a forced sign-out, caches warm', async () => {
    const token = await t.login('buyer', 'buyer123');
    expect((await t.get('/api/sys/user/info', token)).body.code).toBe(0);
    expect((await t.get('/api/sys/menu-ent/nav', token)).body.code).toBe(0);
    await t.db
      .updateTable('sys_session')
      .set({ ended_reason: 'forced', ended_at: new Date() })
      .where('user_id', '=', await buyerId())
      .where('ended_reason', 'is', null)
      .execute();
    expect((await t.get('/api/sys/menu-ent/nav', token)).body.code).toBe(602);
    expect((await t.get('/api/sys/user/info', token)).body.code).toBe(602);
  });

  it('applies a grant change on the next request (permsList and nav)', async () => {
    const token = await t.login('buyer', 'buyer123');
    const before = await t.get<CurrentUser>('/api/sys/user/info', token);
    expect(before.body.data.permsList).not.toContain('system.log.export');
    await grantButtonToRole(t.db, 'buyer', 'system.log.export');
    const after = await t.get<CurrentUser>('/api/sys/user/info', token);
    expect(after.body.data.permsList).toContain('system.log.export');
    const nav = await t.get<NavResult>('/api/sys/menu-ent/nav', token);
    const buttons = nav.body.data.permissionList.flatMap((p) => p.button.map((b) => b.enCode));
    expect(buttons).toContain('system.log.export');
    // Disabling the role takes it away again.
    await t.db.updateTable('sys_role').set({ enabled: false }).where('en_code', '=', 'buyer').execute();
    const off = await t.get<CurrentUser>('/api/sys/user/info', token);
    expect(off.body.data.permsList).not.toContain('system.log.export');
  });

  it('shows a changed profile field on the next user info', async () => {
    const token = await t.login('admin', 'admin123');
    await t.get('/api/sys/user/info', token);
    await t.db
      .updateTable('sys_user')
      .set({ email: 'new@example.com' })
      .where('account', '=', 'admin')
      .execute();
    const res = await t.get<CurrentUser>('/api/sys/user/info', token);
    expect(res.body.data.userEmail).toBe('new@example.com');
  });
});
