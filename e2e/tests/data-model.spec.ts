import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminHeaders, darkMode, escapeUntilHidden, expectAxeClean, shot, test } from './helpers';

const M = '/api/systemData/DataModel';

/** A model made through the API (the screen is not the subject where this is used). */
async function createModel(request: APIRequestContext, body: unknown): Promise<string> {
  const res = await request.post(M, { headers: await adminHeaders(request), data: body });
  const json = (await res.json()) as { code: number; msg: string; data: { id: string } };
  expect(json.code, json.msg).toBe(0);
  return json.data.id;
}

/**
 * Opens a select of the editor by its test id and chooses an option by its text; `typed` is typed
 * first into a searchable one (its list shows only the first options until then).
 */
async function choose(page: Page, testId: string, text: string | RegExp, typed?: string) {
  await page.getByTestId(testId).click();
  if (typed) await page.keyboard.type(typed);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Adds a row to the field grid and fills its code, name and kind; answers its row number. */
async function addField(page: Page, code: string, name: string, kind: string): Promise<number> {
  const row = await page.getByTestId('dm-fields').locator('tbody tr.ant-table-row').count();
  await page.getByTestId('dm-field-add').click();
  await page.getByTestId(`dm-field-${row}-code`).fill(code);
  await page.getByTestId(`dm-field-${row}-name-zh-CN`).fill(name);
  await choose(page, `dm-field-${row}-kind`, new RegExp(`^${kind}$`), kind);
  return row;
}

const listRow = (page: Page, code: string) =>
  page.getByTestId('dm-table').locator('tr', { has: page.getByText(code, { exact: true }) });

async function openModel(page: Page, code: string) {
  await listRow(page, code).getByTestId('dm-edit').click();
  await expect(page.getByTestId('dm-form')).toBeVisible();
}

test('an administrator designs a model of several kinds, changes it, confirms a drop and reads its versions', async ({
  signedInPage,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const code = `purchase_${stamp}`;
  const target = `vendor_ref_${stamp}`;
  // The model a reference field points at, made through the API.
  const targetId = await createModel(request, {
    code: target,
    names: { 'zh-CN': `参照${stamp}` },
    fields: [{ code: 'name', names: { 'zh-CN': '名称' }, kind: 'text', length: 50 }],
  });
  const page = await signedInPage('admin');
  // The page is reached from the menu under 系统数据.
  await page.getByTestId('layout-sidebar').getByText('系统数据', { exact: true }).click();
  await page.getByTestId('layout-sidebar').getByText('数据建模', { exact: true }).click();
  await expect(page).toHaveURL(/\/systemData\/dataModel$/);
  await expect(listRow(page, target)).toBeVisible();
  await expectAxeClean(page, 'data-model-list');

  await page.getByTestId('dm-add').click();
  await page.getByTestId('dm-code').fill(code);
  await page.getByTestId('dm-name-zh-CN').fill(`采购登记${stamp}`);
  await page.getByTestId('dm-name-en-US').fill(`Purchase log ${stamp}`);
  await page.getByTestId('dm-name-zh-TW').fill(`採購登記${stamp}`);
  // The first row is there already: a required text.
  await page.getByTestId('dm-field-0-code').fill('title');
  await page.getByTestId('dm-field-0-name-zh-CN').fill('标题');
  await page.getByTestId('dm-field-0-length').fill('80');
  await page.getByTestId('dm-field-0-required').check();
  const amount = await addField(page, 'amount', '金额', '小数');
  await page.getByTestId(`dm-field-${amount}-precision`).fill('12');
  await page.getByTestId(`dm-field-${amount}-scale`).fill('2');
  const currency = await addField(page, 'currency', '币种', '下拉选择');
  await choose(page, `dm-field-${currency}-dictType`, '(currency)', 'currency');
  await choose(page, `dm-field-${currency}-default`, '(USD)');
  const vendor = await addField(page, 'vendor', '供应商参照', '关联模型');
  await choose(page, `dm-field-${vendor}-model`, target, target);
  const qty = await addField(page, 'qty', '数量', '整数');
  await page.getByTestId(`dm-field-${qty}-default`).fill('5');
  // A code used twice: the server refuses it at that row's cell.
  const dup = await addField(page, 'title', '重复', '是/否');
  await page.getByTestId('dm-tab-indexes').click();
  await page.getByTestId('dm-index-add').click();
  // A multiple select stays open after a choice: Escape closes it (and not the drawer).
  await page.getByTestId('dm-index-0-fields').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^amount$/ })
    .click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(page.getByTestId('dm-form')).toBeVisible();
  await page.getByTestId('dm-tab-fields').click();
  await expectAxeClean(page, 'data-model-editor', '.ant-drawer-content-wrapper');
  await page.getByTestId('dm-editor-save').click();
  const dupCell = page.getByTestId('dm-fields').locator('tbody tr.ant-table-row').nth(dup);
  await expect(dupCell.getByText('编码重复')).toBeVisible();
  await expect(page.getByTestId(`dm-field-${dup}-code`)).toBeFocused();
  await shot(page, 'data-model-duplicate-code');
  await page.getByTestId(`dm-field-${dup}-code`).fill('active');
  await page.getByTestId('dm-editor-save').click();
  await expect(page.getByTestId('dm-form')).toBeHidden();
  const row = listRow(page, code);
  await expect(row).toContainText(`采购登记${stamp}`);
  await expect(row.locator('td').nth(3)).toHaveText('6');
  await expect(row.locator('td').nth(4)).toHaveText('1');
  await expect(row).toContainText('系统管理员');

  // A field added later is applied at once: no confirmation.
  await openModel(page, code);
  await expect(page.getByTestId('dm-code')).toBeDisabled();
  await addField(page, 'remark', '备注', '长文本');
  await page.getByTestId('dm-editor-save').click();
  await expect(page.getByTestId('dm-form')).toBeHidden();
  await expect(row.locator('td').nth(4)).toHaveText('2');

  // Dropping a field asks first, naming what goes (the table is empty here: rows holding values
  // are counted by the API test, apps/server/test/api/data-model.test.ts).
  await openModel(page, code);
  await page.getByTestId(`dm-field-${qty}-remove`).click();
  await page.getByTestId('dm-editor-save').click();
  const loss = page.getByTestId('dm-loss-table');
  await expect(loss).toContainText('数量 (qty)');
  await expect(loss).toContainText('删除字段');
  await expectAxeClean(page, 'data-model-loss', '.ant-modal');
  // Back to editing keeps the change unsaved; confirming sends it.
  await page.getByTestId('dm-loss-cancel').click();
  await expect(loss).toBeHidden();
  await page.getByTestId('dm-editor-save').click();
  await page.getByTestId('dm-loss-confirm').click();
  await expect(page.getByTestId('dm-form')).toBeHidden();
  await expect(row.locator('td').nth(4)).toHaveText('3');
  await expect(row.locator('td').nth(3)).toHaveText('6');

  // The versions: who, and the statements each applied.
  await openModel(page, code);
  await page.getByTestId('dm-tab-versions').click();
  const versions = page.getByTestId('dm-versions');
  await expect(versions.getByTestId('dm-version-number')).toHaveText(['版本 3', '版本 2', '版本 1']);
  await expect(page.getByTestId('dm-version-3')).toContainText('drop column "qty"');
  await expect(page.getByTestId('dm-version-2')).toContainText('add column "remark" text');
  await expect(page.getByTestId('dm-version-1')).toContainText('create table');
  await expect(page.getByTestId('dm-version-1')).toContainText('系统管理员');
  await escapeUntilHidden(page, page.getByTestId('dm-form'));

  // The referenced model cannot go: the refusal names who uses it.
  await listRow(page, target).getByTestId('dm-delete').click();
  await page.getByTestId('dm-delete-confirm').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText(`采购登记${stamp} (${code})`);
  await page.getByTestId('dm-refused-ok').click();
  // Deleted with the usual confirmation, it leaves the list; then the other can go too.
  await listRow(page, code).getByTestId('dm-delete').click();
  // The first row's confirmation stays in the page, hidden: this one is the one shown.
  await expect(page.locator('[data-testid="dm-delete-title"]:visible')).toContainText(`采购登记${stamp}`);
  await page.locator('[data-testid="dm-delete-confirm"]:visible').click();
  await expect(listRow(page, code)).toHaveCount(0);
  const gone = await request.delete(`${M}/${targetId}`, { headers: await adminHeaders(request) });
  expect(((await gone.json()) as { code: number }).code).toBe(0);
});

