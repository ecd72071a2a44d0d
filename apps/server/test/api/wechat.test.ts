import { randomUUID } from 'node:crypto';
import {
  type CurrentUser,
  UserApi,
  type UserInfo,
  WechatApi,
  WX_QR_EXPIRE_SECONDS,
  type WxBindState,
} from '@srm/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wechatSignature } from '../../src/system/wechat-bind';
import { type Answer, APP_ID, APP_SECRET, type Call, FakeWechat, MP_TOKEN } from '../fake-wechat';
import { createTestApp, type TestApp } from '../helpers';

/** The WeChat official-account binding against a fake WeChat API (../fake-wechat.ts). */

const en = { 'accept-language': 'en-US' };
const fake = new FakeWechat();
let t: TestApp;
let off: TestApp;
let admin: string;
let buyer: string;
let ids: { tenantId: string; admin: string; buyer: string };

beforeAll(async () => {
  const apiBase = await fake.start();
  t = await createTestApp({
    wechatMp: { appId: APP_ID, appSecret: APP_SECRET, apiBase, token: MP_TOKEN },
  });
  [admin, buyer] = await Promise.all([t.login('admin', 'admin123'), t.login('buyer', 'buyer123')]);
  const users = await t.db
    .selectFrom('sys_user')
    .select(['id', 'account', 'tenant_id'])
    .where('account', 'in', ['admin', 'buyer'])
    .execute();
  const byAccount = Object.fromEntries(users.map((u) => [u.account, u]));
  ids = {
    tenantId: String(byAccount.admin?.tenant_id),
    admin: String(byAccount.admin?.id),
    buyer: String(byAccount.buyer?.id),
  };
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await fake.stop();
});
beforeEach(() => {
  fake.tokenAnswers.length = 0;
  fake.qrAnswers.length = 0;
});

