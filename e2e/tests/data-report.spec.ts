import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  adminHeaders,
  darkMode,
  dropdownOption,
  escapeUntilHidden,
  expectAxeClean,
  shot,
  test,
} from './helpers';

const D = '/api/onlineDev/DataSet';
const R = '/api/onlineDev/DataReport';
const DRAWER = '.ant-drawer-content-wrapper';
// The demo's flow tasks counted by form and month: rows every demo tenant has.
const TASKS_SQL = `select form_name, to_char(created_at, 'YYYY-MM') as month, count(*) as tasks
from srm_flow_task group by form_name, to_char(created_at, 'YYYY-MM') order by form_name, month`;

async function choose(page: Page, testId: string, text: string | RegExp) {
  await page.getByTestId(testId).click();
  await dropdownOption(page, text).click();
}

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { headers: await adminHeaders(request), data });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(0);
  return json.data;
}

async function tasksDataset(request: APIRequestContext, stamp: string) {
  return post<{ id: string }>(request, D, {
    code: `tasks_${stamp}`,
    names: { 'zh-CN': `流程任务${stamp}`, 'en-US': `Flow tasks ${stamp}` },
    definition: { kind: 'sql', sql: TASKS_SQL, params: [] },
  });
}

const del = async (request: APIRequestContext, url: string) =>
  request.delete(url, { headers: await adminHeaders(request) });

