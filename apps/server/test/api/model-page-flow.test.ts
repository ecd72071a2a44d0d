import {
  type DataModel,
  DataModelApi,
  type Design,
  DesignApi,
  FlowEngineApi,
  type FlowTaskItem,
  ModelPageApi,
  type ModelPageConfig,
  type ModelRow,
  type ModelRowLaunch,
  type Page,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * The model page's launchFlow button: a row of a page whose design is a released flow's form is
 * submitted from the list, shows its flow state, and is held by the flow (no edit, delete or second
 * launch) while in approval or approved.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let manager: string;
let outsider: string;
let ids: Awaited<ReturnType<typeof workflowTenant>>['ids'];
let menuId: string;
let flowId: string;
let formName: string;
const en = { 'accept-language': 'en-US' };
const CODE = 'mfReview';
const B = '/api/flow/FlowEngine/FlowBefore';
const P = () => `${ModelPageApi.page}/${menuId}`;
const names = (zh: string, enUs: string) => ({ 'zh-CN': zh, 'en-US': enUs });

const addRow = async (title: string, token = buyer) => {
  const res = await t.post<ModelRow>(`${P()}/Rows`, { data: { title, score: 80 } }, token);
  if (res.body.code !== 0) throw new Error(res.raw);
  return res.body.data.id;
};
const launch = (rowId: string, token = buyer, headers: Record<string, string> = {}) =>
  t.post<ModelRowLaunch>(`${P()}/Rows/${rowId}/Actions/LaunchFlow`, {}, token, headers);
const rowOf = async (rowId: string, token = buyer) =>
  (await t.post<Page<ModelRow>>(`${P()}/List`, { currentPage: 1, pageSize: 100 }, token)).body.data.list.find(
    (r) => r.id === rowId,
  );
const todoOf = async (taskId: string) =>
  (await t.post<Page<FlowTaskItem>>(`${B}/List/1`, { pageSize: 100 }, manager)).body.data.list.find(
    (i) => i.id === taskId,
  )?.operatorId as string;
const tasksOfForm = async () =>
  (await t.db.selectFrom('flow_task').select('id').where('form_name', '=', formName).execute()).length;

const grant = async (
  userId: string,
  table: 'sys_menu' | 'sys_menu_button' | 'sys_menu_column',
  codes: string[],
) => {
  const rows =
    table === 'sys_menu'
      ? await t.db
          .selectFrom('sys_menu')
          .select('id')
          .where('tenant_id', '=', ids.tenant)
          .where('menu_perms', 'in', codes)
          .execute()
      : await t.db
          .selectFrom(table)
          .select('id')
          .where('tenant_id', '=', ids.tenant)
          .where('en_code', 'in', codes)
          .execute();
  expect(rows).toHaveLength(codes.length);
  await t.db
    .insertInto('sys_grant')
    .values(
      rows.map((r) => ({
        tenant_id: ids.tenant,
        item_type: ({ sys_menu: 'menu', sys_menu_button: 'button', sys_menu_column: 'column' } as const)[
          table
        ],
        item_id: r.id,
        object_type: 'user' as const,
        object_id: userId,
      })),
    )
    .execute();
};

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, admin, buyer, manager, outsider } = await workflowTenant(t, 'mf', '流页', '139000078'));
  const model = await t.post<DataModel>(
    DataModelApi.dataModel,
    {
      code: 'mf_review',
      names: names('评审', 'Review'),
      fields: [
        { code: 'title', names: names('标题', 'Title'), kind: 'text', length: 20, required: true },
        { code: 'score', names: names('得分', 'Score'), kind: 'integer' },
      ],
    },
    admin,
  );
  expect(model.body.code).toBe(0);
  const design = await t.post<Design>(
    DesignApi.design,
    {
      names: names('评审单', 'Review form'),
      category: 'purchase',
      modelId: model.body.data.id,
      draft: {
        form: {
          name: 'Review',
          title: '评审单',
          titles: { 'en-US': 'Review' },
          fields: [
            { name: 'title', type: 'input', label: '标题', required: true },
            { name: 'score', type: 'number', label: '得分', precision: 0 },
          ],
        },
        list: {
          columns: [{ field: 'title' }, { field: 'score' }],
          query: [],
          pageSize: 20,
          buttons: ['add', 'edit', 'detail', 'delete', 'batchDelete', 'launchFlow'],
        },
      },
    },
    admin,
  );
  expect(design.body.code).toBe(0);
  expect(
    (await t.post(`${DesignApi.design}/${design.body.data.id}/Actions/Publish`, {}, admin)).body.code,
  ).toBe(0);
  formName = `Design${design.body.data.id}`;
  const menu = await t.post<{ id: string }>(
    '/api/system/Menu',
    {
      menuName: '评审',
      menuPerms: CODE,
      menuType: 3,
      propertyJson: JSON.stringify({ moduleId: design.body.data.id, isTree: 0 }),
    },
    admin,
  );
  expect(menu.body.code).toBe(0);
  menuId = menu.body.data.id;
  const saved = await t.post<{ id: string }>(
    FlowEngineApi.save,
    {
      enCode: 'mf.review',
      fullName: '评审审批',
      fullNameEn: 'Review approval',
      category: 'purchase',
      formName,
      launchers: { all: false },
      flowTemplateJson: {
        id: 'start',
        type: 'start',
        name: '发起人',
        next: {
          id: 'mgr',
          type: 'approver',
          name: '经理',
          assignee: { kind: 'users', userIds: [ids.manager] },
          signMode: 'or',
          formRights: { score: 'editable' },
          next: { id: 'end', type: 'end', name: '结束' },
        },
      },
    },
    admin,
  );
  expect(saved.body.code).toBe(0);
  flowId = saved.body.data.id;
  await grant(ids.buyer, 'sys_menu', [CODE]);
  await grant(
    ids.buyer,
    'sys_menu_button',
    ['add', 'edit', 'detail', 'delete', 'batchDelete'].map((b) => `${CODE}.${b}`),
  );
  // Without the title's column the buyer could not give it: a required field he does not see is a 400.
  const unseen = await t.post(`${P()}/Rows`, { data: { title: '看不见' } }, buyer, en);
  expect(unseen.body.code).toBe(400);
  expect(unseen.body.data).toEqual({ fields: { title: 'This field is required' } });
  await grant(ids.buyer, 'sys_menu_column', [`${CODE}.column.title`, `${CODE}.column.score`]);
});

