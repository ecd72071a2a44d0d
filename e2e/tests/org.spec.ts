import { expect, type Locator, type Page, test } from '@playwright/test';
import { openSettings, shot, shotAtRest, signIn } from './helpers';

/** The table row (a <tr>) whose text contains `text`. */
const row = (table: Locator, text: string) => table.locator('tr.ant-table-row', { hasText: text });

async function submitForm(page: Page, prefix: string) {
  await page.getByTestId(`${prefix}-form-submit`).click();
  await expect(page.getByTestId(`${prefix}-form`)).toHaveCount(0);
}

async function confirmDelete(page: Page, rowLocator: Locator, prefix: string) {
  await rowLocator.getByTestId(`${prefix}-delete`).click();
  await page.getByTestId(`${prefix}-delete-confirm`).click();
}

test('admin keeps a sub-company, its department (with a manager) and a position', async ({ page }) => {
  test.slow(); // a long journey through three screens
  await signIn(page, 'admin');

  // Organisation: a sub-company under the head office, then renamed.
  await page.goto('/permission/organize');
  const companies = page.getByTestId('organize-table');
  await expect(row(companies, '华东分公司')).toBeVisible();
  await shot(page, 'org-organize-light');
  await row(companies, '总公司').first().getByTestId('organize-add-child').click();
  await expect(page.getByTestId('organize-form')).toBeVisible();
  await page.getByTestId('organize-form-name').fill('测试分公司');
  await page.getByTestId('organize-form-code').fill('e2eCompany');
  await shot(page, 'org-organize-form');
  await submitForm(page, 'organize');
  await expect(row(companies, '测试分公司')).toBeVisible();
  await row(companies, '测试分公司').getByTestId('organize-edit').click();
  await page.getByTestId('organize-form-name').fill('测试子公司');
  await submitForm(page, 'organize');
  await expect(row(companies, '测试子公司')).toBeVisible();
  await row(companies, '测试子公司').getByTestId('organize-detail').click();
  await expect(page.getByTestId('organize-drawer-details')).toContainText('总公司');
  await shot(page, 'org-organize-drawer');
  await page.keyboard.press('Escape');

  // Department: pick the new company, add a department with a manager, then rename it.
  await page.goto('/permission/department');
  await page.getByTestId('department-companies-tree').getByTestId('org-tree-node-e2eCompany').click();
  await expect(page.getByTestId('department-page')).toContainText('测试子公司');
  await page.getByTestId('department-add').click();
  await page.getByTestId('department-form-name').fill('测试部门');
  await page.getByTestId('department-form-code').fill('e2eDept');
  // The manager picker searches on the server: only the buyer answers "buyer", with his department.
  const manager = page.getByTestId('department-form-manager');
  await manager.click();
  await page.keyboard.type('buyer');
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options).toContainText('张采购 (buyer)');
  await expect(options).toContainText('华东采购部');
  await shot(page, 'org-department-manager-search');
  await options.click();
  await expect(manager).toContainText('张采购 (buyer) · 华东采购部');
  // Another search replaces the options; the chosen manager keeps his label.
  await manager.click();
  await page.keyboard.type('admin');
  await expect(options).toHaveCount(1);
  await expect(options).toContainText('(admin)');
  await page.keyboard.press('Escape');
  await expect(manager).toContainText('张采购 (buyer) · 华东采购部');
  await shot(page, 'org-department-form');
  await submitForm(page, 'department');
  const depts = page.getByTestId('department-table');
  await expect(row(depts, '测试部门')).toContainText('张采购');
  await row(depts, '测试部门').getByTestId('department-edit').click();
  await expect(manager).toContainText('张采购 (buyer)');
  await page.getByTestId('department-form-name').fill('测试部');
  await submitForm(page, 'department');
  await expect(row(depts, '测试部')).toContainText('e2eDept');
  await shot(page, 'org-department-light');

  // Position: in the new department; edited, disabled, deleted.
  await page.goto('/permission/position');
  await page.getByTestId('position-org-tree').getByTestId('org-tree-node-e2eDept').click();
  await expect(page.getByTestId('position-page')).toContainText('测试部');
  await page.getByTestId('position-add').click();
  await page.getByTestId('position-form-name').fill('测试岗位');
  await page.getByTestId('position-form-code').fill('e2ePosition');
  await submitForm(page, 'position');
  const positions = page.getByTestId('position-table');
  await expect(row(positions, '测试岗位')).toContainText('测试部');
  await row(positions, '测试岗位').getByTestId('position-edit').click();
  // The dialog opens on its first field (not on its close button); Enter in a field saves.
  const form = page.getByTestId('position-form');
  await expect(form.locator('input').first()).toBeFocused();
  await page.getByTestId('position-form-name').fill('测试职位');
  await page.getByTestId('position-form-name').press('Enter');
  await expect(form).toHaveCount(0);
  await expect(row(positions, '测试职位')).toBeVisible();
  const state = row(positions, '测试职位').getByTestId('position-state');
  await expect(state).toHaveAttribute('aria-checked', 'true');
  await state.click();
  await expect(state).toHaveAttribute('aria-checked', 'false');
  await shot(page, 'org-position-light');
  // Keyword search on the whole list.
  await page.getByTestId('position-org-tree').getByTestId('org-tree-node-e2eDept').click();
  await page.getByTestId('position-keyword').fill('e2ePos');
  await page.getByTestId('position-search').click();
  await expect(positions.locator('tr.ant-table-row')).toHaveCount(1);
  await confirmDelete(page, row(positions, '测试职位'), 'position');
  await expect(row(positions, '测试职位')).toHaveCount(0);

  // A company that still has a department cannot be deleted: the server's message is shown.
  await page.goto('/permission/organize');
  await confirmDelete(page, row(companies, '测试子公司'), 'organize');
  await expect(page.locator('.ant-message')).toContainText('该公司下还有部门或子公司，不能删除');
  await expect(row(companies, '测试子公司')).toBeVisible();

  // Department gone, then the company can go.
  await page.goto('/permission/department');
  await page.getByTestId('department-companies-tree').getByTestId('org-tree-node-e2eCompany').click();
  await confirmDelete(page, row(depts, '测试部'), 'department');
  await expect(row(depts, '测试部')).toHaveCount(0);
  await page.goto('/permission/organize');
  await confirmDelete(page, row(companies, '测试子公司'), 'organize');
  await expect(row(companies, '测试子公司')).toHaveCount(0);
});

