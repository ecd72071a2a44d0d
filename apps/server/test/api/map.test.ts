import { MapApi, type MapChoice, type MapDetail, type MapGeoJson, type MapSummary } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/** Maps (系统数据 › 数据地图): the product's provinces, uploads checked, and report charts over them. */
const M = MapApi.map;
const en = { 'accept-language': 'en-US' };
const fieldsOf = (data: unknown) => (data as { fields?: Record<string, string> } | null)?.fields ?? {};

const square = (x: number, y: number) => [
  [
    [x, y],
    [x + 1, y],
    [x + 1, y + 1],
    [x, y + 1],
    [x, y],
  ],
];
const collection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
const DISTRICTS = collection([
  {
    type: 'Feature',
    properties: { NAME: '东区', ADCODE: 'E1', pop: 10 },
    geometry: { type: 'Polygon', coordinates: square(120, 30) },
  },
  {
    type: 'Feature',
    properties: { NAME: '西区', ADCODE: 'W1', pop: 20 },
    geometry: { type: 'MultiPolygon', coordinates: [square(118, 30), square(118, 32)] },
  },
]);

let t: TestApp;
let admin: string;
let buyer: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  await t.seedOtherTenant('mp');
  otherAdmin = await t.login('mpadmin', 'admin123');
});

afterAll(async () => {
  await t?.close();
});