describe('GET getWxQrCode (configured)', () => {
  it('answers the ticket of a temporary QR code whose scene names the caller', async () => {
    const before = fake.calls.length;
    const res = await t.get<string>(WechatApi.qrCode, buyer);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatch(/^gQH47joAAAAAAAAAASxodHRw\+Oi8v\/\d+==$/);

    const calls = fake.calls.slice(before);
    expect(calls.map((c) => c.path)).toEqual(['/cgi-bin/token', '/cgi-bin/qrcode/create']);
    const [token, qr] = calls as [Call, Call];
    expect(Object.fromEntries(token.query)).toEqual({
      grant_type: 'client_credential',
      appid: APP_ID,
      secret: APP_SECRET,
    });
    expect(qr.query.get('access_token')).toBe('token-1');
    expect(qr.body).toEqual({
      expire_seconds: WX_QR_EXPIRE_SECONDS,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: `bind:${ids.tenantId}:${ids.buyer}` } },
    });

    // Another user gets a QR code naming them.
    const other = await t.get<string>(WechatApi.qrCode, admin);
    expect(other.body.code).toBe(0);
    expect(other.body.data).not.toBe(res.body.data);
    expect(fake.qrCalls.at(-1)?.body.action_info?.scene?.scene_str).toBe(`bind:${ids.tenantId}:${ids.admin}`);
  });

  it('fetches the access token once and reuses it, also for concurrent calls', async () => {
    const tokensBefore = fake.tokenCalls.length;
    const qrBefore = fake.qrCalls.length;
    const answers = await Promise.all([
      t.get<string>(WechatApi.qrCode, buyer),
      t.get<string>(WechatApi.qrCode, admin),
      t.get<string>(WechatApi.qrCode, buyer),
    ]);
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0]);
    expect(new Set(answers.map((a) => a.body.data)).size).toBe(3);
    expect(fake.tokenCalls.length).toBe(tokensBefore);
    expect(fake.qrCalls.slice(qrBefore).map((c) => c.query.get('access_token'))).toEqual([
      'token-1',
      'token-1',
      'token-1',
    ]);
  });

  it.each([42001, 40001, 40014])(
    'fetches a new token once when WeChat answers errcode %i, then succeeds',
    async (errcode) => {
      const tokensBefore = fake.tokenCalls.length;
      const qrBefore = fake.qrCalls.length;
      const stale = fake.qrCalls.at(-1)?.query.get('access_token');
      fake.qrAnswers.push({ body: { errcode, errmsg: 'access_token expired' } });

      const res = await t.get<string>(WechatApi.qrCode, buyer);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatch(/^gQH47/);
      expect(fake.tokenCalls.length).toBe(tokensBefore + 1);
      const used = fake.qrCalls.slice(qrBefore).map((c) => c.query.get('access_token'));
      expect(used).toHaveLength(2);
      expect(used[0]).toBe(stale);
      expect(used[1]).not.toBe(stale);

      // The new token is the one kept.
      await t.get<string>(WechatApi.qrCode, buyer);
      expect(fake.tokenCalls.length).toBe(tokensBefore + 1);
      expect(fake.qrCalls.at(-1)?.query.get('access_token')).toBe(used[1]);
    },
  );

  it('refreshes only once: a token WeChat keeps refusing ends in a clear error', async () => {
    const tokensBefore = fake.tokenCalls.length;
    fake.qrAnswers.push(
      { body: { errcode: 40001, errmsg: 'invalid credential' } },
      { body: { errcode: 40001, errmsg: 'invalid credential' } },
    );
    const res = await t.get<string>(WechatApi.qrCode, buyer, en);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(502);
    expect(res.body.msg).toBe(
      'The WeChat official account could not create the QR code (error code 40001); please contact the administrator',
    );
    expect(fake.tokenCalls.length).toBe(tokensBefore + 1);
  });

  it('answers an error code of WeChat with a clear translated message (not 500) and logs the detail', async () => {
    fake.qrAnswers.push({ body: { errcode: 45009, errmsg: 'reach max api daily quota limit' } });
    const zh = await t.get<string>(WechatApi.qrCode, buyer);
    expect(zh.status).toBe(200);
    expect(zh.body).toEqual({
      code: 502,
      msg: '微信公众号未能生成二维码（错误码 45009），请联系管理员',
      data: null,
    });
    fake.qrAnswers.push({ body: { errcode: 45009, errmsg: 'reach max api daily quota limit' } });
    const tw = await t.get<string>(WechatApi.qrCode, buyer, { 'accept-language': 'zh-TW' });
    expect(tw.body.msg).toBe('微信公眾號未能產生二維碼（錯誤碼 45009），請聯絡管理員');

    // The error log (administrators' screen) has the detail, without the secret or the token.
    await t.app.deps.activity.flush();
    const logged = await t.db
      .selectFrom('sys_error_log')
      .select(['message', 'stack', 'path'])
      .where('message', 'like', '%45009%')
      .execute();
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged[0]?.message).toContain('qrcode/create');
    expect(logged[0]?.message).toContain('reach max api daily quota limit');
    for (const row of logged) {
      expect(`${row.message} ${row.stack} ${row.path}`).not.toContain(APP_SECRET);
      expect(`${row.message} ${row.stack} ${row.path}`).not.toContain('token-');
    }
  });

  it('answers a refused token request (wrong app secret) with a clear error', async () => {
    // Force a token fetch: the cached token is called expired once, and the new fetch is refused.
    fake.qrAnswers.push({ body: { errcode: 42001, errmsg: 'access_token expired' } });
    fake.tokenAnswers.push({ body: { errcode: 40125, errmsg: 'invalid appsecret' } });
    const res = await t.get<string>(WechatApi.qrCode, buyer, en);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(502);
    expect(res.body.msg).toContain('error code 40125');
    // The next call fetches a token again and works.
    const next = await t.get<string>(WechatApi.qrCode, buyer);
    expect(next.body.code).toBe(0);
  });

  it.each<[string, Answer]>([
    ['an HTTP error', { status: 503, body: { message: 'busy' } }],
    ['an answer that is not JSON', { raw: '<html>gateway</html>', body: null }],
    ['an answer without a ticket', { body: { errcode: 0, errmsg: 'ok' } }],
  ])('answers %s from WeChat with "cannot be reached" (not 500)', async (_, answer) => {
    fake.qrAnswers.push(answer);
    const res = await t.get<string>(WechatApi.qrCode, buyer, en);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 502,
      msg: 'The WeChat server cannot be reached right now; please try again later',
      data: null,
    });
  });

  it.each([
    ['is down', false],
    ['does not answer in time', true],
  ])('answers a WeChat server that %s with "cannot be reached" (not 500)', async (_, hangs) => {
    const other = new FakeWechat();
    const apiBase = await other.start();
    if (hangs) other.hangAll = true;
    else await other.stop();
    const app = await createTestApp({
      wechatMp: { appId: APP_ID, appSecret: APP_SECRET, apiBase, timeoutMs: 300 },
    });
    try {
      const token = await app.login('buyer', 'buyer123');
      const res = await app.get<string>(WechatApi.qrCode, token, en);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(502);
      expect(res.body.msg).toBe('The WeChat server cannot be reached right now; please try again later');
      if (hangs) expect(other.tokenCalls.length).toBe(1);
    } finally {
      await app.close();
      await other.stop();
    }
  });

  it('asks for a signed-in user', async () => {
    const res = await t.get(WechatApi.qrCode);
    expect(res.body.code).toBe(600);
    const bad = await t.get(WechatApi.qrCode, 'not-a-token');
    expect(bad.body.code).toBe(601);
  });

  it('tells the web the feature is on and lets the QR image through the CSP', async () => {
    const info = await t.get<CurrentUser>('/api/sys/user/info', buyer);
    expect(info.body.data.wxBindEnabled).toBe(true);
    expect(String(info.headers['content-security-policy'])).toContain('img-src');
    expect(String(info.headers['content-security-policy'])).toContain('https://mp.weixin.qq.com');
  });
});

