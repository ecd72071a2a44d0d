import {
  type DataModel,
  DataModelApi,
  DataScreenPerm,
  DatasetPerm,
  type Design,
  DesignApi,
  DesignPerm,
  type DesignVersion,
  type NavResult,
  PortalPerm,
  ReportPerm,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
const en = { 'accept-language': 'en-US' };
const D = DesignApi.design;
const names = (zh: string, enUs?: string) => ({ 'zh-CN': zh, ...(enUs ? { 'en-US': enUs } : {}) });

let model: DataModel;
let otherModel: DataModel;

/** A design of the sample model as the designer would send it (loosely typed: bad ones are sent too). */
const sample = (over: Record<string, unknown> = {}) => ({
  names: names('样品申请单', 'Sample request form'),
  category: 'purchase',
  modelId: model.id,
  draft: {
    form: {
      name: 'Anything',
      title: '样品申请',
      sections: [{ key: 'basic', kind: 'group', title: '基本信息' }],
      fields: [
        { name: 'title', type: 'input', label: '标题', required: true, section: 'basic' },
        { name: 'kind', type: 'select', label: '类型', dictionary: 'currency' },
        { name: 'amount', type: 'money', label: '金额' },
        {
          name: 'lines',
          type: 'table',
          label: '明细',
          columns: [
            { name: 'item', type: 'input', label: '物料' },
            { name: 'qty', type: 'number', label: '数量' },
          ],
        },
      ],
      linkage: [{ when: [{ field: 'kind', op: 'eq', value: 'USD' }], effect: 'require', fields: ['amount'] }],
    },
    list: {
      columns: [{ field: 'title' }, { field: 'amount', format: 'money' }],
      query: [{ field: 'title', op: 'like' }],
      pageSize: 20,
      buttons: ['add', 'edit', 'delete'],
    },
  },
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('od');
  otherAdmin = await t.login('odadmin', 'admin123');
  const line = await t.post<DataModel>(
    DataModelApi.dataModel,
    {
      code: 'sample_line',
      names: names('样品明细'),
      isLines: true,
      fields: [
        { code: 'item', names: names('物料'), kind: 'text', length: 50 },
        { code: 'qty', names: names('数量'), kind: 'integer' },
      ],
    },
    admin,
  );
  expect(line.body.code).toBe(0);
  const main = await t.post<DataModel>(
    DataModelApi.dataModel,
    {
      code: 'sample_request',
      names: names('样品申请'),
      fields: [
        { code: 'title', names: names('标题'), kind: 'text', length: 100, required: true },
        { code: 'kind', names: names('类型'), kind: 'select', dictType: 'currency' },
        { code: 'amount', names: names('金额'), kind: 'money' },
        { code: 'lines', names: names('明细'), kind: 'lines', model: 'sample_line' },
      ],
    },
    admin,
  );
  expect(main.body.code).toBe(0);
  model = main.body.data;
  const other = await t.post<DataModel>(
    DataModelApi.dataModel,
    {
      code: 'outside_list',
      names: names('外部'),
      fields: [{ code: 'x', names: names('x'), kind: 'text', length: 5 }],
    },
    otherAdmin,
  );
  expect(other.body.code).toBe(0);
  otherModel = other.body.data;
});

afterAll(async () => {
  await t?.close();
});

describe('online designs', () => {
  let design: Design;

  it('creates a draft bound to a model, its form named after the design', async () => {
    const res = await t.post<Design>(D, sample(), admin, en);
    expect(res.body.code).toBe(0);
    design = res.body.data;
    expect(design).toMatchObject({
      modelCode: 'sample_request',
      publishedVersion: 0,
      changed: true,
      kind: 'web',
    });
    expect(design.draft.form.name).toBe(`Design${design.id}`);
    expect(design.draft.form.linkage).toHaveLength(1);
    const list = await t.get<{ list: Design[] }>(`${D}?keyword=${encodeURIComponent('样品')}`, admin);
    expect(list.body.data.list.map((d) => d.id)).toEqual([design.id]);
  });

  it('names the bad parts of a design at their paths', async () => {
    const bad = sample();
    bad.draft.form.fields[2] = { name: 'amount', type: 'date', label: '金额' };
    bad.draft.form.fields.push({ name: 'ghost', type: 'input', label: '?' } as never);
    bad.draft.form.linkage = [
      { when: [{ field: 'nothing', op: 'eq', value: 'x' }], effect: 'hide', fields: ['title'] },
    ];
    bad.draft.list.columns = [{ field: 'lines' }];
    const res = await t.post(D, { ...bad, names: names('坏设计'), category: 'nope' }, admin, en);
    expect(res.body.code).toBe(400);
    const fields = (res.body.data as { fields: Record<string, string> }).fields;
    expect(fields).toMatchObject({
      category: 'No flow category with this code',
      'draft.form.fields.2.type': "This control does not suit the model field's kind",
      'draft.form.fields.4.name': 'The model has no field with this code',
      'draft.form.linkage.0.when.0.field': 'No field of the form has this name',
      'draft.list.columns.0.field': 'The model has no field with this code',
    });
  });

  it('refuses a schema that is not one, and a form without the model’s required field', async () => {
    const broken = sample();
    (broken.draft.list as Record<string, unknown>).pageSize = 7;
    const res = await t.post(D, { ...broken, names: names('另一个') }, admin, en);
    expect(res.body.code).toBe(400);
    expect(JSON.stringify(res.body.data)).toContain('draft.list.pageSize');
    const noTitle = sample({ names: names('缺标题') });
    noTitle.draft.form.fields.shift();
    const res2 = await t.post(D, noTitle, admin, en);
    expect(res2.body.code).toBe(400);
    expect((res2.body.data as { fields: Record<string, string> }).fields['draft.form.fields']).toContain(
      'title',
    );
  });

  it('publishes frozen versions; the draft changes apart from them', async () => {
    const pub = await t.post<Design>(`${D}/${design.id}/Actions/Publish`, {}, admin, en);
    expect(pub.body).toMatchObject({ code: 0, msg: 'Published' });
    expect(pub.body.data).toMatchObject({ publishedVersion: 1, changed: false });
    // Nothing changed since: publishing again makes no new version.
    const again = await t.post<Design>(`${D}/${design.id}/Actions/Publish`, {}, admin);
    expect(again.body.data.publishedVersion).toBe(1);

    const edited = sample();
    edited.draft.form.title = '样品申请（新）';
    const put = await t.put<Design>(`${D}/${design.id}`, edited, admin);
    expect(put.body.data).toMatchObject({ publishedVersion: 1, changed: true });
    const v1 = await t.get<DesignVersion>(`${D}/${design.id}/Versions/1`, admin);
    expect(v1.body.data.content.form.title).toBe('样品申请');
    expect(v1.body.data.modelVersion).toBe(1);

    await t.post(`${D}/${design.id}/Actions/Publish`, {}, admin);
    const versions = await t.get<{ list: DesignVersion[] }>(`${D}/${design.id}/Versions`, admin);
    expect(versions.body.data.list.map((v) => [v.version, v.content.form.title])).toEqual([
      [2, '样品申请（新）'],
      [1, '样品申请'],
    ]);
    expect((await t.get(`${D}/${design.id}/Versions/9`, admin)).body.code).toBe(404);
  });

  it('makes one version of ten publishes of a draft at once', async () => {
    const fresh = await t.post<Design>(D, sample({ names: names('并发发布') }), admin);
    const id = fresh.body.data.id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.post<Design>(`${D}/${id}/Actions/Publish`, {}, admin)),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(0));
    const versions = await t.get<{ list: DesignVersion[] }>(`${D}/${id}/Versions`, admin);
    expect(versions.body.data.list.map((v) => v.version)).toEqual([1]);
  });

  it('keeps a published design on its model', async () => {
    const res = await t.put(`${D}/${design.id}`, sample({ modelId: otherModel.id }), admin, en);
    expect(res.body.code).toBe(400);
    expect((res.body.data as { fields: Record<string, string> }).fields.modelId).toContain(
      'stays on its model',
    );
  });

  it("answers 404 for another tenant's designs and models, also inside the body", async () => {
    expect((await t.get(`${D}/${design.id}`, otherAdmin)).body.code).toBe(404);
    expect((await t.put(`${D}/${design.id}`, sample(), otherAdmin)).body.code).toBe(404);
    expect((await t.post(`${D}/${design.id}/Actions/Publish`, {}, otherAdmin)).body.code).toBe(404);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `${D}/${design.id}`,
          headers: { authorization: `Bearer ${otherAdmin}` },
        })
      ).body.code,
    ).toBe(404);
    const foreignModel = await t.post(
      D,
      sample({ names: names('借别人的模型'), modelId: otherModel.id }),
      admin,
      en,
    );
    expect(foreignModel.body.code).toBe(404);
    expect((await t.get<{ list: Design[] }>(D, otherAdmin)).body.data.list).toEqual([]);
  });

  it('refuses a user without the permission', async () => {
    expect((await t.get(D, buyer)).body.code).toBe(403);
    expect((await t.post(D, sample({ names: names('越权') }), buyer)).body.code).toBe(403);
    expect((await t.post(`${D}/${design.id}/Actions/Publish`, {}, buyer)).body.code).toBe(403);
  });

  it('gives one design for two identical creates at once', async () => {
    const body = sample({ names: names('并发设计') });
    const [a, b] = await Promise.all([t.post(D, body, admin, en), t.post(D, body, admin, en)]);
    expect([a.body.code, b.body.code].sort()).toEqual([0, 400]);
    const loser = a.body.code === 400 ? a : b;
    expect((loser.body.data as { fields: Record<string, string> }).fields['names.zh-CN']).toBe(
      'A design with this name already exists',
    );
  });

  it('puts only a published design of the tenant in the menu as a model page', async () => {
    const draft = await t.post<Design>(D, sample({ names: names('未发布') }), admin);
    const menu = (moduleId: string, code: string) => ({
      menuName: '草稿页',
      menuPerms: code,
      menuType: 3,
      propertyJson: JSON.stringify({ moduleId, isTree: 0 }),
    });
    expect((await t.post('/api/system/Menu', menu(draft.body.data.id, 'draftPage'), admin)).body.code).toBe(
      404,
    );
    const theirs = await t.post<Design>(
      D,
      {
        ...sample({ names: names('外部设计'), modelId: otherModel.id }),
        draft: {
          form: { name: 'X', title: 'x', fields: [{ name: 'x', type: 'input', label: 'x' }] },
          list: { columns: [{ field: 'x' }], query: [], pageSize: 20, buttons: [] },
        },
      },
      otherAdmin,
    );
    expect(theirs.body.code).toBe(0);
    await t.post(`${D}/${theirs.body.data.id}/Actions/Publish`, {}, otherAdmin);
    expect((await t.post('/api/system/Menu', menu(theirs.body.data.id, 'theirPage'), admin)).body.code).toBe(
      404,
    );
  });

  it('refuses to delete a design a menu uses, and a model designs use', async () => {
    const menu = await t.post(
      '/api/system/Menu',
      {
        menuName: '样品申请',
        menuPerms: 'sampleRequest',
        menuType: 3,
        propertyJson: JSON.stringify({ moduleId: design.id, isTree: 0 }),
      },
      admin,
    );
    expect(menu.body.code).toBe(0);
    const del = await t.request({
      method: 'DELETE',
      url: `${D}/${design.id}`,
      headers: { authorization: `Bearer ${admin}`, ...en },
    });
    expect(del.body.code).toBe(409);
    expect(del.body.msg).toContain('样品申请');
    const delModel = await t.request({
      method: 'DELETE',
      url: `${DataModelApi.dataModel}/${model.id}`,
      headers: { authorization: `Bearer ${admin}`, ...en },
    });
    expect(delModel.body.code).toBe(409);
    expect(delModel.body.msg).toContain('样品申请单');
  });
});

