import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import mysql from 'mysql2/promise';
import {
  adminHeaders,
  darkMode,
  dropdownOption,
  escapeUntilHidden,
  expectAxeClean,
  shot,
  test,
} from './helpers';

/**
 * A data source on the machine's MariaDB (the e2e server's allow-list holds 127.0.0.1:3306,
 * playwright.config.ts): a database and a reader with a password made for the run, dropped after.
 */
const run = randomBytes(3).toString('hex');
const DB = `srm_e2e_src_${run}`;
const USER = `srm_e2e_${run}`;
const PASSWORD = `pw-${run}`;
const DRAWER = '.ant-drawer-content-wrapper';

const root = () => mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });

test.beforeAll(async () => {
  const c = await root();
  await c.query(`create database ${DB}`);
  await c.query(`create user '${USER}'@'%' identified by '${PASSWORD}'`);
  await c.query(`grant select on ${DB}.* to '${USER}'@'%'`);
  await c.query(
    `create table ${DB}.supplier_price (id int primary key, supplier varchar(50), price decimal(12,2))`,
  );
  await c.end();
});

test.afterAll(async () => {
  const c = await root();
  await c.query(`drop database if exists ${DB}`);
  await c.query(`drop user if exists '${USER}'@'%'`);
  await c.end();
});

const listRow = (page: Page, code: string) =>
  page.getByTestId('dsrc-table').locator('tr', { has: page.getByText(code, { exact: true }) });

