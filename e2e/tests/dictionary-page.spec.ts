import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminHeaders, darkMode, expectAxeClean, test } from './helpers';

/**
 * A dictionary page (menu type 4): the administrator makes a menu item on a tree dictionary type
 * (through the API), opens it from the menu and adds, edits, disables and deletes items; axe on the
 * page and its form, in English at 390 px and dark, and in the other two layouts.
 */

type Answer<T> = { code: number; msg: string; data: T };

async function call<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'delete',
  url: string,
  data?: unknown,
): Promise<T> {
  const headers = await adminHeaders(request);
  const res = await request[method](url, { headers, ...(data === undefined ? {} : { data }) });
  const body = (await res.json()) as Answer<T>;
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(0);
  return body.data;
}

/** A tree type with one item, and a top-level menu item of type 4 on it. */
async function makePage(request: APIRequestContext, stamp: string) {
  const categories = await call<{ id: string }[]>(request, 'get', '/api/system/DictionaryCategory');
  const type = await call<{ id: string }>(request, 'post', '/api/system/DictionaryType', {
    categoryId: categories[0]?.id,
    enCode: `cc${stamp}`,
    fullName: `成本中心${stamp}`,
    fullNameEn: `Cost centre ${stamp}`,
    fullNameTw: `成本中心${stamp}`,
    isTree: true,
  });
  await call(request, 'post', '/api/system/DictionaryData', {
    typeId: type.id,
    enCode: 'hq',
    fullName: '总部',
    fullNameEn: 'Head office',
  });
  // Under 系统数据, beside the dictionary screen.
  const tree = await call<{ id: string; menuPerms: string }[]>(request, 'get', '/api/system/Menu');
  const menu = await call<{ id: string }>(request, 'post', '/api/system/Menu', {
    parentId: tree.find((m) => m.menuPerms === 'systemData')?.id,
    menuName: `成本中心页${stamp}`,
    menuNameEn: `Cost centres ${stamp}`,
    menuNameTw: `成本中心頁${stamp}`,
    menuPerms: `costCentre${stamp}`,
    menuIcon: 'BookOutlined',
    menuType: 4,
    orderNum: 999,
    propertyJson: JSON.stringify({ moduleId: type.id, isTree: 1 }),
  });
  return { typeId: type.id, menuId: menu.id, path: `/costCentre${stamp}` };
}

async function dropPage(request: APIRequestContext, made: { typeId: string; menuId: string }) {
  await call(request, 'delete', `/api/system/Menu/${made.menuId}`);
  const items = await call<{ id: string; parentId: string }[]>(
    request,
    'get',
    `/api/system/DictionaryData?typeId=${made.typeId}`,
  );
  // Children first: a parent with children stays.
  for (const item of [...items].sort((a, b) => Number(b.parentId !== '0') - Number(a.parentId !== '0')))
    await call(request, 'delete', `/api/system/DictionaryData/${item.id}`);
  await call(request, 'delete', `/api/system/DictionaryType/${made.typeId}`);
}

const rowOf = (page: Page, code: string) =>
  page.getByTestId('dict-page-items').locator('tr.ant-table-row', {
    has: page.getByRole('cell', { name: code, exact: true }),
  });

async function fillItem(page: Page, item: { zh: string; en?: string; code?: string }) {
  const form = page.getByTestId('dict-item-form');
  await form.getByTestId('dict-item-name').fill(item.zh);
  if (item.en !== undefined) await form.getByTestId('dict-item-name-en').fill(item.en);
  if (item.code !== undefined) await form.getByTestId('dict-item-code').fill(item.code);
  await page.getByTestId('dict-item-form-submit').click();
  await expect(form).toBeHidden();
}

