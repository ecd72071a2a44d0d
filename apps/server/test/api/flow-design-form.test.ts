import {
  type DataModel,
  DataModelApi,
  type Design,
  DesignApi,
  FlowEngineApi,
  type FlowFieldOptions,
  type FlowFormFields,
  type FlowTaskDetail,
  type FlowTaskItem,
  type FlowTaskSaved,
  type Page,
} from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../../src/workflow/outbox';
import { createTestApp, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * A published design as a flow's form (`Design<id>`): the definition takes it only for the tenant's
 * published design, tasks of it are checked by the one validator (the design's form and its model's
 * limits), node field rights apply, the flow designer reads its fields and options, and the model's
 * row follows the task (`flow_task_id`, `flow_state`).
 */
let t: TestApp;
let admin: string;
let buyer: string;
let manager: string;
let outsider: string;
let ids: Awaited<ReturnType<typeof workflowTenant>>['ids'];
let design: Design;
let formName: string;
let flowId: string;
let table: string;
const en = { 'accept-language': 'en-US' };
const B = '/api/flow/FlowEngine/FlowBefore';
const names = (zh: string, enUs?: string) => ({ 'zh-CN': zh, ...(enUs ? { 'en-US': enUs } : {}) });

const form = {
  name: 'Anything',
  title: '样品申请',
  titles: { 'en-US': 'Sample request' },
  fields: [
    { name: 'title', type: 'input', label: '标题', labels: { 'en-US': 'Title' }, required: true },
    {
      name: 'currency',
      type: 'select',
      label: '币种',
      labels: { 'en-US': 'Currency' },
      dictionary: 'currency',
    },
    {
      name: 'level',
      type: 'radio',
      label: '级别',
      labels: { 'en-US': 'Level' },
      options: [
        { label: '高', labels: { 'en-US': 'High' }, value: 'high' },
        { label: '低', value: 'low' },
      ],
    },
    { name: 'price', type: 'money', label: '单价', labels: { 'en-US': 'Price' } },
    { name: 'qty', type: 'number', label: '数量', labels: { 'en-US': 'Quantity' }, precision: 0 },
    { name: 'total', type: 'money', label: '金额', labels: { 'en-US': 'Amount' }, computed: 'price * qty' },
    { name: 'note', type: 'input', label: '审批意见', labels: { 'en-US': 'Note' } },
    {
      name: 'lines',
      type: 'table',
      label: '明细',
      columns: [
        { name: 'item', type: 'input', label: '物料', required: true },
        { name: 'amount', type: 'number', label: '数量' },
      ],
    },
  ],
};

/** start → manager (may edit the note, sees the price read-only) → end. */
const tree = () => ({
  id: 'start',
  type: 'start',
  name: '发起人',
  next: {
    id: 'mgr',
    type: 'approver',
    name: '经理',
    assignee: { kind: 'users', userIds: [ids.manager] },
    signMode: 'or',
    formRights: { note: 'editable', price: 'readonly', title: 'readonly' },
    next: { id: 'end', type: 'end', name: '结束' },
  },
});

const good = (over: Record<string, unknown> = {}) => ({
  title: '样品一',
  currency: 'CNY',
  level: 'high',
  price: 12.5,
  qty: 4,
  total: 1,
  lines: [{ item: '螺丝', amount: 3 }],
  ...over,
});

const list = (type: number, token: string) =>
  t.post<Page<FlowTaskItem>>(`${B}/List/${type}`, { pageSize: 100 }, token);
const todoOf = async (taskId: string, token: string) =>
  (await list(1, token)).body.data.list.find((i) => i.id === taskId)?.operatorId ?? null;
const launch = (formData: Record<string, unknown>, token = buyer, headers: Record<string, string> = {}) =>
  t.post<FlowTaskSaved>(`/api/workflow/Form/${formName}`, { flowId, formData }, token, headers);
const rowOf = async (taskId: string) =>
  (
    await sql<{
      title: string;
      price: string;
      total: string;
      note: string | null;
      flow_state: number;
      created_by: string;
      id: string;
    }>`select id::text as id, title, price::text as price, total::text as total, note, flow_state, created_by::text as created_by
      from ${sql.table(table)} where flow_task_id = ${taskId}`.execute(t.db)
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, admin, buyer, manager, outsider } = await workflowTenant(t, 'ff', '流表', '139000077'));
  const line = await t.post<DataModel>(
    DataModelApi.dataModel,
    {
      code: 'ff_line',
      names: names('明细'),
      isLines: true,
      fields: [
        { code: 'item', names: names('物料'), kind: 'text', length: 20 },
        { code: 'amount', names: names('数量'), kind: 'integer' },
      ],
    },
    admin,
  );
  expect(line.body.code).toBe(0);
  const model = await t.post<DataModel>(
    DataModelApi.dataModel,
    {
      code: 'ff_request',
      names: names('样品申请'),
      fields: [
        {
          code: 'title',
          names: names('标题', 'Title'),
          kind: 'text',
          length: 20,
          required: true,
          unique: true,
        },
        { code: 'currency', names: names('币种', 'Currency'), kind: 'select', dictType: 'currency' },
        { code: 'level', names: names('级别'), kind: 'text', length: 10 },
        { code: 'price', names: names('单价', 'Price'), kind: 'money' },
        { code: 'qty', names: names('数量', 'Quantity'), kind: 'integer' },
        { code: 'total', names: names('金额', 'Amount'), kind: 'money' },
        { code: 'note', names: names('意见'), kind: 'text', length: 50 },
        { code: 'lines', names: names('明细'), kind: 'lines', model: 'ff_line' },
      ],
    },
    admin,
  );
  expect(model.body.code).toBe(0);
  table = `dm_${ids.tenant}_ff_request`;
  const created = await t.post<Design>(
    DesignApi.design,
    {
      names: names('样品申请单'),
      category: 'purchase',
      modelId: model.body.data.id,
      draft: {
        form,
        list: { columns: [{ field: 'title' }], query: [], pageSize: 20, buttons: ['launchFlow'] },
      },
    },
    admin,
  );
  expect(created.body.code).toBe(0);
  design = created.body.data;
  formName = `Design${design.id}`;
});

