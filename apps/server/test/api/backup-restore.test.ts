import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Backup } from '@srm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { TEST_APP_CONFIG } from '../helpers';

/**
 * A restore of the embedded database takes effect at the next start: the server moves the data
 * folder aside and opens the backup in its place. A real data folder here, as the server has one.
 */
let dir = '';
let app: FastifyInstance | undefined;

const start = () =>
  buildApp({
    dataDir: dir,
    ...TEST_APP_CONFIG,
  });

async function call<T>(method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<T> {
  const res = await app!.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  const parsed = JSON.parse(res.body) as { code: number; msg: string; data: T };
  expect(parsed.code, parsed.msg).toBe(0);
  return parsed.data;
}

const signIn = async () =>
  (
    await call<{ token: string }>('POST', '/api/sys/login', undefined, {
      userName: 'admin',
      passWord: 'admin123',
    })
  ).token;

afterAll(async () => {
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('restore at the next start', () => {
  it.skipIf(inject('testDb') === 'pg')(
    'brings back the database of the backup; the replaced folder is kept',
    async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'srm-restore-'));
      app = await start();
      let token = await signIn();
      const backup = await call<Backup>('POST', '/api/systemData/DataBackup', token);
      // A change after the backup: a task that the restore must take away.
      await call('POST', '/api/system/Task', token, {
        name: '备份之后',
        jobCode: 'session.endIdle',
        cron: '0 5 * * *',
        timeZone: 'UTC',
      });
      await call('POST', `/api/systemData/DataBackup/${backup.name}/Actions/Restore`, token);
      await app.close();

      app = await start();
      token = await signIn();
      const tasks = await call<{ list: { name: string }[] }>('GET', '/api/system/Task', token);
      expect(tasks.list.map((x) => x.name)).not.toContain('备份之后');
      expect(tasks.list).toHaveLength(3);
      const info = await call<{ pendingRestore: string | null; backups: Backup[] }>(
        'GET',
        '/api/systemData/DataBackup',
        token,
      );
      expect(info.pendingRestore).toBeNull();
      expect(info.backups.map((b) => b.name)).toEqual([backup.name]);
      const kept = (await readdir(dir)).filter((n) => n.startsWith('pglite-before-restore-'));
      expect(kept).toHaveLength(1);
      expect(existsSync(path.join(dir, 'pglite'))).toBe(true);
    },
    180_000,
  );
});