describe('the form designer menu', () => {
  type Item = NavResult['menuList'][number];
  const nav = async (token: string) => (await t.get<NavResult>('/api/sys/menu-ent/nav', token)).body.data;
  const codes = (items: Item[]): string[] => items.flatMap((m) => [m.menuPerms, ...codes(m.children ?? [])]);
  const buttonsOf = (result: NavResult) =>
    result.permissionList.flatMap((p) => p.button.map((b) => b.enCode));

  it('is seeded under online development with its buttons, for the administrator only', async () => {
    const mine = await nav(admin);
    const group = mine.menuList.find((m) => m.menuPerms === DesignPerm.onlineDev);
    expect(group?.children?.map((c) => [c.menuPerms, c.menuUrl])).toEqual([
      [DesignPerm.webDesign, '/onlineDev/webDesign'],
      [DatasetPerm.dataset, '/onlineDev/dataSet'],
      [ReportPerm.report, '/onlineDev/dataReport'],
      [PortalPerm.portal, '/onlineDev/visualPortal'],
      [DataScreenPerm.screen, '/onlineDev/dataScreen'],
    ]);
    expect(buttonsOf(mine)).toEqual(
      expect.arrayContaining([
        DesignPerm.webDesignAdd,
        DesignPerm.webDesignEdit,
        DesignPerm.webDesignDelete,
        DesignPerm.webDesignPublish,
      ]),
    );
    expect(codes((await nav(buyer)).menuList)).not.toContain(DesignPerm.webDesign);
  });

  it('reaches tenants seeded before it once, however often it runs (migration 0073)', async () => {
    const { down0073, up0073 } = await import('../../src/db/migrations/0073_online_design_menu');
    await down0073(t.db as never);
    expect(codes((await nav(admin)).menuList)).not.toContain(DesignPerm.onlineDev);
    await up0073(t.db as never);
    await up0073(t.db as never);
    const after = await nav(admin);
    expect(codes(after.menuList).filter((c) => c.startsWith('onlineDev'))).toEqual([
      DesignPerm.onlineDev,
      DesignPerm.webDesign,
    ]);
    expect(buttonsOf(after).filter((c) => c === DesignPerm.webDesignPublish)).toHaveLength(1);
  });
});
