import { TASK_JOB_PARAMS, type TaskJobCode } from '@srm/contracts';
import type { Kysely } from 'kysely';
import type { SettingsCache } from '../../core/settings';
import type { DbHandle } from '../../db/index';
import type { Database } from '../../db/types';
import { takeBackup } from '../backup/service';

/** What a built-in job may use: the tenant's database, its settings, the data folder. */
export interface JobContext {
  db: Kysely<Database>;
  handle: DbHandle;
  settings: SettingsCache;
  dataDir: string;
  tenantId: string;
  now: Date;
}

export interface TaskParams {
  days?: number;
  keep?: number;
}

/** A job a scheduled task may run: code in the server, never code or SQL from a user. */
export interface BuiltinJob {
  code: TaskJobCode;
  /** Runs only on the embedded database (elsewhere it fails with a clear error). */
  embeddedOnly: boolean;
  /** Retries after a failed attempt. */
  retryLimit: number;
  /** What it did, for the run log (a translated text is not needed: numbers and names). */
  run(ctx: JobContext, params: TaskParams): Promise<string>;
}

const DAY_MS = 86_400_000;

const purgeLogs: BuiltinJob = {
  code: 'log.purge',
  embeddedOnly: false,
  retryLimit: 2,
  async run(ctx, params) {
    const days = params.days ?? 30;
    const before = new Date(ctx.now.getTime() - days * DAY_MS);
    const counts: string[] = [];
    for (const table of ['sys_request_log', 'sys_error_log', 'sys_login_log'] as const) {
      const result = await ctx.db
        .deleteFrom(table)
        .where('tenant_id', '=', ctx.tenantId)
        .where('created_at', '<', before)
        .executeTakeFirst();
      counts.push(`${table}: ${result.numDeletedRows}`);
    }
    return `older than ${days} days: ${counts.join(', ')}`;
  },
};

const endIdleSessions: BuiltinJob = {
  code: 'session.endIdle',
  embeddedOnly: false,
  retryLimit: 2,
  async run(ctx) {
    const { tokenTimeoutMinutes } = await ctx.settings.security(ctx.tenantId);
    const before = new Date(ctx.now.getTime() - tokenTimeoutMinutes * 60_000);
    const result = await ctx.db
      .updateTable('sys_session')
      .set({ ended_reason: 'expired', ended_at: ctx.now })
      .where('tenant_id', '=', ctx.tenantId)
      .where('ended_reason', 'is', null)
      .where('last_seen_at', '<', before)
      .executeTakeFirst();
    return `sessions ended: ${result.numUpdatedRows}`;
  },
};

const backupDatabase: BuiltinJob = {
  code: 'db.backup',
  embeddedOnly: true,
  retryLimit: 1,
  async run(ctx, params) {
    const backup = await takeBackup(
      { handle: ctx.handle, dataDir: ctx.dataDir, tenantId: ctx.tenantId },
      'schedule',
      params.keep ?? 7,
    );
    return `${backup.name} (${backup.size} bytes)`;
  },
};

/** The registry: every job a task can name, by code. */
export const BUILTIN_JOBS: Readonly<Record<TaskJobCode, BuiltinJob>> = {
  'log.purge': purgeLogs,
  'session.endIdle': endIdleSessions,
  'db.backup': backupDatabase,
};

/** The stored parameters of a task, kept to what its job takes (anything else is dropped). */
export function jobParams(code: TaskJobCode, stored: unknown): TaskParams {
  const spec = TASK_JOB_PARAMS[code];
  if (!spec || typeof stored !== 'object' || stored === null) return {};
  const value = (stored as Record<string, unknown>)[spec.name];
  return Number.isInteger(value) && (value as number) >= spec.min && (value as number) <= spec.max
    ? { [spec.name]: value as number }
    : {};
}
