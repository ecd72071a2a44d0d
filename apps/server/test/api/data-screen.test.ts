import {
  type DataScreen,
  DataScreenApi,
  type DataScreenOpened,
  type DataScreenSummary,
  type DataScreenView,
  type DataScreenViewToken,
  type Dataset,
  DatasetApi,
  type MapGeoJson,
  type Menu,
  type PortalWidgetRows,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataScreenDemo } from '../../src/onlinedev/index';
import { createTestApp, grantToUser, type TestApp, userIdOf } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;
let tenantId: string;
let deptsId: string;
let otherDatasetId: string;
let directoryId: string;
const en = { 'accept-language': 'en-US' };
const names = (zh: string, enUs?: string) => ({ 'zh-CN': zh, ...(enUs ? { 'en-US': enUs } : {}) });
const R = DataScreenApi.screen;
const V = DataScreenApi.view;
const fieldsOf = (data: unknown) => (data as { fields?: Record<string, string> } | null)?.fields ?? {};

const DEPTS_SQL = `select d.dept_type, count(*) as n from srm_department d group by d.dept_type order by d.dept_type`;

const screenBody = (datasetId: string, code = 'ops_screen') => ({
  code,
  names: names('采购大屏', 'Procurement screen'),
  definition: {
    theme: 'dark',
    background: '#0b1a33',
    refreshSeconds: 30,
    widgets: [
      {
        id: 'title',
        type: 'title',
        names: names(''),
        x: 0,
        y: 0,
        w: 1920,
        h: 100,
        text: names('采购大屏', 'Procurement'),
        fontSize: 48,
        align: 'center',
      },
      {
        id: 'clock',
        type: 'clock',
        names: names(''),
        x: 1600,
        y: 20,
        w: 300,
        h: 60,
        format: 'time',
        fontSize: 28,
      },
      {
        id: 'depts',
        type: 'number',
        names: names('组织数', 'Organisations'),
        x: 40,
        y: 140,
        w: 400,
        h: 200,
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
        // Over the number: a screen's widgets may overlap, the later one on top.
        x: 300,
        y: 200,
        w: 900,
        h: 500,
        datasetId,
        params: {},
        chart: { type: 'bar', x: 'dept_type', y: ['n'] },
      },
    ],
  },
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const open = (id: string, token: unknown, headers: Record<string, string> = {}) =>
  t.post<DataScreenOpened>(`${V}/${id}/Actions/Open`, { token }, null, headers);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('ds');
  otherAdmin = await t.login('dsadmin', 'admin123');
  tenantId = String(
    (
      await t.db
        .selectFrom('sys_user')
        .select('tenant_id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).tenant_id,
  );
  const dataset = (token: string) =>
    t.post<Dataset>(
      DatasetApi.dataset,
      { code: 'ds_depts', names: names('组织'), definition: { kind: 'sql', sql: DEPTS_SQL, params: [] } },
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
});

afterAll(async () => {
  await t.close();
});

describe('data screens', () => {
  let screenId: string;

  it('has its page and buttons in the seeded menu', async () => {
    const page = await t.db
      .selectFrom('sys_menu')
      .select(['menu_name_en', 'menu_url'])
      .where('tenant_id', '=', tenantId)
      .where('menu_perms', '=', 'onlineDev.dataScreen')
      .executeTakeFirstOrThrow();
    expect(page).toEqual({ menu_name_en: 'Data Screens', menu_url: '/onlineDev/dataScreen' });
  });

  it('ships the demo’s procurement screen, opened from its type-6 menu item, every widget reading', async () => {
    // The tests' seed leaves the workflow demo out, and the screen with it: seeded here as there.
    expect(await seedDataScreenDemo(t.db, tenantId, await userIdOf(t.db, 'admin'))).toBe(true);
    expect(await seedDataScreenDemo(t.db, tenantId, await userIdOf(t.db, 'admin'))).toBe(false);
    const list = await t.get<{ list: DataScreenSummary[] }>(R, admin);
    const demo = list.body.data.list.find((s) => s.code === 'procurement');
    expect(demo?.menus.map((m) => m.name)).toEqual(['采购运营大屏']);
    const issued = await t.post<DataScreenViewToken>(`${V}/${demo?.id}/Actions/ViewToken`, {}, buyer);
    expect(issued.body.code).toBe(0);
    const opened = await open(String(demo?.id), issued.body.data.token);
    const { viewerToken, screen } = opened.body.data;
    for (const w of screen.definition.widgets.filter((x) => 'datasetId' in x)) {
      const rows = await t.get<PortalWidgetRows>(
        `${V}/${demo?.id}/Widgets/${w.id}/Data`,
        null,
        bearer(viewerToken),
      );
      expect(rows.body.code, `${w.id}: ${rows.body.msg}`).toBe(0);
    }
    // Its map of the provinces, read with the viewer token; a map it does not draw is not there.
    const provinces = await t.get<MapGeoJson>(
      `${V}/${demo?.id}/Maps/china_provinces`,
      null,
      bearer(viewerToken),
    );
    expect(provinces.body.data.features).toHaveLength(34);
    const rows = await t.get<PortalWidgetRows>(
      `${V}/${demo?.id}/Widgets/provinces/Data`,
      null,
      bearer(viewerToken),
    );
    expect(rows.body.data.rows).toContainEqual({ province: '310000', suppliers: expect.any(Number) });
    expect((await t.get(`${V}/${demo?.id}/Maps/districts`, null, bearer(viewerToken))).body.code).toBe(404);
    expect((await t.get(`${V}/${demo?.id}/Maps/china_provinces`, null)).body.code).toBe(401);
    // And the report of suppliers by province beside it, drawn on the same map.
    const menus = await t.get<{ list: { menuPerms?: string; enCode?: string }[] }>(
      '/api/sys/menu-ent/nav',
      buyer,
    );
    expect(JSON.stringify(menus.body.data)).toContain('供应商地区分布');
  });

  it('saves a screen, overlapping widgets and all, and lists it', async () => {
    const sources = await t.get<{ datasets: { id: string; columns: string[] | null }[] }>(
      `${R}/Sources`,
      admin,
    );
    expect(sources.body.data.datasets.find((d) => d.id === deptsId)?.columns).toEqual(['dept_type', 'n']);
    expect(sources.body.data.datasets.map((d) => d.id)).not.toContain(otherDatasetId);
    const created = await t.post<DataScreen>(R, screenBody(deptsId), admin);
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 0 });
    screenId = created.body.data.id;
    expect(created.body.data.definition.refreshSeconds).toBe(30);
    const list = await t.get<{ list: DataScreenSummary[] }>(R, admin);
    expect(list.body.data.list.map((s) => s.code)).toContain('ops_screen');
    const twice = await t.post(R, screenBody(deptsId), admin, en);
    expect(twice.body.code).toBe(400);
    expect(fieldsOf(twice.body.data).code).toMatch(/already exists/);
    // Two identical creates at once make one screen.
    const both = await Promise.all([1, 2].map(() => t.post(R, screenBody(deptsId, 'twin'), admin)));
    expect(both.map((r) => r.body.code).sort()).toEqual([0, 400]);
  });

  it('refuses bad input at its field, in the caller’s language, and never answers 500', async () => {
    const bad = await t.post(
      R,
      {
        code: 'Bad',
        names: { 'zh-CN': '' },
        definition: { background: 'red', refreshSeconds: 5, widgets: 'x' },
      },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    const fields = fieldsOf(bad.body.data);
    expect(Object.keys(fields).sort()).toEqual([
      'code',
      'definition.background',
      'definition.refreshSeconds',
      'definition.widgets',
      'names.zh-CN',
    ]);
    expect(fields['definition.refreshSeconds']).toBe('Must be at least 10');
    const outside = screenBody(deptsId, 'outside');
    outside.definition.widgets[1] = { ...outside.definition.widgets[1], x: 1700 } as never;
    expect(fieldsOf((await t.post(R, outside, admin, en)).body.data)['definition.widgets.1.w']).toBe(
      'The widget runs past the 1920 × 1080 canvas',
    );
    const column = screenBody(deptsId, 'column');
    column.definition.widgets[2] = { ...column.definition.widgets[2], field: 'amount' } as never;
    expect(fieldsOf((await t.post(R, column, admin, en)).body.data)['definition.widgets.2.field']).toBe(
      'The dataset has no column amount',
    );
    const unknownType = screenBody(deptsId, 'map');
    unknownType.definition.widgets[0] = { ...unknownType.definition.widgets[0], type: 'map' } as never;
    expect((await t.post(R, unknownType, admin, en)).body.code).toBe(400);
    // Another tenant's dataset inside the body is missing.
    expect((await t.post(R, screenBody(otherDatasetId, 'theirs'), admin)).body.code).toBe(404);
    expect((await t.get(`${R}/abc`, admin)).body.code).toBe(400);
    const zh = await t.post(R, { ...screenBody(deptsId, 'zh'), code: '' }, admin);
    expect(fieldsOf(zh.body.data).code).toMatch(/[\u4e00-\u9fff]/);
  });

  it('is the designer’s only: a buyer without the permission gets 403, another tenant 404', async () => {
    expect((await t.get(R, buyer)).body.code).toBe(403);
    expect((await t.post(R, screenBody(deptsId, 'mine'), buyer)).body.code).toBe(403);
    expect((await t.get(`${R}/${screenId}`, otherAdmin)).body.code).toBe(404);
    expect((await t.put(`${R}/${screenId}`, screenBody(otherDatasetId), otherAdmin)).body.code).toBe(404);
    expect((await t.post(`${V}/${screenId}/Actions/ViewToken`, {}, otherAdmin)).body.code).toBe(404);
    // Without a menu item he holds, the buyer may not open it either.
    expect((await t.post(`${V}/${screenId}/Actions/ViewToken`, {}, buyer)).body.code).toBe(404);
  });

  it('publishes as a type-6 menu item; its holder opens the viewer with a view token, never the session', async () => {
    const menu = await t.post<Menu>(
      `${R}/${screenId}/Actions/Publish`,
      { parentId: directoryId, enCode: 'screen.ops' },
      admin,
    );
    expect(menu.body, JSON.stringify(menu.body)).toMatchObject({ code: 0 });
    expect(menu.body.data).toMatchObject({ menuType: 6, parentId: directoryId });
    expect(JSON.parse(menu.body.data.propertyJson)).toEqual({ moduleId: screenId });
    // A screen a menu item opens refuses to be deleted.
    const refused = await t.request({
      method: 'DELETE',
      url: `${R}/${screenId}`,
      headers: { authorization: `Bearer ${admin}`, ...en },
    });
    expect(refused.body.code).toBe(409);
    await grantToUser(t.db, tenantId, await userIdOf(t.db, 'buyer'), 'menu', ['onlineDev', 'screen.ops']);
    const issued = await t.post<DataScreenViewToken>(`${V}/${screenId}/Actions/ViewToken`, {}, buyer);
    expect(issued.body.code).toBe(0);
    const { token, expiresAt } = issued.body.data;
    expect(token).not.toBe(buyer);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(300_000);
    // The view token is no session: the signed-in routes refuse it.
    expect((await t.get('/api/sys/user/info', token)).body.code).toBe(601);
    // Nor does the session open the viewer.
    expect((await t.get(`${V}/${screenId}`, null, bearer(buyer))).body.code).toBe(401);
    const opened = await open(screenId, token);
    expect(opened.body, JSON.stringify(opened.body)).toMatchObject({ code: 0 });
    const { viewerToken, screen } = opened.body.data;
    expect(screen.definition.widgets.map((w) => w.id)).toEqual(['title', 'clock', 'depts', 'chart']);
    // Spent: the same view token opens nothing again.
    expect((await open(screenId, token, en)).body).toMatchObject({
      code: 401,
      msg: 'This data screen link is not valid: open the screen again from the menu',
    });
    const view = await t.get<DataScreenView>(`${V}/${screenId}`, null, bearer(viewerToken));
    expect(view.body.code).toBe(0);
    const rows = await t.get<PortalWidgetRows>(
      `${V}/${screenId}/Widgets/depts/Data`,
      null,
      bearer(viewerToken),
    );
    expect(rows.body.code).toBe(0);
    expect(rows.body.data).not.toHaveProperty('statement');
    const own = await t.db
      .selectFrom('sys_dept')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(rows.body.data.rows.reduce((s, r) => s + Number(r.n), 0)).toBe(Number(own.n));
    expect((await t.get(`${V}/${screenId}/Widgets/title/Data`, null, bearer(viewerToken))).body.code).toBe(
      404,
    );
    expect((await t.get(`${V}/${screenId}/Widgets/nope/Data`, null, bearer(viewerToken))).body.code).toBe(
      404,
    );
    // The viewer token is no session either.
    expect((await t.get('/api/sys/user/info', viewerToken)).body.code).toBe(601);
    // Withdrawn: the buyer's grants gone, his open viewer reads no more.
    await t.db
      .deleteFrom('sys_grant')
      .where('tenant_id', '=', tenantId)
      .where('object_type', '=', 'user')
      .where('object_id', '=', await userIdOf(t.db, 'buyer'))
      .execute();
    expect((await t.get(`${V}/${screenId}`, null, bearer(viewerToken))).body.code).toBe(404);
  });

  it('refuses a forged, expired or another screen’s token, in the envelope', async () => {
    const second = await t.post<DataScreen>(R, screenBody(deptsId, 'second'), admin);
    const secondId = second.body.data.id;
    expect((await open(screenId, 'forged-token', en)).body.code).toBe(401);
    expect((await open(screenId, '', en)).body.code).toBe(400);
    expect((await open(screenId, { not: 'a string' }, en)).body.code).toBe(400);
    expect((await t.get(`${V}/${screenId}`, null, bearer('forged'))).body.code).toBe(401);
    expect((await t.get(`${V}/${screenId}`)).body.code).toBe(401);
    // A view token of one screen opens no other.
    const issued = await t.post<DataScreenViewToken>(`${V}/${screenId}/Actions/ViewToken`, {}, admin);
    expect((await open(secondId, issued.body.data.token)).body.code).toBe(404);
    const again = await t.post<DataScreenViewToken>(`${V}/${screenId}/Actions/ViewToken`, {}, admin);
    const opened = await open(screenId, again.body.data.token);
    const { viewerToken } = opened.body.data;
    expect((await t.get(`${V}/${secondId}`, null, bearer(viewerToken))).body.code).toBe(404);
    expect((await t.get(`${V}/${secondId}/Widgets/depts/Data`, null, bearer(viewerToken))).body.code).toBe(
      404,
    );
    // Another tenant's administrator's viewer reads none of ours.
    expect((await t.get(`${V}/${screenId}`, null, bearer(otherAdmin))).body.code).toBe(401);
    // Expired: a view token past its five minutes, a viewer token past its hours.
    const late = await t.post<DataScreenViewToken>(`${V}/${screenId}/Actions/ViewToken`, {}, admin);
    await t.db
      .updateTable('dm_data_screen_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', tenantId)
      .execute();
    expect((await open(screenId, late.body.data.token, en)).body).toMatchObject({
      code: 401,
      msg: expect.stringMatching(/expired/),
    });
    expect((await t.get(`${V}/${screenId}`, null, bearer(viewerToken))).body.code).toBe(401);
  });
});