describe('GET getWxQrCode (not configured)', () => {
  beforeAll(async () => {
    off = await createTestApp();
  });

  it('answers a clear translated error, and the web is told the feature is off', async () => {
    const token = await off.login('buyer', 'buyer123');
    const zh = await off.get<string>(WechatApi.qrCode, token);
    expect(zh.status).toBe(200);
    expect(zh.body).toEqual({ code: 503, msg: '未配置微信公众号，暂不能绑定，请联系管理员', data: null });
    const enRes = await off.get<string>(WechatApi.qrCode, token, en);
    expect(enRes.body.msg).toBe(
      'No WeChat official account is configured, so binding is not available; please contact the administrator',
    );
    const tw = await off.get<string>(WechatApi.qrCode, token, { 'accept-language': 'zh-TW' });
    expect(tw.body.msg).toBe('未設定微信公眾號，暫不能綁定，請聯絡管理員');

    const info = await off.get<CurrentUser>('/api/sys/user/info', token);
    expect(info.body.data.wxBindEnabled).toBe(false);
    expect(String(info.headers['content-security-policy'])).not.toContain('mp.weixin.qq.com');
  });
});

/** A staff user of the demo tenant made through the API, by the administrator; its id. */
async function createUser(
  account: string,
  realName: string,
  mobile: string,
  password: string,
): Promise<string> {
  const created = await t.post<UserInfo>(UserApi.users, { account, realName, mobile, password }, admin);
  expect(created.body.code).toBe(0);
  return created.body.data.id;
}

/** The query WeChat adds to a callback, signed with the token (a fresh nonce each time). */
function signedQuery(options: { timestamp?: number; token?: string; nonce?: string } = {}) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? String(Math.floor(Math.random() * 1e9));
  const signature = wechatSignature(options.token ?? MP_TOKEN, timestamp, nonce);
  return { signature, timestamp, nonce };
}

/** An event message as WeChat posts it (plaintext mode). */
function eventXml(event: string, eventKey: string, openid: string): string {
  return `<xml><ToUserName><![CDATA[gh_e2e0000000]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${eventKey}]]></EventKey><Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRw]]></Ticket></xml>`;
}

