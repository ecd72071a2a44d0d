import { type Locale, TASK_JOB_PARAMS, type TaskJobCode } from '@srm/contracts';
import type { Kysely } from 'kysely';
import type { FileStore } from '../../core/file-store';
import { isMessageKey, type MessageKey, type MessageParams, t } from '../../core/i18n';
import type { SettingsCache } from '../../core/settings';
import type { DbHandle } from '../../db/index';
import type { Database } from '../../db/types';
import { takeTenantBackup } from '../backup/tenant-backup';

/** What a built-in job may use: the tenant's database, its settings, the data folder, the file store. */
export interface JobContext {
  db: Kysely<Database>;
  handle: DbHandle;
  settings: SettingsCache;
  dataDir: string;
  files: FileStore;
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
  /** What it did, for the run log: a message key and its values, written in the reader's language. */
  run(ctx: JobContext, params: TaskParams): Promise<string>;
}

/** A run's message as stored: its key and values, so that each reader gets it in his language. */
export function runMessage(key: MessageKey, params: MessageParams): string {
  return JSON.stringify({ key, params });
}

/** A stored run message in a language; a message stored as plain text (older runs) as it is. */
export function runMessageIn(stored: string, locale: Locale): string {
  if (!stored.startsWith('{"key":')) return stored;
  try {
    const { key, params } = JSON.parse(stored) as { key: string; params: MessageParams };
    return isMessageKey(key) ? t(locale, key, params) : stored;
  } catch {
    return stored;
  }
}

/** The tenant's own backup (its rows and files, system/backup/tenant-backup.ts), on either database. */
const backupDatabase: BuiltinJob = {
  code: 'db.backup',
  embeddedOnly: false,
  retryLimit: 1,
  async run(ctx, params) {
    const backup = await takeTenantBackup(
      { db: ctx.db, files: ctx.files, tenantId: ctx.tenantId },
      'schedule',
      params.keep ?? 7,
    );
    return runMessage('task.run.backupTaken', { name: backup.name, size: backup.size });
  },
};

/**
 * The registry: every job a task can name, by code. A job over another domain's tables is that
 * domain's code, added with `registerBuiltinJob` when its module loads (`upload.purgeUnclaimed`:
 * supplier/register-upload.ts; `log.purge` and `session.endIdle`: auth/jobs.ts), so this folder
 * imports no domain and writes no other domain's table.
 */
export const BUILTIN_JOBS: Partial<Record<TaskJobCode, BuiltinJob>> = {
  'db.backup': backupDatabase,
};

export function registerBuiltinJob(job: BuiltinJob): void {
  BUILTIN_JOBS[job.code] = job;
}

/** The stored parameters of a task, kept to what its job takes (anything else is dropped). */
export function jobParams(code: TaskJobCode, stored: unknown): TaskParams {
  const spec = TASK_JOB_PARAMS[code];
  if (!spec || typeof stored !== 'object' || stored === null) return {};
  const value = (stored as Record<string, unknown>)[spec.name];
  return Number.isInteger(value) && (value as number) >= spec.min && (value as number) <= spec.max
    ? { [spec.name]: value as number }
    : {};
}
