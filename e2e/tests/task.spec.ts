import { expect, test } from '@playwright/test';
import { shot, signIn } from './helpers';

/** System → scheduled tasks and system data → data backup, as the administrator uses them. */
test('run a task now and see its run in the log; pause and resume it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/task');
  // The screen's chunk comes with the first visit (slow on a busy machine).
  await expect(page.getByTestId('task-page')).toBeVisible({ timeout: 30_000 });
  const table = page.getByTestId('task-table');
  const row = table.locator('tr.ant-table-row', { hasText: '结束空闲会话' });
  await expect(row).toBeVisible();

  await row.getByTestId('task-run').click();
  // The run appears in the log (the list reads again after a moment; refresh until it is there).
  const runs = page.getByTestId('task-runs-table');
  await expect(async () => {
    await page.getByTestId('task-runs-refresh').click();
    await expect(runs.locator('tr.ant-table-row', { hasText: '结束空闲会话' }).first()).toContainText(
      '成功',
      {
        timeout: 1000,
      },
    );
  }).toPass({ timeout: 30_000 });
  await expect(runs).toContainText('手动');
  await shot(page, 'task-run-log');

  // Pause: no next run; resume: a next run again.
  const state = row.getByTestId('task-state');
  await expect(state).toHaveAttribute('aria-checked', 'true');
  await state.click();
  await expect(state).toHaveAttribute('aria-checked', 'false');
  await expect(row).toContainText('-');
  await state.click();
  await expect(state).toHaveAttribute('aria-checked', 'true');
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  // The form previews the next five runs of an expression, and names a bad one.
  await row.getByTestId('task-edit').click();
  const cron = page.getByTestId('task-form-cron');
  await cron.fill('15 8 * * 1');
  await expect(page.getByTestId('task-preview').locator('li')).toHaveCount(5);
  await expect(page.getByTestId('task-preview')).toContainText('08:15');
  await cron.fill('99 8 * * *');
  await expect(page.getByTestId('task-preview-error')).toBeVisible();
  await shot(page, 'task-form-preview');
});

test('restore a backup of the embedded database: the screen says it takes effect at the next start', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/systemData/dataBackup');
  await expect(page.getByTestId('backup-page')).toContainText('PGlite', { timeout: 30_000 });
  await page.getByTestId('backup-create').click();
  const table = page.getByTestId('backup-table');
  await expect(table.locator('tbody tr').filter({ hasText: 'backup-' })).toHaveCount(1);
  await table.getByTestId('backup-restore').first().click();
  await page.getByTestId('backup-restore-confirm').click();
  const pending = page.getByTestId('backup-pending');
  await expect(pending).toBeVisible();
  await expect(pending).toContainText('下次启动');
  await shot(page, 'backup-restore-pending');
  await page.getByTestId('backup-cancel-restore').click();
  await expect(pending).toBeHidden();
});
