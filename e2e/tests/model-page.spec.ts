import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  adminHeaders,
  darkMode,
  dropdownOption,
  expectAxeClean,
  expectAxeColoursClean,
  signIn,
  test,
} from './helpers';

/**
 * A model page (menu type 3): a published design over a data model, put on the menu; the
 * administrator opens it from the menu, adds a row in the drawer (refused first without its required
 * field), finds it by the query form, sorts, edits, reads and deletes it; the page and its drawer pass
 * axe, in English at 390 px and dark too. Tenant-wide (playwright.config.ts): the menu item shows in
 * every admin's sidebar while it exists.
 */
const tag = Date.now().toString(36);
const names = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const MENU_ZH = `样品台账${tag}`;
const MENU_EN = `Sample ledger ${tag}`;
const PATH = `/mp${tag}`;

let headers: Record<string, string>;
let menuId = '';
let treeMenuId = '';
const TREE_ZH = `物料分类${tag}`;

async function ok<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await response).json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** A type-3 menu item in the online development group naming the design. */
async function addMenu(
  request: APIRequestContext,
  designId: string,
  zh: string,
  en: string,
  code: string,
  isTree: 0 | 1,
): Promise<string> {
  const tree = await ok<{ id: string; menuPerms: string }[]>(request.get('/api/system/Menu', { headers }));
  const group = tree.find((m) => m.menuPerms === 'onlineDev');
  const menu = await ok<{ id: string }>(
    request.post('/api/system/Menu', {
      headers,
      data: {
        parentId: group?.id,
        menuName: zh,
        menuNameEn: en,
        menuPerms: code,
        menuType: 3,
        propertyJson: JSON.stringify({ moduleId: designId, isTree }),
        orderNum: 90,
      },
    }),
  );
  return menu.id;
}

/** A tree model (categories with a parent), its design with the tree beside the list, its menu, a root and a child. */
async function seedTree(request: APIRequestContext) {
  const model = await ok<{ id: string }>(
    request.post('/api/systemData/DataModel', {
      headers,
      data: {
        code: `mpt_${tag}`,
        names: names(TREE_ZH, `Categories ${tag}`),
        isTree: true,
        fields: [{ code: 'name', names: names('名称', 'Name'), kind: 'text', length: 50, required: true }],
      },
    }),
  );
  const design = await ok<{ id: string }>(
    request.post('/api/onlineDev/WebDesign', {
      headers,
      data: {
        names: names(TREE_ZH, `Categories ${tag}`),
        category: 'purchase',
        modelId: model.id,
        draft: {
          form: {
            name: 'ModelPageTree',
            title: '物料分类',
            fields: [
              { name: 'name', type: 'input', label: '名称', labels: { 'en-US': 'Name' }, required: true },
            ],
          },
          list: {
            columns: [{ field: 'name', sortable: true }],
            query: [],
            sort: { field: 'name', order: 'asc' },
            pageSize: 20,
            buttons: ['add', 'edit', 'delete'],
            tree: { field: 'name' },
          },
        },
      },
    }),
  );
  await ok(request.post(`/api/onlineDev/WebDesign/${design.id}/Actions/Publish`, { headers, data: {} }));
  treeMenuId = await addMenu(request, design.id, TREE_ZH, `Categories ${tag}`, `mpt${tag}`, 1);
  const rows = `/api/onlineDev/ModelPage/${treeMenuId}/Rows`;
  const root = await ok<{ id: string }>(
    request.post(rows, { headers, data: { data: { name: `金属${tag}` }, parentId: '0' } }),
  );
  await ok(request.post(rows, { headers, data: { data: { name: `钢材${tag}` }, parentId: root.id } }));
}

