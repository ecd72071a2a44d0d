import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page, Task, TaskRun } from '@srm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import { createTestApp, TEST_APP_CONFIG, type TestApp } from '../helpers';

/**
 * The job runner across servers and restarts: servers sharing one database fire a schedule once,
 * and a job queued before a restart runs after it. Each server has its own runner (on PostgreSQL
 * its own pool), as separate processes would.
 */
let t: TestApp;
let admin: string;
const dirs: string[] = [];
const apps: FastifyInstance[] = [];
const T = '/api/system/Task';

async function server(jobs: AppConfig['jobs']): Promise<FastifyInstance> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'srm-jobs-'));
  dirs.push(dir);
  const app = await buildApp({
    dataDir: dir,
    ...TEST_APP_CONFIG,
    jobs,
    db: t.handle,
  });
  await app.ready();
  apps.push(app);
  return app;
}

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  const parsed = JSON.parse(res.body) as { code: number; data: T };
  expect(parsed.code).toBe(0);
  return parsed.data;
}

async function runsOf(app: FastifyInstance, taskId: string): Promise<TaskRun[]> {
  return (await call<Page<TaskRun>>(app, 'GET', `/api/system/TaskRun?taskId=${taskId}&pageSize=100`)).list;
}

async function until(check: () => Promise<boolean>, seconds: number): Promise<void> {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('job runner', () => {
  it('runs a job queued before a restart once the server is back', async () => {
    // This server only queues (no workers): the job waits in the database.
    const before = await server({ workers: false });
    const task = await call<Task>(before, 'POST', T, {
      name: '重启后执行',
      jobCode: 'session.endIdle',
      cron: '0 4 * * *',
      timeZone: 'UTC',
      enabled: true,
    });
    await call(before, 'POST', `${T}/${task.id}/Actions/Run`);
    await before.close();
    expect(await runsOf(t.app, task.id)).toEqual([]);
    // The next start runs it, and the task's schedule is still there.
    const after = await server({ workers: true, pollingIntervalSeconds: 0.5 });
    await until(async () => (await runsOf(after, task.id)).some((r) => r.result === 'success'), 30);
    const runs = await runsOf(after, task.id);
    expect(runs.map((r) => [r.result, r.trigger])).toEqual([['success', 'manual']]);
    expect(await after.deps.jobs.scheduleKeys('system-task')).toContain(task.id);
    await after.close();
  }, 60_000);

  it.skipIf(inject('testDb') !== 'pg')(
    'fires a schedule exactly once with two servers on one PostgreSQL database',
    async () => {
      const options = { workers: true, pollingIntervalSeconds: 0.5, cronIntervalSeconds: 1 };
      const [a, b] = [await server(options), await server(options)];
      const task = await call<Task>(a, 'POST', T, {
        name: '每分钟',
        jobCode: 'session.endIdle',
        cron: '* * * * *',
        timeZone: 'UTC',
        enabled: true,
      });
      // The first occurrence comes at the next minute; both servers look for it every second.
      await until(async () => (await runsOf(a, task.id)).length > 0, 90);
      const first = await runsOf(a, task.id);
      expect(first).toHaveLength(1);
      // Both servers have had many passes over that occurrence by now: still one run for its minute.
      await new Promise((r) => setTimeout(r, 8000));
      const runs = (await runsOf(b, task.id)).filter((r) => r.trigger === 'schedule');
      const minutes = runs.map((r) => Math.floor(r.startedAt / 60_000));
      expect(new Set(minutes).size).toBe(minutes.length);
      expect(runs.every((r) => r.result === 'success')).toBe(true);
    },
    150_000,
  );
});