test('an administrator opens a dictionary page from the menu and adds, edits, disables and deletes items', async ({
  signedInPage,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const made = await makePage(request, stamp);
  const page = await signedInPage('admin');
  await page.getByTestId('layout-sidebar').getByText('系统数据', { exact: true }).click();
  await page.getByTestId('layout-sidebar').getByText(`成本中心页${stamp}`, { exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === made.path);
  await expect(page.getByTestId('dict-page-title')).toHaveText(`成本中心${stamp}`);
  await expect(rowOf(page, 'hq')).toContainText('总部');
  await expectAxeClean(page, 'dictionary-page');

  // A new root item, and a child under it from the row's own button.
  await page.getByTestId('dict-page-add').click();
  await expectAxeClean(page, 'dictionary-page-form', '.ant-modal');
  await fillItem(page, { zh: '研发中心', en: 'R&D', code: 'rd' });
  await expect(rowOf(page, 'rd')).toBeVisible();
  await rowOf(page, 'rd').getByTestId('dict-page-add-child').click();
  await expect(page.getByTestId('dict-item-parent')).toContainText('研发中心 (rd)');
  await fillItem(page, { zh: '软件组', code: 'rdsw' });
  await expect(rowOf(page, 'rdsw')).toBeVisible();
  // A code taken answers at its field, in the form.
  await page.getByTestId('dict-page-add').click();
  await page.getByTestId('dict-item-name').fill('重复');
  await page.getByTestId('dict-item-code').fill('hq');
  await page.getByTestId('dict-item-form-submit').click();
  await expect(page.getByTestId('dict-item-form')).toContainText('该编码已被使用');
  await page.getByRole('button', { name: /取\s*消/ }).click();

  // Edited, then disabled with its switch.
  await rowOf(page, 'rdsw').getByTestId('dict-page-edit').click();
  await expect(page.getByTestId('dict-item-code')).toHaveValue('rdsw');
  await fillItem(page, { zh: '软件开发组' });
  await expect(rowOf(page, 'rdsw')).toContainText('软件开发组');
  await rowOf(page, 'rdsw').getByTestId('dict-page-state').click();
  await expect(rowOf(page, 'rdsw').getByTestId('dict-page-state')).toHaveAttribute('aria-checked', 'false');
  // The filter keeps a match under its parent.
  await page.getByTestId('dict-page-filter').locator('input').fill('软件');
  await expect(rowOf(page, 'hq')).toHaveCount(0);
  await expect(rowOf(page, 'rd')).toBeVisible();
  await expect(rowOf(page, 'rdsw')).toBeVisible();
  await page.getByTestId('dict-page-filter').locator('input').fill('');
  await expect(rowOf(page, 'hq')).toBeVisible();

  // Deleted behind the usual confirmation.
  await rowOf(page, 'rdsw').getByTestId('dict-page-delete').click();
  await page.locator('[data-testid="dict-page-delete-confirm"]:visible').click();
  await expect(rowOf(page, 'rdsw')).toHaveCount(0);
  await expect(rowOf(page, 'rd')).toBeVisible();
  const left = await call<{ enCode: string }[]>(
    request,
    'get',
    `/api/system/DictionaryData?typeId=${made.typeId}`,
  );
  expect(left.map((i) => i.enCode).sort()).toEqual(['hq', 'rd']);
  await dropPage(request, made);
});

test('the dictionary page in English at 390 px, dark, and in the other layouts', async ({
  signedInPage,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const made = await makePage(request, stamp);
  const page = await signedInPage('admin');
  await page.goto(made.path);
  await expect(page.getByTestId('dict-page-title')).toHaveText(`成本中心${stamp}`);
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await darkMode(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('dict-page-title')).toHaveText(`Cost centre ${stamp}`);
  await expect(rowOf(page, 'hq')).toContainText('Head office');
  await expect(page.getByTestId('dict-page-add')).toContainText('New item');
  // The table scrolls inside the page, the page does not.
  // Measured until the narrow layout has settled (the table lays out again a frame after the resize).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await expectAxeClean(page, 'dictionary-page-390-en-dark');
  await page.getByTestId('dict-page-add').click();
  await expect(page.getByTestId('dict-item-form')).toContainText('Parent item');
  await expectAxeClean(page, 'dictionary-page-form-390-en-dark', '.ant-modal');
  await fillItem(page, { zh: '采购中心', en: 'Purchasing', code: 'buy' });
  await expect(rowOf(page, 'buy')).toContainText('Purchasing');

  await page.setViewportSize({ width: 1280, height: 900 });
  for (const layout of ['functional', 'plain']) {
    await page.getByTestId('settings-button').click();
    await page.getByTestId(`layout-${layout}`).click();
    await expect(page.getByTestId('layout-root')).toHaveAttribute('data-layout', layout);
    await page.keyboard.press('Escape');
    await expect(rowOf(page, 'buy')).toBeVisible();
    // In the functional layout at this width the shell's top menu folds 系统数据 into "more", whose
    // title then takes the selected colour: the whole screen, shell included.
    await expectAxeClean(page, `dictionary-page-${layout}-en-dark`);
  }
  await dropPage(request, made);
});

test("the demo's cost centre page is in the menu, its tree open", async ({ signedInPage }) => {
  const page = await signedInPage('admin');
  await page.getByTestId('layout-sidebar').getByText('系统数据', { exact: true }).click();
  await page.getByTestId('layout-sidebar').getByText('成本中心', { exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/systemData.costCentre');
  await expect(page.getByTestId('dict-page-title')).toHaveText('成本中心');
  for (const code of ['hq', 'hq.finance', 'hq.hr', 'plant', 'plant.one', 'plant.two', 'rd'])
    await expect(rowOf(page, code)).toBeVisible();
  // Folded by the user, a parent's children go until it is opened again.
  await rowOf(page, 'hq').locator('.ant-table-row-expand-icon').click();
  await expect(rowOf(page, 'hq.hr')).toHaveCount(0);
  await rowOf(page, 'hq').locator('.ant-table-row-expand-icon').click();
  await expect(rowOf(page, 'hq.hr')).toBeVisible();
});