afterAll(async () => {
  await t?.close();
});

describe('launching a flow from a model page', () => {
  it('keeps the button as a menu item and names the bound flow once it is released', async () => {
    const buttons = await t.db
      .selectFrom('sys_menu_button')
      .select('en_code')
      .where('menu_id', '=', menuId)
      .execute();
    expect(buttons.map((b) => b.en_code)).toContain(`${CODE}.launchFlow`);
    const before = await t.get<ModelPageConfig>(`${P()}/Config`, admin, en);
    expect(before.body.data.flow).toBeNull();
    const rowId = await addRow('未发布', admin);
    const refused = await launch(rowId, admin, en);
    expect(refused.body.code).toBe(409);
    expect((await rowOf(rowId, admin))?.flowState).toBeNull();
    expect((await t.post(`${FlowEngineApi.release}/${flowId}`, {}, admin)).body.code).toBe(0);
    const after = await t.get<ModelPageConfig>(`${P()}/Config`, admin, en);
    expect(after.body.data.flow).toEqual({ id: flowId, name: 'Review approval' });
    expect(after.body.data.buttons).toContain('launchFlow');
  });

  it('needs the launchFlow button: without it 403, and nothing is launched', async () => {
    const rowId = await addRow('无权');
    const config = await t.get<ModelPageConfig>(`${P()}/Config`, buyer);
    expect(config.body.data.buttons).not.toContain('launchFlow');
    const before = await tasksOfForm();
    expect((await launch(rowId)).body.code).toBe(403);
    expect(await tasksOfForm()).toBe(before);
    await grant(ids.buyer, 'sys_menu_button', [`${CODE}.launchFlow`]);
    expect((await t.get<ModelPageConfig>(`${P()}/Config`, buyer)).body.data.buttons).toContain('launchFlow');
  });

  it('submits the row, shows its state, and holds it while in approval and once approved', async () => {
    const rowId = await addRow('样品评审');
    const launched = await launch(rowId, buyer, en);
    expect(launched.body.code).toBe(0);
    expect(launched.body.msg).toBe('Submitted for approval');
    expect(launched.body.data.status).toBe(1);
    expect(launched.body.data.row).toMatchObject({
      id: rowId,
      flowState: 1,
      flowTaskId: launched.body.data.taskId,
    });
    // The task carries the row's data; the row is the one the flow writes (no second row).
    const task = await t.db
      .selectFrom('flow_task')
      .select(['form_data', 'launcher_id'])
      .where('id', '=', launched.body.data.taskId)
      .executeTakeFirstOrThrow();
    expect(task.form_data).toMatchObject({ title: '样品评审', score: 80 });
    expect(String(task.launcher_id)).toBe(ids.buyer);
    const list = await t.post<Page<ModelRow>>(`${P()}/List`, { currentPage: 1, pageSize: 100 }, buyer);
    expect(list.body.data.list.filter((r) => r.data.title === '样品评审')).toHaveLength(1);
    expect((await rowOf(rowId))?.flowState).toBe(1);
    // Held: edit, delete, batch delete and a second launch are refused with the reason.
    const edit = await t.put(`${P()}/Rows/${rowId}`, { data: { title: '改了', score: 10 } }, buyer, en);
    expect(edit.body.code).toBe(409);
    expect(edit.body.msg).toBe(
      'This row is in approval or approved: it cannot be changed, deleted or submitted again',
    );
    const zh = await t.request({
      method: 'DELETE',
      url: `${P()}/Rows/${rowId}`,
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(zh.body.code).toBe(409);
    expect(zh.body.msg).toBe('该记录正在审批中或已审批通过，不能修改、删除或再次提交');
    const other = await addRow('一起删');
    expect((await t.post(`${P()}/Actions/BatchDelete`, { ids: [other, rowId] }, buyer)).body.code).toBe(409);
    expect(await rowOf(other)).toBeDefined();
    expect((await launch(rowId)).body.code).toBe(409);
    // The manager approves with a changed score: the row takes it and stays held.
    const op = await todoOf(launched.body.data.taskId);
    const audited = await t.post<{ status: number }>(
      `${B}/Audit/${op}`,
      { handleOpinion: '同意', formData: { score: 95 } },
      manager,
    );
    expect(audited.body.data.status).toBe(2);
    const approved = await rowOf(rowId);
    expect(approved).toMatchObject({ flowState: 2, data: { title: '样品评审', score: 95 } });
    expect((await t.put(`${P()}/Rows/${rowId}`, { data: { title: '改了' } }, buyer)).body.code).toBe(409);
    expect((await launch(rowId)).body.code).toBe(409);
  });

  it('lets a rejected row be changed and launched again as a new task', async () => {
    const rowId = await addRow('被驳回');
    const first = (await launch(rowId)).body.data.taskId;
    const op = await todoOf(first);
    expect((await t.post(`${B}/Reject/${op}`, { handleOpinion: '重评' }, manager)).body.code).toBe(0);
    expect((await rowOf(rowId))?.flowState).toBe(3);
    expect(
      (await t.put(`${P()}/Rows/${rowId}`, { data: { title: '重评后', score: 70 } }, buyer)).body.code,
    ).toBe(0);
    const again = await launch(rowId);
    expect(again.body.code).toBe(0);
    expect(again.body.data.taskId).not.toBe(first);
    expect(again.body.data.row).toMatchObject({ flowState: 1, data: { title: '重评后', score: 70 } });
  });

  it('answers 404 for another tenant and for a row that is not the page’s', async () => {
    const rowId = await addRow('别家');
    expect((await launch(rowId, outsider)).body.code).toBe(404);
    expect((await launch('999999999')).body.code).toBe(404);
    expect((await launch('x')).body.code).toBe(400);
    expect((await rowOf(rowId))?.flowState).toBeNull();
  });

  it('launches one flow when the same row is launched twice at once', async () => {
    const rowId = await addRow('并发');
    const before = await tasksOfForm();
    const answers = await Promise.all([launch(rowId), launch(rowId), launch(rowId)]);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([0, 409, 409]);
    expect(await tasksOfForm()).toBe(before + 1);
    const won = answers.find((a) => a.body.code === 0)?.body.data.taskId;
    expect((await rowOf(rowId))?.flowTaskId).toBe(won);
  });
});
