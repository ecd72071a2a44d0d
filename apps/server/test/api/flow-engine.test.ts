import type { FlowDefinitionDetail, FlowDefinitionSave, FlowDefinitionSummary, Page } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tenantIdOf } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
let tenantId: string;
const en = { 'accept-language': 'en-US' };
const API = '/api/flow/FlowEngine';

/** start → manager → (total > 50,000: director) → end. */
const tree = (rejectTarget = 'mgr') => ({
  id: 'start',
  type: 'start',
  name: '发起人',
  next: {
    id: 'mgr',
    type: 'approver',
    name: '部门经理',
    assignee: { kind: 'deptManager' },
    signMode: 'or',
    next: {
      id: 'cond',
      type: 'condition',
      name: '金额',
      branches: [
        {
          id: 'big',
          name: '大额',
          condition: {
            kind: 'group',
            op: 'and',
            items: [
              {
                kind: 'rule',
                source: 'form',
                field: 'total',
                label: '合计金额',
                operator: 'gt',
                value: 50000,
              },
            ],
          },
          next: {
            id: 'dir',
            type: 'approver',
            name: '总监',
            assignee: { kind: 'users', userIds: ['1'] },
            signMode: 'all',
            rejectTo: { kind: 'node', nodeId: rejectTarget },
          },
        },
        { id: 'other', name: '其他', isDefault: true },
      ],
      next: { id: 'end', type: 'end', name: '结束' },
    },
  },
});

