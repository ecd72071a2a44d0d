import { expect, type Page } from '@playwright/test';
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
const DRAWER = '.ant-drawer-content-wrapper';

async function choose(page: Page, testId: string, text: string | RegExp) {
  await page.getByTestId(testId).click();
  await dropdownOption(page, text).click();
}

const listRow = (page: Page, code: string) =>
  page.getByTestId('ds-table').locator('tr', { has: page.getByText(code, { exact: true }) });

test('an administrator builds a dataset visually, previews it, saves it, and is told why an SQL one is refused', async ({
  signedInPage,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const code = `suppliers_by_state_${stamp}`;
  const page = await signedInPage('admin');
  // From the menu: 在线开发 › 数据集.
  await page.goto('/home');
  await page.getByRole('menuitem', { name: '在线开发' }).click();
  await page.getByRole('menuitem', { name: '数据集' }).click();
  await expect(page.getByTestId('ds-page')).toBeVisible();
  await expectAxeClean(page, 'dataset-list');

  await page.getByTestId('ds-add').click();
  await expect(page.getByTestId('ds-form')).toBeVisible();
  await page.getByTestId('ds-code').fill(code);
  await page.getByTestId('ds-name-zh-CN').fill(`按状态的供应商${stamp}`);
  // Visual: the suppliers, counted by state, the most first.
  await choose(page, 'ds-main-table', /供应商 \(srm_supplier\)/);
  await page.getByTestId('ds-add-column').click();
  await choose(page, 'ds-column-0-column', /^状态$/);
  await expect(page.getByTestId('ds-column-0-alias')).toHaveValue('state');
  await page.getByTestId('ds-add-column').click();
  await choose(page, 'ds-column-1-column', /^ID$/);
  await page.getByTestId('ds-column-1-alias').fill('suppliers');
  await choose(page, 'ds-column-1-aggregate', /^计数$/);
  await page.getByTestId('ds-add-sort').click();
  await choose(page, 'ds-sort-0-alias', /^suppliers$/);
  await choose(page, 'ds-sort-0-order', /^降序$/);

  // The preview runs it on the server: the demo's suppliers, counted.
  await page.getByTestId('ds-preview-run').click();
  const table = page.getByTestId('ds-preview-table');
  await expect(table.locator('thead')).toContainText('suppliers');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('ds-preview-count')).toContainText('行');
  await shot(page, 'dataset-visual-preview');
  await expectAxeClean(page, 'dataset-editor', DRAWER);

  await page.getByTestId('ds-editor-save').click();
  await expect(page.getByTestId('ds-form')).toBeHidden();
  await expect(listRow(page, code)).toContainText('可视化');

  // An SQL dataset that writes: refused at the SQL, saying why, in Chinese; nothing is saved.
  await page.getByTestId('ds-add').click();
  await page.getByTestId('ds-code').fill(`evil_${stamp}`);
  await page.getByTestId('ds-name-zh-CN').fill('写数据');
  await page.getByTestId('ds-kind-sql').click();
  await page.getByTestId('ds-sql').fill('with x as (delete from srm_user returning *) select * from x');
  await page.getByTestId('ds-editor-save').click();
  await expect(page.getByTestId('ds-form')).toContainText('数据集只能查询：不允许 DELETE 语句');
  await expect(page.getByTestId('ds-sql')).toBeFocused();
  // Corrected, with a parameter: the preview binds the typed value.
  await page
    .getByTestId('ds-sql')
    .fill('select supplier_name from srm_supplier where supplier_name like :name');
  await page.getByTestId('ds-add-param').click();
  await page.getByTestId('ds-param-0-code').fill('name');
  await page.getByTestId('ds-param-0-name').fill('名称');
  await page.getByTestId('ds-preview-param-name').fill('%');
  await page.getByTestId('ds-preview-run').click();
  await expect(page.getByTestId('ds-preview-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  // Closed with changes unsaved: the discard question, then gone, and nothing saved.
  await page.getByTestId('ds-editor-cancel').click();
  await page.getByTestId('discard-ok').click();
  await expect(page.getByTestId('ds-form')).toBeHidden();
  await expect(listRow(page, `evil_${stamp}`)).toHaveCount(0);
});

test('the dataset screen in English at 390 px and dark', async ({ signedInPage, request }) => {
  const stamp = Date.now().toString(36);
  const code = `narrow_ds_${stamp}`;
  const made = await request.post(D, {
    headers: await adminHeaders(request),
    data: {
      code,
      names: { 'zh-CN': `窄屏${stamp}`, 'en-US': `Narrow ${stamp}` },
      definition: { kind: 'sql', sql: 'select dept_name from srm_department', params: [] },
    },
  });
  const json = (await made.json()) as { code: number; data: { id: string } };
  expect(json.code).toBe(0);
  const page = await signedInPage('admin');
  await page.goto('/onlineDev/dataSet');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await darkMode(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(listRow(page, code)).toContainText(`Narrow ${stamp}`);
  await expectAxeClean(page, 'dataset-list-390-en-dark');
  await listRow(page, code).getByTestId('ds-open').click();
  await expect(page.getByTestId('ds-sql')).toHaveValue('select dept_name from srm_department');
  await page.getByTestId('ds-preview-run').click();
  await expect(page.getByTestId('ds-preview-count')).toContainText('row');
  // Measured until the narrow layout has settled (the table lays out again a frame after the resize).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await expectAxeClean(page, 'dataset-editor-390-en-dark', DRAWER);
  await escapeUntilHidden(page, page.getByTestId('ds-form'));
  await request.delete(`${D}/${json.data.id}`, { headers: await adminHeaders(request) });
});