test('an administrator designs a report with a chart, publishes it, and a reader opens and exports it', async ({
  signedInPage,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const code = `tasks_report_${stamp}`;
  const name = `流程任务报表${stamp}`;
  const dataset = await tasksDataset(request, stamp);
  const page = await signedInPage('admin');
  // From the menu: 在线开发 › 报表设计.
  await page.goto('/home');
  await page.getByRole('menuitem', { name: '在线开发' }).click();
  await page.getByRole('menuitem', { name: '报表设计' }).click();
  await expect(page.getByTestId('rpt-page')).toBeVisible();
  await expectAxeClean(page, 'report-list');

  await page.getByTestId('rpt-add').click();
  await expect(page.getByTestId('rpt-form')).toBeVisible();
  await page.getByTestId('rpt-code').fill(code);
  await page.getByTestId('rpt-name-zh-CN').fill(name);
  await choose(page, 'rpt-dataset', new RegExp(`流程任务${stamp}`));
  // The dataset's SQL names its columns: all three in one move, then the count as a number.
  await page.getByTestId('rpt-col-add-all').click();
  await expect(page.getByTestId('rpt-col-2-field')).toContainText('tasks');
  await choose(page, 'rpt-col-2-format', /^数字$/);
  await page.getByTestId('rpt-col-0-name-zh-CN').fill('表单');
  await page.getByTestId('rpt-col-2-name-zh-CN').fill('任务数');
  await choose(page, 'rpt-group-by', /^表单/);
  await page.keyboard.press('Escape');
  await page.getByTestId('rpt-subtotals').click();
  // A bar chart of the tasks by month, a series per form.
  await page.getByTestId('rpt-chart-add').click();
  await page.getByTestId('rpt-chart-0-name-zh-CN').fill('每月任务');
  await choose(page, 'rpt-chart-0-x', /month/);
  await choose(page, 'rpt-chart-0-y', /任务数|tasks/);
  await page.keyboard.press('Escape');

  // The preview draws the report from the server's rows: the chart, the groups and their subtotals.
  await page.getByTestId('rpt-preview-run').click();
  const preview = page.getByTestId('rpt-preview');
  await expect(preview.getByTestId('rpt-view-chart-0')).toHaveAttribute('aria-label', /每月任务/);
  await expect(preview.getByTestId('rpt-subtotal').first()).toBeVisible();
  await expect(preview.getByTestId('rpt-total')).toContainText('合计');
  await shot(page, 'report-editor-preview');
  await expectAxeClean(page, 'report-editor', DRAWER);
  await page.getByTestId('rpt-editor-save').click();
  await expect(page.getByTestId('rpt-form')).toBeHidden();
  const row = page.getByTestId('rpt-table').locator('tr', { has: page.getByText(code, { exact: true }) });
  await expect(row).toContainText(`流程任务${stamp}`);

  // Published under 在线开发: it is in the side menu at once.
  await row.getByTestId('rpt-publish').click();
  await page.getByTestId('rpt-publish-parent').click();
  await page
    .locator('.ant-select-tree-node-content-wrapper', { hasText: /^在线开发$/ })
    .filter({ visible: true })
    .click();
  await expect(page.getByTestId('rpt-publish-encode')).not.toHaveValue('');
  const menuCode = await page.getByTestId('rpt-publish-encode').inputValue();
  await page.getByTestId('rpt-publish-ok').click();
  await expect(row.getByTestId('rpt-menus')).toContainText(name);
  await page.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/${menuCode.replaceAll('.', '\\.')}$`));

  // The reader's page: it runs at once (no parameter to type), draws the chart, the table, exports.
  const view = page.getByTestId('rpt-view');
  await expect(view.getByTestId('rpt-view-chart-0')).toBeVisible();
  await expect(view.getByTestId('rpt-view-table')).toContainText('任务数');
  await expect(view.getByTestId('rpt-total')).toBeVisible();
  await shot(page, 'report-page');
  await expectAxeClean(page, 'report-page');
  const download = page.waitForEvent('download');
  await page.getByTestId('rpt-view-export').click();
  expect((await download).suggestedFilename()).toBe(`${name}.xlsx`);

  // Clean up: the menu item first (a published report refuses its delete), then report and dataset.
  const menus = (await (
    await request.get('/api/system/Menu?category=web', { headers: await adminHeaders(request) })
  ).json()) as { data: { id: string; menuPerms: string; children?: unknown[] }[] };
  const flat = (items: { id: string; menuPerms: string; children?: unknown[] }[]): typeof items =>
    items.flatMap((m) => [m, ...flat((m.children ?? []) as typeof items)]);
  const menu = flat(menus.data).find((m) => m.menuPerms === menuCode);
  expect(menu).toBeTruthy();
  await del(request, `/api/system/Menu/${menu?.id}`);
  const list = (await (
    await request.get(`${R}?keyword=${code}`, { headers: await adminHeaders(request) })
  ).json()) as { data: { list: { id: string }[] } };
  await del(request, `${R}/${list.data.list[0]?.id}`);
  await del(request, `${D}/${dataset.id}`);
});

test('a report page in English at 390 px and dark, its pivot too', async ({ signedInPage, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const dataset = await tasksDataset(request, stamp);
  const report = await post<{ id: string }>(request, R, {
    code: `narrow_report_${stamp}`,
    names: { 'zh-CN': `窄屏报表${stamp}`, 'en-US': `Narrow report ${stamp}` },
    definition: {
      datasetId: dataset.id,
      table: {
        columns: [
          { field: 'form_name', names: { 'zh-CN': '表单', 'en-US': 'Form' }, format: 'text' },
          { field: 'month', names: { 'zh-CN': '月份', 'en-US': 'Month' }, format: 'text' },
          { field: 'tasks', names: { 'zh-CN': '任务数', 'en-US': 'Tasks' }, format: 'number' },
        ],
        groupBy: ['form_name'],
        subtotals: true,
      },
      pivot: { rows: ['form_name'], column: 'month', value: 'tasks', aggregate: 'sum' },
      charts: [
        { type: 'pie', names: { 'zh-CN': '按表单', 'en-US': 'By form' }, x: 'form_name', y: ['tasks'] },
      ],
    },
  });
  const directory = (await (
    await request.get('/api/system/Menu?category=web', { headers: await adminHeaders(request) })
  ).json()) as { data: { id: string; menuPerms: string }[] };
  const onlineDev = directory.data.find((m) => m.menuPerms === 'onlineDev');
  const menu = await post<{ id: string }>(request, `${R}/${report.id}/Actions/Publish`, {
    parentId: onlineDev?.id,
    enCode: `report.narrow${stamp}`,
  });
  const page = await signedInPage('admin');
  await page.goto(`/report.narrow${stamp}`);
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await darkMode(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const view = page.getByTestId('rpt-view');
  await expect(view.getByTestId('rpt-view-chart-0')).toHaveAttribute('aria-label', /By form/);
  await expect(view.getByTestId('rpt-view-pivot')).toContainText('Total');
  await expect(view.getByTestId('rpt-subtotal').first()).toContainText('Subtotal');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await shot(page, 'report-page-390-en-dark');
  await expectAxeClean(page, 'report-page-390-en-dark');
  // The designer at 390 px too, in its drawer.
  await page.goto('/onlineDev/dataReport');
  await page
    .getByTestId('rpt-table')
    .locator('tr', { has: page.getByText(`narrow_report_${stamp}`, { exact: true }) })
    .getByTestId('rpt-open')
    .click();
  await expect(page.getByTestId('rpt-form')).toBeVisible();
  await expectAxeClean(page, 'report-editor-390-en-dark', DRAWER);
  await escapeUntilHidden(page, page.getByTestId('rpt-form'));
  await del(request, `/api/system/Menu/${menu.id}`);
  await del(request, `${R}/${report.id}`);
  await del(request, `${D}/${dataset.id}`);
});
