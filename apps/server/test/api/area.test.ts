import type { AreaItem, AreaMatch } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Areas: the shipped divisions read lazily by parent, search by name or code, a tenant's
 * corrections and additions (its own only), and the reads forms make signed in or not.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let theirAdmin: string;
const AREA = '/api/system/Area';
const CHILDREN = '/api/common/Area/children';
const SEARCH = '/api/common/Area/search';
const en = { 'accept-language': 'en-US' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('ar');
  theirAdmin = await t.login('aradmin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

describe('the shipped divisions', () => {
  it('lists the 34 provinces first, then a province’s cities and a city’s districts', async () => {
    const provinces = (await t.get<AreaItem[]>(AREA, admin)).body.data;
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toMatchObject({
      code: '110000',
      name: '北京市',
      level: 1,
      isLeaf: false,
      enabled: true,
    });
    const cities = (await t.get<AreaItem[]>(`${AREA}?parentCode=330000`, admin)).body.data;
    expect(cities.map((c) => c.name)).toContain('杭州市');
    const districts = (await t.get<AreaItem[]>(`${AREA}?parentCode=330100`, admin)).body.data;
    expect(districts.map((d) => d.name)).toContain('西湖区');
    expect(districts.every((d) => d.level === 3 && d.isLeaf)).toBe(true);
  });

  it('finds entries by name or code prefix on the screen', async () => {
    const byName = (await t.get<AreaItem[]>(`${AREA}?keyword=${encodeURIComponent('西湖')}`, admin)).body
      .data;
    expect(byName.map((a) => a.code)).toContain('330106');
    const byCode = (await t.get<AreaItem[]>(`${AREA}?keyword=3301`, admin)).body.data;
    expect(byCode[0]?.code).toBe('330100');
    // LIKE wildcards are plain characters.
    expect((await t.get<AreaItem[]>(`${AREA}?keyword=%25`, admin)).body.data).toEqual([]);
  });

  it('answers forms signed in or not, and search gives each match its path from the province', async () => {
    const anonymous = await t.get<AreaItem[]>(`${CHILDREN}?parentCode=110000`);
    expect(anonymous.body.code).toBe(0);
    expect(anonymous.body.data.map((c) => c.code)).toEqual(['110100']);
    const found = await t.get<AreaMatch[]>(`${SEARCH}?keyword=${encodeURIComponent('西湖区')}`, buyer);
    const hangzhou = found.body.data.find((m) => m.path.at(-1)?.code === '330106');
    expect(hangzhou?.path.map((p) => p.name)).toEqual(['浙江省', '杭州市', '西湖区']);
  });

  it('finds a place by its pinyin, as a user who works in English spells it, or by its initials', async () => {
    const names = async (keyword: string) =>
      (await t.get<AreaMatch[]>(`${SEARCH}?keyword=${encodeURIComponent(keyword)}`, buyer)).body.data.map(
        (m) => m.path.map((p) => p.name).join('/'),
      );
    expect((await names('Shanghai'))[0]).toBe('上海市');
    // A reading that is not the character's most common one: 重庆 is chong-qing.
    expect(await names('chong qing')).toContain('重庆市');
    expect(await names('xihuqu')).toContain('浙江省/杭州市/西湖区');
    expect(await names('bj')).toContain('北京市');
    expect(await names('zzzzqx')).toEqual([]);
  });

  it('refuses bad input with translated field messages, and callers without the page', async () => {
    const bad = await t.get<{ fields: Record<string, string> }>(`${AREA}?parentCode=abc`, admin, en);
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields.parentCode).toBe('Invalid value');
    expect((await t.get(`${SEARCH}?keyword=`, null, en)).body.code).toBe(400);
    expect((await t.get(`${CHILDREN}?parentCode=1%00`, null)).body.code).toBe(400);
    expect((await t.get(AREA, buyer)).body.code).toBe(403);
    expect((await t.put(`${AREA}/110000`, { name: 'x' }, buyer)).body.code).toBe(403);
    expect((await t.post(AREA, { parentCode: '0', code: '990000', name: 'x' }, buyer)).body.code).toBe(403);
    expect((await t.get(AREA)).body.code).toBe(600);
  });
});

describe('the public reads', () => {
  it('answer 429 past 300 calls a minute from one address, other addresses unaffected', async () => {
    const from = (remoteAddress: string) =>
      t.request({ method: 'GET', url: `${CHILDREN}?parentCode=110000`, remoteAddress });
    for (let i = 0; i < 300; i++) expect((await from('10.9.9.9')).body.code).toBe(0);
    const refused = await from('10.9.9.9');
    expect(refused.body.code).toBe(429);
    expect((await from('10.9.9.8')).body.code).toBe(0);
  });
});

describe('a tenant’s corrections', () => {
  it('renames and disables an entry for its own tenant only; forms stop offering a disabled one', async () => {
    const res = await t.put<AreaItem>(
      `${AREA}/330106`,
      { name: '西湖区（改）', shortName: '西湖', enabled: false },
      admin,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      name: '西湖区（改）',
      shortName: '西湖',
      enabled: false,
      edited: true,
    });
    expect(res.body.data.originalName).toBe('西湖区');
    const screen = (await t.get<AreaItem[]>(`${AREA}?parentCode=330100`, admin)).body.data;
    expect(screen.find((a) => a.code === '330106')?.name).toBe('西湖区（改）');
    const form = (await t.get<AreaItem[]>(`${CHILDREN}?parentCode=330100`, buyer)).body.data;
    expect(form.some((a) => a.code === '330106')).toBe(false);
    // Another tenant and anonymous callers still see the shipped entry.
    const theirs = (await t.get<AreaItem[]>(`${CHILDREN}?parentCode=330100`, theirAdmin)).body.data;
    expect(theirs.find((a) => a.code === '330106')?.name).toBe('西湖区');
    const anon = (await t.get<AreaItem[]>(`${CHILDREN}?parentCode=330100`)).body.data;
    expect(anon.find((a) => a.code === '330106')?.name).toBe('西湖区');
    // Enabled again, the corrected name is what forms show.
    await t.put(`${AREA}/330106`, { name: '西湖区（改）', enabled: true }, admin);
    const again = (await t.get<AreaMatch[]>(`${SEARCH}?keyword=${encodeURIComponent('（改）')}`, buyer)).body
      .data;
    expect(again[0]?.path.map((p) => p.name)).toEqual(['浙江省', '杭州市', '西湖区（改）']);
  });

  it('adds a missing entry under a city, refuses a taken code, a district parent and an unknown parent', async () => {
    const created = await t.post<AreaItem>(
      AREA,
      { parentCode: '330100', code: '330199', name: '新区', enabled: true },
      admin,
    );
    expect(created.body.code).toBe(0);
    expect(created.body.data).toMatchObject({ level: 3, added: true, isLeaf: true, parentCode: '330100' });
    const list = (await t.get<AreaItem[]>(`${CHILDREN}?parentCode=330100`, buyer)).body.data;
    expect(list.at(-1)?.code).toBe('330199');

    const taken = await t.post(AREA, { parentCode: '330100', code: '330106', name: 'x' }, admin, en);
    expect(taken.body.code).toBe(409);
    expect(taken.body.msg).toBe('The area code 330106 already exists');
    const leaf = await t.post(AREA, { parentCode: '330106', code: '330106001', name: 'x' }, admin);
    expect(leaf.body.code).toBe(400);
    expect((await t.post(AREA, { parentCode: '990000', code: '990100', name: 'x' }, admin)).body.code).toBe(
      404,
    );
    const bad = await t.post<{ fields: Record<string, string> }>(
      AREA,
      { parentCode: '0', code: '12', name: '' },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields).toMatchObject({
      code: 'Enter an area code of 6 to 12 digits',
      name: 'This field is required',
    });
  });

  it("answers 404 for another tenant's added entry, which stays as it was", async () => {
    const theirs = await t.post<AreaItem>(
      AREA,
      { parentCode: '110100', code: '110199', name: '他们的区' },
      theirAdmin,
    );
    expect(theirs.body.code).toBe(0);
    const res = await t.put(`${AREA}/110199`, { name: '改名' }, admin);
    expect(res.body.code).toBe(404);
    // Nor do our forms offer it.
    const ours = (await t.get<AreaItem[]>(`${CHILDREN}?parentCode=110100`, admin)).body.data;
    expect(ours.some((a) => a.code === '110199')).toBe(false);
    const row = await t.db
      .selectFrom('sys_area_tenant')
      .select('name')
      .where('code', '=', '110199')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('他们的区');
    // A code that exists nowhere is not found either.
    expect((await t.put(`${AREA}/999999`, { name: 'x' }, admin)).body.code).toBe(404);
  });
});
