import { FlowEngineApi, type TempLink } from '@srm/contracts';
import { BpmnModdle } from 'bpmn-moddle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * `GET /api/flow/FlowEngine/Bpmn/{id}/{version}`: a released version of the caller's tenant as a
 * BPMN 2.0 file, for those holding the flow screen's export permission.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let outsider: string;
let ids: Awaited<ReturnType<typeof workflowTenant>>['ids'];
const raw = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const codeOf = (res: { body: string }) => (JSON.parse(res.body) as { code: number }).code;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, admin, buyer, outsider } = await workflowTenant(t, 'fx', '导出', '139000007'));
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