test('a position lists the users holding it, with a keyword and paging', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/permission/position');
  const positions = page.getByTestId('position-table');
  await row(positions, '采购专员').getByTestId('position-staff').click();
  const drawer = page.getByTestId('position-staff-drawer');
  await expect(drawer).toContainText('岗位人员 - 采购专员');
  const staff = page.getByTestId('position-staff-table');
  await expect(row(staff, 'buyer')).toContainText('张采购');
  await expect(row(staff, 'buyer')).toContainText('华东采购部');
  // user.spec (running beside this one) may hold a user of its own in this position for a while.
  await expect(drawer.locator('.ant-pagination-total-text')).toHaveText(/共 \d+ 条/);
  const total = Number((await drawer.locator('.ant-pagination-total-text').textContent())?.match(/\d+/)?.[0]);
  await expect(staff.locator('tr.ant-table-row')).toHaveCount(total);
  await shot(page, 'org-position-staff');
  // A keyword nobody matches, then one that does.
  const search = page.getByTestId('position-staff-search').locator('input');
  await search.fill('admin');
  await search.press('Enter');
  await expect(staff.locator('tr.ant-table-row')).toHaveCount(0);
  await expect(staff.locator('.ant-empty')).toBeVisible();
  await search.fill('张采');
  await search.press('Enter');
  await expect(row(staff, 'buyer')).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // Another position: its own holders, the keyword of the last one forgotten.
  await row(positions, '系统管理员').getByTestId('position-staff').click();
  await expect(drawer).toContainText('岗位人员 - 系统管理员');
  await expect(row(staff, 'admin')).toContainText('信息部');
  await expect(staff.locator('tr.ant-table-row')).toHaveCount(1);
  // Read-only: no way to change who holds the position from here.
  await expect(drawer.locator('button', { hasText: /新建|删除|编辑/ })).toHaveCount(0);
});

