// The zod-free part of task.ts (shared by the web without zod).

/** Scheduled tasks (system → task) and data backup (systemData → dataBackup): codes and paths. */
export const TaskPerm = {
  task: 'system.task',
  taskAdd: 'system.task.add',
  taskEdit: 'system.task.edit',
  taskDelete: 'system.task.delete',
  /** Run now, pause and resume. */
  taskRun: 'system.task.run',
  systemData: 'systemData',
  dataBackup: 'systemData.dataBackup',
  /** Take a backup now, delete one. */
  dataBackupAdd: 'systemData.dataBackup.add',
  dataBackupDelete: 'systemData.dataBackup.delete',
  dataBackupDownload: 'systemData.dataBackup.download',
  dataBackupRestore: 'systemData.dataBackup.restore',
} as const;
export type TaskPermCode = (typeof TaskPerm)[keyof typeof TaskPerm];

export const TaskApi = {
  /**
   * GET list (paged, ?keyword); POST create; GET/PUT/DELETE `${task}/{id}`;
   * PUT `${task}/{id}/Actions/State` {enabled} (pause, resume); POST `${task}/{id}/Actions/Run`.
   */
  task: '/api/system/Task',
  /** GET: the built-in jobs a task may run. */
  jobs: '/api/system/Task/Jobs',
  /** GET ?cron=&timeZone=: the next five runs (the runner's own cron evaluation). */
  preview: '/api/system/Task/Preview',
  /** GET run log (paged, ?taskId, ?result, ?startTime, ?endTime). */
  runs: '/api/system/TaskRun',
} as const;

export const BackupApi = {
  /** GET: the tenant's backups and its last backup job; POST: back the tenant up now. */
  backup: '/api/systemData/DataBackup',
  /**
   * DELETE `${backup}/{name}`; GET `${backup}/{name}/Actions/Download`;
   * POST `${backup}/{name}/Actions/Restore`: the tenant's rows and files replaced at once, in one transaction.
   */
} as const;

/** The built-in jobs of the server's registry: a task names one, never code or SQL. */
export const TASK_JOB_CODES = ['log.purge', 'session.endIdle', 'db.backup', 'upload.purgeUnclaimed'] as const;
export type TaskJobCode = (typeof TASK_JOB_CODES)[number];

/** The parameter each job takes (none, or a number within limits). */
export const TASK_JOB_PARAMS: Record<
  TaskJobCode,
  { name: 'days' | 'keep'; min: number; max: number } | null
> = {
  'log.purge': { name: 'days', min: 1, max: 3650 },
  'session.endIdle': null,
  'db.backup': { name: 'keep', min: 1, max: 100 },
  /** Registration uploads no application names, once older than N days (1: the day they had). */
  'upload.purgeUnclaimed': { name: 'days', min: 1, max: 30 },
};

export const TASK_RESULTS = ['running', 'success', 'failure'] as const;
export type TaskResult = (typeof TASK_RESULTS)[number];

/** Five fields: minute hour day-of-month month day-of-week. */
export const CRON_FIELDS = 5;
export const CRON_MAX_LENGTH = 100;
export const DEFAULT_TASK_TIME_ZONE = 'Asia/Shanghai';

/**
 * A whole-database backup's name as the server makes it: `backup-20261125T201500Z-1a2b3c.tar.gz`
 * (the embedded database's data folder) or `….dump` (a pg_dump archive of PostgreSQL).
 */
export const BACKUP_NAME_PATTERN = /^backup-\d{8}T\d{6}Z-[0-9a-f]{6}\.(tar\.gz|dump)$/;
/** A tenant backup's name: `tenant-20261125T201500Z-1a2b3c.ndjson.gz` (gzipped JSON lines). */
export const TENANT_BACKUP_NAME_PATTERN = /^tenant-\d{8}T\d{6}Z-[0-9a-f]{6}\.ndjson\.gz$/;

/** Whether a time zone name is one the runtime knows (IANA names, e.g. Asia/Shanghai, UTC). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