/** The model, its design (published) and the menu item, as the administrator through the API. */
async function seed(request: APIRequestContext) {
  headers = await adminHeaders(request);
  const model = await ok<{ id: string }>(
    request.post('/api/systemData/DataModel', {
      headers,
      data: {
        code: `mp_${tag}`,
        names: names(`样品台账${tag}`, `Sample ledger ${tag}`),
        fields: [
          {
            code: 'title',
            names: names('标题', 'Title'),
            kind: 'text',
            length: 100,
            required: true,
            unique: true,
          },
          { code: 'currency', names: names('币种', 'Currency'), kind: 'select', dictType: 'currency' },
          { code: 'amount', names: names('金额', 'Amount'), kind: 'decimal', precision: 12, scale: 2 },
          { code: 'due', names: names('到期日', 'Due date'), kind: 'date' },
        ],
      },
    }),
  );
  const label = (zh: string, en: string) => ({ label: zh, labels: { 'en-US': en } });
  const design = await ok<{ id: string }>(
    request.post('/api/onlineDev/WebDesign', {
      headers,
      data: {
        names: names(MENU_ZH, MENU_EN),
        category: 'purchase',
        modelId: model.id,
        draft: {
          form: {
            name: 'ModelPageSpec',
            title: '样品台账',
            fields: [
              { name: 'title', type: 'input', ...label('标题', 'Title'), required: true },
              { name: 'currency', type: 'select', ...label('币种', 'Currency'), dictionary: 'currency' },
              { name: 'amount', type: 'number', ...label('金额', 'Amount'), precision: 2 },
              { name: 'due', type: 'date', ...label('到期日', 'Due date') },
            ],
          },
          list: {
            columns: [
              { field: 'title', width: 180, sortable: true },
              { field: 'currency' },
              { field: 'amount', sortable: true, format: 'money' },
              { field: 'due', sortable: true, format: 'date' },
            ],
            query: [
              { field: 'title', op: 'like' },
              { field: 'currency', op: 'in' },
              { field: 'amount', op: 'between' },
              { field: 'due', op: 'between' },
            ],
            pageSize: 10,
            buttons: ['add', 'edit', 'detail', 'delete', 'batchDelete', 'import', 'export'],
          },
        },
      },
    }),
  );
  await ok(request.post(`/api/onlineDev/WebDesign/${design.id}/Actions/Publish`, { headers, data: {} }));
  menuId = await addMenu(request, design.id, MENU_ZH, MENU_EN, `mp${tag}`, 0);
  // Two rows to sort and query among.
  for (const data of [
    { title: `Alpha ${tag}`, currency: 'CNY', amount: 100, due: '2026-03-01' },
    { title: `Beta ${tag}`, currency: 'USD', amount: 50, due: '2026-01-15' },
  ])
    await ok(request.post(`/api/onlineDev/ModelPage/${menuId}/Rows`, { headers, data: { data } }));
}