const body = (over: Partial<FlowDefinitionSave> = {}): FlowDefinitionSave => ({
  enCode: 'purchase.requisition',
  fullName: '采购申请',
  category: 'purchase',
  formName: 'PurchaseRequisition',
  flowTemplateJson: tree() as FlowDefinitionSave['flowTemplateJson'],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  tenantId = await tenantIdOf(t.db, 'admin');
  await t.seedOtherTenant('fe');
  otherAdmin = await t.login('feadmin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

async function create(over: Partial<FlowDefinitionSave> = {}): Promise<string> {
  const res = await t.post<{ id: string }>(`${API}/save`, body(over), admin);
  expect(res.body).toMatchObject({ code: 0 });
  return res.body.data.id;
}

describe('flow definitions', () => {
  it('creates a draft, reads it by id and by code, lists and searches it', async () => {
    const id = await create();
    const info = await t.get<FlowDefinitionDetail>(`${API}/info/${id}`, admin);
    expect(info.body.data).toMatchObject({
      id,
      enCode: 'purchase.requisition',
      state: 0,
      currentVersion: 0,
      launchers: { all: true },
      versions: [],
    });
    expect(info.body.data.flowTemplateJson).toEqual(tree());
    const byCode = await t.get<FlowDefinitionDetail>(`${API}/infoByCode/purchase.requisition`, admin);
    expect(byCode.body.data.id).toBe(id);
    const list = await t.get<Page<FlowDefinitionSummary>>(
      `${API}/list?keyword=requisition&category=purchase`,
      admin,
    );
    expect(list.body.data.list.map((d) => d.id)).toEqual([id]);
    expect(
      (await t.get<Page<FlowDefinitionSummary>>(`${API}/list?category=hr`, admin)).body.data.pagination.total,
    ).toBe(0);
    const again = await t.post(`${API}/save`, body(), admin, en);
    expect(again.body).toMatchObject({
      code: 400,
      data: { fields: { enCode: 'This code is already in use' } },
    });
  });

  it('releases numbered versions; a tree that fails validation is refused naming its nodes; stop blocks launches', async () => {
    const id = await create({ enCode: 'leave', formName: 'LeaveApply', category: 'hr' });
    expect((await t.post(`${API}/stop/${id}`, {}, admin, en)).body).toMatchObject({
      code: 409,
      msg: 'The flow has not been released',
    });
    expect((await t.post(`${API}/release/${id}`, {}, admin)).body).toEqual({
      code: 0,
      msg: 'Success',
      data: { version: 1 },
    });
    const broken = tree('dir-not-upstream');
    const update = await t.post(
      `${API}/update`,
      { ...body({ enCode: 'leave', formName: 'LeaveApply', category: 'hr' }), id, flowTemplateJson: broken },
      admin,
    );
    expect(update.body.code).toBe(0);
    const refused = await t.post<{ nodes: { nodeId: string; code: string; message: string }[] }>(
      `${API}/release/${id}`,
      {},
      admin,
      en,
    );
    expect(refused.body).toMatchObject({ code: 400, msg: 'The flow design has errors' });
    expect(refused.body.data.nodes).toEqual([
      {
        nodeId: 'dir',
        code: 'rejectTargetNotUpstream',
        message: 'The reject target must be an earlier approver node on the same route',
      },
    ]);
    await t.post(
      `${API}/update`,
      { ...body({ enCode: 'leave', formName: 'LeaveApply', category: 'hr' }), id },
      admin,
    );
    expect((await t.post(`${API}/release/${id}`, {}, admin)).body.data).toEqual({ version: 2 });
    const info = await t.get<FlowDefinitionDetail>(`${API}/info/${id}`, admin);
    expect(info.body.data.versions.map((v) => v.version)).toEqual([2, 1]);
    const selector = await t.get<FlowDefinitionSummary[]>(`${API}/Selector?type=hr`, admin);
    expect(selector.body.data.map((d) => d.id)).toEqual([id]);
    expect((await t.post(`${API}/stop/${id}`, {}, admin)).body.code).toBe(0);
    expect((await t.get<FlowDefinitionSummary[]>(`${API}/Selector?type=hr`, admin)).body.data).toEqual([]);
    const all = await t.get<FlowDefinitionSummary[]>(`${API}/ListAll`, admin);
    expect(all.body.data.find((d) => d.id === id)).toMatchObject({ state: 2, currentVersion: 2 });
  });

  it('copies with a new code and new node ids whose references still hold; exports and imports back', async () => {
    const id = await create({ enCode: 'copy.me' });
    const copy = await t.post<{ id: string }>(`${API}/${id}/Actions/Copy`, {}, admin, en);
    const copied = await t.get<FlowDefinitionDetail>(`${API}/info/${copy.body.data.id}`, admin);
    expect(copied.body.data).toMatchObject({ enCode: 'copy.me.copy', fullName: '采购申请 (copy)', state: 0 });
    const copiedTree = JSON.stringify(copied.body.data.flowTemplateJson);
    expect(copiedTree).not.toContain('"mgr"');
    expect((await t.post(`${API}/release/${copy.body.data.id}`, {}, admin)).body.code).toBe(0);
    const second = await t.post<{ id: string }>(`${API}/${id}/Actions/Copy`, {}, admin);
    expect(
      (await t.get<FlowDefinitionDetail>(`${API}/info/${second.body.data.id}`, admin)).body.data.enCode,
    ).toBe('copy.me.copy2');

    const exported = await t.get<FlowDefinitionSave>(`${API}/${id}/Actions/ExportData`, admin);
    expect(exported.body.data).toMatchObject({ enCode: 'copy.me', flowTemplateJson: tree() });
    const imported = await t.post<{ id: string }>(
      `${API}/import`,
      { ...exported.body.data, enCode: 'imported' },
      admin,
    );
    expect(imported.body.code).toBe(0);
    const bad = await t.post(
      `${API}/import`,
      { ...exported.body.data, enCode: 'imported2', flowTemplateJson: { id: 's', type: 'start', name: 'x' } },
      admin,
    );
    expect(bad.body).toMatchObject({ code: 400, data: { nodes: [{ nodeId: 's', code: 'endMissing' }] } });
  });

  it('deletes a definition, but not while a task uses it', async () => {
    const id = await create({ enCode: 'in.use' });
    const launcher = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('flow_task')
      .values({
        tenant_id: tenantId,
        definition_id: id,
        launcher_id: String(launcher.id),
        form_name: 'PurchaseRequisition',
      })
      .execute();
    expect((await t.get(`${API}/delete/${id}`, admin, en)).body).toMatchObject({
      code: 409,
      msg: 'Tasks use this flow; it cannot be deleted',
    });
    const free = await create({ enCode: 'free' });
    expect((await t.get(`${API}/delete/${free}`, admin)).body.code).toBe(0);
    expect((await t.get(`${API}/info/${free}`, admin)).body.code).toBe(404);
  });

  it('refuses bad input with translated field messages', async () => {
    const res = await t.post<{ fields: Record<string, string> }>(
      `${API}/save`,
      {
        ...body(),
        enCode: '.bad',
        formName: 'lower',
        flowTemplateJson: { id: 'x', type: 'robot', name: 'x' },
      },
      admin,
      en,
    );
    expect(res.body.code).toBe(400);
    expect(Object.keys(res.body.data.fields)).toEqual(
      expect.arrayContaining(['enCode', 'formName', 'flowTemplateJson']),
    );
    expect((await t.get(`${API}/info/99999999999999999999`, admin)).body.code).toBe(400);
    expect((await t.post(`${API}/save`, { ...body(), fullName: 'a\u0000b' }, admin)).body.code).toBe(400);
  });

  it('needs the permission: a user without it gets 403', async () => {
    const id = await create({ enCode: 'guarded' });
    expect((await t.get(`${API}/list`, buyer)).body.code).toBe(403);
    expect((await t.get(`${API}/info/${id}`, buyer)).body.code).toBe(403);
    expect((await t.post(`${API}/save`, body({ enCode: 'x.y' }), buyer)).body.code).toBe(403);
    expect((await t.post(`${API}/release/${id}`, {}, buyer)).body.code).toBe(403);
  });

  it("answers 404 for another tenant's definition and changes nothing", async () => {
    const id = await create({ enCode: 'mine' });
    expect((await t.get(`${API}/info/${id}`, otherAdmin)).body.code).toBe(404);
    expect((await t.get(`${API}/infoByCode/mine`, otherAdmin)).body.code).toBe(404);
    expect((await t.post(`${API}/release/${id}`, {}, otherAdmin)).body.code).toBe(404);
    expect((await t.post(`${API}/stop/${id}`, {}, otherAdmin)).body.code).toBe(404);
    expect((await t.post(`${API}/${id}/Actions/Copy`, {}, otherAdmin)).body.code).toBe(404);
    expect((await t.get(`${API}/${id}/Actions/ExportData`, otherAdmin)).body.code).toBe(404);
    expect((await t.post(`${API}/update`, { ...body({ enCode: 'mine' }), id }, otherAdmin)).body.code).toBe(
      404,
    );
    expect((await t.get(`${API}/delete/${id}`, otherAdmin)).body.code).toBe(404);
    expect((await t.get<FlowDefinitionDetail>(`${API}/info/${id}`, admin)).body.data).toMatchObject({
      state: 0,
    });
  });
});