test('the screen in English at 390 px, dark, and in the other layouts', async ({ signedInPage, request }) => {
  const stamp = Date.now().toString(36);
  const code = `narrow_${stamp}`;
  const id = await createModel(request, {
    code,
    names: { 'zh-CN': `窄屏${stamp}`, 'en-US': `Narrow ${stamp}` },
    isTree: true,
    fields: [
      {
        code: 'title',
        names: { 'zh-CN': '标题', 'en-US': 'Title' },
        kind: 'text',
        length: 40,
        required: true,
      },
      { code: 'due', names: { 'zh-CN': '到期' }, kind: 'date', defaultValue: '2026-12-31' },
    ],
  });
  const page = await signedInPage('admin');
  await page.goto('/systemData/dataModel');
  // The language and the theme are chosen in the navbar, which a narrow window folds away.
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await darkMode(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const row = listRow(page, code);
  await expect(row).toContainText(`Narrow ${stamp}`);
  await expect(row).toContainText('Tree');
  await expectAxeClean(page, 'data-model-list-390-en-dark');
  await openModel(page, code);
  await expect(page.getByTestId('dm-form')).toContainText('Field code');
  await expect(page.getByTestId('dm-field-1-default')).toHaveValue('2026-12-31');
  // The drawer takes the window's width; the grid scrolls inside it, the page does not.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAxeClean(page, 'data-model-editor-390-en-dark', '.ant-drawer-content-wrapper');
  // By keyboard: the second field moves up, and the change is saved (no statement: a table's
  // columns keep their place, the model keeps the order).
  await page.getByTestId('dm-field-1-up').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dm-field-0-code')).toHaveValue('due');
  await page.getByTestId('dm-editor-save').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dm-form')).toBeHidden();
  await openModel(page, code);
  await expect(page.getByTestId('dm-field-0-code')).toHaveValue('due');
  await page.getByTestId('dm-tab-versions').click();
  await expect(page.getByTestId('dm-version-2')).toContainText('No statement applied');
  await escapeUntilHidden(page, page.getByTestId('dm-form'));

  // The other two layouts show the list too (wide again: the settings choose the layout).
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const layout of ['functional', 'plain']) {
    await page.getByTestId('settings-button').click();
    await page.getByTestId(`layout-${layout}`).click();
    await expect(page.getByTestId('layout-root')).toHaveAttribute('data-layout', layout);
    await page.keyboard.press('Escape');
    await expect(row).toBeVisible();
    await openModel(page, code);
    await escapeUntilHidden(page, page.getByTestId('dm-form'));
  }
  await request.delete(`${M}/${id}`, { headers: await adminHeaders(request) });
});
