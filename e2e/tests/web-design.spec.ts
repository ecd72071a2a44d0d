import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { adminHeaders, darkMode, dropdownOption, expectAxeClean, shot, signIn, test } from './helpers';

/**
 * The form designer (在线开发 › 表单设计): an administrator builds a form over a data model by mouse
 * and by keyboard, labels a field, adds a linkage rule, designs the list, sees a bad part refused
 * where it is, publishes and previews; the designer passes axe, in English at 390 px and dark too.
 */
const PAGE = '/onlineDev/webDesign';
const DESIGNER = '.ant-drawer-content-wrapper';

/** A main model with a sub-table, made through the API; its code is the test's own. */
async function seedModel(request: APIRequestContext): Promise<{ id: string; code: string }> {
  const headers = await adminHeaders(request);
  const tag = Date.now().toString(36);
  const names = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
  const line = await request.post('/api/systemData/DataModel', {
    headers,
    data: {
      code: `wdl_${tag}`,
      names: names('样品明细', 'Sample lines'),
      isLines: true,
      fields: [
        { code: 'item', names: names('物料', 'Item'), kind: 'text', length: 50 },
        { code: 'qty', names: names('数量', 'Quantity'), kind: 'integer' },
      ],
    },
  });
  expect((await line.json()).code).toBe(0);
  const main = await request.post('/api/systemData/DataModel', {
    headers,
    data: {
      code: `wdm_${tag}`,
      names: names(`样品申请${tag}`, `Sample request ${tag}`),
      fields: [
        { code: 'title', names: names('标题', 'Title'), kind: 'text', length: 100, required: true },
        { code: 'currency', names: names('币种', 'Currency'), kind: 'select', dictType: 'currency' },
        { code: 'amount', names: names('金额', 'Amount'), kind: 'money' },
        { code: 'remark', names: names('备注', 'Remark'), kind: 'longText' },
        { code: 'lines', names: names('明细', 'Lines'), kind: 'lines', model: `wdl_${tag}` },
      ],
    },
  });
  const body = (await main.json()) as { code: number; data: { id: string; code: string } };
  expect(body.code).toBe(0);
  return body.data;
}

/** Drags by mouse, in steps, as a person does (dnd-kit starts after 4 px). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2 + 1, b.y + b.height / 2, { steps: 2 });
  await page.mouse.up();
}

/** The canvas's fields and sections, in order. */
const canvasOrder = (page: Page) =>
  page
    .getByTestId('wd-canvas')
    .locator('.wd-item')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid?.replace('wd-item-', '')));

