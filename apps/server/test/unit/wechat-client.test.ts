import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWechatMp, WECHAT_API_BASE } from '../../src/config';
import { WechatMpClient } from '../../src/system/wechat-client';
import { APP_ID, APP_SECRET, FakeWechat } from '../fake-wechat';

const fake = new FakeWechat();
let apiBase: string;
beforeAll(async () => {
  apiBase = await fake.start();
});
afterAll(async () => {
  await fake.stop();
});

describe('WeChat configuration', () => {
  it('is off unless both the app id and the secret are set; the API base defaults to WeChat', () => {
    expect(loadWechatMp({})).toBeUndefined();
    expect(loadWechatMp({ WECHAT_MP_APP_ID: 'wx1' })).toBeUndefined();
    expect(loadWechatMp({ WECHAT_MP_APP_ID: ' ', WECHAT_MP_APP_SECRET: 's' })).toBeUndefined();
    expect(loadWechatMp({ WECHAT_MP_APP_ID: 'wx1', WECHAT_MP_APP_SECRET: 's' })).toEqual({
      appId: 'wx1',
      appSecret: 's',
      apiBase: WECHAT_API_BASE,
    });
    expect(
      loadWechatMp({ WECHAT_MP_APP_ID: 'wx1', WECHAT_MP_APP_SECRET: 's', WECHAT_API_BASE: 'http://x:1/' }),
    ).toMatchObject({ apiBase: 'http://x:1/' });
    // The callback's token comes along when set (blank is unset).
    expect(
      loadWechatMp({ WECHAT_MP_APP_ID: 'wx1', WECHAT_MP_APP_SECRET: 's', WECHAT_MP_TOKEN: ' tk ' }),
    ).toMatchObject({ token: 'tk' });
    expect(
      loadWechatMp({ WECHAT_MP_APP_ID: 'wx1', WECHAT_MP_APP_SECRET: 's', WECHAT_MP_TOKEN: ' ' }),
    ).not.toHaveProperty('token');
    expect(loadWechatMp({ WECHAT_MP_TOKEN: 'tk' })).toBeUndefined();
  });
});

describe('WechatMpClient access token', () => {
  it('keeps the token until shortly before it expires, then fetches a new one', async () => {
    let clock = 1_000_000;
    const client = new WechatMpClient(
      { appId: APP_ID, appSecret: APP_SECRET, apiBase: `${apiBase}/` },
      { now: () => clock },
    );
    const before = fake.tokenCalls.length;
    const first = await client.accessToken();
    // 7200 s of life, renewed 300 s early.
    clock += (7200 - 301) * 1000;
    expect(await client.accessToken()).toBe(first);
    expect(fake.tokenCalls.length).toBe(before + 1);
    clock += 2000;
    const second = await client.accessToken();
    expect(second).not.toBe(first);
    expect(fake.tokenCalls.length).toBe(before + 2);
  });

  it('renews a short-lived token at half its life', async () => {
    let clock = 0;
    const client = new WechatMpClient(
      { appId: APP_ID, appSecret: APP_SECRET, apiBase },
      { now: () => clock },
    );
    fake.tokenAnswers.push({ body: { access_token: 'short', expires_in: 60 } });
    expect(await client.accessToken()).toBe('short');
    clock = 29_000;
    expect(await client.accessToken()).toBe('short');
    clock = 31_000;
    expect(await client.accessToken()).not.toBe('short');
  });
});
