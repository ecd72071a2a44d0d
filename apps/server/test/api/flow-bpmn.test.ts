import {
  FlowEngineApi,
  FlowTaskApi,
  type FlowTaskDetail,
  type FlowTaskSaved,
  type TempLink,
} from '@srm/contracts';
import { BpmnModdle } from 'bpmn-moddle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * `GET /api/flow/FlowEngine/Bpmn/{id}/{version}`: a released version of the caller's tenant as a
 * BPMN 2.0 file, for those holding the flow screen's export permission; and
 * `GET /api/flow/FlowTask/{flowId}/{taskId}`: a task named by its flow, to its parties.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let outsider: string;
let manager: string;
let depts: Record<string, string>;
let ids: Awaited<ReturnType<typeof workflowTenant>>['ids'];
const raw = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const codeOf = (res: { body: string }) => (JSON.parse(res.body) as { code: number }).code;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, admin, buyer, manager, outsider, depts } = await workflowTenant(t, 'fx', '导出', '139000007'));
});
afterAll(async () => {
  await t?.close();
});

describe('BPMN export of a released version', () => {
  it('downloads the .bpmn of the version, with every user task assigned per instance', async () => {
    const res = await raw(`${FlowEngineApi.bpmn}/${ids.purchase}/1`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="purchaseRequisition\.v1\.bpmn"/,
    );
    const { rootElement, warnings } = await new BpmnModdle().fromXML(res.body);
    expect(warnings).toEqual([]);
    const process = (rootElement as { rootElements: { flowElements: { $type: string }[] }[] })
      .rootElements[0];
    const tasks = (process?.flowElements ?? []).filter((e) => e.$type === 'bpmn:UserTask');
    expect(tasks.length).toBeGreaterThan(0);
    expect(res.body).toContain('flowable:collection=');
    expect(res.body).toContain('<zeebe:loopCharacteristics');
  });

  it('gives a one-time link with ?link=true', async () => {
    const res = await t.get<TempLink>(`${FlowEngineApi.bpmn}/${ids.purchase}/1?link=true`, admin);
    expect(res.body.code).toBe(0);
    const file = await raw(res.body.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('<bpmn:definitions');
  });

  it('a version never released, or another tenant’s flow, is 404', async () => {
    expect(codeOf(await raw(`${FlowEngineApi.bpmn}/${ids.purchase}/99`, admin))).toBe(404);
    expect(codeOf(await raw(`${FlowEngineApi.bpmn}/${ids.purchase}/1`, outsider))).toBe(404);
  });

  it('bad ids and versions are 400 with the field named; without the export permission 403', async () => {
    for (const path of [`${ids.purchase}/0`, `${ids.purchase}/x`, `abc/1`, `${ids.purchase}/1.5`]) {
      const res = await raw(`${FlowEngineApi.bpmn}/${path}`, admin);
      expect(res.statusCode).toBe(200);
      expect(codeOf(res), path).toBe(400);
    }
    const bad = JSON.parse((await raw(`${FlowEngineApi.bpmn}/${ids.purchase}/0`, admin)).body);
    expect(Object.keys(bad.data.fields)).toContain('version');
    expect(codeOf(await raw(`${FlowEngineApi.bpmn}/${ids.purchase}/1?link=maybe`, admin))).toBe(400);
    expect(codeOf(await raw(`${FlowEngineApi.bpmn}/${ids.purchase}/1`, buyer))).toBe(403);
  });
});

describe('a task named by its flow: GET /api/flow/FlowTask/{flowId}/{taskId}', () => {
  let task: string;
  beforeAll(async () => {
    const res = await t.post<FlowTaskSaved>(
      '/api/workflow/Form/PurchaseRequisition',
      {
        flowId: ids.purchase,
        urgency: 1,
        formData: {
          deptId: depts.eastPurchase,
          requesterId: ids.buyer,
          reason: '按流程查看',
          neededBy: '2030-12-31',
          lines: [{ item: '物料', unit: '个', quantity: 1, price: 10, spec: '' }],
        },
      },
      buyer,
    );
    expect(res.body.code).toBe(0);
    task = res.body.data.id;
  });
  const of = (flowId: string, taskId: string, token: string) =>
    t.get<FlowTaskDetail>(`${FlowTaskApi.ofFlow}/${flowId}/${taskId}`, token);

  it('the launcher and the approver see the task as its detail shows it', async () => {
    const mine = await of(ids.purchase, task, buyer);
    expect(mine.body.code).toBe(0);
    expect(mine.body.data.task.id).toBe(task);
    expect(mine.body.data.formData).toMatchObject({ reason: '按流程查看' });
    const todo = await of(ids.purchase, task, manager);
    expect(todo.body.code).toBe(0);
    expect(todo.body.data.myItem).not.toBeNull();
  });

  it('under another flow, an unknown task or another tenant: 404', async () => {
    expect((await of(ids.leave, task, buyer)).body.code).toBe(404);
    expect((await of(ids.purchase, '999999999', buyer)).body.code).toBe(404);
    expect((await of(ids.purchase, task, outsider)).body.code).toBe(404);
  });

  it('someone who is no party to it: 403; bad ids: 400 naming the field', async () => {
    const vendor = await t.login('fxvendor', 'vendor123');
    expect((await of(ids.purchase, task, vendor)).body.code).toBe(403);
    const bad = await t.get<{ fields: Record<string, string> }>(`${FlowTaskApi.ofFlow}/x/${task}`, buyer);
    expect(bad.body.code).toBe(400);
    expect(Object.keys(bad.body.data.fields)).toEqual(['flowId']);
    const badTask = await t.get<{ fields: Record<string, string> }>(
      `${FlowTaskApi.ofFlow}/${ids.purchase}/1x`,
      buyer,
    );
    expect(Object.keys(badTask.body.data.fields)).toEqual(['taskId']);
  });
});
