import zlib from 'node:zlib';
import type { ConfDict, DictCategory, DictExport, DictItem, DictType, Dist, Notice } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tenantIdOf } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let tenantId: string;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
const en = { 'accept-language': 'en-US' };
const C = '/api/system/DictionaryCategory';
const T = '/api/system/DictionaryType';
const I = '/api/system/DictionaryData';

const del = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}`, ...headers } });

async function typeId(code: string, tenant = tenantId): Promise<string> {
  const row = await t.db
    .selectFrom('sys_dict_type')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('en_code', '=', code)
    .executeTakeFirstOrThrow();
  return String(row.id);
}
async function items(code: string): Promise<DictItem[]> {
  return (await t.get<DictItem[]>(`${I}?typeId=${await typeId(code)}`, admin)).body.data;
}
async function category(code: string): Promise<string> {
  const list = (await t.get<DictCategory[]>(C, admin)).body.data;
  const found = list.find((c) => c.enCode === code);
  if (!found) throw new Error(code);
  return found.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  tenantId = await tenantIdOf(t.db, 'admin');
  other = await t.seedOtherTenant('dc');
});
afterAll(async () => {
  await t?.close();
});

describe('start-up loads', () => {
  it('serve the dictionaries in the caller’s language, trees as trees', async () => {
    const zh = await t.get<ConfDict[]>('/api/common/get-conf-dist', admin);
    const notice = zh.body.data.find((d) => d.enCode === 'noticeType');
    expect(notice?.dictionaryList.map((i) => i.fullName)).toEqual(['通知', '制度', '招标', '放假安排']);
    const english = await t.get<ConfDict[]>('/api/common/get-conf-dist', admin, en);
    const supply = english.body.data.find((d) => d.enCode === 'supplyCategory');
    expect(supply?.isTree).toBe(1);
    // The type's own name follows the language too (the Chinese one where none is given).
    expect(supply?.fullName).toBe('Supply categories');
    expect(notice?.fullName).toBe('公告类型');
    expect(supply?.dictionaryList[0]).toMatchObject({
      enCode: 'raw',
      fullName: 'Raw materials',
      enabled: true,
      children: [
        expect.objectContaining({ enCode: 'raw.steel', fullName: 'Steel', children: null }),
        expect.objectContaining({ enCode: 'raw.chemical', fullName: 'Chemicals' }),
      ],
    });
    const sys = await t.get<Dist[]>('/api/common/get-sys-dist', admin, { 'accept-language': 'zh-TW' });
    expect(sys.body.data.find((d) => d.distCode === 'sex')?.distDataList.map((d) => d.distLabel)).toEqual([
      '男',
      '女',
    ]);
    const base = await t.get<Dist[]>('/api/common/get-base-dist', admin, en);
    expect(base.body.data.find((d) => d.distCode === 'leaveType')?.distDataList[0]).toEqual({
      distData: 'annual',
      distLabel: 'Annual leave',
      sort: 1,
      enabled: true,
    });
    expect(base.body.data.some((d) => d.distCode === 'sex')).toBe(false);
    expect(sys.body.data.find((d) => d.distCode === 'sex')?.distName).toBe('性別');
  });

  it('answer 304 to a matching ETag until a dictionary changes, then the new data', async () => {
    const first = await t.get('/api/common/get-base-dist', admin);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await t.get('/api/common/get-base-dist', admin, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw).toBe('');
    // Another language is another answer.
    const english = await t.get('/api/common/get-base-dist', admin, { 'if-none-match': etag, ...en });
    expect(english.status).toBe(200);
    const leave = (await items('leaveType')).find((i) => i.enCode === 'sick');
    await t.put(`${I}/${leave?.id}/Actions/State`, { enabled: false }, admin);
    const changed = await t.get<Dist[]>('/api/common/get-base-dist', admin, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const sick = changed.body.data
      .find((d) => d.distCode === 'leaveType')
      ?.distDataList.find((d) => d.distData === 'sick');
    expect(sick?.enabled).toBe(false);
    await t.put(`${I}/${leave?.id}/Actions/State`, { enabled: true }, admin);
  });

  it('answer the stored brotli or gzip form the client accepts, the same JSON inside', async () => {
    const plain = await t.get<ConfDict[]>('/api/common/get-conf-dist', admin);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/common/get-conf-dist',
        headers: { authorization: `Bearer ${admin}`, 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.body);
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/common/get-conf-dist',
      headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'br;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('configs and enums are tenant-scoped and need a session', async () => {
    const mine = await t.get<{ paramKey: string }[]>('/api/common/get-sys-config', admin);
    expect(mine.body.code).toBe(0);
    expect((await t.get('/api/common/enums', null)).body.code).toBe(600);
    const otherAdmin = await t.login('dcadmin', 'admin123');
    await t.post(C, { enCode: 'onlyOther', fullName: '别家' }, otherAdmin);
    const types = await t.get<ConfDict[]>('/api/common/get-conf-dist', admin);
    expect(types.body.data.length).toBeGreaterThan(0);
    const cats = await t.get<DictCategory[]>(C, admin);
    expect(cats.body.data.some((c) => c.enCode === 'onlyOther')).toBe(false);
  });
});

describe('categories and types', () => {
  it('create, edit and delete a category; refuse deleting one with types', async () => {
    const made = await t.post<DictCategory>(
      C,
      { enCode: 'extra', fullName: '扩展', fullNameEn: 'Extras', sortCode: 5 },
      admin,
    );
    expect(made.body).toMatchObject({
      code: 0,
      data: { enCode: 'extra', typeCount: 0, fullNameEn: 'Extras', fullNameTw: '' },
    });
    const edited = await t.put<DictCategory>(
      `${C}/${made.body.data.id}`,
      { enCode: 'extra2', fullName: '扩展2', fullNameEn: 'Extras 2', fullNameTw: '擴展2' },
      admin,
    );
    expect(edited.body.data).toMatchObject({ enCode: 'extra2', fullNameEn: 'Extras 2', fullNameTw: '擴展2' });
    const listed = await t.get<DictCategory[]>(C, admin);
    expect(listed.body.data.find((c) => c.enCode === 'base')).toMatchObject({
      fullName: '业务字典',
      fullNameEn: 'Business',
      fullNameTw: '業務字典',
    });
    const dup = await t.post(C, { enCode: 'base', fullName: 'x' }, admin, en);
    expect(dup.body).toMatchObject({
      code: 400,
      data: { fields: { enCode: 'This code is already in use' } },
    });
    const busy = await del(`${C}/${await category('base')}`, admin, en);
    expect(busy.body.code).toBe(409);
    expect(busy.body.msg).toContain('still holds dictionary types');
    expect((await del(`${C}/${made.body.data.id}`, admin)).body.code).toBe(0);
  });

  it('create a tree type, add items under items, refuse deleting the type while it has items', async () => {
    const cat = await category('base');
    const made = await t.post<DictType>(
      T,
      { categoryId: cat, enCode: 'region', fullName: '区域', isTree: true },
      admin,
    );
    expect(made.body.data).toMatchObject({
      enCode: 'region',
      isTree: true,
      scope: 'base',
      isConf: true,
      itemCount: 0,
    });
    const east = await t.post<DictItem>(
      I,
      { typeId: made.body.data.id, enCode: 'east', fullName: '华东', fullNameEn: 'East' },
      admin,
    );
    const sh = await t.post<DictItem>(
      I,
      { typeId: made.body.data.id, parentId: east.body.data.id, enCode: 'east.sh', fullName: '上海' },
      admin,
    );
    expect(sh.body.data.parentId).toBe(east.body.data.id);
    const loop = await t.put(
      `${I}/${east.body.data.id}`,
      { typeId: made.body.data.id, parentId: sh.body.data.id, enCode: 'east', fullName: '华东' },
      admin,
      en,
    );
    expect(loop.body).toMatchObject({
      code: 400,
      data: { fields: { parentId: expect.stringContaining('under itself') } },
    });
    const refused = await del(`${T}/${made.body.data.id}`, admin, en);
    expect(refused.body).toMatchObject({
      code: 409,
      msg: 'This dictionary type still has items; delete them first',
    });
    const parent = await del(`${I}/${east.body.data.id}`, admin, en);
    expect(parent.body).toMatchObject({ code: 409, msg: 'This item has child items; delete them first' });
    const flat = await t.put(
      `${T}/${made.body.data.id}`,
      { categoryId: cat, enCode: 'region', fullName: '区域' },
      admin,
    );
    expect(flat.body.code).toBe(400);
    expect((await del(`${I}/${sh.body.data.id}`, admin)).body.code).toBe(0);
    expect((await del(`${I}/${east.body.data.id}`, admin)).body.code).toBe(0);
    expect((await del(`${T}/${made.body.data.id}`, admin)).body.code).toBe(0);
    expect((await t.get(`${T}/${made.body.data.id}`, admin)).body.code).toBe(404);
  });

  it('a flat type refuses a parent; codes are unique per type', async () => {
    const currency = await typeId('currency');
    const [cny] = await items('currency');
    const withParent = await t.post(
      I,
      { typeId: currency, parentId: cny?.id, enCode: 'EUR', fullName: '欧元' },
      admin,
      en,
    );
    expect(withParent.body).toMatchObject({
      code: 400,
      data: { fields: { parentId: 'Items of a flat dictionary have no parent' } },
    });
    const dup = await t.post(I, { typeId: currency, enCode: 'CNY', fullName: '人民币' }, admin);
    expect(dup.body.code).toBe(400);
  });

  it('sorts one parent’s children; a list that is not exactly them is a conflict', async () => {
    const currency = await typeId('currency');
    const before = await items('currency');
    const reversed = before.map((i) => i.id).reverse();
    expect(
      (await t.put(`${I}/Actions/Sort`, { typeId: currency, parentId: '0', ids: reversed }, admin)).body.code,
    ).toBe(0);
    expect((await items('currency')).map((i) => i.enCode)).toEqual(['USD', 'CNY']);
    const partial = await t.put(
      `${I}/Actions/Sort`,
      { typeId: currency, parentId: '0', ids: [reversed[0]] },
      admin,
    );
    expect(partial.body.code).toBe(409);
  });
});

describe('references', () => {
  it('an item an announcement uses cannot be deleted or recoded; the type code is fixed', async () => {
    const made = await t.post<Notice>(
      '/api/system/Notice',
      { noticeTitle: '制度更新', noticeBody: '<p>x</p>', audience: 'staff', noticeType: 'policy' },
      admin,
    );
    expect(made.body.data.noticeType).toBe('policy');
    const policy = (await items('noticeType')).find((i) => i.enCode === 'policy');
    const refused = await del(`${I}/${policy?.id}`, admin, en);
    expect(refused.body).toMatchObject({
      code: 409,
      msg: 'This item is in use by announcements and cannot be deleted (disable it instead)',
    });
    const recode = await t.put(
      `${I}/${policy?.id}`,
      { typeId: await typeId('noticeType'), enCode: 'rules', fullName: '制度' },
      admin,
      en,
    );
    expect(recode.body.code).toBe(409);
    const type = (await t.get<DictType>(`${T}/${await typeId('noticeType')}`, admin)).body.data;
    const retype = await t.put(`${T}/${type.id}`, { ...type, enCode: 'noticeKind' }, admin);
    expect(retype.body.code).toBe(409);
    // An unused item goes.
    const holiday = (await items('noticeType')).find((i) => i.enCode === 'holiday');
    expect((await del(`${I}/${holiday?.id}`, admin)).body.code).toBe(0);
  });

  it('a form takes enabled items only, yet keeps a disabled one it already holds', async () => {
    const unknown = await t.post(
      '/api/system/Notice',
      { noticeTitle: 'a', noticeBody: 'b', audience: 'staff', noticeType: 'nope' },
      admin,
      en,
    );
    expect(unknown.body).toMatchObject({
      code: 400,
      data: { fields: { noticeType: 'Choose an enabled item of the list' } },
    });
    const made = await t.post<Notice>(
      '/api/system/Notice',
      { noticeTitle: 'a', noticeBody: 'b', audience: 'staff', noticeType: 'tender' },
      admin,
    );
    const tender = (await items('noticeType')).find((i) => i.enCode === 'tender');
    await t.put(`${I}/${tender?.id}/Actions/State`, { enabled: false }, admin);
    const keep = await t.put<Notice>(
      `/api/system/Notice/${made.body.data.id}`,
      { noticeTitle: 'a2', noticeBody: 'b', audience: 'staff', noticeType: 'tender' },
      admin,
    );
    expect(keep.body).toMatchObject({ code: 0, data: { noticeType: 'tender', noticeTitle: 'a2' } });
    const fresh = await t.post(
      '/api/system/Notice',
      { noticeTitle: 'c', noticeBody: 'b', audience: 'staff', noticeType: 'tender' },
      admin,
    );
    expect(fresh.body.code).toBe(400);
  });
});

describe('import and export', () => {
  it('exports a type and imports it back as a new type', async () => {
    const doc = (await t.get<DictExport>(`${T}/${await typeId('supplyCategory')}/Actions/Export`, admin)).body
      .data;
    expect(doc.items.map((i) => [i.enCode, i.parentCode])).toEqual([
      ['raw', ''],
      ['raw.steel', 'raw'],
      ['raw.chemical', 'raw'],
      ['office', ''],
      ['service', ''],
    ]);
    expect(doc.type).toMatchObject({ fullNameEn: 'Supply categories', fullNameTw: '供貨類別' });
    const copy = { ...doc, type: { ...doc.type, enCode: 'supplyCopy' }, categoryId: await category('base') };
    const result = await t.post<{ typeId: string; created: number; updated: number }>(
      `${T}/Actions/Import`,
      copy,
      admin,
    );
    expect(result.body.data).toMatchObject({ created: 5, updated: 0 });
    const again = await t.post<{ created: number; updated: number }>(`${T}/Actions/Import`, copy, admin);
    expect(again.body.data).toMatchObject({ created: 0, updated: 5 });
    const english = await t.get<ConfDict[]>('/api/common/get-conf-dist', admin, en);
    expect(
      english.body.data.find((d) => d.enCode === 'supplyCopy')?.dictionaryList[0]?.children?.[1]?.fullName,
    ).toBe('Chemicals');
  });

  it('re-importing an existing type keeps it in its own category; the chosen one applies to new types', async () => {
    const id = await typeId('supplyCategory');
    const before = (await t.get<DictType>(`${T}/${id}`, admin)).body.data;
    expect(before?.categoryId).toBe(await category('base'));
    const doc = (await t.get<DictExport>(`${T}/${id}/Actions/Export`, admin)).body.data;
    // The dialog's default category is the first one (系统字典), not the type's own.
    const sys = await category('sys');
    const again = await t.post<{ typeId: string; updated: number }>(
      `${T}/Actions/Import`,
      { ...doc, type: { ...doc.type, remark: 're-imported' }, categoryId: sys },
      admin,
    );
    expect(again.body.data).toMatchObject({ typeId: id, updated: doc.items.length });
    const after = (await t.get<DictType>(`${T}/${id}`, admin)).body.data;
    expect(after).toMatchObject({ categoryId: before?.categoryId, remark: 're-imported' });
    const fresh = await t.post<{ typeId: string }>(
      `${T}/Actions/Import`,
      { ...doc, type: { ...doc.type, enCode: 'supplyInSys' }, categoryId: sys },
      admin,
    );
    const created = (await t.get<DictType>(`${T}/${fresh.body.data.typeId}`, admin)).body.data;
    expect(created?.categoryId).toBe(sys);
  });

  it('a document with bad rows changes nothing and names each row', async () => {
    const before = await t.db
      .selectFrom('sys_dict_item')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await t.post(
      `${T}/Actions/Import`,
      {
        categoryId: await category('base'),
        type: { enCode: 'broken', fullName: '坏', isTree: true },
        items: [
          { enCode: 'a', fullName: 'A' },
          { enCode: 'a', fullName: 'A again' },
          { enCode: 'b', fullName: 'B', parentCode: 'missing' },
          { enCode: '.c', fullName: 'C' },
          { enCode: 'd', fullName: '' },
        ],
      },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    const fields = (bad.body.data as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['items.3.enCode', 'items.4.fullName']));
    const semantic = await t.post(
      `${T}/Actions/Import`,
      {
        categoryId: await category('base'),
        type: { enCode: 'broken', fullName: '坏', isTree: true },
        items: [
          { enCode: 'a', fullName: 'A' },
          { enCode: 'a', fullName: 'A again' },
          { enCode: 'b', fullName: 'B', parentCode: 'missing' },
          { enCode: 'x', fullName: 'X', parentCode: 'y' },
          { enCode: 'y', fullName: 'Y', parentCode: 'x' },
        ],
      },
      admin,
      en,
    );
    expect(semantic.body).toMatchObject({
      code: 400,
      msg: 'The file has errors; nothing was imported',
      data: {
        fields: {
          'items.1.enCode': 'This code appears twice in the file',
          'items.2.parentCode': 'The parent item does not exist',
          'items.3.parentCode': expect.stringContaining('under itself'),
        },
      },
    });
    const after = await t.db
      .selectFrom('sys_dict_item')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(
      await t.db.selectFrom('sys_dict_type').select('id').where('en_code', '=', 'broken').executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('permissions and tenants', () => {
  it('a user without the page gets 403 on every call', async () => {
    const id = await typeId('currency');
    for (const res of [
      await t.get(C, buyer),
      await t.get(`${T}?categoryId=1`, buyer),
      await t.get(`${I}?typeId=${id}`, buyer),
      await t.post(T, { categoryId: '1', enCode: 'x', fullName: 'x' }, buyer),
      await del(`${T}/${id}`, buyer),
      await t.get(`${T}/${id}/Actions/Export`, buyer),
    ]) {
      expect(res.body.code).toBe(403);
    }
  });

  it('another tenant’s ids answer 404, and a category of another tenant is a field error', async () => {
    const foreignType = await typeId('currency', other.tenantId);
    expect((await t.get(`${T}/${foreignType}`, admin)).body.code).toBe(404);
    expect((await t.get(`${I}?typeId=${foreignType}`, admin)).body.code).toBe(404);
    expect((await del(`${T}/${foreignType}`, admin)).body.code).toBe(404);
    expect((await t.get(`${T}/${foreignType}/Actions/Export`, admin)).body.code).toBe(404);
    const foreignItem = await t.db
      .selectFrom('sys_dict_item')
      .select('id')
      .where('tenant_id', '=', other.tenantId)
      .executeTakeFirstOrThrow();
    expect((await del(`${I}/${foreignItem.id}`, admin)).body.code).toBe(404);
    expect((await t.put(`${I}/${foreignItem.id}/Actions/State`, { enabled: false }, admin)).body.code).toBe(
      404,
    );
    const foreignCategory = await t.db
      .selectFrom('sys_dict_category')
      .select('id')
      .where('tenant_id', '=', other.tenantId)
      .executeTakeFirstOrThrow();
    expect((await del(`${C}/${foreignCategory.id}`, admin)).body.code).toBe(404);
    const into = await t.post(
      T,
      { categoryId: String(foreignCategory.id), enCode: 'sneaky', fullName: 'x' },
      admin,
    );
    expect(into.body).toMatchObject({ code: 400, data: { fields: { categoryId: expect.any(String) } } });
    const sort = await t.put(
      `${I}/Actions/Sort`,
      { typeId: foreignType, parentId: '0', ids: [String(foreignItem.id)] },
      admin,
    );
    expect(sort.body.code).toBe(404);
  });

  it('bad input answers 400 with translated fields, never 500', async () => {
    const cat = await category('base');
    const nul = await t.post(T, { categoryId: cat, enCode: 'a\u0000b', fullName: 'x' }, admin, en);
    expect(nul.body.code).toBe(400);
    const code = await t.post(T, { categoryId: cat, enCode: 'a.', fullName: 'x' }, admin, en);
    expect(code.body).toMatchObject({
      code: 400,
      data: { fields: { enCode: 'Only letters, digits and dots; a dot cannot be first or last' } },
    });
    expect((await t.get(`${T}/99999999999999999999`, admin)).body.code).toBe(400);
    expect((await t.get(`${I}?typeId=abc`, admin)).body.code).toBe(400);
    const big = await t.post(I, { typeId: '9223372036854775807', enCode: 'x', fullName: 'x' }, admin);
    expect(big.body.code).toBe(400);
    const long = await t.post(
      T,
      { categoryId: cat, enCode: 'longEn', fullName: 'x', fullNameEn: 'e'.repeat(51) },
      admin,
      en,
    );
    expect(long.body).toMatchObject({
      code: 400,
      data: { fields: { fullNameEn: expect.stringContaining('50') } },
    });
  });
});
