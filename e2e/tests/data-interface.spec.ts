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

const S = '/api/systemData/DataInterface';
const D = '/api/onlineDev/DataSet';
const DRAWER = '.ant-drawer-content-wrapper';

const listRow = (page: Page, code: string) =>
  page.getByTestId('di-table').locator('tr', { has: page.getByText(code, { exact: true }) });

async function choose(page: Page, testId: string, text: string | RegExp) {
  await page.getByTestId(testId).click();
  await dropdownOption(page, text).click();
}

/** Sends the console's query and waits for its answer. */
async function send(page: Page) {
  await page.getByTestId('di-console-send').click();
  await expect(page.getByTestId('di-console-status')).toBeVisible();
}

test('an administrator makes a static and a dataset interface and tries them in the test console', async ({
  signedInPage,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const headers = await adminHeaders(request);
  // A dataset of the users, by account (the interface binds its parameter to a query parameter).
  const made = await request.post(D, {
    headers,
    data: {
      code: `di_users_${stamp}`,
      names: { 'zh-CN': `接口用户${stamp}`, 'en-US': `Interface users ${stamp}` },
      definition: {
        kind: 'sql',
        sql: 'select account, real_name from srm_user where (:account is null or account = :account) order by account',
        params: [{ code: 'account', names: { 'zh-CN': '账号' }, type: 'text', required: false }],
      },
    },
  });
  const dataset = (await made.json()) as { code: number; data: { id: string } };
  expect(dataset.code).toBe(0);

  const page = await signedInPage('admin');
  await page.goto('/home');
  await page.getByRole('menuitem', { name: '系统数据' }).click();
  await page.getByRole('menuitem', { name: '数据接口' }).click();
  await expect(page.getByTestId('di-page')).toBeVisible();
  await expectAxeClean(page, 'data-interface-list');

  // Static: refused while its JSON is not JSON, saved once it is.
  const staticCode = `prices_${stamp}`;
  await page.getByTestId('di-add').click();
  await expect(page.getByTestId('di-form')).toBeVisible();
  await page.getByTestId('di-code').fill(staticCode);
  await page.getByTestId('di-name-zh-CN').fill(`价格表${stamp}`);
  await page.getByTestId('di-static').fill('{"steel": 4200, ');
  await page.getByTestId('di-editor-save').click();
  await expect(page.getByTestId('di-form')).toContainText('不是有效的 JSON');
  await page.getByTestId('di-static').fill('{"steel": 4200, "copper": [68000, "t"]}');
  await page.getByTestId('di-cache').fill('60');
  await shot(page, 'data-interface-editor-static');
  await expectAxeClean(page, 'data-interface-editor', DRAWER);
  await page.getByTestId('di-editor-save').click();
  await expect(page.getByTestId('di-form')).toBeHidden();
  await expect(listRow(page, staticCode)).toContainText('静态 JSON');

  await listRow(page, staticCode).getByTestId('di-test').click();
  await expect(page.getByTestId('di-console')).toBeVisible();
  await send(page);
  await expect(page.getByTestId('di-console-status')).toHaveText('状态 200');
  await expect(page.getByTestId('di-console-body')).toContainText('"copper": [');
  await expectAxeClean(page, 'data-interface-console', DRAWER);
  await escapeUntilHidden(page, page.getByTestId('di-console'));

  // Dataset: its parameter taken from the query parameter `who`.
  const datasetCode = `users_${stamp}`;
  await page.getByTestId('di-add').click();
  await page.getByTestId('di-code').fill(datasetCode);
  await page.getByTestId('di-name-zh-CN').fill(`用户接口${stamp}`);
  await page.getByTestId('di-name-en-US').fill(`Users ${stamp}`);
  // The HTTP kind's fields, looked at on the way: the address, the passed parameters, a write-only header.
  await page.getByTestId('di-kind-http').click();
  await page.getByTestId('di-method-POST').click();
  await page.getByTestId('di-url').fill('http://erp.internal:8080/prices');
  await page.getByTestId('di-add-header').click();
  await page.getByTestId('di-header-0-name').fill('X-Token');
  await expect(page.getByTestId('di-body')).toBeVisible();
  await expectAxeClean(page, 'data-interface-editor-http', DRAWER);
  await page.getByTestId('di-kind-dataset').click();
  await choose(page, 'di-dataset', `接口用户${stamp}`);
  await expect(page.getByTestId('di-binding-0')).toContainText('(account)');
  await choose(page, 'di-binding-0-source', /^查询参数$/);
  await page.getByTestId('di-binding-0-value').fill('who');
  await choose(page, 'di-roles', /^采购员$/);
  await shot(page, 'data-interface-editor-dataset');
  await page.getByTestId('di-editor-save').click();
  await expect(page.getByTestId('di-form')).toBeHidden();
  await expect(listRow(page, datasetCode)).toContainText('数据集');

  // The console starts with the query parameter the interface reads.
  await listRow(page, datasetCode).getByTestId('di-test').click();
  await expect(page.getByTestId('di-console-row-0-name')).toHaveValue('who');
  await page.getByTestId('di-console-row-0-value').fill('buyer');
  await send(page);
  await expect(page.getByTestId('di-console-body')).toContainText('"account": "buyer"');
  await expect(page.getByTestId('di-console-body')).not.toContainText('"account": "admin"');
  await expect(page.getByTestId('di-console-body')).not.toContainText('select');
  await escapeUntilHidden(page, page.getByTestId('di-console'));

  // In English at 390 px and dark.
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await darkMode(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(listRow(page, datasetCode)).toContainText(`Users ${stamp}`);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await expectAxeClean(page, 'data-interface-list-390-en-dark');
  await listRow(page, datasetCode).getByTestId('di-open').click();
  await expect(page.getByTestId('di-binding-0-value')).toHaveValue('who');
  await expectAxeClean(page, 'data-interface-editor-390-en-dark', DRAWER);
  await escapeUntilHidden(page, page.getByTestId('di-form'));
  await listRow(page, datasetCode).getByTestId('di-test').click();
  await page.getByTestId('di-console-row-0-value').fill('admin');
  await send(page);
  await expect(page.getByTestId('di-console-status')).toHaveText('Status 200');
  await expect(page.getByTestId('di-console-body')).toContainText('"account": "admin"');
  await expectAxeClean(page, 'data-interface-console-390-en-dark', DRAWER);
  await escapeUntilHidden(page, page.getByTestId('di-console'));

  // The other two layouts show the list and open the editor too (wide again: the settings choose it).
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const layout of ['functional', 'plain']) {
    await page.getByTestId('settings-button').click();
    await page.getByTestId(`layout-${layout}`).click();
    await expect(page.getByTestId('layout-root')).toHaveAttribute('data-layout', layout);
    await page.keyboard.press('Escape');
    await expect(listRow(page, staticCode)).toBeVisible();
    await listRow(page, staticCode).getByTestId('di-open').click();
    await expect(page.getByTestId('di-static')).toHaveValue(/"copper"/);
    await escapeUntilHidden(page, page.getByTestId('di-form'));
  }

  // Deleted from the list; the dataset then goes too.
  for (const code of [staticCode, datasetCode]) {
    await listRow(page, code).getByTestId('di-delete').click();
    await page.getByTestId('di-delete-confirm').click();
    await expect(listRow(page, code)).toHaveCount(0);
  }
  const list = (await (await request.get(S, { headers })).json()) as { data: { list: { code: string }[] } };
  expect(list.data.list.map((i) => i.code)).not.toContain(datasetCode);
  await request.delete(`${D}/${dataset.data.id}`, { headers });
});