test('buyer sees the company and department trees without add, edit or delete', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/permission/organize');
  const companies = page.getByTestId('organize-table');
  await expect(row(companies, '华东分公司')).toBeVisible();
  await expect(page.getByTestId('organize-add')).toHaveCount(0);
  await expect(companies.getByTestId('organize-add-child')).toHaveCount(0);
  await expect(companies.getByTestId('organize-edit')).toHaveCount(0);
  await expect(companies.getByTestId('organize-move')).toHaveCount(0);
  await expect(companies.getByTestId('organize-delete')).toHaveCount(0);
  await expect(companies.locator('thead')).not.toContainText('操作');

  await page.goto('/permission/department');
  const depts = page.getByTestId('department-table');
  await expect(row(depts, '采购部')).toBeVisible();
  await expect(page.getByTestId('department-add')).toHaveCount(0);
  await expect(depts.getByTestId('department-add-child')).toHaveCount(0);
  await expect(depts.getByTestId('department-edit')).toHaveCount(0);
  await expect(depts.getByTestId('department-delete')).toHaveCount(0);
  await expect(depts.locator('thead')).not.toContainText('操作');
  await page.getByTestId('department-companies-tree').getByTestId('org-tree-node-east').click();
  await expect(row(depts, '华东采购部')).toBeVisible();
  await shot(page, 'org-department-buyer');
});

test('the org screens in dark mode and on a narrow window', async ({ page }) => {
  await signIn(page, 'admin');
  await openSettings(page);
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('/permission/organize');
  await expect(row(page.getByTestId('organize-table'), '华东分公司')).toBeVisible();
  await shot(page, 'org-organize-dark');
  await page.goto('/permission/department');
  await expect(row(page.getByTestId('department-table'), '采购部')).toBeVisible();
  await shot(page, 'org-department-dark');
  await row(page.getByTestId('department-table'), '采购部').getByTestId('department-edit').click();
  await page.getByTestId('department-form-manager').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
  await shot(page, 'org-department-manager-dark');
  await page.keyboard.press('Escape');
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(page.getByTestId('department-form')).toHaveCount(0);
  await page.goto('/permission/position');
  await expect(page.getByTestId('position-table').locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'org-position-dark');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/permission/position');
  await expect(page.getByTestId('position-table').locator('tr.ant-table-row').first()).toBeVisible();
  // Narrow: the tree panel stacks above the list.
  const panel = await page.getByTestId('position-org').boundingBox();
  const list = await page.getByTestId('position-page').boundingBox();
  expect(panel && list && panel.y + panel.height <= list.y).toBe(true);
  await shot(page, 'org-position-narrow');
  await page.getByTestId('position-add').click();
  await expect(page.getByTestId('position-form')).toBeVisible();
  await shotAtRest(page, 'org-position-form-narrow');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('position-form')).toHaveCount(0);
  await row(page.getByTestId('position-table'), '采购专员').getByTestId('position-staff').click();
  await expect(row(page.getByTestId('position-staff-table'), 'buyer')).toBeVisible();
  await shotAtRest(page, 'org-position-staff-narrow');
  await page.keyboard.press('Escape');
  await page.goto('/permission/organize');
  await expect(row(page.getByTestId('organize-table'), '华东分公司')).toBeVisible();
  await shot(page, 'org-organize-narrow');
  await row(page.getByTestId('organize-table'), '华东分公司').getByTestId('organize-detail').click();
  await expect(page.getByTestId('organize-drawer-details')).toBeVisible();
  await shotAtRest(page, 'org-organize-drawer-narrow');
});
