import {
  DataModelApi,
  DesignApi,
  FlowEngineApi,
  type FlowTaskItem,
  ModelPageApi,
  type ModelPageConfig,
  type ModelRow,
  type ModelRowLaunch,
  type Page,
  SUPPLIER_EVALUATION,
  type SupplierEvaluation,
  SupplierEvaluationApi,
} from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSupplierEvaluationToSeeded } from '../../src/onlinedev/index';
import { createTestApp, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * The demo's supplier evaluation, built through the designers' services (onlinedev/seed.ts): its
 * model, design, page and flow; a buyer scores a supplier (weighted score and grade computed), the
 * quality reviewer approves, and the approved grade is the supplier record's latest evaluation —
 * for staff, never for the supplier's own user.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let manager: string;
let vendor: string;
let outsider: string;
let ids: Awaited<ReturnType<typeof workflowTenant>>['ids'];
let menuId: string;
let supplierId: string;
const en = { 'accept-language': 'en-US' };
const B = '/api/flow/FlowEngine/FlowBefore';
const P = () => `${ModelPageApi.page}/${menuId}`;
const evaluation = (token: string, id = supplierId) =>
  t.get<SupplierEvaluation | null>(`${SupplierEvaluationApi.base}/${id}`, token);

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, admin, buyer, manager, outsider } = await workflowTenant(t, 'se', '评价', '139000079'));
  vendor = await t.login('sevendor', 'vendor123');
  const menu = await t.db
    .selectFrom('sys_menu')
    .select(['id', 'menu_type', 'menu_name_en', 'menu_name_tw', 'parent_id'])
    .where('tenant_id', '=', ids.tenant)
    .where('menu_perms', '=', SUPPLIER_EVALUATION.menu)
    .executeTakeFirstOrThrow();
  menuId = String(menu.id);
  const supplier = await t.db
    .selectFrom('vendor_supplier')
    .select('id')
    .where('tenant_id', '=', ids.tenant)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  supplierId = String(supplier.id);
});

afterAll(async () => {
  await t?.close();
});

