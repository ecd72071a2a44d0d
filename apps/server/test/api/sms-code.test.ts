import { type LoginResult, SmsCodeApi } from '@srm/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingSmsGateway } from '../../src/core/sms';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Verification codes (issue 40 §2): sent through the recording gateway, which these tests read as
 * the phone would; sign-in and password reset with them, and their limits.
 */
let t: TestApp;
let sms: RecordingSmsGateway;
const BUYER_MOBILE = '13800000001';
const NOBODY = '13912345678';
let ipSerial = 10;
/** A client address of its own per test, so that the per-address limits do not carry over. */
const freshIp = () => `198.51.100.${ipSerial++}`;
const en = { 'accept-language': 'en-US' };
const fieldsOf = (data: unknown) => (data as { fields?: Record<string, string> } | null)?.fields ?? {};

beforeAll(async () => {
  t = await createTestApp({ register: { altchaCost: 1, altchaCounter: [1, 30] } });
  sms = t.app.deps.sms as RecordingSmsGateway;
});

afterAll(async () => {
  await t?.close();
});

const solved = async () => {
  const res = await t.get<never>(SmsCodeApi.challenge);
  const challenge = res.body.data;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};
const call = (url: string, payload: object, ip: string) =>
  t.request<never>({ method: 'POST', url, payload, headers: en, remoteAddress: ip });
const send = async (mobile: string, purpose: 'login' | 'reset', ip: string) =>
  call(SmsCodeApi.send, { mobile, purpose, altcha: await solved() }, ip);
/** What the gateway was handed last for `mobile` (the phone's inbox). */
const inbox = async (mobile: string) => {
  // The send does not wait on the gateway: give it its turn.
  await new Promise((r) => setTimeout(r, 20));
  return sms.lastCode(mobile);
};

describe('verification codes', () => {
  it('signs in with a code sent to the mobile, once', async () => {
    const ip = freshIp();
    const sent = await send(BUYER_MOBILE, 'login', ip);
    expect(sent.body).toMatchObject({ code: 0, data: { cooldownSeconds: 60, ttlSeconds: 300 } });
    const code = await inbox(BUYER_MOBILE);
    expect(code).toMatch(/^\d{6}$/);
    const signed = (await call(SmsCodeApi.login, { userName: BUYER_MOBILE, code }, ip)).body as unknown as {
      code: number;
      data: LoginResult;
    };
    expect(signed.code).toBe(0);
    const info = await t.get<{ userInfo: { userAccount: string } }>('/api/sys/user/info', signed.data.token);
    expect(info.body.code).toBe(0);
    // Spent: the same code again is refused, at the code.
    const again = await call(SmsCodeApi.login, { userName: BUYER_MOBILE, code }, ip);
    expect(again.body).toMatchObject({
      code: 400,
      msg: 'The code is wrong or no longer valid: ask for a new one',
    });
  });

  it('answers a mobile without an account exactly as one with, and sends it nothing', async () => {
    const before = sms.sent.length;
    const res = await send(NOBODY, 'login', freshIp());
    expect(res.body).toMatchObject({ code: 0, data: { cooldownSeconds: 60, ttlSeconds: 300 } });
    await new Promise((r) => setTimeout(r, 20));
    expect(sms.sent.length).toBe(before);
    // Whatever is guessed, the same refusal as a wrong code.
    const guess = await call(SmsCodeApi.login, { userName: NOBODY, code: '000000' }, freshIp());
    expect(guess.body).toMatchObject({
      code: 400,
      msg: 'The code is wrong or no longer valid: ask for a new one',
    });
    // The cool-down holds for it too.
    const soon = await send(NOBODY, 'login', freshIp());
    expect(soon.body.code).toBe(429);
  });

  it('spends a code after 5 wrong tries, even when the right one comes next', async () => {
    const other = await t.seedOtherTenant('sc');
    const mobile = await ownMobile(other.users.buyer, '13700000011');
    const ip = freshIp();
    expect((await send(mobile, 'login', ip)).body.code).toBe(0);
    const code = (await inbox(mobile)) ?? '';
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++)
      expect((await call(SmsCodeApi.login, { userName: mobile, code: wrong }, ip)).body.code).toBe(400);
    const late = await call(SmsCodeApi.login, { userName: mobile, code }, ip);
    expect(late.body).toMatchObject({
      code: 400,
      msg: 'The code is wrong or no longer valid: ask for a new one',
    });
  });

  it('waits 60 s between codes to a mobile, and asks for the proof of work every time', async () => {
    const ip = freshIp();
    const first = await send(BUYER_MOBILE, 'reset', ip);
    // The first test's code was sent moments ago: this one waits too.
    expect(first.body.code).toBe(429);
    expect(first.headers['retry-after']).toMatch(/^\d+$/);
    expect(first.body.msg).toMatch(/^Wait \d+ s before asking for another code$/);
    const noProof = await call(SmsCodeApi.send, { mobile: '13700000000', purpose: 'login', altcha: 'x' }, ip);
    expect(fieldsOf(noProof.body.data)).toEqual({ altcha: 'Complete the human check to get a code' });
    const bad = await call(SmsCodeApi.send, { mobile: '12345', purpose: 'nope' }, ip);
    expect(bad.body.code).toBe(400);
    expect(Object.keys(fieldsOf(bad.body.data)).sort()).toEqual(['altcha', 'mobile', 'purpose']);
  });

  it('makes one code of two identical sends at once, and spends it once for two sign-ins at once', async () => {
    const other = await t.seedOtherTenant('tw');
    const mobile = await ownMobile(other.users.buyer, '13700000013');
    const ip = freshIp();
    const [a, b] = await Promise.all([send(mobile, 'login', ip), send(mobile, 'login', ip)]);
    expect([a.body.code, b.body.code].sort()).toEqual([0, 429]);
    const code = await inbox(mobile);
    const [x, y] = await Promise.all([
      call(SmsCodeApi.login, { userName: mobile, code }, ip),
      call(SmsCodeApi.login, { userName: mobile, code }, ip),
    ]);
    expect([x.body.code, y.body.code].sort()).toEqual([0, 400]);
  });

  it('sets a forgotten password with a code, under the password rule, and ends the user’s sessions', async () => {
    const other = await t.seedOtherTenant('rp');
    const account = 'rpbuyer';
    const session = await t.login(account, 'buyer123');
    const mobile = await ownMobile(other.users.buyer, '13700000012');
    const ip = freshIp();
    expect((await send(mobile, 'reset', ip)).body.code).toBe(0);
    const code = await inbox(mobile);
    const weak = await call(SmsCodeApi.resetPassword, { userName: mobile, code, newPassword: '1' }, ip);
    expect(Object.keys(fieldsOf(weak.body.data))).toEqual(['newPassword']);
    // A new password the rule refuses leaves the code for the next try.
    const done = await call(
      SmsCodeApi.resetPassword,
      { userName: mobile, code, newPassword: 'Newpass1234' },
      ip,
    );
    expect(done.body, JSON.stringify(done.body)).toMatchObject({
      code: 0,
      msg: 'Your password is set: sign in with it',
    });
    expect((await t.get('/api/sys/user/info', session)).body.code).not.toBe(0);
    expect(await t.login(account, 'Newpass1234')).toBeTruthy();
  });
});

/** Gives the user a mobile nobody else has (the other tenants' seeds share theirs). */
async function ownMobile(userId: string, mobile: string): Promise<string> {
  await t.db.updateTable('sys_user').set({ mobile }).where('id', '=', userId).execute();
  return mobile;
}
