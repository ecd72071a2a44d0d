import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupInfo, CronPreview, Page, Task, TaskJob, TaskRun } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tenantIdOf } from '../helpers';

/**
 * Scheduled tasks (system → task) and data backup (systemData → dataBackup) on the job runner,
 * with workers on in this server: run now, the run log, pause and resume, a failing run retried.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let other: string;
let tenantId: string;
const T = '/api/system/Task';
const RUNS = '/api/system/TaskRun';
const B = '/api/systemData/DataBackup';
const del = (url: string, token: string) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

const body = (over: Record<string, unknown> = {}) => ({
  name: '清理日志测试',
  jobCode: 'log.purge',
  params: { days: 30 },
  cron: '0 3 * * *',
  timeZone: 'Asia/Shanghai',
  enabled: true,
  ...over,
});

async function runsOf(taskId: string): Promise<TaskRun[]> {
  const res = await t.get<Page<TaskRun>>(`${RUNS}?taskId=${taskId}&pageSize=50`, admin);
  expect(res.body.code).toBe(0);
  return res.body.data.list;
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  return read();
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { workers: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } });
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  tenantId = await tenantIdOf(t.db, 'admin');
  const seeded = await t.seedOtherTenant('tk');
  other = await t.login('tkadmin', 'admin123');
  expect(seeded.tenantId).not.toBe(tenantId);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('task list and registry', () => {
  it('lists the seeded tasks and the built-in jobs', async () => {
    const res = await t.get<Page<Task>>(T, admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.list.map((x) => x.jobCode)).toEqual([
      'log.purge',
      'session.endIdle',
      'db.backup',
      'upload.purgeUnclaimed',
    ]);
    const purge = res.body.data.list[0];
    expect(purge?.params).toEqual({ days: 90 });
    expect(purge?.nextRunAt).toBeGreaterThan(Date.now());
    const jobs = await t.get<TaskJob[]>(`${T}/Jobs`, admin);
    expect(jobs.body.data.map((j) => j.code)).toEqual([
      'log.purge',
      'session.endIdle',
      'db.backup',
      'upload.purgeUnclaimed',
    ]);
  });

  it('previews the next five runs in the time zone, and refuses a bad expression', async () => {
    const res = await t.get<CronPreview>(
      `${T}/Preview?cron=${encodeURIComponent('0 9 * * *')}&timeZone=UTC`,
      admin,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.next).toHaveLength(5);
    for (const at of res.body.data.next) expect(new Date(at).getUTCHours()).toBe(9);
    const bad = await t.get(`${T}/Preview?cron=${encodeURIComponent('61 * * * *')}&timeZone=UTC`, admin, {
      'accept-language': 'en-US',
    });
    expect(bad.body.code).toBe(400);
    expect((bad.body.data as { fields: Record<string, string> }).fields.cron).toMatch(/cron/);
  });
});

describe('create, edit, pause, resume, delete', () => {
  it('creates a task and schedules it; refuses bad input with field messages', async () => {
    const res = await t.post<Task>(T, body(), admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.enabled).toBe(true);
    const keys = await t.app.deps.jobs.scheduleKeys('system-task');
    expect(keys).toContain(res.body.data.id);

    const cases: [Record<string, unknown>, string][] = [
      [{ cron: '0 3 * *' }, 'cron'],
      [{ cron: '99 3 * * *' }, 'cron'],
      [{ jobCode: 'rm -rf' }, 'jobCode'],
      [{ timeZone: 'Mars/Base' }, 'timeZone'],
      [{ params: {} }, 'params.days'],
      [{ params: { days: 0 } }, 'params.days'],
      [{ name: '' }, 'name'],
    ];
    for (const [over, field] of cases) {
      const bad = await t.post(T, body(over), admin, { 'accept-language': 'en-US' });
      expect(bad.body.code, JSON.stringify(over)).toBe(400);
      expect(Object.keys((bad.body.data as { fields: object }).fields)).toContain(field);
    }
  });

  it('edits, pauses and resumes: the schedule follows', async () => {
    const created = (await t.post<Task>(T, body({ name: '会话' }), admin)).body.data;
    const edited = await t.put<Task>(
      `${T}/${created.id}`,
      body({ name: '会话2', cron: '*/5 * * * *' }),
      admin,
    );
    expect(edited.body.data.name).toBe('会话2');
    const paused = await t.put<Task>(`${T}/${created.id}/Actions/State`, { enabled: false }, admin);
    expect(paused.body.data.enabled).toBe(false);
    expect(paused.body.data.nextRunAt).toBeNull();
    expect(await t.app.deps.jobs.scheduleKeys('system-task')).not.toContain(created.id);
    const resumed = await t.put<Task>(`${T}/${created.id}/Actions/State`, { enabled: true }, admin);
    expect(resumed.body.data.enabled).toBe(true);
    const schedules = await t.app.deps.jobs.boss.getSchedules('system-task', created.id);
    expect(schedules[0]?.cron).toBe('*/5 * * * *');
    expect((await del(`${T}/${created.id}`, admin)).body.code).toBe(0);
    expect((await t.get(`${T}/${created.id}`, admin)).body.code).toBe(404);
    expect(await t.app.deps.jobs.scheduleKeys('system-task')).not.toContain(created.id);
  });

  it('answers 403 without the permission and 404 for another tenant’s task', async () => {
    const mine = (await t.get<Page<Task>>(T, admin)).body.data.list[0];
    expect((await t.get(T, buyer)).body.code).toBe(403);
    expect((await t.post(T, body(), buyer)).body.code).toBe(403);
    expect((await t.post(`${T}/${mine?.id}/Actions/Run`, undefined, buyer)).body.code).toBe(403);
    expect((await t.get(B, buyer)).body.code).toBe(403);
    for (const res of [
      await t.get(`${T}/${mine?.id}`, other),
      await t.put(`${T}/${mine?.id}`, body(), other),
      await t.put(`${T}/${mine?.id}/Actions/State`, { enabled: false }, other),
      await t.post(`${T}/${mine?.id}/Actions/Run`, undefined, other),
      await del(`${T}/${mine?.id}`, other),
    ]) {
      expect(res.body.code).toBe(404);
    }
    expect((await t.get<Page<TaskRun>>(`${RUNS}?taskId=${mine?.id}`, other)).body.data.list).toEqual([]);
    expect((await t.get(`${T}/99999999999999999999`, admin)).body.code).toBe(400);
  });
});

