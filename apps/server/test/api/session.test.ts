import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, userIdOf } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  // An easy proof of work, so that solving it in the test takes no time.
  t = await createTestApp({ register: { altchaCost: 1, altchaCounter: [1, 30] } });
});
afterAll(async () => {
  await t?.close();
});

/** last_seen_at of the newest open session, in ms. */
async function newestLastSeen(): Promise<number> {
  const row = await t.db
    .selectFrom('sys_session')
    .select('last_seen_at')
    .where('ended_reason', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return new Date(row.last_seen_at).getTime();
}

describe('sign-in', () => {
  it('signs in by account on both paths and returns token + theme', async () => {
    for (const url of ['/api/sys/login', '/api/oauth/Login']) {
      const res = await t.post<{ token: string; theme: string }>(url, {
        userName: ' admin ',
        passWord: 'admin123',
      });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(0);
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.data.theme).toBe('classic');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('stores only the sha256 of the token', async () => {
    const token = await t.login('admin', 'admin123');
    const rows = await t.db.selectFrom('sys_session').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[a-f0-9]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('signs in by mobile number and by mobile@account', async () => {
    const byMobile = await t.login('13800000001', 'buyer123');
    const info = await t.get<{ account: string }>('/api/sys/user/info', byMobile);
    expect(info.body.data.account).toBe('buyer');
    const sub = await t.login('13800000002@vendor', 'vendor123');
    const info2 = await t.get<{ account: string; ent: { entType: number } }>('/api/sys/user/info', sub);
    expect(info2.body.data.account).toBe('vendor');
    expect(info2.body.data.ent.entType).toBe(2);
    // mobile@account whose mobile does not match is refused.
    const wrong = await t.post('/api/sys/login', { userName: '13800000001@vendor', passWord: 'vendor123' });
    expect(wrong.body.code).toBe(400);
  });

  it('refuses a wrong password with a translated message and logs the attempt', async () => {
    const res = await t.post('/api/sys/login', { userName: 'vendor', passWord: 'nope' }, null, {
      'accept-language': 'en-US',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, msg: 'Wrong account or password' });
    const zh = await t.post('/api/sys/login', { userName: 'nobody', passWord: 'nope' });
    expect(zh.body.msg).toBe('账号或密码错误');
    const logs = await t.db
      .selectFrom('sys_login_log')
      .selectAll()
      .where('account', 'in', ['vendor', 'nobody'])
      .where('success', '=', false)
      .execute();
    expect(logs.length).toBeGreaterThanOrEqual(2);
    const known = logs.find((l) => l.account === 'vendor');
    expect(known?.tenant_id).toBeTruthy();
    expect(known?.ip).toBe('127.0.0.1');
  });

  it('writes a success row with browser and platform', async () => {
    await t.login('buyer', 'buyer123', {
      'user-agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    });
    const row = await t.db
      .selectFrom('sys_login_log')
      .selectAll()
      .where('account', '=', 'buyer')
      .where('success', '=', true)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.browser).toBe('Chrome 120');
    expect(row.platform).toBe('Windows 10');
    expect(row.user_id).toBeTruthy();
  });

  it("tells the previous sign-in's place as its kind, for the client to name in its language", async () => {
    await t.login('buyer', 'buyer123');
    const token = await t.login('buyer', 'buyer123', { 'accept-language': 'en-US' });
    const info = await t.get<{
      prevLogin: number;
      prevLoginIPAddressName: string;
      prevLoginIPAddress: string;
    }>('/api/sys/user/info', token);
    expect(info.body.data).toMatchObject({ prevLogin: 1, prevLoginIPAddressName: 'local' });
  });

  it('answers 400 with translated field messages for bad input', async () => {
    const en = await t.post<{ fields: Record<string, string> }>('/api/sys/login', { userName: '' }, null, {
      'accept-language': 'en-US,en;q=0.9',
    });
    expect(en.status).toBe(200);
    expect(en.body.code).toBe(400);
    expect(en.body.msg).toBe('Invalid request');
    expect(en.body.data.fields.userName).toBe('This field is required');
    expect(en.body.data.fields.passWord).toBe('This field is required');
    const zh = await t.post<{ fields: Record<string, string> }>('/api/sys/login', { userName: 'x' });
    expect(zh.body.data.fields.passWord).toBe('此项不能为空');
    const tw = await t.post<{ fields: Record<string, string> }>('/api/sys/login', {}, null, {
      'accept-language': 'zh-TW',
    });
    expect(tw.body.data.fields.userName).toBe('此項不能為空');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(400);
  });
});

describe('tokens', () => {
  it('accepts Bearer, a bare Authorization, the token header and ?token= on user/info', async () => {
    const token = await t.login('admin', 'admin123');
    const forms: Record<string, string>[] = [
      { authorization: `Bearer ${token}` },
      { authorization: token },
      { token },
    ];
    for (const headers of forms) {
      const res = await t.get('/api/sys/user/info', null, headers);
      expect(res.body.code).toBe(0);
    }
    const q = await t.get(`/api/sys/user/info?token=${token}`);
    expect(q.body.code).toBe(0);
    // ?token= is not accepted everywhere.
    const nav = await t.get(`/api/sys/menu-ent/nav?token=${token}`);
    expect(nav.body.code).toBe(600);
  });

  it('answers 600 without a token and 601 for an unknown token', async () => {
    const none = await t.get('/api/sys/user/info');
    expect(none.status).toBe(200);
    expect(none.body.code).toBe(600);
    const bad = await t.get('/api/sys/user/info', 'not-a-token');
    expect(bad.body.code).toBe(601);
  });

  it('answers 602 for a session forced offline in the db', async () => {
    const token = await t.login('buyer', 'buyer123');
    await t.db
      .updateTable('sys_session')
      .set({ ended_reason: 'forced', ended_at: new Date() })
      .where('ended_reason', 'is', null)
      .where(
        'user_id',
        '=',
        (
          await t.db
            .selectFrom('sys_user')
            .select('id')
            .where('account', '=', 'buyer')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    const res = await t.get('/api/sys/user/info', token, { 'accept-language': 'en-US' });
    expect(res.body.code).toBe(602);
    expect(res.body.msg).toBe('An administrator signed you out');
  });

  it('with singleLogin a new sign-in ends the older session (602)', async () => {
    await t.db
      .updateTable('sys_config')
      .set({ param_value: 'true' })
      .where('param_key', '=', 'singleLogin')
      .execute();
    t.app.deps.settings.invalidate();
    try {
      const first = await t.login('vendor', 'vendor123');
      expect((await t.get('/api/sys/user/info', first)).body.code).toBe(0);
      const second = await t.login('vendor', 'vendor123');
      expect((await t.get('/api/sys/user/info', second)).body.code).toBe(0);
      const old = await t.get('/api/sys/user/info', first);
      expect(old.body.code).toBe(602);
      const ended = await t.db
        .selectFrom('sys_session')
        .select('ended_reason')
        .where('ended_reason', '=', 'replaced')
        .execute();
      expect(ended.length).toBeGreaterThan(0);
    } finally {
      await t.db
        .updateTable('sys_config')
        .set({ param_value: 'false' })
        .where('param_key', '=', 'singleLogin')
        .execute();
      t.app.deps.settings.invalidate();
    }
  });

  it('answers 600 after the idle timeout and ends the session', async () => {
    const token = await t.login('admin', 'admin123');
    await t.db
      .updateTable('sys_session')
      .set({ last_seen_at: sql<Date>`now() - interval '13 hours'` })
      .where('ended_reason', 'is', null)
      .execute();
    const res = await t.get('/api/sys/user/info', token);
    expect(res.body.code).toBe(600);
    const again = await t.get('/api/sys/user/info', token);
    expect(again.body.code).toBe(600);
    const expired = await t.db
      .selectFrom('sys_session')
      .select('id')
      .where('ended_reason', '=', 'expired')
      .execute();
    expect(expired.length).toBeGreaterThan(0);
  });

  it('times out a session kept in process when only the clock moved (nothing written meanwhile)', async () => {
    const token = await t.login('admin', 'admin123');
    // Twice: the second answer comes from the session kept in process.
    expect((await t.get('/api/sys/user/info', token)).body.code).toBe(0);
    expect((await t.get('/api/sys/user/info', token)).body.code).toBe(0);
    const realNow = Date.now;
    const later = realNow() + 13 * 3_600_000;
    Date.now = () => later;
    try {
      expect((await t.get('/api/sys/user/info', token)).body.code).toBe(600);
    } finally {
      Date.now = realNow;
    }
  });

  it('stamps last_seen_at once a minute has passed since it was last seen, also on a kept session', async () => {
    const token = await t.login('admin', 'admin123');
    const seen = Date.now() - 50_000;
    await t.db
      .updateTable('sys_session')
      .set({ last_seen_at: new Date(seen) })
      .where('ended_reason', 'is', null)
      .execute();
    // Read anew (50 s: no stamp yet), then kept in process.
    expect((await t.get('/api/sys/user/info', token)).body.code).toBe(0);
    expect((await t.get('/api/sys/user/info', token)).body.code).toBe(0);
    const realNow = Date.now;
    const later = realNow() + 20_000;
    Date.now = () => later;
    try {
      expect((await t.get('/api/sys/user/info', token)).body.code).toBe(0);
    } finally {
      Date.now = realNow;
    }
    expect(await newestLastSeen()).toBeGreaterThanOrEqual(later - 1000);
  });

  it('updates last_seen_at at most once a minute', async () => {
    const token = await t.login('admin', 'admin123');
    const old = new Date(Date.now() - 5 * 60_000);
    await t.db
      .updateTable('sys_session')
      .set({ last_seen_at: old })
      .where('ended_reason', 'is', null)
      .execute();
    await t.get('/api/sys/user/info', token);
    expect(await newestLastSeen()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('logout ends the session (then 601)', async () => {
    const token = await t.login('admin', 'admin123');
    const out = await t.post('/api/sys/logout', undefined, token);
    expect(out.body.code).toBe(0);
    expect((await t.get('/api/sys/user/info', token)).body.code).toBe(601);
  });
});

describe('lock screen', () => {
  it('checks the password of the signed-in user on both paths', async () => {
    const token = await t.login('buyer', 'buyer123');
    for (const url of ['/api/sys/LockScreen', '/api/oauth/LockScreen']) {
      const okRes = await t.post(url, { account: ' buyer ', password: 'buyer123' }, token);
      expect(okRes.body.code).toBe(0);
      const bad = await t.post(url, { account: 'buyer', password: 'wrong' }, token, {
        'accept-language': 'en',
      });
      expect(bad.body).toMatchObject({ code: 400, msg: 'Wrong password' });
    }
    const other = await t.post('/api/sys/LockScreen', { account: 'admin', password: 'admin123' }, token);
    expect(other.body.code).toBe(400);
    const noToken = await t.post('/api/sys/LockScreen', { account: 'buyer', password: 'buyer123' });
    expect(noToken.body.code).toBe(600);
  });
});

describe('lockout', () => {
  const from = (ip: string) => ({ remoteAddress: ip });
  const signIn = (
    userName: string,
    passWord: string,
    ip: string,
    lang = 'zh-CN',
    more: { altcha?: string; url?: string } = {},
  ) =>
    t.request<{ token: string } | { proofOfWork: boolean }>({
      method: 'POST',
      url: more.url ?? '/api/sys/login',
      payload: { userName, passWord, altcha: more.altcha },
      headers: { 'accept-language': lang },
      ...from(ip),
    });
  /** A sign-in challenge solved as the browser's widget does it: its payload for the body. */
  const solved = async () => {
    const res = await t.get<never>('/api/sys/login/challenge');
    expect(res.body.code).toBe(0);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.body.data;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('5 wrong passwords lock the account for that address only; others still sign in', async () => {
    const other = await t.seedOtherTenant('lk');
    expect(other.users.admin).toBeTruthy();
    for (let i = 1; i <= 4; i++) {
      expect((await signIn('lkbuyer', `bad${i}`, '203.0.113.7')).body.code).toBe(400);
    }
    const fifth = await signIn('lkbuyer', 'bad5', '203.0.113.7', 'en-US');
    expect(fifth.body.code).toBe(429);
    expect(fifth.body.msg).toMatch(/locked; try again in 10 minutes \(\d{4}-\d\d-\d\d \d\d:\d\d\)/);
    // The right password from the locked address is refused…
    const right = await signIn('lkbuyer', 'buyer123', '203.0.113.7');
    expect(right.body.code).toBe(429);
    expect(right.body.msg).toContain('分钟');
    // …but the owner elsewhere signs in, with the proof of work that five failures ask for.
    const unproved = await signIn('lkbuyer', 'buyer123', '198.51.100.20');
    expect(unproved.body).toMatchObject({ code: 400, data: { proofOfWork: true } });
    const elsewhere = await signIn('lkbuyer', 'buyer123', '198.51.100.20', 'zh-CN', {
      altcha: await solved(),
    });
    expect(elsewhere.body.code).toBe(0);
    const logs = await t.db
      .selectFrom('sys_login_log')
      .select(['success', 'msg'])
      .where('account', '=', 'lkbuyer')
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.success)).toEqual([false, false, false, false, false, false, false, true]);
    // Codes are stored, not text.
    expect(logs.map((l) => l.msg)).toEqual([
      'auth.badCredentials',
      'auth.badCredentials',
      'auth.badCredentials',
      'auth.badCredentials',
      'auth.locked',
      'auth.locked',
      'auth.proofOfWork',
      'auth.loginOk',
    ]);
    // The owner got an internal message saying so, with the address.
    const notes = await t.db
      .selectFrom('sys_message as m')
      .innerJoin('sys_user as u', 'u.id', 'm.user_id')
      .select(['m.menu_title', 'm.body_text'])
      .where('u.account', '=', 'lkbuyer')
      .where('m.menu_title', '=', '账号登录已锁定')
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]?.body_text).toContain('203.0.113.7');
  });

  it('an administrator unlocks the account (permission checked, other tenants 404)', async () => {
    // Signed in before the failures: after them a sign-in needs a proof of work.
    const buyerToken = await t.login('buyer', 'buyer123');
    for (let i = 1; i <= 5; i++) await signIn('buyer', `bad${i}`, '203.0.113.9');
    expect((await signIn('buyer', 'buyer123', '203.0.113.9')).body.code).toBe(429);
    const buyerId = await userIdOf(t.db, 'buyer');
    // The buyer holds no user-screen grant: 403.
    const refused = await t.put(`/api/permission/Users/${buyerId}/Actions/Unlock`, undefined, buyerToken);
    expect(refused.body.code).toBe(403);
    // Another tenant's administrator cannot see the user: 404.
    await t.seedOtherTenant('ul');
    const theirs = await t.login('uladmin', 'admin123');
    expect(
      (await t.put(`/api/permission/Users/${buyerId}/Actions/Unlock`, undefined, theirs)).body.code,
    ).toBe(404);
    expect((await signIn('buyer', 'buyer123', '203.0.113.9')).body.code).toBe(429);
    const admin = await t.login('admin', 'admin123');
    const adminId = await userIdOf(t.db, 'admin');
    // The list asks which of its rows are locked: the buyer, from one address, the admin not.
    const locks = await t.post('/api/permission/Users/Actions/Locks', { ids: [buyerId, adminId] }, admin);
    expect(locks.body.code).toBe(0);
    expect(locks.body.data).toEqual([{ id: buyerId, lockedUntil: expect.any(Number), addresses: 1 }]);
    expect((locks.body.data as { lockedUntil: number }[])[0]?.lockedUntil).toBeGreaterThan(Date.now());
    // Without the unlock code: 403; another tenant's administrator learns nothing of our users.
    expect(
      (await t.post('/api/permission/Users/Actions/Locks', { ids: [buyerId] }, buyerToken)).body.code,
    ).toBe(403);
    expect(
      (await t.post('/api/permission/Users/Actions/Locks', { ids: [buyerId] }, theirs)).body,
    ).toMatchObject({
      code: 0,
      data: [],
    });
    // Bad ids: 400 with the field's message in the caller's language, never a 500.
    for (const ids of [['abc'], ['99999999999999999999999'], ['1\u0000'], 'x']) {
      const bad = await t.post('/api/permission/Users/Actions/Locks', { ids }, admin, {
        'accept-language': 'en-US',
      });
      expect(bad.status).toBe(200);
      expect(bad.body.code).toBe(400);
      expect(Object.keys((bad.body.data as { fields: object }).fields)[0]).toMatch(/^ids/);
    }
    const ok = await t.put(`/api/permission/Users/${buyerId}/Actions/Unlock`, undefined, admin, {
      'accept-language': 'en-US',
    });
    expect(ok.body).toMatchObject({ code: 0, msg: 'Sign-in lock removed' });
    expect((await signIn('buyer', 'buyer123', '203.0.113.9')).body.code).toBe(0);
    // Unlocked: the list no longer marks the buyer.
    expect(
      (await t.post('/api/permission/Users/Actions/Locks', { ids: [buyerId] }, admin)).body.data,
    ).toEqual([]);
  });

  it('failures spread over many addresses ask every further sign-in for a proof of work, not a wait', async () => {
    await t.seedOtherTenant('sp');
    // 80 wrong passwords from 20 addresses, four each: no address reaches its own lock of five.
    const codes: string[] = [];
    for (let a = 1; a <= 20; a++) {
      for (let i = 1; i <= 4; i++) {
        const res = await signIn('spbuyer', `guess${a}x${i}`, `192.0.2.${a}`);
        codes.push(res.body.code === 400 && res.body.data ? 'proof' : String(res.body.code));
      }
    }
    // Five failures reach the tenant's lockout attempts; the 75 guesses after them were refused
    // before their password was checked (so none of them was counted, nor could it have been right).
    expect(codes.slice(0, 5)).toEqual(['400', '400', '400', '400', '400']);
    expect(codes.slice(5)).toEqual(Array(75).fill('proof'));
    const spId = await userIdOf(t.db, 'spbuyer');
    const counted = await t.db
      .selectFrom('sys_login_failure')
      .select(sql<number>`sum(failures)::int`.as('n'))
      .where('user_id', '=', spId)
      .executeTakeFirstOrThrow();
    expect(counted.n).toBe(5);

    // The owner, from home, with the right password: first asked for the proof, in their language,
    // on both sign-in routes…
    for (const url of ['/api/sys/login', '/api/oauth/Login']) {
      const asked = await signIn('spbuyer', 'buyer123', '198.51.100.30', 'en-US', { url });
      expect(asked.body).toMatchObject({
        code: 400,
        msg: 'Many wrong passwords were tried on this account lately: complete the human check to sign in',
        data: { proofOfWork: true },
      });
    }
    const garbage = Buffer.from('{"challenge":{},"solution":{}}').toString('base64');
    expect(
      (await signIn('spbuyer', 'buyer123', '198.51.100.30', 'en-US', { altcha: garbage })).body.data,
    ).toEqual({
      proofOfWork: true,
    });
    // …then with the solved challenge at once: no wait (it used to be 8 s here).
    const altcha = await solved();
    const started = Date.now();
    const ok = await signIn('spbuyer', 'buyer123', '198.51.100.30', 'en-US', { altcha });
    expect(ok.body.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);
    // A solution works once: replayed, even with the right password, it is refused.
    const replay = await signIn('spbuyer', 'buyer123', '198.51.100.31', 'en-US', { altcha });
    expect(replay.body).toMatchObject({ code: 400, data: { proofOfWork: true } });
    // A solved proof with a wrong password is a wrong password, counted at that address.
    const wrong = await signIn('spbuyer', 'guess-again', '198.51.100.31', 'en-US', {
      altcha: await solved(),
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: 'Wrong account or password', data: null });
    // The sign-in log names the refusal in the reader's language.
    const admin = await t.login('spadmin', 'admin123');
    const log = await t.get<{ list: { msg: string; account: string }[] }>(
      '/api/system/Log/login?pageSize=100',
      admin,
      { 'accept-language': 'en-US' },
    );
    expect(log.body.data.list.filter((l) => l.account === 'spbuyer').map((l) => l.msg)).toContain(
      'Human check missing (many wrong passwords on the account lately)',
    );
  });
});

describe('rate limit', () => {
  it('limits sign-in attempts per IP (429 envelope)', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.post('/api/sys/login', { userName: 'nobody', passWord: 'x' });
        expect(res.status).toBe(200);
        codes.push(res.body.code);
      }
      expect(codes).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts both sign-in routes together', async () => {
    const limited = await createTestApp({ loginRateLimit: 4 });
    try {
      const codes: number[] = [];
      for (const url of ['/api/sys/login', '/api/oauth/Login', '/api/sys/login', '/api/oauth/Login']) {
        codes.push((await limited.post(url, { userName: 'nobody', passWord: 'x' })).body.code);
      }
      for (const url of ['/api/oauth/Login', '/api/sys/login']) {
        codes.push((await limited.post(url, { userName: 'nobody', passWord: 'x' })).body.code);
      }
      expect(codes).toEqual([400, 400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts the sign-in challenge with the sign-ins', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      const codes: number[] = [];
      codes.push((await limited.post('/api/sys/login', { userName: 'nobody', passWord: 'x' })).body.code);
      for (let i = 0; i < 3; i++) codes.push((await limited.get('/api/sys/login/challenge')).body.code);
      expect(codes).toEqual([400, 0, 0, 429]);
    } finally {
      await limited.close();
    }
  });
});