test('an administrator designs a form and its list, is refused where it is wrong, publishes', async ({
  signedInPage,
  request,
}) => {
  test.setTimeout(240_000);
  const model = await seedModel(request);
  const page = await signedInPage('admin');
  await page.goto(PAGE);
  await expect(page.getByTestId('wd-page')).toBeVisible();
  await page.getByTestId('wd-add').click();
  const designer = page.getByTestId('wd-designer');
  await expect(designer).toBeVisible();

  // 1. Basic settings.
  const name = `样品申请单${model.code.slice(-4)}`;
  await page.getByTestId('wd-name').fill(name);
  await page.getByTestId('wd-name-en').fill(`Sample form ${model.code.slice(-4)}`);
  await page.getByTestId('wd-category').click();
  await dropdownOption(page, '采购管理').click();
  await page.getByTestId('wd-model').click();
  await page.keyboard.type(model.code);
  await dropdownOption(page, model.code).click();
  await expect(page.getByTestId('wd-lines-note')).toContainText('wdl_');
  await page.getByTestId('wd-next').click();

  // 2. The form, by mouse: two fields dragged onto the canvas, then the second dragged before the first.
  const end = page.getByTestId('wd-canvas-end');
  await drag(page, page.getByTestId('wd-palette-title'), end);
  await expect.poll(() => canvasOrder(page)).toEqual(['title']);
  await drag(page, page.getByTestId('wd-palette-amount'), end);
  await expect.poll(() => canvasOrder(page)).toEqual(['title', 'amount']);
  await drag(page, page.getByTestId('wd-handle-amount'), page.getByTestId('wd-select-title'));
  await expect.poll(() => canvasOrder(page)).toEqual(['amount', 'title']);
  // The money field came as its default control.
  await expect(page.getByTestId('wd-item-amount')).toContainText('金额');

  // By keyboard: a field placed with its add button, then moved with dnd-kit's keyboard sensor
  // (Space, an arrow, Space) and with the plain move buttons.
  await page.getByTestId('wd-add-currency').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => canvasOrder(page)).toEqual(['amount', 'title', 'currency']);
  await page.getByTestId('wd-handle-currency').focus();
  // Each key once the sensor has answered the one before (its announcements): on a busy machine
  // an arrow pressed before the pick-up is measured moves nothing.
  const live = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('Space');
  // Picked up, and over its own place (the third).
  await expect(live).toContainText(/已拿起币种|币种位于币种上，第 3 位/);
  await page.keyboard.press('ArrowUp');
  await expect(live).toContainText(/币种位于.*第 [12] 位/);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await canvasOrder(page)).indexOf('currency')).toBeLessThan(2);
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('币种已放在');
  // The chosen field's up and down buttons, by Enter.
  await page.getByTestId('wd-select-currency').focus();
  await page.keyboard.press('Enter');
  const before = await canvasOrder(page);
  const down = page.getByTestId('wd-down-currency');
  await down.focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await canvasOrder(page)).indexOf('currency'))
    .toBe(before.indexOf('currency') + 1);
  // The sub-table too, by its add button.
  await page.getByTestId('wd-add-lines').click();
  await expect(page.getByTestId('wd-item-lines')).toContainText('物料 · 数量');

  // A label in the property panel shows on the canvas.
  await page.getByTestId('wd-select-title').click();
  const props = page.getByTestId('wd-props');
  await props.getByTestId('wd-prop-label-zh').fill('申请标题');
  await props.getByTestId('wd-prop-label-en').fill('Subject');
  await expect(page.getByTestId('wd-item-title')).toContainText('申请标题');

  // A linkage rule: when the currency is USD the amount is required.
  await page.getByTestId('wd-linkage-add').click();
  await page.getByTestId('wd-rule-0-field-0').click();
  await dropdownOption(page, '币种').click();
  await page.getByTestId('wd-rule-0-value-0').fill('USD');
  await page.getByTestId('wd-rule-0-effect').click();
  await dropdownOption(page, '必填').click();
  await page.getByTestId('wd-rule-0-targets').click();
  await dropdownOption(page, '金额').click();
  await page.keyboard.press('Escape');
  await expectAxeClean(page, 'web-design-form', DESIGNER);

  // Saved before the list has a column: refused, and the list step shows where.
  await page.getByTestId('wd-save').click();
  await expect(page.getByTestId('wd-step-2')).toBeVisible();
  await expect(page.getByTestId('wd-list-columns-errors')).toBeVisible();

  // 3. The list: two columns (the amount as money), a query field with its own operator.
  await page.getByTestId('wd-add-column').click();
  await dropdownOption(page, '标题').click();
  await page.getByTestId('wd-add-column').click();
  await dropdownOption(page, '金额').click();
  await page.getByRole('combobox', { name: '金额的格式' }).click();
  await dropdownOption(page, /^金额$/).click();
  await page.getByTestId('wd-add-query').click();
  await dropdownOption(page, '标题').click();
  await page.getByTestId('wd-query-op-title').click();
  await dropdownOption(page, '包含').click();
  await page.getByTestId('wd-page-size').click();
  await dropdownOption(page, '50 条/页').click();
  await page.getByTestId('wd-save').click();
  await expect(page.getByText('草稿已保存')).toBeVisible();
  await expect(page.getByTestId('wd-list-columns-errors')).toBeHidden();

  // Publish: confirmed, it shows the version; a change after it shows that it is unpublished.
  await page.getByTestId('wd-publish').click();
  await page.getByTestId('wd-publish-ok').click();
  await expect(page.getByTestId('wd-version')).toHaveText('v1');
  await expect(page.getByTestId('wd-changed')).toBeHidden();
  await page.getByTestId('wd-prev').click();
  await page.getByTestId('wd-select-title').click();
  await props.getByTestId('wd-prop-label-tw').fill('申請標題');
  await page.getByTestId('wd-save').click();
  await expect(page.getByTestId('wd-changed')).toBeVisible();

  // The preview draws the form with the product's renderer, at desktop width and at 390 px.
  await page.getByTestId('wd-preview').click();
  const preview = page.getByTestId('wd-preview-desktop');
  await expect(preview.getByTestId('wd-preview-form')).toContainText('申请标题');
  await expect(preview.getByTestId('wd-preview-form')).toContainText('币种');
  await page.getByTestId('wd-preview-width').getByText('手机（390 px）').click();
  const phone = page.getByTestId('wd-preview-phone');
  await expect(phone).toBeVisible();
  expect((await phone.boundingBox())?.width).toBeLessThanOrEqual(390);
  await shot(page, 'web-design-preview-phone');
  await page.keyboard.press('Escape');

  // The versions, and the list row: published version 1 with changes not yet published.
  await page.getByTestId('wd-versions-button').click();
  await expect(page.getByTestId('wd-versions')).toContainText('v1');
  await page.keyboard.press('Escape');
  await designer
    .getByRole('button', { name: /close|关闭/i })
    .first()
    .click();
  await expect(designer).toBeHidden();
  const row = page.getByTestId('wd-table').locator('tbody tr', { hasText: name });
  await expect(row.getByTestId('wd-row-state')).toContainText('v1');
  await expect(row.getByTestId('wd-row-state')).toContainText('有未发布的更改');
  // Code generation: the published design downloads as a patch of this repository.
  const download = page.waitForEvent('download');
  await row.getByTestId('wd-row-codegen').click();
  const patch = await download;
  expect(patch.suggestedFilename()).toBe(`codegen-${model.code}.patch`);
  const text = await readFile(await patch.path(), 'utf8');
  expect(text).toContain(`diff --git a/apps/server/src/generated/${model.code}/routes.ts`);
  await expect(page.getByText(`补丁已下载：codegen-${model.code}.patch`)).toBeVisible();
  await expectAxeClean(page, 'web-design-list');
});