describe('runs', () => {
  it('runs a task now: its run is logged with start, end and result', async () => {
    const old = new Date(Date.now() - 200 * 86_400_000);
    await t.db
      .insertInto('sys_request_log')
      .values({
        tenant_id: tenantId,
        method: 'POST',
        path: '/old',
        status: 200,
        code: 0,
        duration_ms: 1,
        created_at: old,
      })
      .execute();
    const task = (await t.post<Task>(T, body({ name: '立即执行', enabled: false }), admin)).body.data;
    const run = await t.post<{ jobId: string }>(`${T}/${task.id}/Actions/Run`, undefined, admin);
    expect(run.body.code).toBe(0);
    const runs = await waitFor(
      () => runsOf(task.id),
      (list) => list.some((r) => r.result === 'success'),
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ result: 'success', trigger: 'manual', attempt: 1, taskName: '立即执行' });
    expect(runs[0]?.endedAt).toBeGreaterThanOrEqual(runs[0]?.startedAt ?? 0);
    // What the run did, in the reader's language.
    expect(runs[0]?.message).toBe('清理了 30 天前的日志：请求日志 1 条，错误日志 0 条，登录日志 0 条');
    const english = await t.get<Page<TaskRun>>(`${RUNS}?taskId=${task.id}`, admin, {
      'accept-language': 'en-US',
    });
    expect(english.body.data.list[0]?.message).toBe(
      'Logs older than 30 days removed: 1 request, 0 error and 0 sign-in entries',
    );
    const left = await t.db.selectFrom('sys_request_log').select('id').where('path', '=', '/old').execute();
    expect(left).toEqual([]);
    expect((await t.get<Task>(`${T}/${task.id}`, admin)).body.data.lastResult).toBe('success');
    // Filters: by result and by time range.
    const failures = await t.get<Page<TaskRun>>(`${RUNS}?taskId=${task.id}&result=failure`, admin);
    expect(failures.body.data.list).toEqual([]);
    const later = await t.get<Page<TaskRun>>(
      `${RUNS}?taskId=${task.id}&startTime=${Date.now() + 60_000}`,
      admin,
    );
    expect(later.body.data.pagination.total).toBe(0);
  });

  it('logs a failing run with its error and retries it per its policy', async () => {
    // The backup job cannot write where a file stands in for the backups folder of the file
    // store: every attempt fails.
    await mkdir(path.join(t.dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'uploads', 'backups'), 'not a folder');
    const task = (
      await t.post<Task>(
        T,
        body({ name: '失败', jobCode: 'db.backup', params: { keep: 2 }, enabled: false }),
        admin,
      )
    ).body.data;
    await t.post(`${T}/${task.id}/Actions/Run`, undefined, admin);
    // db.backup retries once: two attempts, both failed and logged.
    const runs = await waitFor(
      () => runsOf(task.id),
      (list) => list.length === 2 && list.every((r) => r.result === 'failure'),
    );
    expect(runs.map((r) => r.attempt).sort()).toEqual([1, 2]);
    for (const r of runs) expect(r.error).not.toBe('');
    expect((await t.get<Task>(`${T}/${task.id}`, admin)).body.data.lastResult).toBe('failure');
  }, 60_000);
});