test.describe
  .serial('model page', () => {
    test.beforeAll(async ({ browser }: { browser: Browser }) => {
      const context = await browser.newContext();
      await seed(context.request);
      await seedTree(context.request);
      await context.close();
    });
    test.afterAll(async ({ browser }: { browser: Browser }) => {
      const context = await browser.newContext();
      for (const id of [menuId, treeMenuId].filter(Boolean))
        await context.request.delete(`/api/system/Menu/${id}`, { headers });
      await context.close();
    });

    test('the administrator adds, finds, sorts, edits, reads, deletes, exports, imports and batch deletes', async ({
      signedInPage,
    }) => {
      test.setTimeout(180_000);
      const page = await signedInPage('admin');
      const sidebar = page.getByTestId('layout-sidebar');
      await sidebar.getByText('在线开发', { exact: true }).click();
      await sidebar.getByText(MENU_ZH, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${PATH}$`));
      const table = page.getByTestId('mp-table');
      await expect(table).toContainText(`Alpha ${tag}`);
      await expect(table).toContainText('人民币');
      await expect(table).toContainText('100.00');
      await expect(page.getByTestId('mp-page')).toContainText(MENU_ZH);

      // Add: refused without the required title, then with a title taken, then saved.
      await page.getByTestId('mp-add').click();
      const drawer = page.getByTestId('mp-drawer');
      await expect(drawer.getByTestId('mp-form')).toBeVisible();
      await page.getByTestId('mp-drawer-submit').click();
      await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
      // A title another row holds: the server's refusal stands at the field.
      await drawer.getByTestId('mp-form-title').fill(`Alpha ${tag}`);
      await page.getByTestId('mp-drawer-submit').click();
      await expect(page.getByTestId('mp-drawer-error')).toBeVisible();
      await expect(drawer.getByTestId('mp-form-title')).toHaveAttribute('aria-invalid', 'true');
      const title = `Gamma ${tag}`;
      await drawer.getByTestId('mp-form-title').fill(title);
      await drawer.getByTestId('mp-form-currency').click();
      await dropdownOption(page, '美元').click();
      await drawer.getByTestId('mp-form-amount').fill('75.5');
      await drawer.getByTestId('mp-form-due').click();
      await drawer.getByTestId('mp-form-due').fill('2026-02-10');
      await page.keyboard.press('Enter');
      // Off the picker (its clear button, drawn while it has the focus, is antd's small one).
      await drawer.getByTestId('mp-form-title').focus();
      await expectAxeClean(page, 'model-page-drawer', '.ant-drawer-content-wrapper');
      await page.getByTestId('mp-drawer-submit').click();
      await expect(drawer).toBeHidden();
      const row = table.locator('tbody tr', { hasText: title });
      await expect(row).toContainText('美元');
      await expect(row).toContainText('75.50');
      await expect(row).toContainText('2026-02-10');

      // Found by the query form: the title contains "Gamma", the currency is US dollar.
      await page.getByTestId('mp-query-title').fill('Gamma');
      await page.getByTestId('mp-query-currency').click();
      await dropdownOption(page, '美元').click();
      await page.keyboard.press('Escape');
      await page.getByTestId('mp-search').click();
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expect(table).toContainText(title);
      await page.getByTestId('mp-reset').click();
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);

      // Sorted by the server: amount ascending, then descending.
      const titles = () => table.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents();
      await table.locator('th', { hasText: '金额' }).click();
      await expect.poll(titles).toEqual([`Beta ${tag}`, title, `Alpha ${tag}`]);
      await table.locator('th', { hasText: '金额' }).click();
      await expect.poll(titles).toEqual([`Alpha ${tag}`, title, `Beta ${tag}`]);

      // Edited: the amount.
      await row.locator('[data-testid^="mp-edit-"]').click();
      await expect(drawer.getByTestId('mp-form-title')).toHaveValue(title);
      await drawer.getByTestId('mp-form-amount').fill('80');
      await page.getByTestId('mp-drawer-submit').click();
      await expect(drawer).toBeHidden();
      await expect(row).toContainText('80.00');

      // Read: every field as text, with who made it.
      await row.locator('[data-testid^="mp-detail-"]').click();
      await expect(drawer.getByTestId('mp-form')).toContainText(title);
      await expect(drawer.getByTestId('mp-form')).toContainText('美元');
      await expect(drawer.getByTestId('mp-detail-audit')).toBeVisible();
      await expect(drawer.getByTestId('mp-drawer-submit')).toHaveCount(0);
      await expectAxeClean(page, 'model-page-detail', '.ant-drawer-content-wrapper');
      await page.getByTestId('mp-drawer-cancel').click();
      await expect(drawer).toBeHidden();

      // Deleted, after the confirmation.
      await row.locator('[data-testid^="mp-delete-"]').click();
      await page.getByTestId('mp-delete-confirm').click();
      await expect(row).toHaveCount(0);
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
      await expectAxeClean(page, 'model-page');

      // Export: the list as a workbook named after the page.
      const exported = page.waitForEvent('download');
      await page.getByTestId('mp-export').click();
      expect((await exported).suggestedFilename()).toBe(`${MENU_ZH}.xlsx`);

      // Import: a sheet of two rows, one without its title and with a bad amount. The dry run says so
      // row by row; the import then takes the good row and offers the refused one as a file.
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('rows');
      sheet.addRow(['标题', '币种', '金额', '到期日']);
      sheet.addRow([`Delta ${tag}`, '美元', 12.5, '2026-05-01']);
      sheet.addRow(['', '人民币', 5, '']);
      sheet.addRow([`Epsilon ${tag}`, '人民币', 'abc', '']);
      await page.getByTestId('mp-import-open').click();
      const modal = page.getByTestId('mp-import');
      const template = page.waitForEvent('download');
      await page.getByTestId('mp-import-template').click();
      expect((await template).suggestedFilename()).toBe(`${MENU_ZH}导入模板.xlsx`);
      await modal.locator('input[type=file]').setInputFiles({
        name: 'rows.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await book.xlsx.writeBuffer()),
      });
      await expect(page.getByTestId('mp-import-result')).toContainText('共 3 行：可导入 1 行，有误 2 行');
      const errors = page.getByTestId('mp-import-errors');
      await expect(errors).toContainText('标题');
      await expect(errors).toContainText('金额');
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
      await expectAxeClean(page, 'model-page-import', '.ant-modal');
      await page.getByTestId('mp-import-submit').click();
      await expect(page.getByTestId('mp-import-result')).toContainText('已导入 1 行，失败 2 行');
      const report = page.waitForEvent('download');
      await page.getByTestId('mp-import-error-file').click();
      expect((await report).suggestedFilename()).toBe(`${MENU_ZH}导入错误.xlsx`);
      await page.getByTestId('mp-import-close').click();
      await expect(table).toContainText(`Delta ${tag}`);

      // Batch delete: the imported row and Beta, chosen by their check boxes, after the confirmation.
      await expect(page.getByTestId('mp-batch-delete')).toBeDisabled();
      for (const name of [`Delta ${tag}`, `Beta ${tag}`])
        await table.locator('tbody tr', { hasText: name }).getByRole('checkbox').check();
      await expect(page.getByTestId('mp-batch-delete')).toContainText('2');
      await page.getByTestId('mp-batch-delete').click();
      await page.getByTestId('mp-batch-delete-confirm').click();
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expect(table).toContainText(`Alpha ${tag}`);
    });

    test('the page in English at 390 px and dark, full-width drawer; the other two layouts', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await signIn(page, 'admin');
      await darkMode(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(PATH);
      const table = page.getByTestId('mp-table');
      await expect(table).toContainText(`Alpha ${tag}`);
      await expect(table.locator('th', { hasText: 'Amount' })).toBeVisible();
      await expect(page.getByTestId('mp-query')).toContainText('Due date');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAxeClean(page, 'model-page-en-390-dark');
      await page.getByTestId('mp-add').click();
      const drawer = page.locator('.ant-drawer-content-wrapper');
      await expect(page.getByTestId('mp-form')).toContainText('Title');
      expect((await drawer.boundingBox())?.width).toBeCloseTo(390, 0);
      await expectAxeClean(page, 'model-page-drawer-en-390-dark', '.ant-drawer-content-wrapper');
      await page.getByTestId('mp-drawer-cancel').click();
      await expect(page.getByTestId('mp-drawer')).toBeHidden();

      // The other two layouts show the page and its drawer too (wide again: the settings choose them).
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const layout of ['functional', 'plain']) {
        await page.getByTestId('settings-button').click();
        await page.getByTestId(`layout-${layout}`).click();
        await expect(page.getByTestId('layout-root')).toHaveAttribute('data-layout', layout);
        await page.keyboard.press('Escape');
        await expect(table).toContainText(`Alpha ${tag}`);
        await table
          .locator('tbody tr', { hasText: `Alpha ${tag}` })
          .locator('[data-testid^="mp-detail-"]')
          .click();
        await expect(page.getByTestId('mp-form')).toContainText(`Alpha ${tag}`);
        await expectAxeColoursClean(page, `model-page-detail-${layout}-dark`, '.ant-drawer-content-wrapper');
        await page.getByTestId('mp-drawer-cancel').click();
        await expect(page.getByTestId('mp-drawer')).toBeHidden();
      }
      await context.close();
    });
    test('a tree model: the tree beside the list, a node lists its children, a row is added under it', async ({
      signedInPage,
    }) => {
      test.setTimeout(120_000);
      const page = await signedInPage('admin');
      await page.goto(`/mpt${tag}`);
      const tree = page.getByTestId('mp-tree');
      const table = page.getByTestId('mp-table');
      // Every row at first; the roots in the tree.
      await expect(table).toContainText(`金属${tag}`);
      await expect(table).toContainText(`钢材${tag}`);
      await expect(tree.getByText(`金属${tag}`)).toBeVisible();
      await expect(tree.getByText(`钢材${tag}`)).toBeHidden();
      // Opened, the root shows its child; chosen, the list holds its children only.
      await tree.locator('.ant-tree-switcher').first().click();
      await expect(tree.getByText(`钢材${tag}`)).toBeVisible();
      await tree.getByText(`金属${tag}`).click();
      await expect(page.getByTestId('mp-page')).toContainText(`${TREE_ZH} › 金属${tag}`);
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expect(table).toContainText(`钢材${tag}`);
      // Added by keyboard under the chosen node: the drawer takes the focus onto its first field.
      await page.getByTestId('mp-add').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('mp-drawer-parent')).toContainText(`金属${tag}`);
      await expect(page.getByTestId('mp-form-name')).toBeFocused();
      await page.keyboard.type(`铝材${tag}`);
      await page.getByTestId('mp-drawer-submit').click();
      await expect(page.getByTestId('mp-drawer')).toBeHidden();
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
      await expect(tree.getByText(`铝材${tag}`)).toBeVisible();
      await expectAxeClean(page, 'model-page-tree');
      // "All" lists every row again.
      await page.getByTestId('mp-tree-all').click();
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
    });
  });
