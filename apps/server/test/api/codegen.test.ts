import { execFileSync } from 'node:child_process';
import { type DataModel, type Design, DesignApi } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../codegen/repo-copy';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Code generation's call, `GET /api/onlineDev/WebDesign/{id}/Actions/CodeGen`: a published design
 * of the tenant as a patch of this repository, for the designer's publishers only. That the patch
 * applies, lints and passes its own tests is test/codegen/codegen-apply.test.ts.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
let design: Design;
let draft: Design;
const en = { 'accept-language': 'en-US' };
const D = DesignApi.design;
const names = (zh: string, enUs: string) => ({ 'zh-CN': zh, 'en-US': enUs });
const codegen = (id: string) => `${D}/${id}/Actions/CodeGen`;

const designOf = (modelId: string, name: string) => ({
  names: names(name, `${name} form`),
  category: 'purchase',
  modelId,
  draft: {
    form: {
      name: 'Any',
      title: name,
      fields: [
        { name: 'title', type: 'input', label: '标题', required: true },
        { name: 'amount', type: 'money', label: '金额' },
      ],
    },
    list: { columns: [{ field: 'title' }, { field: 'amount' }], query: [], pageSize: 20, buttons: ['add'] },
  },
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('cg');
  otherAdmin = await t.login('cgadmin', 'admin123');
  const model = await t.post<DataModel>(
    '/api/systemData/DataModel',
    {
      code: 'cg_request',
      names: names('采购申请', 'Purchase request'),
      fields: [
        { code: 'title', names: names('标题', 'Title'), kind: 'text', length: 80, required: true },
        { code: 'amount', names: names('金额', 'Amount'), kind: 'money' },
      ],
    },
    admin,
  );
  expect(model.body.code).toBe(0);
  const made = await t.post<Design>(D, designOf(model.body.data.id, '采购申请单'), admin);
  expect(made.body.code).toBe(0);
  const published = await t.post<Design>(`${D}/${made.body.data.id}/Actions/Publish`, {}, admin);
  expect(published.body.code).toBe(0);
  design = published.body.data;
  const unpublished = await t.post<Design>(D, designOf(model.body.data.id, '草稿单'), admin);
  expect(unpublished.body.code).toBe(0);
  draft = unpublished.body.data;
});

afterAll(async () => {
  await t?.close();
});

describe('code generation call', () => {
  it('downloads the published design as a patch that applies to this repository', async () => {
    const res = await t.get(codegen(design.id), admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/x-diff/);
    expect(String(res.headers['content-disposition'])).toContain('codegen-cg_request.patch');
    for (const file of [
      'packages/contracts/src/generated/cg_request.core.ts',
      'apps/server/src/generated/cg_request/routes.ts',
      'apps/web/src/views/generated/cg_request/index.tsx',
      'apps/web/src/locales/gen_cg_request.zh-TW.json',
      'apps/server/test/api/gen-cg-request.test.ts',
    ])
      expect(res.raw).toContain(`diff --git a/${file} b/${file}\nnew file mode 100644`);
    // The model's names in the three languages reach the page's texts (zh-TW falls back to zh-CN).
    expect(res.raw).toContain('+    "title": "Title",');
    expect(res.raw).toContain("+  page: 'generated.cgRequest',");
    execFileSync('git', ['apply', '--check', '-'], { cwd: ROOT, input: res.raw });
  });

  it('refuses a design that was never published with a clear 400, in the caller language', async () => {
    const res = await t.get(codegen(draft.id), admin, en);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe('This design is not published: publish it, then generate the code');
    const zh = await t.get(codegen(draft.id), admin);
    expect(zh.body.msg).toBe('该设计尚未发布：请先发布，再生成代码');
  });

  it('answers bad input with 400 at the id', async () => {
    const res = await t.get<{ fields: Record<string, string> }>(codegen('not-an-id'), admin, en);
    expect(res.body.code).toBe(400);
    expect(Object.keys(res.body.data.fields)).toEqual(['id']);
  });

  it('answers 403 to a user without the publish permission', async () => {
    const res = await t.get(codegen(design.id), buyer);
    expect(res.body.code).toBe(403);
    expect(res.body.msg).toBe('暂无权限');
  });

  it("answers 404 for another tenant's design, as for one that does not exist", async () => {
    expect((await t.get(codegen(design.id), otherAdmin)).body.code).toBe(404);
    expect((await t.get(codegen('987654321'), admin)).body.code).toBe(404);
  });
});
