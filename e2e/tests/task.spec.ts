import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminHeaders, randomMobile, sessionHeaders, shot, signIn } from './helpers';

type Envelope<T> = { code: number; msg: string; data: T };
type TaskRow = {
  id: string;
  name: string;
  jobCode: string;
  params: unknown;
  cron: string;
  timeZone: string;
  enabled: boolean;
};

/** The e2e server's platform operator (PLATFORM_OPERATOR / PLATFORM_OPERATOR_PASSWORD). */
async function operatorHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/platform/login', {
    data: { userName: 'operator', passWord: 'operator123' },
  });
  const body = (await login.json()) as Envelope<{ token: string }>;
  expect(body.code, body.msg).toBe(0);
  return { authorization: `Bearer ${body.data.token}` };
}

/** Another tenant, made by the operator, signed in as its first administrator through the API. */
async function otherTenant(request: APIRequestContext): Promise<Record<string, string>> {
  const suffix = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const admin = { adminAccount: `bkadm${suffix}`, adminPassword: 'tenant123' };
  const created = await request.post('/api/platform/Tenants', {
    headers: await operatorHeaders(request),
    data: {
      code: `bk${suffix}`,
      name: `备份旁观租户 ${suffix}`,
      entName: `备份旁观集团 ${suffix}`,
      adminName: '旁观管理员',
      adminMobile: randomMobile(),
      ...admin,
    },
  });
  const body = (await created.json()) as Envelope<unknown>;
  expect(body.code, body.msg).toBe(0);
  return sessionHeaders(request, admin.adminAccount, admin.adminPassword);
}

const tasksOf = async (request: APIRequestContext, headers: Record<string, string>) => {
  const list = await request.get('/api/system/Task?pageSize=500', { headers });
  const body = (await list.json()) as Envelope<{ list: TaskRow[] }>;
  expect(body.code, body.msg).toBe(0);
  // What the tenant wrote (not when a run last happened or comes next).
  return body.data.list.map(({ id, name, jobCode, params, cron, timeZone, enabled }) => ({
    id,
    name,
    jobCode,
    params,
    cron,
    timeZone,
    enabled,
  }));
};

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

test('a tenant administrator backs up, changes his data, restores, and sees it back; the last job shows the backup', async ({
  page,
  request,
}) => {
  // Another tenant beside the demo one (issue 36 §9), made by the platform operator.
  const other = await otherTenant(request);
  await signIn(page, 'admin');
  await page.goto('/systemData/dataBackup');
  await expect(page.getByTestId('backup-intro')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('backup-create').click();
  const table = page.getByTestId('backup-table');
  await expect(table.locator('tbody tr').filter({ hasText: 'tenant-' })).toHaveCount(1);
  // 立即备份 is the last backup job at once (issue 42), not 暂无.
  await expect(page.getByTestId('backup-last-job')).toContainText('tenant-');
  // The other tenant writes after the demo tenant's backup: a task of his own.
  const theirs = await request.post('/api/system/Task', {
    headers: other,
    data: { name: '另一租户的任务', jobCode: 'session.endIdle', cron: '0 6 * * *', timeZone: 'UTC' },
  });
  const theirsBody = (await theirs.json()) as Envelope<TaskRow>;
  expect(theirsBody.code, theirsBody.msg).toBe(0);
  const theirsBefore = await tasksOf(request, other);
  expect(theirsBefore.map((r) => r.name)).toContain('另一租户的任务');
  // A change after the backup: a new task.
  const headers = await adminHeaders(request);
  const made = await request.post('/api/system/Task', {
    headers,
    data: { name: '备份之后的任务', jobCode: 'session.endIdle', cron: '0 5 * * *', timeZone: 'UTC' },
  });
  expect((await made.json()).code).toBe(0);
  await page.goto('/system/task');
  await expect(page.getByTestId('task-table')).toContainText('备份之后的任务', { timeout: 30_000 });
  await page.goto('/systemData/dataBackup');
  await table.getByTestId('backup-restore').first().click();
  await page.getByTestId('backup-restore-confirm').click();
  await expect(page.getByText('已还原')).toBeVisible();
  await shot(page, 'backup-restored');
  // His data is as at the backup, at once, without a restart; he is still signed in.
  await page.goto('/system/task');
  await expect(page.getByTestId('task-table')).toContainText('结束空闲会话', { timeout: 30_000 });
  await expect(page.getByTestId('task-table')).not.toContainText('备份之后的任务');
  // The other tenant's data is as he left it: his later task is still there, every row the same.
  expect(await tasksOf(request, other)).toEqual(theirsBefore);
});

test.describe('in a browser on UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('every time of the screen in the browser’s zone, said once; the next run also in the task’s zone, labelled', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/system/task');
    await expect(page.getByTestId('task-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('task-zone-note')).toContainText('UTC');
    const row = page.getByTestId('task-table').locator('tr.ant-table-row', { hasText: '清理日志' });
    // The purge runs at 02:30 in Shanghai: 18:30 the day before in UTC.
    await expect(row.getByTestId('task-next-run')).toContainText('18:30:00');
    await expect(row.getByTestId('task-next-zone')).toContainText('02:30（Asia/Shanghai）');
  });

  test('after Run now the row and the log follow the run until it ends, with no refresh', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/system/task');
    await expect(page.getByTestId('task-page')).toBeVisible({ timeout: 30_000 });

    // A run that takes a while: the list reads "running" in its first three answers after Run now
    // (the screen used to read it twice, at once and 1.5 s later, and never again), then the
    // server's own answer.
    const target = '结束空闲会话';
    let runningAnswers = -1;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/Actions/Run')) runningAnswers = 3;
    });
    await page.route(
      (url) => url.pathname === '/api/system/Task',
      async (route) => {
        if (route.request().method() !== 'GET' || runningAnswers <= 0) return route.fallback();
        runningAnswers--;
        const response = await route.fetch();
        const body = (await response.json()) as {
          data: { list: { name: string; lastResult: string | null; lastRunAt: number | null }[] };
        };
        for (const task of body.data.list)
          if (task.name === target) Object.assign(task, { lastResult: 'running', lastRunAt: Date.now() });
        await route.fulfill({ response, json: body });
      },
    );
    const taskRow = page.getByTestId('task-table').locator('tr.ant-table-row', { hasText: target });
    await taskRow.getByTestId('task-run').click();
    await expect(taskRow).toContainText('执行中');
    // No refresh pressed: the row and the log reach the end of the run by themselves.
    await expect(taskRow).toContainText('成功', { timeout: 20_000 });
    const runs = page.getByTestId('task-runs-table');
    await expect(runs.locator('tr.ant-table-row', { hasText: target }).first()).toContainText('成功');
    await expect(runs.locator('tr.ant-table-row', { hasText: target }).first()).toContainText('手动');
    await shot(page, 'task-run-followed');
  });
});
