import type { LanguageData, WebTextOverrides } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Language: the server's texts with their three translations, a tenant's overrides of web and
 * server texts, the overrides every signed-in user loads, and server messages answering with them.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let theirAdmin: string;
const LANGUAGE = '/api/system/Language';
const OVERRIDE = '/api/system/Language/Override';
const RESET = '/api/system/Language/Override/Actions/Reset';
const WEB = '/api/common/TextOverrides';
const en = { 'accept-language': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('lg');
  theirAdmin = await t.login('lgadmin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

describe('the language screen', () => {
  it("lists the server's messages in three languages", async () => {
    const res = await t.get<LanguageData>(LANGUAGE, admin);
    expect(res.body.code).toBe(0);
    const forbidden = res.body.data.server.find((s) => s.key === 'error.forbidden');
    expect(forbidden?.texts).toEqual({
      'zh-CN': '暂无权限',
      'en-US': 'No permission',
      'zh-TW': expect.any(String),
    });
    expect(res.body.data.overrides).toEqual([]);
  });

  it('overrides a web text per language for the tenant; every user of it loads it, another tenant not', async () => {
    const put = await t.put(
      OVERRIDE,
      { namespace: 'common', key: 'confirm', locale: 'en-US', value: 'Sure' },
      admin,
    );
    expect(put.body.code).toBe(0);
    const web = (await t.get<WebTextOverrides>(WEB, buyer)).body.data;
    expect(web).toEqual({ 'en-US': { common: { confirm: 'Sure' } } });
    expect((await t.get<WebTextOverrides>(WEB, theirAdmin)).body.data).toEqual({});
    const listed = (await t.get<LanguageData>(LANGUAGE, admin)).body.data.overrides;
    expect(listed).toMatchObject([{ namespace: 'common', key: 'confirm', locale: 'en-US', value: 'Sure' }]);
    // Saving again replaces it.
    await t.put(OVERRIDE, { namespace: 'common', key: 'confirm', locale: 'en-US', value: 'Yes' }, admin);
    expect((await t.get<WebTextOverrides>(WEB, buyer)).body.data['en-US']?.common?.confirm).toBe('Yes');
    const reset = await t.post<number>(RESET, { namespace: 'common', key: 'confirm' }, admin);
    expect(reset.body.data).toBe(1);
    expect((await t.get<WebTextOverrides>(WEB, buyer)).body.data).toEqual({});
  });

  it("answers server messages with the tenant's override at once, in that language and tenant only", async () => {
    const value = 'You may not do this here';
    await t.put(OVERRIDE, { namespace: 'server', key: 'error.forbidden', locale: 'en-US', value }, admin);
    expect((await t.get(LANGUAGE, buyer, en)).body.msg).toBe(value);
    // Other languages keep the shipped text.
    expect((await t.get(LANGUAGE, buyer)).body.msg).toBe('暂无权限');
    expect((await t.get('/api/system/Area', buyer, en)).body.msg).toBe(value);
    // Field messages of the server too: the envelope's message is the tenant's.
    await t.put(
      OVERRIDE,
      { namespace: 'server', key: 'error.badRequest', locale: 'en-US', value: 'Check the form' },
      admin,
    );
    const bad = await t.put(OVERRIDE, { namespace: 'server', key: 'x', locale: 'xx', value: 'v' }, admin, en);
    expect(bad.body.msg).toBe('Check the form');
    const theirs = await t.put(
      OVERRIDE,
      { namespace: 'server', key: 'x', locale: 'xx', value: 'v' },
      theirAdmin,
      en,
    );
    expect(theirs.body.msg).toBe('Invalid request');
    await t.post(RESET, { namespace: 'server', key: 'error.forbidden', locale: 'en-US' }, admin);
    expect((await t.get(LANGUAGE, buyer, en)).body.msg).toBe('No permission');
    await t.post(RESET, { namespace: 'server', key: 'error.badRequest' }, admin);
  });

  it('refuses an unknown server key, bad input with translated field messages, and users without the page', async () => {
    const unknown = await t.put(
      OVERRIDE,
      { namespace: 'server', key: 'no.such', locale: 'en-US', value: 'x' },
      admin,
      en,
    );
    expect(unknown.body.code).toBe(404);
    const bad = await t.put<{ fields: Record<string, string> }>(
      OVERRIDE,
      { namespace: '../x', key: 'a b', locale: 'fr', value: '   ' },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      namespace: 'Invalid value',
      key: 'Invalid value',
      locale: 'Invalid value',
      value: 'This field is required',
    });
    const long = await t.put(
      OVERRIDE,
      { namespace: 'common', key: 'k', locale: 'en-US', value: 'x'.repeat(2001) },
      admin,
    );
    expect(long.body.code).toBe(400);
    expect(
      (await t.put(OVERRIDE, { namespace: 'common', key: 'k', locale: 'en-US', value: 'a\u0000' }, admin))
        .body.code,
    ).toBe(400);
    expect((await t.get(LANGUAGE, buyer)).body.code).toBe(403);
    expect(
      (await t.put(OVERRIDE, { namespace: 'common', key: 'k', locale: 'en-US', value: 'x' }, buyer)).body
        .code,
    ).toBe(403);
    expect((await t.post(RESET, { namespace: 'common', key: 'k' }, buyer)).body.code).toBe(403);
    expect((await t.get(WEB)).body.code).toBe(600);
    const rows = await t.db.selectFrom('sys_text_override').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it("resetting another tenant's override changes nothing of theirs", async () => {
    await t.put(
      OVERRIDE,
      { namespace: 'common', key: 'confirm', locale: 'zh-CN', value: '好的' },
      theirAdmin,
    );
    const res = await t.post<number>(RESET, { namespace: 'common', key: 'confirm' }, admin);
    expect(res.body.data).toBe(0);
    expect((await t.get<WebTextOverrides>(WEB, theirAdmin)).body.data).toEqual({
      'zh-CN': { common: { confirm: '好的' } },
    });
  });
});