function callback(
  app: TestApp,
  body: string,
  query: Record<string, string> = signedQuery(),
  contentType = 'text/xml',
) {
  return app.request({
    method: 'POST',
    url: `${WechatApi.callback}?${new URLSearchParams({ ...query, openid: 'ignored' })}`,
    headers: { 'content-type': contentType },
    payload: body,
  });
}

const scan = (scene: string, openid: string) => eventXml('SCAN', scene, openid);
const newOpenid = () => `o${randomUUID().replace(/-/g, '').slice(0, 27)}`;

async function bindingOf(userId: string) {
  return t.db.selectFrom('sys_wx_user').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

describe('WeChat callback: URL verification (GET)', () => {
  it('answers echostr in plain text when the signature is made with the token', async () => {
    const res = await t.request({
      method: 'GET',
      url: `${WechatApi.callback}?${new URLSearchParams({ ...signedQuery(), echostr: '5837397749019481' })}`,
    });
    expect(res.status).toBe(200);
    expect(res.raw).toBe('5837397749019481');
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
  });

  it.each<[string, Record<string, string>]>([
    ['made with another token', signedQuery({ token: 'not-the-token' })],
    ['altered', { ...signedQuery(), nonce: '1' }],
    ['missing', { timestamp: '1700000000', nonce: '1' }],
  ])('refuses a signature %s in plain text, without the echo', async (_, query) => {
    const res = await t.request({
      method: 'GET',
      url: `${WechatApi.callback}?${new URLSearchParams({ ...query, echostr: 'echo-me-not' })}`,
    });
    expect(res.status).toBe(403);
    expect(res.raw).not.toContain('echo-me-not');
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
  });
});

describe('WeChat callback: events (POST)', () => {
  it('a SCAN of the bind QR code binds the scanner to the user its scene names', async () => {
    const openid = newOpenid();
    const res = await callback(t, scan(`bind:${ids.tenantId}:${ids.buyer}`, openid));
    expect(res.status).toBe(200);
    expect(res.raw).toBe('success');
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    expect(await bindingOf(ids.buyer)).toMatchObject({ tenant_id: ids.tenantId, openid });

    const state = await t.get<WxBindState>(WechatApi.bindState, buyer);
    expect(state.body.code).toBe(0);
    expect(state.body.data.bound).toBe(true);
    expect(state.body.data.boundAt).toBeGreaterThan(Date.now() - 60_000);
    // The administrator is not bound by it.
    const other = await t.get<WxBindState>(WechatApi.bindState, admin);
    expect(other.body.data).toEqual({ bound: false, boundAt: null });
  });

  it('a subscribe by scanning (qrscene_ + scene) binds too; application/xml is read as well', async () => {
    const openid = newOpenid();
    const res = await callback(
      t,
      eventXml('subscribe', `qrscene_bind:${ids.tenantId}:${ids.admin}`, openid),
      signedQuery(),
      'application/xml; charset=utf-8',
    );
    expect(res.raw).toBe('success');
    expect(await bindingOf(ids.admin)).toMatchObject({ openid });
    // Scanning again with another WeChat account replaces the user's binding.
    const next = newOpenid();
    await callback(t, scan(`bind:${ids.tenantId}:${ids.admin}`, next));
    expect(await bindingOf(ids.admin)).toMatchObject({ openid: next });
    expect(await t.db.selectFrom('sys_wx_user').where('openid', '=', openid).selectAll().execute()).toEqual(
      [],
    );
  });

  it('moves a WeChat account to the user who scanned last: one account binds one user per tenant', async () => {
    const openid = newOpenid();
    await callback(t, scan(`bind:${ids.tenantId}:${ids.buyer}`, openid));
    expect(await bindingOf(ids.buyer)).toMatchObject({ openid });
    await callback(t, scan(`bind:${ids.tenantId}:${ids.admin}`, openid));
    expect(await bindingOf(ids.admin)).toMatchObject({ openid });
    expect(await bindingOf(ids.buyer)).toBeUndefined();
    expect((await t.get<WxBindState>(WechatApi.bindState, buyer)).body.data.bound).toBe(false);
    expect((await t.get<WxBindState>(WechatApi.bindState, admin)).body.data.bound).toBe(true);
  });

  it('answers success and binds nothing for messages and scenes it does not handle', async () => {
    const before = await t.db.selectFrom('sys_wx_user').selectAll().orderBy('user_id').execute();
    const openid = newOpenid();
    const bodies = [
      // Another kind of message: a text message.
      `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[bind:${ids.tenantId}:${ids.buyer}]]></Content><MsgId>1</MsgId></xml>`,
      // A plain subscribe (not by scanning), an unsubscribe, a menu click naming a scene.
      eventXml('subscribe', '', openid),
      eventXml('unsubscribe', '', openid),
      eventXml('CLICK', `bind:${ids.tenantId}:${ids.buyer}`, openid),
      // Scenes that are not a bind request, or name no user.
      scan('login:123', openid),
      scan(`bind:${ids.tenantId}:99999999`, openid),
      scan(`bind:${ids.tenantId}:${ids.buyer}:extra`, openid),
      scan(`bind:${ids.tenantId}:abc`, openid),
      eventXml('subscribe', `bind:${ids.tenantId}:${ids.buyer}`, openid),
    ];
    for (const body of bodies) {
      const res = await callback(t, body);
      expect([res.status, res.raw]).toEqual([200, 'success']);
    }
    expect(await t.db.selectFrom('sys_wx_user').selectAll().orderBy('user_id').execute()).toEqual(before);
  });

  it("keeps tenants apart: a scene naming another tenant's user under this tenant binds nobody", async () => {
    const other = await t.seedOtherTenant('wx2');
    const openid = newOpenid();
    // Our tenant with their user, their tenant with our user: nobody is bound.
    for (const scene of [
      `bind:${ids.tenantId}:${other.users.buyer}`,
      `bind:${other.tenantId}:${ids.buyer}`,
    ]) {
      const res = await callback(t, scan(scene, openid));
      expect(res.raw).toBe('success');
    }
    expect(await t.db.selectFrom('sys_wx_user').selectAll().where('openid', '=', openid).execute()).toEqual(
      [],
    );

    // Their own scene binds their user; the same WeChat account may also bind a user of ours.
    await callback(t, scan(`bind:${other.tenantId}:${other.users.buyer}`, openid));
    await callback(t, scan(`bind:${ids.tenantId}:${ids.buyer}`, openid));
    expect(await bindingOf(other.users.buyer)).toMatchObject({ tenant_id: other.tenantId, openid });
    expect(await bindingOf(ids.buyer)).toMatchObject({ tenant_id: ids.tenantId, openid });
    // Their user's state is theirs; unbinding ours leaves theirs.
    const theirBuyer = await t.login('wx2buyer', 'buyer123');
    expect((await t.get<WxBindState>(WechatApi.bindState, theirBuyer)).body.data.bound).toBe(true);
    await t.request({ method: 'DELETE', url: WechatApi.bind, headers: { token: buyer } });
    expect(await bindingOf(ids.buyer)).toBeUndefined();
    expect(await bindingOf(other.users.buyer)).toMatchObject({ openid });
  });

  it('ignores a disabled user in the scene', async () => {
    const id = await createUser('wxoff', '停用者', '13912345688', 'wxoff123');
    const state = await t.put(`${UserApi.users}/${id}/Actions/State`, { enabled: false }, admin);
    expect(state.body.code).toBe(0);
    const res = await callback(t, scan(`bind:${ids.tenantId}:${id}`, newOpenid()));
    expect(res.raw).toBe('success');
    expect(await bindingOf(id)).toBeUndefined();
  });

  it.each<[string, () => Record<string, string>]>([
    ['older than 5 minutes', () => signedQuery({ timestamp: Math.floor(Date.now() / 1000) - 301 })],
    ['more than 5 minutes ahead', () => signedQuery({ timestamp: Math.floor(Date.now() / 1000) + 301 })],
    ['not a number', () => signedQuery({ timestamp: Number.NaN })],
  ])('refuses a signed timestamp %s (a replay) and binds nothing', async (_, query) => {
    const openid = newOpenid();
    const res = await callback(t, scan(`bind:${ids.tenantId}:${ids.buyer}`, openid), query());
    expect(res.status).toBe(403);
    expect(res.raw).not.toBe('success');
    expect(await t.db.selectFrom('sys_wx_user').selectAll().where('openid', '=', openid).execute()).toEqual(
      [],
    );
  });

  it('handles a signed query once: the same signature with another body binds nothing more', async () => {
    const query = signedQuery();
    const first = newOpenid();
    expect((await callback(t, scan(`bind:${ids.tenantId}:${ids.admin}`, first), query)).raw).toBe('success');
    expect(await bindingOf(ids.admin)).toMatchObject({ openid: first });
    // WeChat's retry of it is answered success; a replay carrying another body changes nothing.
    const second = newOpenid();
    const again = await callback(t, scan(`bind:${ids.tenantId}:${ids.buyer}`, second), query);
    expect([again.status, again.raw]).toEqual([200, 'success']);
    expect(await t.db.selectFrom('sys_wx_user').selectAll().where('openid', '=', second).execute()).toEqual(
      [],
    );
  });

  it('does not take the query of an address check (GET) as an event', async () => {
    const query = signedQuery();
    const check = await t.request({
      method: 'GET',
      url: `${WechatApi.callback}?${new URLSearchParams({ ...query, echostr: 'abc' })}`,
    });
    expect(check.raw).toBe('abc');
    const openid = newOpenid();
    const replay = await callback(t, scan(`bind:${ids.tenantId}:${ids.buyer}`, openid), query);
    expect([replay.status, replay.raw]).toEqual([200, 'success']);
    expect(await t.db.selectFrom('sys_wx_user').selectAll().where('openid', '=', openid).execute()).toEqual(
      [],
    );
  });

  it('refuses an unsigned or wrongly signed event in plain text and binds nothing', async () => {
    const openid = newOpenid();
    const body = scan(`bind:${ids.tenantId}:${ids.buyer}`, openid);
    for (const query of [
      {},
      signedQuery({ token: 'guessed' }),
      { ...signedQuery(), signature: 'x'.repeat(40) },
    ]) {
      const res = await callback(t, body, query);
      expect(res.status).toBe(403);
      expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    }
    expect(await t.db.selectFrom('sys_wx_user').selectAll().where('openid', '=', openid).execute()).toEqual(
      [],
    );
  });

  it.each<[string, string, string?]>([
    ['not XML', 'this is not xml'],
    ['cut-off XML', '<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName>'],
    ['XML that is not a WeChat message', '<xml><Hello>world</Hello></xml>'],
    ['an empty body', ''],
    [
      'repeated fields',
      '<xml><ToUserName>a</ToUserName><FromUserName>b</FromUserName><FromUserName>c</FromUserName><CreateTime>1</CreateTime><MsgType>event</MsgType></xml>',
    ],
    [
      'a document type with entities',
      '<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><xml><ToUserName>a</ToUserName><FromUserName>&b;</FromUserName><CreateTime>1</CreateTime><MsgType>event</MsgType><Event>SCAN</Event><EventKey>x</EventKey></xml>',
    ],
    ['JSON', '{"FromUserName":"o1"}', 'application/json'],
  ])('answers %s with 400 in plain text (never 500)', async (_, body, contentType) => {
    const res = await callback(t, body, signedQuery(), contentType);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.raw).not.toContain('"code"');
  });

  it('refuses a body over the size limit (not 500)', async () => {
    const huge = eventXml('SCAN', `bind:${ids.tenantId}:${ids.buyer}`, 'o'.repeat(20_000));
    const res = await callback(t, huge);
    expect(res.status).toBe(413);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
  });

  it('leaves the other routes as they were: JSON bodies elsewhere still parse', async () => {
    const login = await t.post<{ token: string }>('/api/sys/login', {
      userName: 'buyer',
      passWord: 'buyer123',
    });
    expect(login.body.code).toBe(0);
    const xml = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<xml/>',
    });
    expect(xml.status).not.toBe(500);
    expect(xml.body.code).not.toBe(0);
  });
});

