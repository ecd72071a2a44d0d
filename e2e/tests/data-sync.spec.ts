import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import mysql from 'mysql2/promise';
import { adminHeaders, escapeUntilHidden, expectAxeClean, shot, test } from './helpers';

/**
 * Data sync from the machine's MariaDB (the e2e server's allow-list holds 127.0.0.1:3306,
 * playwright.config.ts): a table taken in as a data model with a sync, a dry run, a run now and its
 * log; in English at 390 px. A database and a reader made for the run, dropped after.
 */
const run = randomBytes(3).toString('hex');
const DB = `srm_e2e_sync_${run}`;
const USER = `srm_e2s_${run}`;
const PASSWORD = `pw-${run}`;
const TABLE = `price_${run}`;
const DRAWER = '.ant-drawer-content-wrapper';

const root = () => mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });

test.beforeAll(async () => {
  const c = await root();
  await c.query(`create database ${DB}`);
  await c.query(`create user '${USER}'@'%' identified by '${PASSWORD}'`);
  await c.query(`grant select on ${DB}.* to '${USER}'@'%'`);
  await c.query(
    `create table ${DB}.${TABLE} (id int primary key, supplier varchar(50), price decimal(12,2), updated_at datetime, doc blob)`,
  );
  await c.query(
    `insert into ${DB}.${TABLE} (id, supplier, price, updated_at) values (1, '华东钢材', 4200.50, '2026-11-01 08:00:00'), (2, '华南铝业', 99.50, '2026-11-02 08:00:00')`,
  );
  await c.end();
});

test.afterAll(async () => {
  const c = await root();
  await c.query(`drop database if exists ${DB}`);
  await c.query(`drop user if exists '${USER}'@'%'`);
  await c.end();
});

const syncRow = (page: Page) =>
  page.getByTestId('dsync-table').locator('tr', { has: page.getByText(TABLE, { exact: true }) });

test('a MariaDB table is taken in as a model with a sync, dry-run, run now and logged', async ({
  signedInPage,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage('admin');
  const headers = await adminHeaders(page.request);
  const source = await page.request.post('/api/systemData/DataSource', {
    headers,
    data: {
      code: `sync_src_${run}`,
      name: `同步来源${run}`,
      kind: 'mysql',
      host: '127.0.0.1',
      port: 3306,
      database: DB,
      username: USER,
      password: PASSWORD,
    },
  });
  expect((await source.json()).code).toBe(0);

  // The table browser: take the table in; the model editor opens with its fields.
  await page.goto('/systemData/dataSource');
  await page
    .getByTestId('dsrc-table')
    .locator('tr', { has: page.getByText(`sync_src_${run}`, { exact: true }) })
    .getByTestId('dsrc-tables')
    .click();
  await expect(page.getByTestId('dsrc-tables-list')).toContainText(TABLE);
  await page.getByText(`${DB}.${TABLE}`, { exact: true }).click();
  await page.getByTestId('dsync-take-in').click();
  await expect(page.getByTestId('dm-form')).toBeVisible();
  await expect(page.getByTestId('dm-code')).toHaveValue(TABLE);
  await expect(page.getByTestId('dsync-take-in-skipped')).toContainText('doc');
  await expect(page.getByTestId('dsync-take-in-sync')).toBeChecked();
  await expectAxeClean(page, 'data-sync-take-in', DRAWER);
  await shot(page, 'data-sync-take-in');
  await page.getByTestId('dm-editor-save').click();
  await expect(page.getByTestId('dm-form')).toBeHidden();
  await expect(page.getByText(`已创建数据同步 ${TABLE}`)).toBeVisible();
  await escapeUntilHidden(page, page.getByTestId('dsrc-tables-drawer'));

  // The data sync screen, from the menu.
  await page.goto('/home');
  await page.getByRole('menuitem', { name: '系统数据' }).click();
  await page.getByRole('menuitem', { name: '数据同步' }).click();
  await expect(page.getByTestId('dsync-page')).toBeVisible();
  await expect(syncRow(page)).toContainText(`同步来源${run}`);
  await expect(syncRow(page)).toContainText('updated_at');
  await expectAxeClean(page, 'data-sync-list');

  // A dry run: two rows to add, nothing written.
  await syncRow(page).getByTestId('dsync-dry-run').click();
  await expect(page.getByTestId('dsync-dry-insert')).toHaveText('2');
  await expect(page.getByTestId('dsync-dry-inserts')).toContainText('华东钢材');
  await expectAxeClean(page, 'data-sync-dry-run', '.ant-modal');
  await page.getByTestId('dsync-dry-close').click();
  await expect(page.getByTestId('dsync-dry-modal')).toBeHidden();

  // Run now: the log opens and shows the run succeed with two rows added.
  await syncRow(page).getByTestId('dsync-execute').click();
  const log = page.getByTestId('dsync-runs');
  await expect(log.locator('tbody tr.ant-table-row').first()).toContainText('成功', { timeout: 30_000 });
  await expect(log.locator('tbody tr.ant-table-row').first()).toContainText('2026-11-02 08:00:00');
  await expectAxeClean(page, 'data-sync-runs', DRAWER);
  await shot(page, 'data-sync-runs');
  await escapeUntilHidden(page, page.getByTestId('dsync-runs-drawer'));

  // The editor, in English at 390 px.
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(syncRow(page)).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await expectAxeClean(page, 'data-sync-list-390-en');
  await syncRow(page).getByTestId('dsync-open').click();
  await expect(page.getByTestId('dsync-form')).toBeVisible();
  await expect(page.getByTestId('dsync-form')).toContainText('Column mapping');
  await expectAxeClean(page, 'data-sync-editor-390-en', DRAWER);
  await shot(page, 'data-sync-editor-390-en');
  await escapeUntilHidden(page, page.getByTestId('dsync-form'));

  // Tidy: the sync, then its model.
  await syncRow(page).getByTestId('dsync-delete').click();
  await page.getByTestId('dsync-delete-confirm').click();
  await expect(syncRow(page)).toHaveCount(0);
});