describe('data backup', () => {
  it('takes, lists, downloads and deletes the tenant’s backups; the last backup job shows one taken now', async () => {
    const info = await t.get<BackupInfo>(B, admin);
    expect(info.body.code).toBe(0);
    expect(info.body.data.lastJob?.result).toBe('failure');
    await rm(path.join(t.dataDir, 'uploads', 'backups'), { force: true });
    const made = await t.post<{ name: string; size: number; rows: number }>(B, undefined, admin);
    expect(made.body.code).toBe(0);
    expect(made.body.data.size).toBeGreaterThan(0);
    expect(made.body.data.rows).toBeGreaterThan(0);
    const listed = (await t.get<BackupInfo>(B, admin)).body.data;
    expect(listed.backups.map((b) => b.name)).toEqual([made.body.data.name]);
    // 立即备份 is the last backup job now (issue 42), a manual run in the run log.
    expect(listed.lastJob).toMatchObject({ result: 'success', trigger: 'manual', jobCode: 'db.backup' });
    expect(listed.lastJob?.message).toContain(made.body.data.name);
    expect((await t.get<BackupInfo>(B, other)).body.data.backups).toEqual([]);
    const name = made.body.data.name;
    const download = await t.request({
      method: 'GET',
      url: `${B}/${name}/Actions/Download`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain(name);
    expect((await t.post(`${B}/${name}/Actions/Restore`, undefined, other)).body.code).toBe(404);
    expect((await t.post(`${B}/${name}/Actions/Restore`, undefined, buyer)).body.code).toBe(403);
    expect((await t.post(`${B}/bad-name/Actions/Restore`, undefined, admin)).body.code).toBe(400);
    expect((await del(`${B}/${name}`, other)).body.code).toBe(404);
    expect((await del(`${B}/${name}`, admin)).body.code).toBe(0);
    expect((await t.get<BackupInfo>(B, admin)).body.data.backups).toEqual([]);
  });
});
