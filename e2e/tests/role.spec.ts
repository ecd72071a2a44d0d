import { expect, type Page, test } from '@playwright/test';
import { openSettings, shot, signIn } from './helpers';

async function openRoles(page: Page) {
  await page.goto('/permission/role');
  await expect(page.getByTestId('role-table')).toBeVisible();
}

const row = (page: Page, text: string) =>
  page.getByTestId('role-table').locator('tbody tr.ant-table-row').filter({ hasText: text });

test('admin creates, edits, disables, enables a role, adds and removes a user, deletes it', async ({
  page,
}) => {
  test.slow(); // a long journey: the role's life and its users added two ways
  // This run's own code, so a retry (or an earlier run's leftovers) starts clean.
  const code = `qa${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await openRoles(page);
  await expect(row(page, '采购员')).toBeVisible();

  // Create (the form checks the code on the client first).
  await page.getByTestId('role-add').click();
  const form = page.getByTestId('role-form').locator('.ant-modal');
  await expect(form).toBeVisible();
  await page.getByTestId('role-form-name').fill('质检员');
  await page.getByTestId('role-form-code').fill('.bad');
  await page.getByTestId('role-form-ok').click();
  await expect(form).toContainText('不能');
  await page.getByTestId('role-form-code').fill(code);
  await page.getByTestId('role-form-ok').click();
  await expect(form).toBeHidden();
  await expect(row(page, code)).toContainText('质检员');

  // A code already used answers with the server's field message.
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-form-name').fill('重复');
  await page.getByTestId('role-form-code').fill('buyer');
  await page.getByTestId('role-form-ok').click();
  await expect(form.locator('.ant-form-item-explain-error')).toBeVisible();
  await form.getByRole('button', { name: /取\s*消/ }).click();
  await expect(form).toBeHidden();

  // Edit.
  await page.getByTestId(`role-edit-${code}`).click();
  await expect(page.getByTestId('role-form-name')).toHaveValue('质检员');
  await page.getByTestId('role-form-name').fill('质检主管');
  await page.getByTestId('role-form-ok').click();
  await expect(form).toBeHidden();
  await expect(row(page, code)).toContainText('质检主管');

  // Disable and enable.
  const state = page.getByTestId(`role-state-${code}`);
  await expect(state).toHaveAttribute('aria-checked', 'true');
  await state.click();
  await expect(state).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('role-keyword').fill(code);
  await page.getByTestId('role-search').click();
  await expect(page.getByTestId('role-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId(`role-state-${code}`)).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId(`role-state-${code}`).click();
  await expect(page.getByTestId(`role-state-${code}`)).toHaveAttribute('aria-checked', 'true');
  await shot(page, 'role-list');

  // Users: add buyer through the picker, then remove him.
  await page.getByTestId(`role-users-${code}`).click();
  const drawer = page.getByTestId('role-users-drawer');
  await expect(drawer).toBeVisible();
  await page.getByTestId('role-users-add').click();
  await expect(page.getByTestId('role-pick-select')).toBeVisible();
  await page.getByTestId('role-pick-select').click();
  await page.getByTestId('role-pick-select').locator('input').fill('buyer');
  await page.locator('.ant-select-item-option').filter({ hasText: '(buyer)' }).click();
  // Close the open dropdown (it covers the OK button) by clicking the dialog's title.
  await page.getByTestId('role-pick').locator('.ant-modal-title').click();
  await page.getByTestId('role-pick-ok').click();
  await expect(page.getByTestId('role-pick').locator('.ant-modal')).toBeHidden();
  await expect(page.getByTestId('role-users-table')).toContainText('buyer');
  await shot(page, 'role-users');
  await page.getByTestId('role-user-remove-buyer').click();
  await page.getByTestId('role-user-remove-ok').click();
  await expect(page.getByTestId('role-users-table')).not.toContainText('buyer');

  // Add a whole company through the user tree: checking 总公司 picks every user below it.
  await page.getByTestId('role-users-add').click();
  await page.getByTestId('role-pick-tab-dept').click();
  const tree = page.getByTestId('role-pick-tree');
  await tree.click();
  const popup = page.locator('.ant-select-dropdown:visible');
  // Companies are open, departments closed with their user count; users without one come last.
  // (Other tests add users to these departments, so the counts are only checked to be there.)
  await expect(popup.getByTestId('user-tree-org-eastPurchase')).toContainText(/华东采购部\(\d+\)/);
  await expect(popup.getByTestId('user-tree-org-none')).toContainText('未分配部门');
  await expect(popup.getByTestId('user-tree-user-buyer')).toHaveCount(0);
  // The search keeps matching users (by name or account) with their path.
  await page.keyboard.type('李供');
  await expect(popup.getByTestId('user-tree-user-vendor')).toBeVisible();
  await expect(popup.getByTestId('user-tree-org-head')).toHaveCount(0);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(popup.getByTestId('user-tree-org-head')).toBeVisible();
  await popup.getByTestId('user-tree-org-head').click();
  // At least the seeded administrator and buyer (other tests add users under the head office too).
  await expect(page.getByTestId('role-pick-count')).toHaveText(/已选 \d+ 人/);
  const picked = Number((await page.getByTestId('role-pick-count').textContent())?.match(/\d+/)?.[0]);
  expect(picked).toBeGreaterThanOrEqual(2);
  await shot(page, 'role-pick-tree');
  await page.getByTestId('role-pick').locator('.ant-modal-title').click();
  // The search tab shows the same choice, labelled.
  await page.getByTestId('role-pick-tab-search').click();
  await expect(page.getByTestId('role-pick-select')).toContainText('张采购 (buyer)');
  await expect(page.getByTestId('role-pick-select')).toContainText('系统管理员 (admin)');
  await page.getByTestId('role-pick-ok').click();
  await expect(page.getByTestId('role-pick').locator('.ant-modal')).toBeHidden();
  await expect(drawer).toContainText(`共 ${picked} 条`);
  // The role's users, searched one by one (the list pages them).
  for (const [account, holds] of [
    ['buyer', true],
    ['admin', true],
    ['vendor', false],
  ] as const) {
    await page.getByTestId('role-users-search').locator('input').fill(account);
    await page.getByTestId('role-users-search').locator('input').press('Enter');
    const table = page.getByTestId('role-users-table');
    if (holds) await expect(table).toContainText(account);
    else await expect(table).toContainText('暂无数据');
  }
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // Delete (with confirmation).
  await page.getByTestId(`role-delete-${code}`).click();
  await page.getByTestId('role-delete-ok').click();
  await expect(row(page, code)).toHaveCount(0);
  await page.getByTestId('role-reset').click();
  await expect(row(page, '采购员')).toBeVisible();
});

test('the role list opens the authorize drawer for a role; dark and narrow', async ({ page }) => {
  await signIn(page, 'admin');
  await openRoles(page);
  await page.getByTestId('role-authorize-buyer').click();
  const drawer = page.getByTestId('role-authorize-drawer');
  await expect(drawer.getByTestId('authorize-panel')).toBeVisible();
  await expect(drawer.getByTestId('authorize-tree-menu')).toContainText('用户管理');
  await shot(page, 'role-authorize-drawer');
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  await openSettings(page);
  await page.getByTestId('theme-dark').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'role-list-dark');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('role-table')).toBeVisible();
  await shot(page, 'role-list-narrow');
  await page.getByTestId('role-users-buyer').click();
  // The import of user.spec gives the buyer role to many: the search finds the seeded buyer.
  await page.getByTestId('role-users-search').locator('input').fill('buyer');
  await page.getByTestId('role-users-search').locator('input').press('Enter');
  await expect(page.getByTestId('role-users-table')).toContainText('buyer');
  await shot(page, 'role-users-narrow');
  await page.getByTestId('role-users-add').click();
  await page.getByTestId('role-pick-tab-dept').click();
  await page.getByTestId('role-pick-tree').click();
  await page.locator('.ant-select-dropdown:visible').getByTestId('user-tree-org-eastPurchase').click();
  await expect(page.getByTestId('role-pick-count')).toHaveText(/已选 [1-9]\d* 人/);
  await shot(page, 'role-pick-tree-narrow');
});
