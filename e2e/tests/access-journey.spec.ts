import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, signIn } from './helpers';

// The organisation journey, end to end in the browser: the administrator builds the organisation
// and the access of a new colleague; the colleague sees exactly what was granted, loses a button
// when a grant is removed, and is signed out when forced offline.

const row = (table: Locator, text: string) => table.locator('tr.ant-table-row', { hasText: text });

/** Picks an option; a multiple select's list stays open and is closed with Escape (a single one
 * closes by itself, and Escape would then close the drawer). */
async function pickOption(page: Page, testId: string, text: string | RegExp, multiple = false) {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible')
    .getByText(text, { exact: typeof text === 'string' })
    .first()
    .click();
  if (multiple) await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

// Names and codes of this run, so a retry on the same database does not meet the first try's rows.
const run = Date.now().toString(36).slice(-5);
const DEPT = `质量部${run}`;
const DEPT_CODE = `quality${run}`;
const POSITION = `质检专员${run}`;
const ROLE = `质检查看${run}`;
const ROLE_CODE = `inspection${run}`;
const ACCOUNT = `inspector${run}`;
const MOBILE = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;

const authorizeNode = (page: Page, tab: string, code: string) =>
  page.getByTestId(`authorize-tree-${tab}`).getByTestId(`authorize-node-${code}`);

async function saveGrants(page: Page) {
  await page.getByTestId('authorize-save').click();
  await expect(page.locator('.ant-message')).toContainText('授权已保存');
  await expect(page.getByTestId('authorize-dirty')).toHaveCount(0);
}

test('the administrator sets up a department, position, role and user; the user sees exactly the grants', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');

  // A department under the head office.
  await page.goto('/permission/department');
  await page.getByTestId('department-add').click();
  await page.getByTestId('department-form-name').fill(DEPT);
  await page.getByTestId('department-form-code').fill(DEPT_CODE);
  await page.getByTestId('department-form-submit').click();
  await expect(page.getByTestId('department-form')).toHaveCount(0);
  await expect(row(page.getByTestId('department-table'), DEPT)).toBeVisible();

  // A position in it.
  await page.goto('/permission/position');
  await page.getByTestId('position-org-tree').getByTestId(`org-tree-node-${DEPT_CODE}`).click();
  await page.getByTestId('position-add').click();
  await page.getByTestId('position-form-name').fill(POSITION);
  await page.getByTestId('position-form-code').fill(`inspector${run}`);
  await page.getByTestId('position-form-submit').click();
  await expect(page.getByTestId('position-form')).toHaveCount(0);
  await expect(row(page.getByTestId('position-table'), POSITION)).toContainText(DEPT);

  // A role with the user page and two of its buttons.
  await page.goto('/permission/role');
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-form-name').fill(ROLE);
  await page.getByTestId('role-form-code').fill(ROLE_CODE);
  await page.getByTestId('role-form-ok').click();
  await expect(page.getByTestId('role-form').locator('.ant-modal')).toBeHidden();
  await page.goto('/permission/authorize');
  await page.getByTestId(`authorize-object-${ROLE_CODE}`).click();
  await authorizeNode(page, 'menu', 'permission.user').click();
  await page.getByTestId('authorize-tab-button').click();
  await authorizeNode(page, 'button', 'permission.user.export').click();
  await authorizeNode(page, 'button', 'permission.user.edit').click();
  // Data: the people of the user's own department only.
  await page.getByTestId('authorize-tab-data').click();
  await authorizeNode(page, 'data', 'permission.user.data.dept').click();
  await saveGrants(page);

  // The user: in the department, with the position and the role.
  await page.goto('/permission/user');
  await page.getByTestId('user-add').click();
  await page.getByTestId('user-form-account').fill(ACCOUNT);
  await page.getByTestId('user-form-name').fill('王质检');
  await page.getByTestId('user-form-mobile').fill(MOBILE);
  await page.getByTestId('user-form-password').fill('insp1234');
  await pickOption(page, 'user-form-dept', DEPT);
  await pickOption(page, 'user-form-roles', ROLE, true);
  // Positions read "name（department）".
  await pickOption(page, 'user-form-positions', new RegExp(`^${POSITION}`), true);
  await page.getByTestId('user-form-submit').click();
  await expect(page.getByTestId('user-form')).toBeHidden();
  await expect(page.getByTestId('user-table')).toContainText('王质检');

  // The new user, in another browser: exactly that menu and those buttons.
  const context = await browser.newContext({ locale: 'zh-CN' });
  const userPage = await context.newPage();
  await userPage.goto('/login');
  await userPage.getByTestId('login-username').fill(ACCOUNT);
  await userPage.getByTestId('login-password').fill('insp1234');
  await userPage.getByTestId('login-submit').click();
  await expect(userPage.getByTestId('layout-root')).toBeVisible();
  const menu = userPage.getByTestId('side-menu');
  await expect(menu).toContainText('权限管理');
  await expect(menu).not.toContainText('系统管理');
  await menu.getByText('权限管理').click();
  await expect(menu).toContainText('用户管理');
  for (const hidden of ['组织管理', '部门管理', '岗位管理', '角色管理', '权限授权', '在线用户']) {
    await expect(menu).not.toContainText(hidden);
  }
  await menu.getByText('用户管理').click();
  await expect(userPage.getByTestId('user-table')).toBeVisible();
  await expect(userPage.getByTestId('user-export')).toBeVisible();
  await expect(userPage.getByTestId('user-add')).toHaveCount(0);
  await expect(userPage.getByTestId('user-import')).toHaveCount(0);
  await expect(userPage.getByTestId(`user-edit-${ACCOUNT}`)).toBeVisible();
  await expect(userPage.getByTestId(`user-delete-${ACCOUNT}`)).toHaveCount(0);
  // The data rule: only the department's people (here, the user alone).
  await expect(userPage.getByTestId('user-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await shot(userPage, 'journey-new-user');

  // The administrator takes the export button away: after a reload the user's page has lost it.
  await page.goto('/permission/authorize');
  await page.getByTestId(`authorize-object-${ROLE_CODE}`).click();
  await page.getByTestId('authorize-tab-button').click();
  await authorizeNode(page, 'button', 'permission.user.export').click();
  await saveGrants(page);
  await userPage.reload();
  await expect(userPage.getByTestId('user-table')).toBeVisible();
  await expect(userPage.getByTestId('user-export')).toHaveCount(0);
  await expect(userPage.getByTestId(`user-edit-${ACCOUNT}`)).toBeVisible();

  // Forced offline: the push takes the user's open page to sign-in (a reload racing that
  // navigation found the page detached), and a reload afterwards stays there.
  await page.goto('/permission/userOnline');
  await page.getByTestId(`online-force-${ACCOUNT}`).click();
  await page.locator('#online-force-ok').click();
  await expect(page.getByTestId('online-table')).not.toContainText(ACCOUNT);
  await expect(userPage).toHaveURL(/\/login/);
  await userPage.reload();
  await expect(userPage).toHaveURL(/\/login/);
  await expect(userPage.getByTestId('login-submit')).toBeVisible();
  await context.close();
});