test('the designer in English at 390 px and dark', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const model = await seedModel(request);
  const headers = await adminHeaders(request);
  const created = await request.post('/api/onlineDev/WebDesign', {
    headers,
    data: {
      names: { 'zh-CN': `窄屏设计${model.code.slice(-4)}`, 'en-US': `Narrow ${model.code.slice(-4)}` },
      category: 'purchase',
      modelId: model.id,
      draft: {
        form: {
          name: 'Narrow',
          title: '窄屏',
          sections: [{ key: 'group1', kind: 'group', title: '基本信息', titles: { 'en-US': 'Basics' } }],
          fields: [
            {
              name: 'title',
              type: 'input',
              label: '标题',
              labels: { 'en-US': 'Title' },
              required: true,
              section: 'group1',
            },
            {
              name: 'amount',
              type: 'money',
              label: '金额',
              labels: { 'en-US': 'Amount' },
              section: 'group1',
            },
          ],
        },
        list: { columns: [{ field: 'title' }], query: [], pageSize: 20, buttons: ['add'] },
      },
    },
  });
  expect((await created.json()).code).toBe(0);
  // Dark is chosen in the settings drawer at desktop width; then the window narrows to a phone's.
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'admin');
  await darkMode(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(PAGE);
  await expect(page.getByTestId('wd-page')).toBeVisible();
  const row = page.getByTestId('wd-table').locator('tbody tr', { hasText: `Narrow ${model.code.slice(-4)}` });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('wd-row-state')).toContainText('Not published');
  // No code of a design never published.
  await expect(row.getByTestId('wd-row-codegen')).toBeDisabled();
  await row.getByTestId('wd-row-design').click();
  await expect(page.getByTestId('wd-designer')).toBeVisible();
  await expect(page.getByTestId('wd-item-title')).toContainText('Title');
  // Every action is within reach on the phone, none cut off at the window's edge.
  const publish = (await page.getByTestId('wd-publish').boundingBox())!;
  expect(publish.x + publish.width).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('wd-item-group1')).toContainText('Basics');
  // One column on a phone: the fields take the canvas's whole width, nothing scrolls sideways.
  const canvas = (await page.getByTestId('wd-canvas').boundingBox())!;
  const amount = (await page.getByTestId('wd-item-amount').boundingBox())!;
  expect(amount.width).toBeGreaterThan(canvas.width - 40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByTestId('wd-select-amount').click();
  await expect(page.getByTestId('wd-field-props')).toContainText('Amount');
  await expectAxeClean(page, 'web-design-en-390-dark', DESIGNER);
  await page.getByTestId('wd-next').click();
  await expect(page.getByTestId('wd-list-step')).toBeVisible();
  await expectAxeClean(page, 'web-design-list-en-390-dark', DESIGNER);
  await context.close();
});