afterAll(async () => {
  await t?.close();
});

const definition = (over: Record<string, unknown> = {}) => ({
  enCode: 'ff.sample',
  fullName: '样品申请流程',
  category: 'purchase',
  formName,
  flowTemplateJson: tree(),
  ...over,
});

describe('a designed form as a flow form', () => {
  it('is taken by a definition only once published, and only for the tenant’s design', async () => {
    const unpublished = await t.post(`${FlowEngineApi.save}`, definition(), admin, en);
    expect(unpublished.body.code).toBe(404);
    expect(unpublished.body.msg).toContain(formName);
    expect((await t.post(`${DesignApi.design}/${design.id}/Actions/Publish`, {}, admin)).body.code).toBe(0);
    // Another tenant does not know the design.
    const foreign = await t.post(FlowEngineApi.save, definition({ enCode: 'ff.foreign' }), outsider);
    expect(foreign.body.code).toBe(404);
    const saved = await t.post<{ id: string }>(FlowEngineApi.save, definition(), admin);
    expect(saved.body.code).toBe(0);
    flowId = saved.body.data.id;
    const bad = await t.post(
      FlowEngineApi.update,
      { ...definition({ formName: 'Design999999' }), id: flowId },
      admin,
    );
    expect(bad.body.code).toBe(404);
    expect((await t.post(`${FlowEngineApi.release}/${flowId}`, {}, admin)).body.code).toBe(0);
    // The design is used by the flow now: its delete is refused.
    const removed = await t.request({
      method: 'DELETE',
      url: `${DesignApi.design}/${design.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(removed.body.code).toBe(409);
  });

  it('answers the form’s fields and the options of its choice fields to the flow designer', async () => {
    const fields = await t.get<FlowFormFields>(`${FlowEngineApi.base}/${flowId}/FormDataFields`, admin);
    expect(fields.body.code).toBe(0);
    expect(fields.body.data.formName).toBe(formName);
    expect(fields.body.data.titles['en-US']).toBe('Sample request');
    expect(fields.body.data.fields.map((f) => f.name)).toEqual([
      'title',
      'currency',
      'level',
      'price',
      'qty',
      'total',
      'note',
      'lines',
    ]);
    const title = fields.body.data.fields[0];
    expect(title?.labels).toEqual({ 'zh-CN': '标题', 'en-US': 'Title', 'zh-TW': '标题' });
    expect(title?.required).toBe(true);
    expect(fields.body.data.fields.find((f) => f.name === 'currency')?.dictionary).toBe('currency');
    expect(fields.body.data.fields.find((f) => f.name === 'total')?.computed).toBe(true);
    expect(fields.body.data.fields.find((f) => f.name === 'lines')?.columns?.map((c) => c.name)).toEqual([
      'item',
      'amount',
    ]);
    const options = await t.get<FlowFieldOptions>(
      `${FlowEngineApi.base}/${flowId}/FieldDataSelect`,
      admin,
      en,
    );
    expect(options.body.code).toBe(0);
    const byField = Object.fromEntries(options.body.data.map((o) => [o.field, o.options]));
    expect(byField.level?.map((o) => [o.value, o.label])).toEqual([
      ['high', 'High'],
      ['low', '低'],
    ]);
    expect(byField.currency?.map((o) => o.value)).toContain('CNY');
    expect(byField.currency?.find((o) => o.value === 'CNY')?.labels['zh-CN']).toBeTruthy();
    // A coded form answers too; another tenant's flow id and a bad one are unknown; the buyer lacks the page.
    const coded = await t.get<FlowFormFields>(`${FlowEngineApi.base}/${ids.purchase}/FormDataFields`, admin);
    expect(coded.body.data.formName).toBe('PurchaseRequisition');
    expect((await t.get(`${FlowEngineApi.base}/${flowId}/FormDataFields`, outsider)).body.code).toBe(404);
    expect((await t.get(`${FlowEngineApi.base}/${flowId}/FieldDataSelect`, outsider)).body.code).toBe(404);
    expect((await t.get(`${FlowEngineApi.base}/x/FieldDataSelect`, admin)).body.code).toBe(400);
    expect((await t.get(`${FlowEngineApi.base}/${flowId}/FormDataFields`, buyer)).body.code).toBe(403);
  });

  it('draws the form for a launcher and refuses bad data at its fields', async () => {
    const view = await t.get<{ form: { fields: unknown[]; title: string } }>(
      `/api/workflow/Form/${formName}/0?flowId=${flowId}`,
      buyer,
    );
    expect(view.body.code).toBe(0);
    expect(view.body.data.form.fields).toHaveLength(form.fields.length);
    const bad = await launch(
      good({ title: '', level: 'middle', qty: 1.5, lines: [{ amount: 1 }], note: 'x'.repeat(60) }),
      buyer,
      en,
    );
    expect(bad.body.code).toBe(400);
    const fields = (bad.body.data as unknown as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['level', 'lines.0.item', 'note', 'qty', 'title']);
    // The model's own limit (the note's 50 characters) is the model page's message.
    expect(fields.note).toBe('Must be at most 50 characters');
    // A foreign tenant does not know the form.
    expect((await t.get(`/api/workflow/Form/${formName}/0`, outsider)).body.code).toBe(404);
  });

  it('launches, writes the model row, approves under the node’s rights and marks the row adopted', async () => {
    const launched = await launch(good());
    expect(launched.body.code).toBe(0);
    expect(launched.body.data.status).toBe(1);
    const task = launched.body.data.id;
    const [row] = await rowOf(task);
    expect(row).toMatchObject({ title: '样品一', price: '12.50', total: '50.00', flow_state: 1 });
    expect(row?.created_by).toBe(ids.buyer);
    const lines = await sql<{ item: string }>`select item from ${sql.table(`dm_${ids.tenant}_ff_line`)}
      where master_id = ${row?.id}`.execute(t.db);
    expect(lines.rows.map((l) => l.item)).toEqual(['螺丝']);
    const detail = await t.get<FlowTaskDetail>(`${B}/${task}`, manager);
    expect(detail.body.data.task.title).toBe('样品申请 – 张采购');
    expect((detail.body.data.form as { fields: unknown[] } | null)?.fields).toHaveLength(form.fields.length);
    const op = (await todoOf(task, manager)) as string;
    // The note is editable at the manager's node; the price read-only (his change is dropped).
    const audited = await t.post<{ status: number }>(
      `${B}/Audit/${op}`,
      { handleOpinion: '同意', formData: { note: '已核', price: 99 } },
      manager,
    );
    expect(audited.body.code).toBe(0);
    expect(audited.body.data.status).toBe(2);
    const after = await t.get<FlowTaskDetail>(`${B}/${task}`, buyer);
    expect(after.body.data.formData).toMatchObject({ note: '已核', price: 12.5, total: 50 });
    expect(after.body.data.history.map((h) => h.action)).toEqual(['submit', 'audit', 'end']);
    expect(await rowOf(task)).toMatchObject([{ note: '已核', price: '12.50', flow_state: 2 }]);
    await drainOutbox(t.app.deps);
    const messages = await t.db
      .selectFrom('sys_message')
      .select(['user_id', 'menu_title'])
      .where('bill_id', '=', task)
      .execute();
    expect(messages.map((m) => `${m.user_id}:${m.menu_title}`).sort()).toEqual(
      [`${ids.buyer}:审批通过：样品申请 – 张采购`, `${ids.manager}:待审批：样品申请 – 张采购`].sort(),
    );
  });

  it('refuses a duplicate of a unique field of the model at the field, writing nothing', async () => {
    const before = await t.db
      .selectFrom('flow_task')
      .select('id')
      .where('form_name', '=', formName)
      .execute();
    const again = await launch(good(), buyer, en);
    expect(again.body.code).toBe(400);
    expect((again.body.data as unknown as { fields: object }).fields).toEqual({
      title: expect.any(String),
    });
    const after = await t.db.selectFrom('flow_task').select('id').where('form_name', '=', formName).execute();
    expect(after).toHaveLength(before.length);
  });

  it('keeps the row’s state with a reject and a resubmit', async () => {
    const task = (await launch(good({ title: '样品二' }))).body.data.id;
    const op = (await todoOf(task, manager)) as string;
    const rejected = await t.post<{ status: number }>(
      `${B}/Reject/${op}`,
      { handleOpinion: '数量不对' },
      manager,
    );
    expect(rejected.body.data.status).toBe(3);
    expect(await rowOf(task)).toMatchObject([{ title: '样品二', flow_state: 3 }]);
    const bad = await t.put(
      `/api/workflow/Form/${formName}/${task}`,
      { formData: good({ qty: -1.25 }), submit: true },
      buyer,
    );
    expect(bad.body.code).toBe(400);
    const resubmit = await t.put<FlowTaskSaved>(
      `/api/workflow/Form/${formName}/${task}`,
      { formData: good({ title: '样品二改', qty: 2 }), submit: true },
      buyer,
    );
    expect(resubmit.body.code).toBe(0);
    expect(resubmit.body.data.status).toBe(1);
    // Still one row: the resubmit changed it.
    expect(await rowOf(task)).toMatchObject([{ title: '样品二改', total: '25.00', flow_state: 1 }]);
    const again = (await todoOf(task, manager)) as string;
    expect(
      (await t.post<{ status: number }>(`${B}/Audit/${again}`, { handleOpinion: '好' }, manager)).body.data
        .status,
    ).toBe(2);
    expect(await rowOf(task)).toMatchObject([{ flow_state: 2 }]);
  });

  it('saves a draft without a row, and a withdrawn task marks its row', async () => {
    const draft = await t.post<FlowTaskSaved>(
      `/api/workflow/Form/${formName}`,
      { flowId, formData: good({ title: '草稿' }), submit: false },
      buyer,
    );
    expect(draft.body.data.status).toBe(0);
    expect(await rowOf(draft.body.data.id)).toEqual([]);
    const submitted = await t.put<FlowTaskSaved>(
      `/api/workflow/Form/${formName}/${draft.body.data.id}`,
      { formData: good({ title: '草稿' }), submit: true },
      buyer,
    );
    expect(submitted.body.data.status).toBe(1);
    expect(await rowOf(draft.body.data.id)).toMatchObject([{ flow_state: 1 }]);
    const withdrawn = await t.post<{ status: number }>(
      `${B}/breakOff/${draft.body.data.id}`,
      { handleOpinion: '撤回' },
      buyer,
    );
    expect(withdrawn.body.data.status).toBe(4);
    expect(await rowOf(draft.body.data.id)).toMatchObject([{ flow_state: 4 }]);
  });

  it('uses a new published version of the design for new checks', async () => {
    const current = await t.get<Design>(`${DesignApi.design}/${design.id}`, admin);
    const draft = current.body.data.draft;
    const fields = draft.form.fields.map((f) => (f.name === 'level' ? { ...f, required: true } : f));
    const updated = await t.put(
      `${DesignApi.design}/${design.id}`,
      {
        names: current.body.data.names,
        category: current.body.data.category,
        modelId: current.body.data.modelId,
        draft: { ...draft, form: { ...draft.form, fields } },
      },
      admin,
    );
    expect(updated.body.code).toBe(0);
    expect((await t.post(`${DesignApi.design}/${design.id}/Actions/Publish`, {}, admin)).body.code).toBe(0);
    const bad = await launch(good({ level: undefined }), buyer, en);
    expect(bad.body.code).toBe(400);
    expect(Object.keys((bad.body.data as unknown as { fields: object }).fields)).toEqual(['level']);
  });
});

describe('migration 0075', () => {
  it('gives model tables made before it the flow columns and index, however often it runs', async () => {
    const { down0075, up0075 } = await import('../../src/db/migrations/0075_model_flow_columns');
    const columns = async () =>
      (
        await sql<{ column_name: string }>`select column_name from information_schema.columns
          where table_name = ${table} and column_name like 'flow_%' order by column_name`.execute(t.db)
      ).rows.map((r) => r.column_name);
    const indexes = async () =>
      (
        await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = ${table}`.execute(
          t.db,
        )
      ).rows.filter((r) => r.indexdef.includes('flow_task_id')).length;
    expect(await columns()).toEqual(['flow_state', 'flow_task_id']);
    expect(await indexes()).toBe(1);
    await down0075(t.db as never);
    expect(await columns()).toEqual([]);
    await up0075(t.db as never);
    await up0075(t.db as never);
    expect(await columns()).toEqual(['flow_state', 'flow_task_id']);
    expect(await indexes()).toBe(1);
  });
});
