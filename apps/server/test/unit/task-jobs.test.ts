import { TASK_JOB_CODES, TASK_JOB_PARAMS, taskBodySchema } from '@srm/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/index';
import type { Database } from '../../src/db/types';
import { JobRunner } from '../../src/jobs/runner';
import { BUILTIN_JOBS, jobParams } from '../../src/system/task/job-registry';
// Jobs of other domains register when their modules load: the registration's, the sessions' and logs'.
import '../../src/auth/jobs';
import '../../src/supplier/register-upload';

/** The cron preview (the runner's own evaluation) and the registry of built-in jobs. */
const runner = new JobRunner(
  // Never connected: the preview is arithmetic, no database is reached.
  {
    kind: 'pg',
    connectionString: 'postgres://nobody@127.0.0.1:1/none',
    db: {} as Kysely<Database>,
  } as DbHandle,
  { workers: false },
);

describe('cron preview', () => {
  const from = new Date('2026-03-07T12:00:00Z');

  it('gives the next five runs in the task time zone', () => {
    const next = runner.preview('30 2 * * *', 'Asia/Shanghai', 5, from);
    expect(next.map((d) => d.toISOString())).toEqual([
      '2026-03-07T18:30:00.000Z',
      '2026-03-08T18:30:00.000Z',
      '2026-03-09T18:30:00.000Z',
      '2026-03-10T18:30:00.000Z',
      '2026-03-11T18:30:00.000Z',
    ]);
  });

  it('follows daylight saving time in zones that have it', () => {
    // New York moves from UTC-5 to UTC-4 on 8 March 2026: 09:00 local is 14:00Z on the 7th, 13:00Z on the 8th.
    const next = runner.preview('0 9 * * *', 'America/New_York', 2, from);
    expect(next.map((d) => d.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
    ]);
  });

  it('refuses expressions the runner would refuse', () => {
    for (const bad of ['61 * * * *', '* 25 * * *', '* * 32 * *', 'every minute']) {
      expect(() => runner.preview(bad, 'UTC', 5, from), bad).toThrow();
    }
    expect(() => runner.preview('* * * * *', 'Mars/Base', 5, from)).toThrow();
  });
});

describe('built-in jobs', () => {
  it('the registry has exactly the jobs the contracts name', () => {
    expect(Object.keys(BUILTIN_JOBS).sort()).toEqual([...TASK_JOB_CODES].sort());
    for (const code of TASK_JOB_CODES) expect(BUILTIN_JOBS[code]?.code).toBe(code);
    // The tenant's own backup (rows and files) runs on either database.
    expect(BUILTIN_JOBS['db.backup']?.embeddedOnly).toBe(false);
  });

  it('keeps only the parameter a job takes, within its limits', () => {
    expect(jobParams('log.purge', { days: 30, keep: 3, sql: 'drop table x' })).toEqual({ days: 30 });
    expect(jobParams('log.purge', { days: 0 })).toEqual({});
    expect(jobParams('log.purge', { days: 1.5 })).toEqual({});
    expect(jobParams('session.endIdle', { days: 30 })).toEqual({});
    expect(jobParams('db.backup', { keep: 7 })).toEqual({ keep: 7 });
    expect(jobParams('db.backup', null)).toEqual({});
  });

  it('a task names a job of the registry and gives the parameter it needs', () => {
    const base = { name: '任务', cron: '0 1 * * *', timeZone: 'UTC' };
    expect(taskBodySchema.safeParse({ ...base, jobCode: 'log.purge', params: { days: 7 } }).success).toBe(
      true,
    );
    expect(taskBodySchema.safeParse({ ...base, jobCode: 'session.endIdle' }).success).toBe(true);
    expect(taskBodySchema.safeParse({ ...base, jobCode: 'log.purge' }).success).toBe(false);
    expect(taskBodySchema.safeParse({ ...base, jobCode: 'shell', params: {} }).success).toBe(false);
    expect(
      taskBodySchema.safeParse({ ...base, jobCode: 'log.purge', params: { days: 7, sql: 'x' } }).success,
    ).toBe(false);
    expect(TASK_JOB_PARAMS['log.purge']).toEqual({ name: 'days', min: 1, max: 3650 });
  });
});