describe('the supplier evaluation demo', () => {
  it('is a model, a published design, a page in the supplier group and a released flow', async () => {
    const model = await t.db
      .selectFrom('dm_model')
      .select(['full_name', 'full_name_en', 'full_name_tw', 'version'])
      .where('tenant_id', '=', ids.tenant)
      .where('code', '=', SUPPLIER_EVALUATION.model)
      .executeTakeFirstOrThrow();
    expect(model).toMatchObject({
      full_name: '供应商评价',
      full_name_en: 'Supplier evaluation',
      full_name_tw: '供應商評價',
    });
    const design = await t.db
      .selectFrom('dm_design')
      .select(['id', 'published_version'])
      .where('tenant_id', '=', ids.tenant)
      .where('full_name', '=', '供应商评价')
      .executeTakeFirstOrThrow();
    expect(design.published_version).toBe(1);
    const flow = await t.db
      .selectFrom('flow_definition')
      .select(['form_name', 'state', 'full_name_en'])
      .where('tenant_id', '=', ids.tenant)
      .where('en_code', '=', SUPPLIER_EVALUATION.flow)
      .executeTakeFirstOrThrow();
    expect(flow).toMatchObject({ form_name: `Design${design.id}`, state: 1 });
    const group = await t.db
      .selectFrom('sys_menu')
      .select('sys_menu.menu_perms')
      .innerJoin('sys_menu as m', 'm.parent_id', 'sys_menu.id')
      .where('m.id', '=', menuId)
      .executeTakeFirstOrThrow();
    expect(group.menu_perms).toBe('base');
    // The buyer's page: in his language, with the launch button and the flow it launches.
    const config = await t.get<ModelPageConfig>(`${P()}/Config`, buyer, en);
    expect(config.body.code).toBe(0);
    expect(config.body.data.names['en-US']).toBe('Supplier evaluation');
    expect(config.body.data.buttons).toEqual(['add', 'edit', 'detail', 'delete', 'export', 'launchFlow']);
    expect(config.body.data.flow?.name).toBe('Supplier evaluation approval');
    expect(config.body.data.list.columns.map((c) => c.field)).toContain('grade');
    // Made once: a second run adds nothing.
    expect(await addSupplierEvaluationToSeeded(t.db)).toEqual([]);
  });

  it('computes the weighted score and grade, and shows the approved grade on the supplier record', async () => {
    const refused = await t.post(
      `${P()}/Rows`,
      {
        data: { supplier: supplierId, period: '2026-Q3', quality: 101, delivery: 90, price: 90, service: 90 },
      },
      buyer,
      en,
    );
    expect(refused.body.code).toBe(400);
    expect(Object.keys((refused.body.data as unknown as { fields: object }).fields)).toEqual(['quality']);
    const added = await t.post<ModelRow>(
      `${P()}/Rows`,
      // Whatever the client says the score and grade are, they are the form's computation.
      {
        data: {
          supplier: supplierId,
          period: '2026-Q3',
          quality: 80,
          delivery: 90,
          price: 90,
          service: 90,
          score: 1,
          grade: 'A',
        },
      },
      buyer,
    );
    expect(added.body.code).toBe(0);
    expect(added.body.data.data).toMatchObject({ score: 86, grade: 'B' });
    expect(added.body.data.flowState).toBeNull();
    // One evaluation of a supplier per period.
    const twice = await t.post(
      `${P()}/Rows`,
      { data: { supplier: supplierId, period: '2026-Q3', quality: 1, delivery: 1, price: 1, service: 1 } },
      buyer,
    );
    expect(twice.body.code).toBe(400);
    // Not approved yet: the record shows none.
    expect((await evaluation(buyer)).body).toMatchObject({ code: 0, data: null });
    const launched = await t.post<ModelRowLaunch>(
      `${P()}/Rows/${added.body.data.id}/Actions/LaunchFlow`,
      {},
      buyer,
    );
    expect(launched.body.code).toBe(0);
    const todo = await t.post<Page<FlowTaskItem>>(`${B}/List/1`, { pageSize: 100 }, manager);
    const item = todo.body.data.list.find((i) => i.id === launched.body.data.taskId);
    expect(item).toBeDefined();
    // The quality reviewer corrects the quality score: the score and grade follow.
    const audited = await t.post<{ status: number }>(
      `${B}/Audit/${item?.operatorId}`,
      { handleOpinion: '同意', formData: { quality: 100, delivery: 1 } },
      manager,
    );
    expect(audited.body.data.status).toBe(2);
    const record = await evaluation(buyer);
    expect(record.body.code).toBe(0);
    expect(record.body.data).toMatchObject({
      period: '2026-Q3',
      score: 94,
      grade: 'A',
      scores: { quality: 100, delivery: 90, price: 90, service: 90 },
    });
    expect((await evaluation(admin)).body.data?.grade).toBe('A');
  });

  it('keeps the evaluation from the supplier’s own user and from other tenants', async () => {
    expect((await evaluation(vendor)).body.code).toBe(403);
    expect((await evaluation(outsider)).body.code).toBe(404);
    expect((await evaluation(buyer, '999999999')).body.code).toBe(404);
    expect((await t.get(`${P()}/Config`, vendor)).body.code).toBe(403);
  });

  it('is added at start to a tenant seeded before it, once, and not brought back once deleted', async () => {
    const other = await workflowTenant(t, 'sf', '补评', '139000080');
    const tenant = other.ids.tenant;
    /** The id of the tenant's row of `table` whose `column` is `value`. */
    const idOf = async (
      table: 'flow_definition' | 'sys_menu' | 'dm_model',
      column: 'en_code' | 'menu_perms' | 'code',
      value: string,
    ) => {
      const rows = await sql<{ id: string }>`select id::text as id from ${sql.table(table)}
        where tenant_id = ${tenant} and ${sql.ref(column)} = ${value}`.execute(t.db);
      expect(rows.rows).toHaveLength(1);
      return rows.rows[0]?.id as string;
    };
    const del = (url: string) =>
      t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${other.admin}` } });
    // As the tenant was before the evaluation: its flow, page, design and model removed by their screens' calls.
    const flow = await idOf('flow_definition', 'en_code', SUPPLIER_EVALUATION.flow);
    expect((await t.get(`${FlowEngineApi.delete}/${flow}`, other.admin)).body.code).toBe(0);
    const menu = await idOf('sys_menu', 'menu_perms', SUPPLIER_EVALUATION.menu);
    expect((await del(`/api/system/Menu/${menu}`)).body.code).toBe(0);
    const model = await idOf('dm_model', 'code', SUPPLIER_EVALUATION.model);
    const design = await t.db
      .selectFrom('dm_design')
      .select('id')
      .where('model_id', '=', model)
      .executeTakeFirstOrThrow();
    expect((await del(`${DesignApi.design}/${design.id}`)).body.code).toBe(0);
    expect((await del(`${DataModelApi.dataModel}/${model}`)).body.code).toBe(0);
    // Deleted by its administrator, the evaluation stays deleted: nothing is pending for the tenant.
    expect(await addSupplierEvaluationToSeeded(t.db)).toEqual([]);
    // What migration 0079 leaves for a tenant seeded before the evaluation existed.
    await sql`insert into sys_seed_pending (tenant_id, item) values (${tenant}, 'supplierEvaluation')`.execute(
      t.db,
    );
    expect(await addSupplierEvaluationToSeeded(t.db)).toEqual([tenant]);
    expect(await addSupplierEvaluationToSeeded(t.db)).toEqual([]);
    // The page works for its buyer, launching the new flow.
    const page = await idOf('sys_menu', 'menu_perms', SUPPLIER_EVALUATION.menu);
    const config = await t.get<ModelPageConfig>(`${ModelPageApi.page}/${page}/Config`, other.buyer);
    expect(config.body.data.buttons).toContain('launchFlow');
    expect(config.body.data.flow).not.toBeNull();
  });
});
