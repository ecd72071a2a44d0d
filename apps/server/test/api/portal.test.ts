import {
  API,
  type CurrentUser,
  type Dataset,
  DatasetApi,
  type Menu,
  type Portal,
  PortalApi,
  type PortalHome,
  type PortalSources,
  type PortalSummary,
  type PortalView,
  type PortalWidgetRows,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../src/core/realtime';
import { DEMO_TENANT } from '../../src/setup/seed';
import { seedDemoSuppliers } from '../../src/supplier/seed';
import { createTestApp, grantToUser, type TestApp, userIdOf } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
let tenantId: string;
let deptsId: string;
let otherDatasetId: string;
let directoryId: string;
let buyerRoleId: string;
let otherRoleId: string;
let companyId: string;
const en = { 'accept-language': 'en-US' };
const names = (zh: string, enUs?: string) => ({ 'zh-CN': zh, ...(enUs ? { 'en-US': enUs } : {}) });
const R = PortalApi.portal;
const V = PortalApi.view;
const fieldsOf = (data: unknown) => (data as { fields?: Record<string, string> } | null)?.fields ?? {};
const tenantFrames: { tenantId: string; frame: ServerFrame }[] = [];

const DEPTS_SQL = `select d.dept_type, count(*) as n from srm_department d group by d.dept_type order by d.dept_type`;

const portalBody = (datasetId: string, code = 'buyer_home') => ({
  code,
  names: names('采购工作台', 'Buyer desk'),
  definition: {
    widgets: [
      { id: 'todo', type: 'todo', names: names(''), x: 0, y: 0, w: 6, h: 6, rows: 5 },
      {
        id: 'depts',
        type: 'number',
        names: names('组织数', 'Organisations'),
        x: 6,
        y: 0,
        w: 3,
        h: 3,
        datasetId,
        params: {},
        field: 'n',
        aggregate: 'sum',
        format: 'number',
      },
      {
        id: 'chart',
        type: 'chart',
        names: names('组织', 'Organisations'),
        x: 6,
        y: 3,
        w: 6,
        h: 6,
        datasetId,
        params: {},
        chart: { type: 'bar', x: 'dept_type', y: ['n'] },
      },
      {
        id: 'hello',
        type: 'text',
        names: names('说明'),
        x: 0,
        y: 6,
        w: 6,
        h: 3,
        html: { 'zh-CN': '<p onclick="x()">欢迎<script>alert(1)</script><b>!</b></p>' },
      },
    ],
  },
});

const tenantOf = async (account: string) =>
  String(
    (
      await t.db
        .selectFrom('sys_user')
        .select('tenant_id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).tenant_id,
  );

const roleOf = async (tenant: string, code: string) =>
  String(
    (
      await t.db
        .selectFrom('sys_role')
        .select('id')
        .where('tenant_id', '=', tenant)
        .where('en_code', '=', code)
        .executeTakeFirstOrThrow()
    ).id,
  );

beforeAll(async () => {
  t = await createTestApp();
  const real = t.app.deps.realtime;
  t.app.deps.realtime = {
    sendToUsers: (tenant, users, frame) => real.sendToUsers(tenant, users, frame),
    async sendToTenant(tenant, frame) {
      tenantFrames.push({ tenantId: tenant, frame });
    },
    endSessions: (ids, reason) => real.endSessions(ids, reason),
    sendToRoom: (room, frames) => real.sendToRoom(room, frames),
    close: () => real.close(),
  };
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('pt');
  otherAdmin = await t.login('ptadmin', 'admin123');
  tenantId = await tenantOf('admin');
  const otherTenantId = await tenantOf('ptadmin');
  const dataset = (token: string) =>
    t.post<Dataset>(
      DatasetApi.dataset,
      { code: 'pt_depts', names: names('组织'), definition: { kind: 'sql', sql: DEPTS_SQL, params: [] } },
      token,
    );
  deptsId = (await dataset(admin)).body.data.id;
  otherDatasetId = (await dataset(otherAdmin)).body.data.id;
  directoryId = String(
    (
      await t.db
        .selectFrom('sys_menu')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('menu_perms', '=', 'onlineDev')
        .executeTakeFirstOrThrow()
    ).id,
  );
  buyerRoleId = await roleOf(tenantId, 'buyer');
  otherRoleId = await roleOf(otherTenantId, 'buyer');
  companyId = String(
    (
      await t.db
        .selectFrom('sys_dept')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('dept_type', '=', 'company')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
});

afterAll(async () => {
  await t.close();
});

describe('portals', () => {
  let portalId: string;

  it('offers the datasets and web menu items a widget may use', async () => {
    const res = await t.get<PortalSources>(`${R}/Sources`, admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.datasets.find((d) => d.id === deptsId)?.columns).toEqual(['dept_type', 'n']);
    expect(res.body.data.datasets.map((d) => d.id)).not.toContain(otherDatasetId);
    expect(res.body.data.menus.some((m) => m.id === directoryId)).toBe(true);
  });

  it('saves a portal with its widgets and sanitises its text', async () => {
    const created = await t.post<Portal>(R, portalBody(deptsId), admin);
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 0 });
    portalId = created.body.data.id;
    const text = created.body.data.definition.widgets.find((w) => w.type === 'text');
    expect(text && 'html' in text ? text.html['zh-CN'] : '').toBe('<p>欢迎<b>!</b></p>');
    const list = await t.get<{ list: PortalSummary[] }>(R, admin);
    expect(list.body.data.list.map((p) => p.code)).toContain('buyer_home');
    const twice = await t.post(R, portalBody(deptsId), admin, en);
    expect(twice.body.code).toBe(400);
    expect(fieldsOf(twice.body.data).code).toMatch(/already exists/);
  });

  it('refuses bad input at its field, overlaps and unknown columns; another tenant’s ids are missing', async () => {
    const bad = await t.post(
      R,
      { code: 'Bad', names: { 'zh-CN': '' }, definition: { widgets: 'x' } },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(Object.keys(fieldsOf(bad.body.data)).sort()).toEqual([
      'code',
      'definition.widgets',
      'names.zh-CN',
    ]);
    const overlap = portalBody(deptsId, 'overlap');
    overlap.definition.widgets[1] = { ...overlap.definition.widgets[1], x: 3 } as never;
    const refused = await t.post(R, overlap, admin, en);
    expect(fieldsOf(refused.body.data)['definition.widgets.1.y']).toBe('The widget overlaps another one');
    const wide = portalBody(deptsId, 'wide');
    wide.definition.widgets[1] = { ...wide.definition.widgets[1], x: 10, w: 3 } as never;
    expect(fieldsOf((await t.post(R, wide, admin, en)).body.data)['definition.widgets.1.w']).toBe(
      "The widget runs past the grid's 12 columns",
    );
    const column = portalBody(deptsId, 'column');
    column.definition.widgets[1] = { ...column.definition.widgets[1], field: 'amount' } as never;
    expect(fieldsOf((await t.post(R, column, admin, en)).body.data)['definition.widgets.1.field']).toBe(
      'The dataset has no column amount',
    );
    expect((await t.post(R, portalBody(otherDatasetId, 'theirs'), admin)).body.code).toBe(404);
    const otherMenu = String(
      (
        await t.db
          .selectFrom('sys_menu')
          .select('id')
          .where('tenant_id', '<>', tenantId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const shortcut = portalBody(deptsId, 'shortcut');
    shortcut.definition.widgets = [
      { id: 's', type: 'shortcuts', names: names(''), x: 0, y: 0, w: 4, h: 3, menuIds: [otherMenu] } as never,
    ];
    expect((await t.post(R, shortcut, admin)).body.code).toBe(404);
    const count = await t.db
      .selectFrom('dm_portal')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('is the designer’s only: a buyer without the permission gets 403, another tenant 404', async () => {
    expect((await t.get(R, buyer)).body.code).toBe(403);
    expect((await t.post(R, portalBody(deptsId, 'mine'), buyer)).body.code).toBe(403);
    expect((await t.get(`${R}/${portalId}`, otherAdmin)).body.code).toBe(404);
    expect((await t.put(`${R}/${portalId}`, portalBody(otherDatasetId), otherAdmin)).body.code).toBe(404);
    expect((await t.put(`${R}/${portalId}/Homes`, { roleIds: [] }, otherAdmin)).body.code).toBe(404);
  });

  it('a buyer opens it only through a menu item he holds or as his role’s home', async () => {
    expect((await t.get(`${V}/${portalId}`, buyer)).body.code).toBe(404);
    expect((await t.get<PortalHome>(PortalApi.home, buyer)).body.data).toEqual({
      portalId: null,
      chosen: false,
      choices: [],
    });
    // Another tenant's role is refused as missing, and nothing is set.
    expect((await t.put(`${R}/${portalId}/Homes`, { roleIds: [otherRoleId] }, admin)).body.code).toBe(404);
    const homes = await t.put<{ roleIds: string[] }>(
      `${R}/${portalId}/Homes`,
      { roleIds: [buyerRoleId] },
      admin,
    );
    expect(homes.body.data.roleIds).toEqual([buyerRoleId]);
    const home = await t.get<PortalHome>(PortalApi.home, buyer);
    expect(home.body.data).toMatchObject({ portalId, chosen: false });
    const info = await t.get<CurrentUser>(API.userInfo, buyer);
    expect(info.body.data.portalId).toBe(portalId);
    const view = await t.get<PortalView>(`${V}/${portalId}`, buyer);
    expect(view.body.code).toBe(0);
    expect(view.body.data.watch).toEqual({ depts: ['sys_dept'], chart: ['sys_dept'] });
    // His tenant's organisations only; the statement never leaves.
    const rows = await t.get<PortalWidgetRows>(`${V}/${portalId}/Widgets/depts/Data`, buyer);
    expect(rows.body.code).toBe(0);
    expect(rows.body.data).not.toHaveProperty('statement');
    const own = await t.db
      .selectFrom('sys_dept')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(rows.body.data.rows.reduce((s, r) => s + Number(r.n), 0)).toBe(Number(own.n));
    expect((await t.get(`${V}/${portalId}/Widgets/todo/Data`, buyer)).body.code).toBe(404);
    expect((await t.get(`${V}/${portalId}/Widgets/nope/Data`, buyer)).body.code).toBe(404);
    expect((await t.get(`${V}/${portalId}`, otherAdmin)).body.code).toBe(404);
    expect((await t.get(`${V}/abc`, buyer)).body.code).toBe(400);
  });

  it('publishes as a type-8 menu item; a user chooses his own home among those he may open', async () => {
    const res = await t.post<Menu>(
      `${R}/${portalId}/Actions/Publish`,
      { parentId: directoryId, enCode: 'portal.buyer' },
      admin,
    );
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
    expect(res.body.data).toMatchObject({ menuType: 8, parentId: directoryId });
    expect(JSON.parse(res.body.data.propertyJson)).toEqual({ moduleId: portalId });
    // A portal menus open refuses to be deleted.
    const refused = await t.request({
      method: 'DELETE',
      url: `${R}/${portalId}`,
      headers: { authorization: `Bearer ${admin}`, ...en },
    });
    expect(refused.body.code).toBe(409);
    // The buyer holds the item: the second portal he may open through it becomes his choice.
    const second = await t.post<Portal>(R, portalBody(deptsId, 'second'), admin);
    const menu = await t.post<Menu>(
      `${R}/${second.body.data.id}/Actions/Publish`,
      { parentId: directoryId, enCode: 'portal.second' },
      admin,
    );
    expect((await t.put(PortalApi.home, { portalId: second.body.data.id }, buyer)).body.code).toBe(404);
    await grantToUser(t.db, tenantId, await userIdOf(t.db, 'buyer'), 'menu', ['onlineDev', 'portal.second']);
    const chosen = await t.put<PortalHome>(PortalApi.home, { portalId: second.body.data.id }, buyer);
    expect(chosen.body.data).toMatchObject({ portalId: second.body.data.id, chosen: true });
    expect(chosen.body.data.choices.map((c) => c.id).sort()).toEqual([portalId, second.body.data.id].sort());
    const twice = await Promise.all(
      [1, 2].map(() => t.put<PortalHome>(PortalApi.home, { portalId: second.body.data.id }, buyer)),
    );
    expect(twice.map((r) => r.body.code)).toEqual([0, 0]);
    const back = await t.put<PortalHome>(PortalApi.home, { portalId: null }, buyer);
    expect(back.body.data).toMatchObject({ portalId, chosen: false });
    expect(menu.body.code).toBe(0);
  });

  it('tells the tenant’s tabs which tables a write changed, once for a burst', async () => {
    const count = async () =>
      (await t.get<PortalWidgetRows>(`${V}/${portalId}/Widgets/depts/Data`, buyer)).body.data.rows.reduce(
        (sum, r) => sum + Number(r.n),
        0,
      );
    const before = await count();
    tenantFrames.length = 0;
    const created = await t.post(
      '/api/permission/Organize',
      { parentId: companyId, deptName: '门户分公司', enCode: 'portalco', orderNum: 9 },
      admin,
    );
    expect(created.body.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const frames = tenantFrames.filter((f) => f.frame.method === 'dataChanged');
    expect(frames).toHaveLength(1);
    expect(frames[0]?.tenantId).toBe(tenantId);
    expect(frames[0]?.frame.tables).toContain('sys_dept');
    // The widget's kept rows end with the write: it reads the new organisation.
    expect(await count()).toBe(before + 1);
    // A read writes nothing: no frame.
    tenantFrames.length = 0;
    await t.get(`${V}/${portalId}/Widgets/depts/Data`, buyer);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(tenantFrames.filter((f) => f.frame.method === 'dataChanged')).toHaveLength(0);
  });

  it('shows a supplier’s user only his own enterprise, whatever the portal reads', async () => {
    await seedDemoSuppliers(t.db, tenantId, DEMO_TENANT);
    const suppliers = await t.post<Dataset>(
      DatasetApi.dataset,
      {
        code: 'pt_suppliers',
        names: names('供应商'),
        definition: {
          kind: 'sql',
          sql: 'select (select count(*) from srm_supplier) as suppliers, (select count(*) from srm_department) as depts',
          params: [],
        },
      },
      admin,
    );
    const body = portalBody(suppliers.body.data.id, 'supplier_home');
    body.definition.widgets = [
      { ...body.definition.widgets[1], field: 'suppliers' } as never,
      { ...body.definition.widgets[2], chart: { type: 'bar', x: 'depts', y: ['suppliers'] } } as never,
    ];
    const created = await t.post<Portal>(R, body, admin);
    expect(created.body.code).toBe(0);
    const vendorRole = await roleOf(tenantId, 'vendor');
    await t.put(`${R}/${created.body.data.id}/Homes`, { roleIds: [vendorRole] }, admin);
    const vendor = await t.login('vendor', 'vendor123');
    expect((await t.get<PortalHome>(PortalApi.home, vendor)).body.data.portalId).toBe(created.body.data.id);
    const rows = async (token: string) =>
      (await t.get<PortalWidgetRows>(`${V}/${created.body.data.id}/Widgets/depts/Data`, token)).body.data
        .rows[0];
    const all = await rows(admin);
    expect(Number(all?.suppliers)).toBeGreaterThan(1);
    expect(Number(all?.depts)).toBeGreaterThan(0);
    // His own supplier, and none of the tenant's departments.
    expect(await rows(vendor)).toEqual({ suppliers: 1, depts: 0 });
  });
});