test('an administrator connects a MariaDB, is refused a host off the allow-list, and browses its tables', async ({
  signedInPage,
}) => {
  test.setTimeout(180_000);
  const code = `prices_${run}`;
  const page = await signedInPage('admin');
  await page.goto('/home');
  await page.getByRole('menuitem', { name: '系统数据' }).click();
  await page.getByRole('menuitem', { name: '数据连接' }).click();
  await expect(page.getByTestId('dsrc-page')).toBeVisible();
  await expectAxeClean(page, 'data-source-list');

  await page.getByTestId('dsrc-add').click();
  await expect(page.getByTestId('dsrc-form')).toBeVisible();
  await page.getByTestId('dsrc-code').fill(code);
  await page.getByTestId('dsrc-name').fill(`供应商报价${run}`);
  await page.getByTestId('dsrc-kind-mysql').click();
  await expect(page.getByTestId('dsrc-port')).toHaveValue('3306');
  // A host the platform does not allow: refused at the host, in Chinese, before any connection.
  await page.getByTestId('dsrc-host').fill('10.0.0.1');
  await page.getByTestId('dsrc-database').fill(DB);
  await page.getByTestId('dsrc-username').fill(USER);
  await page.getByTestId('dsrc-password').fill(PASSWORD);
  await page.getByTestId('dsrc-test').click();
  await expect(page.getByTestId('dsrc-form')).toContainText('不允许连接 10.0.0.1:3306');
  await page.getByTestId('dsrc-host').fill('127.0.0.1');
  await page.getByTestId('dsrc-test').click();
  await expect(page.getByTestId('dsrc-test-ok')).toContainText('MariaDB');
  await shot(page, 'data-source-editor');
  await expectAxeClean(page, 'data-source-editor', DRAWER);
  await page.getByTestId('dsrc-editor-save').click();
  await expect(page.getByTestId('dsrc-form')).toBeHidden();
  await expect(listRow(page, code)).toContainText('127.0.0.1:3306');

  // Its tables, read through the kept password.
  await listRow(page, code).getByTestId('dsrc-tables').click();
  await expect(page.getByTestId('dsrc-tables-list')).toContainText('supplier_price');
  await expectAxeClean(page, 'data-source-tables', DRAWER);
  await escapeUntilHidden(page, page.getByTestId('dsrc-tables-drawer'));

  // Opened again: the password is not shown, only that one is kept; a test uses the kept one.
  await listRow(page, code).getByTestId('dsrc-open').click();
  await expect(page.getByTestId('dsrc-password')).toHaveValue('');
  await expect(page.getByTestId('dsrc-password-kept')).toBeVisible();
  await page.getByTestId('dsrc-test').click();
  await expect(page.getByTestId('dsrc-test-ok')).toContainText('MariaDB');
  await escapeUntilHidden(page, page.getByTestId('dsrc-form'));

  // In English at 390 px and dark.
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await darkMode(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(listRow(page, code)).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await expectAxeClean(page, 'data-source-list-390-en-dark');
  await listRow(page, code).getByTestId('dsrc-open').click();
  await expect(page.getByTestId('dsrc-form')).toBeVisible();
  await shot(page, 'data-source-editor-390-en-dark');
  await expectAxeClean(page, 'data-source-editor-390-en-dark', DRAWER);
  await escapeUntilHidden(page, page.getByTestId('dsrc-form'));

  await listRow(page, code).getByTestId('dsrc-delete').click();
  await page.getByTestId('dsrc-delete-confirm').click();
  await expect(listRow(page, code)).toHaveCount(0);
});

test('a dataset reads a MariaDB table through a data source, and keeps the source from deletion', async ({
  signedInPage,
}) => {
  test.setTimeout(180_000);
  const c = await root();
  await c.query(`insert into ${DB}.supplier_price values (1, '华东钢材', 4200.50), (2, '华东钢材', 99.50)`);
  await c.end();
  const code = `quotes_${run}`;
  const page = await signedInPage('admin');
  const created = await page.request.post('/api/systemData/DataSource', {
    headers: await adminHeaders(page.request),
    data: {
      code,
      name: `报价库${run}`,
      kind: 'mysql',
      host: '127.0.0.1',
      port: 3306,
      database: DB,
      username: USER,
      password: PASSWORD,
    },
  });
  expect((await created.json()).code).toBe(0);
  await page.goto('/onlineDev/dataSet');
  await page.getByTestId('ds-add').click();
  await page.getByTestId('ds-code').fill(`quote_total_${run}`);
  await page.getByTestId('ds-name-zh-CN').fill(`报价合计${run}`);
  await page.getByTestId('ds-source').click();
  await dropdownOption(page, new RegExp(`报价库${run}`)).click();
  await expect(page.getByTestId('ds-kind-sql').locator('xpath=ancestor::label')).toHaveClass(/disabled/);
  await page.getByTestId('ds-main-table').click();
  await dropdownOption(page, /^supplier_price$/).click();
  await page.getByTestId('ds-add-column').click();
  await page.getByTestId('ds-column-0-column').click();
  await dropdownOption(page, /^supplier$/).click();
  await page.getByTestId('ds-add-column').click();
  await page.getByTestId('ds-column-1-column').click();
  await dropdownOption(page, /^price$/).click();
  await page.getByTestId('ds-column-1-alias').fill('total');
  await page.getByTestId('ds-column-1-aggregate').click();
  await dropdownOption(page, /^求和$/).click();
  await page.getByTestId('ds-preview-run').click();
  const table = page.getByTestId('ds-preview-table');
  await expect(table.locator('tbody')).toContainText('华东钢材');
  await expect(table.locator('tbody')).toContainText('4300');
  await expectAxeClean(page, 'dataset-over-source', DRAWER);
  await page.getByTestId('ds-editor-save').click();
  await expect(page.getByTestId('ds-form')).toBeHidden();
  await expect(page.getByTestId('ds-table')).toContainText(`报价库${run}`);

  // The source, while the dataset reads it, is not deleted: said, naming the dataset.
  await page.goto('/systemData/dataSource');
  await listRow(page, code).getByTestId('dsrc-delete').click();
  await page.getByTestId('dsrc-delete-confirm').click();
  await expect(page.getByText(`有数据集在读取该数据连接，不能删除：报价合计${run}`)).toBeVisible();
  await expect(listRow(page, code)).toHaveCount(1);
});