describe('maps', () => {
  let districtsId: string;

  it('lists the product’s provinces of China, coded as the areas data, and draws them', async () => {
    const list = await t.get<{ list: MapSummary[] }>(M, admin);
    expect(list.body.data.list[0]).toMatchObject({ id: 'china_provinces', builtIn: true, features: 34 });
    const geo = await t.get<MapGeoJson>(`${M}/china_provinces/GeoJson`, buyer);
    expect(geo.body.code).toBe(0);
    const beijing = geo.body.data.features.find((f) => f.properties.code === '110000');
    expect(beijing?.properties.name).toBe('北京');
    const ring = beijing ? (beijing.geometry.coordinates[0] as number[][]) : [];
    const [lng, lat] = ring[0] ?? [];
    expect(lng).toBeGreaterThan(115);
    expect(lng).toBeLessThan(118);
    expect(lat).toBeGreaterThan(39);
    expect(lat).toBeLessThan(42);
    const detail = await t.get<MapDetail>(`${M}/china_provinces`, admin);
    expect(detail.body.data.regions).toContainEqual({ name: '上海', code: '310000' });
    // The product's map is not the tenant's to change.
    const edit = await t.put(
      `${M}/china_provinces`,
      { code: 'x', names: { 'zh-CN': 'x' }, nameProperty: 'name' },
      admin,
      en,
    );
    expect(edit.body).toMatchObject({ code: 400, msg: "The product's own map cannot be changed or deleted" });
  });

  it('checks a file and says what is wrong with it, in the caller’s language', async () => {
    const check = (geoJson: string) => t.post(`${M}/Actions/Check`, { geoJson }, admin, en);
    const ok = await t.post<{ features: number; properties: string[]; samples: Record<string, string[]> }>(
      `${M}/Actions/Check`,
      { geoJson: DISTRICTS },
      admin,
    );
    expect(ok.body.data).toEqual({
      features: 2,
      properties: ['NAME', 'ADCODE', 'pop'],
      samples: { NAME: ['东区', '西区'], ADCODE: ['E1', 'W1'], pop: ['10', '20'] },
    });
    expect(fieldsOf((await check('{nope')).body.data)).toEqual({ geoJson: 'The file is not valid JSON' });
    expect(fieldsOf((await check('{"type":"Feature"}')).body.data)).toEqual({
      geoJson: 'The file should be a GeoJSON FeatureCollection',
    });
    const outOfRange = collection([
      { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: square(0, 0) } },
      { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: square(200, 0) } },
    ]);
    expect(fieldsOf((await check(outOfRange)).body.data)).toEqual({
      geoJson:
        'Feature 2 is not a valid polygon (Polygon or MultiPolygon, with longitudes and latitudes in range)',
    });
    const point = collection([
      { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 1] } },
    ]);
    expect((await check(point)).body.code).toBe(400);
    // Bad input never a 500: the wrong types where the text goes.
    expect((await t.post(`${M}/Actions/Check`, { geoJson: 42 }, admin)).body.code).toBe(400);
  });

  it('keeps an upload as its regions only, named and coded by the chosen properties', async () => {
    const created = await t.post<MapDetail>(
      M,
      {
        code: 'districts',
        names: { 'zh-CN': '城区', 'en-US': 'Districts' },
        geoJson: DISTRICTS,
        nameProperty: 'NAME',
        codeProperty: 'ADCODE',
      },
      admin,
    );
    expect(created.body.code).toBe(0);
    expect(created.body.data).toMatchObject({
      code: 'districts',
      builtIn: false,
      features: 2,
      regions: [
        { name: '东区', code: 'E1' },
        { name: '西区', code: 'W1' },
      ],
    });
    districtsId = created.body.data.id;
    const geo = await t.get<MapGeoJson>(`${M}/${districtsId}/GeoJson`, admin);
    expect(geo.body.data.features[1]).toEqual({
      type: 'Feature',
      properties: { name: '西区', code: 'W1' },
      geometry: { type: 'MultiPolygon', coordinates: [square(118, 30), square(118, 32)] },
    });
    // Names that cannot tell regions apart are refused at the property.
    const same = await t.post(
      M,
      { code: 'same', names: { 'zh-CN': '重' }, geoJson: DISTRICTS, nameProperty: 'nothing' },
      admin,
      en,
    );
    expect(fieldsOf(same.body.data)).toEqual({ nameProperty: 'No feature has the property nothing' });
    const taken = await t.post(
      M,
      { code: 'china_provinces', names: { 'zh-CN': '重' }, geoJson: DISTRICTS, nameProperty: 'NAME' },
      admin,
      en,
    );
    expect(fieldsOf(taken.body.data)).toEqual({ code: 'A map with this code already exists' });
    const renamed = await t.put<MapDetail>(
      `${M}/${districtsId}`,
      { code: 'districts', names: { 'zh-CN': '市区' }, nameProperty: 'NAME' },
      admin,
    );
    expect(renamed.body.data).toMatchObject({ names: { 'zh-CN': '市区' }, features: 2 });
  });

  it('lets a report colour the provinces by a dataset, and keeps a drawn map from deletion', async () => {
    const dataset = await t.post<{ id: string }>(
      '/api/onlineDev/DataSet',
      {
        code: 'suppliers_by_province',
        names: { 'zh-CN': '各省供应商' },
        definition: {
          kind: 'sql',
          sql: "select left(area_code, 2) || '0000' as province, count(*) as suppliers from srm_supplier group by 1",
          params: [],
        },
      },
      admin,
    );
    expect(dataset.body.code).toBe(0);
    const report = (mapId: string) => ({
      code: `map_${mapId}`,
      names: { 'zh-CN': '供应商分布' },
      definition: {
        datasetId: dataset.body.data.id,
        table: {
          columns: [{ field: 'province', names: { 'zh-CN': '省' }, format: 'text' }],
          groupBy: [],
          subtotals: false,
        },
        pivot: null,
        charts: [{ type: 'map', names: { 'zh-CN': '分布' }, x: 'province', y: ['suppliers'], mapId }],
      },
    });
    expect((await t.post('/api/onlineDev/DataReport', report('china_provinces'), admin)).body.code).toBe(0);
    expect((await t.post('/api/onlineDev/DataReport', report(districtsId), admin)).body.code).toBe(0);
    const noMap = report('china_provinces');
    delete (noMap.definition.charts[0] as { mapId?: string }).mapId;
    const missing = await t.post('/api/onlineDev/DataReport', { ...noMap, code: 'nomap' }, admin, en);
    expect(fieldsOf(missing.body.data)).toEqual({ 'definition.charts.0.mapId': 'This field is required' });
    const del = await t.request({
      method: 'DELETE',
      url: `${M}/${districtsId}`,
      headers: { authorization: `Bearer ${admin}`, ...en },
    });
    expect(del.body).toMatchObject({
      code: 409,
      msg: `Reports draw this map, so it cannot be deleted: 供应商分布 (map_${districtsId})`,
    });
    const choices = await t.get<{ list: MapChoice[] }>(`${M}/Choices`, admin);
    expect(choices.body.data.list.map((c) => c.code)).toEqual(['china_provinces', 'districts']);
  });

  it('keeps each tenant’s maps its own and checks the permission on the server', async () => {
    expect((await t.get(`${M}/${districtsId}`, otherAdmin)).body.code).toBe(404);
    expect((await t.get(`${M}/${districtsId}/GeoJson`, otherAdmin)).body.code).toBe(404);
    expect((await t.get<{ list: MapSummary[] }>(M, otherAdmin)).body.data.list.map((m) => m.id)).toEqual([
      'china_provinces',
    ]);
    // Their map inside a report of ours: not there.
    const ds = await t.post<{ id: string }>(
      '/api/onlineDev/DataSet',
      {
        code: 'mine',
        names: { 'zh-CN': '我的' },
        definition: { kind: 'sql', sql: 'select 1 as a', params: [] },
      },
      otherAdmin,
    );
    const theirs = await t.post(
      '/api/onlineDev/DataReport',
      {
        code: 'theirs',
        names: { 'zh-CN': '他们的' },
        definition: {
          datasetId: ds.body.data.id,
          table: {
            columns: [{ field: 'a', names: { 'zh-CN': 'a' }, format: 'number' }],
            groupBy: [],
            subtotals: false,
          },
          pivot: null,
          charts: [{ type: 'map', names: { 'zh-CN': '图' }, x: 'a', y: ['a'], mapId: districtsId }],
        },
      },
      otherAdmin,
    );
    expect(theirs.body.code).toBe(404);
    expect((await t.get(M, buyer)).body.code).toBe(403);
    expect((await t.post(`${M}/Actions/Check`, { geoJson: DISTRICTS }, buyer)).body.code).toBe(403);
    expect((await t.get(`${M}/${districtsId}/GeoJson`, buyer)).body.code).toBe(0);
  });
});