describe('bindState and unbinding', () => {
  it('answers the caller’s own state; DELETE bind unbinds only the caller', async () => {
    const openidBuyer = newOpenid();
    const openidAdmin = newOpenid();
    await callback(t, scan(`bind:${ids.tenantId}:${ids.buyer}`, openidBuyer));
    await callback(t, scan(`bind:${ids.tenantId}:${ids.admin}`, openidAdmin));
    const bound = await t.get<WxBindState>(WechatApi.bindState, buyer);
    expect(bound.body.data.bound).toBe(true);

    const res = await t.request<null>({
      method: 'DELETE',
      url: WechatApi.bind,
      headers: { token: buyer, 'accept-language': 'en-US' },
    });
    expect(res.body).toEqual({ code: 0, msg: 'Unbound from the WeChat official account', data: null });
    expect((await t.get<WxBindState>(WechatApi.bindState, buyer)).body.data).toEqual({
      bound: false,
      boundAt: null,
    });
    expect(await bindingOf(ids.admin)).toMatchObject({ openid: openidAdmin });
    // Unbinding again is fine.
    const again = await t.request<null>({ method: 'DELETE', url: WechatApi.bind, headers: { token: buyer } });
    expect(again.body.code).toBe(0);
    expect(again.body.msg).toBe('已解除与微信公众号的绑定');
  });

  it('asks for a signed-in user', async () => {
    expect((await t.get(WechatApi.bindState)).body.code).toBe(600);
    expect((await t.request({ method: 'DELETE', url: WechatApi.bind })).body.code).toBe(600);
    expect((await t.get(WechatApi.bindState, 'not-a-token')).body.code).toBe(601);
  });

  it('deleting a user removes their binding in the same step', async () => {
    const id = await createUser('wxgone', '将删除', '13912345689', 'wxgone123');
    const openid = newOpenid();
    await callback(t, scan(`bind:${ids.tenantId}:${id}`, openid));
    const own = await t.login('wxgone', 'wxgone123');
    expect((await t.get<WxBindState>(WechatApi.bindState, own)).body.data.bound).toBe(true);

    const del = await t.request({
      method: 'DELETE',
      url: `${UserApi.users}/${id}`,
      headers: { token: admin },
    });
    expect(del.body.code).toBe(0);
    expect(await bindingOf(id)).toBeUndefined();
    // A later scan of the deleted user's code binds nothing; the WeChat account is free for others.
    await callback(t, scan(`bind:${ids.tenantId}:${id}`, openid));
    expect(await bindingOf(id)).toBeUndefined();
    await callback(t, scan(`bind:${ids.tenantId}:${ids.buyer}`, openid));
    expect(await bindingOf(ids.buyer)).toMatchObject({ openid });
  });
});

describe('WeChat callback without the token', () => {
  let noToken: TestApp;
  afterAll(async () => {
    await noToken?.close();
  });

  it('is off (404 plain text); the web is told binding is off, though QR codes could be made', async () => {
    noToken = await createTestApp({
      wechatMp: { appId: APP_ID, appSecret: APP_SECRET, apiBase: 'http://127.0.0.1:9' },
    });
    const get = await noToken.request({
      method: 'GET',
      url: `${WechatApi.callback}?${new URLSearchParams({ ...signedQuery(), echostr: 'e' })}`,
    });
    expect([get.status, get.raw]).toEqual([404, 'not found']);
    const post = await callback(noToken, scan('bind:1:1', newOpenid()));
    expect(post.status).toBe(404);
    const token = await noToken.login('buyer', 'buyer123');
    const info = await noToken.get<CurrentUser>('/api/sys/user/info', token);
    expect(info.body.data.wxBindEnabled).toBe(false);
    // The binding state still answers (nothing bound).
    expect((await noToken.get<WxBindState>(WechatApi.bindState, token)).body.data.bound).toBe(false);
  });
});
