import { type APIRequestContext, expect } from '@playwright/test';
import {
  adminHeaders,
  darkMode,
  dropdownOption,
  escapeUntilHidden,
  expectAxeClean,
  shot,
  test,
} from './helpers';

const M = '/api/systemData/Map';
const DRAWER = '.ant-drawer-content-wrapper';

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: await adminHeaders(request), data });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(0);
  return json.data;
}

const square = (x: number, y: number) => [
  [
    [x, y],
    [x + 1, y],
    [x + 1, y + 1],
    [x, y + 1],
    [x, y],
  ],
];
const districts = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { NAME: '东区', ADCODE: 'E1' },
      geometry: { type: 'Polygon', coordinates: square(120, 30) },
    },
    {
      type: 'Feature',
      properties: { NAME: '西区', ADCODE: 'W1' },
      geometry: { type: 'Polygon', coordinates: square(118, 30) },
    },
  ],
});

test('an administrator sees the provinces, uploads a GeoJSON map, and a report colours the provinces by suppliers', async ({
  signedInPage,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const page = await signedInPage('admin');
  await page.goto('/home');
  await page.getByRole('menuitem', { name: '系统数据' }).click();
  await page.getByRole('menuitem', { name: '数据地图' }).click();
  await expect(page.getByTestId('map-page')).toBeVisible();
  await expect(page.getByTestId('map-table')).toContainText('中国省级行政区');
  await expectAxeClean(page, 'map-list');

  // The product's map: drawn, not editable.
  await page.getByTestId('map-view').click();
  await expect(page.getByTestId('map-preview')).toHaveAttribute('aria-label', /34 个区域/);
  await expect(page.getByTestId('map-form')).toContainText('不能修改');
  await escapeUntilHidden(page, page.getByTestId('map-editor'));

  // An upload: a file that is not GeoJSON is refused saying why; a good one is previewed and kept.
  await page.getByTestId('map-add').click();
  await page.getByTestId('map-code').fill(`districts_${stamp}`);
  await page.getByTestId('map-name-zh-CN').fill(`城区${stamp}`);
  const input = page.getByTestId('map-editor').locator('input[type=file]');
  await input.setInputFiles({
    name: 'wrong.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"type":"Feature"}'),
  });
  await expect(page.getByTestId('map-file-error')).toContainText('FeatureCollection');
  await input.setInputFiles({
    name: 'districts.geojson',
    mimeType: 'application/json',
    buffer: Buffer.from(districts),
  });
  await expect(page.getByTestId('map-file-chosen')).toContainText('districts.geojson：2 个区域');
  await expect(page.getByTestId('map-name-property')).toContainText('NAME');
  await expect(page.getByTestId('map-code-property')).toContainText('ADCODE');
  await expect(page.getByTestId('map-preview')).toHaveAttribute('aria-label', /2 个区域/);
  await shot(page, 'map-upload');
  await expectAxeClean(page, 'map-upload', DRAWER);
  await page.getByTestId('map-editor-save').click();
  await expect(page.getByTestId('map-editor')).toBeHidden();
  await expect(page.getByTestId('map-table')).toContainText(`城区${stamp}`);

  // A report over a dataset of suppliers per province code, drawn on the provinces.
  const dataset = await post<{ id: string }>(request, '/api/onlineDev/DataSet', {
    code: `supplier_provinces_${stamp}`,
    names: { 'zh-CN': `各省供应商${stamp}` },
    definition: {
      kind: 'sql',
      sql: "select left(area_code, 2) || '0000' as province, count(*) as suppliers from srm_supplier group by 1",
      params: [],
    },
  });
  await page.goto('/onlineDev/dataReport');
  await page.getByTestId('rpt-add').click();
  await page.getByTestId('rpt-code').fill(`supplier_map_${stamp}`);
  await page.getByTestId('rpt-name-zh-CN').fill(`供应商分布${stamp}`);
  await page.getByTestId('rpt-dataset').click();
  await dropdownOption(page, new RegExp(`各省供应商${stamp}`)).click();
  await page.getByTestId('rpt-col-add-all').click();
  await page.getByTestId('rpt-chart-add').click();
  await page.getByTestId('rpt-chart-0-name-zh-CN').fill('供应商分布图');
  await page.getByTestId('rpt-chart-0-type').click();
  await dropdownOption(page, /^地图$/).click();
  await page.getByTestId('rpt-chart-0-map').click();
  await dropdownOption(page, /^中国省级行政区$/).click();
  await page.getByTestId('rpt-chart-0-x').click();
  await dropdownOption(page, /province/).click();
  await page.getByTestId('rpt-chart-0-y').click();
  await dropdownOption(page, /suppliers/).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('rpt-preview-run').click();
  const chart = page.getByTestId('rpt-preview').getByTestId('rpt-view-chart-0');
  await expect(chart).toHaveAttribute('aria-label', /供应商分布图：地图/);
  await expect(chart.locator('canvas')).toBeVisible();
  await shot(page, 'report-map-chart');
  await page.getByTestId('rpt-editor-save').click();
  await expect(page.getByTestId('rpt-form')).toBeHidden();
  expect(dataset.id).toBeTruthy();

  // In English at 390 px and dark.
  await page.goto('/systemData/map');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await darkMode(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('map-table')).toContainText('Provinces of China');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await expectAxeClean(page, 'map-list-390-en-dark');
  await page.getByTestId('map-view').click();
  await expect(page.getByTestId('map-preview')).toHaveAttribute('aria-label', /34 regions/);
  await expectAxeClean(page, 'map-view-390-en-dark', DRAWER);
  const list = (await (
    await request.get(`${M}?keyword=districts_${stamp}`, { headers: await adminHeaders(request) })
  ).json()) as {
    data: { list: { id: string }[] };
  };
  expect(list.data.list).toHaveLength(1);
});
