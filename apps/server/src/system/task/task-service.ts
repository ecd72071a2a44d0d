import {
  DEFAULT_TASK_TIME_ZONE,
  type Locale,
  type Page,
  type Task,
  type TaskBody,
  type TaskJobCode,
  type TaskResult,
  type TaskRun,
  validationMessage,
} from '@srm/contracts';
import type { Kysely, Transaction } from 'kysely';
import { fieldError, notFound } from '../../core/errors';
import type { FileStore } from '../../core/file-store';
import type { ServiceContext } from '../../core/service-context';
import type { SettingsCache } from '../../core/settings';
import type { DbHandle } from '../../db/index';
import { transaction } from '../../db/transaction';
import type { Database } from '../../db/types';
import type { JobMeta, JobRunner } from '../../jobs/runner';
import { BUILTIN_JOBS, jobParams, runMessage, runMessageIn } from './job-registry';

/** The runner's job that runs a task: one queue, one schedule per enabled task (key = task id). */
export const TASK_JOB = 'system-task';

export interface TaskJobData {
  tenantId: string;
  taskId: string;
  trigger?: 'schedule' | 'manual';
}

/** A service call's context: the database, the tenant, the caller's language, and the job runner. */
export type TaskContext = Pick<ServiceContext, 'db' | 'tenantId' | 'locale'> & { jobs: JobRunner };

type TaskRow = {
  id: string;
  name: string;
  name_en: string;
  name_tw: string;
  job_code: string;
  params: unknown;
  cron: string;
  time_zone: string;
  enabled: boolean;
  last_run_at: Date | null;
  last_result: string | null;
};

function nextRun(jobs: JobRunner, row: TaskRow): number | null {
  if (!row.enabled) return null;
  try {
    return jobs.preview(row.cron, row.time_zone, 1)[0]?.getTime() ?? null;
  } catch {
    return null;
  }
}

function toTask(jobs: JobRunner, row: TaskRow): Task {
  const jobCode = row.job_code as TaskJobCode;
  return {
    id: String(row.id),
    name: row.name,
    nameEn: row.name_en,
    nameTw: row.name_tw,
    jobCode,
    params: jobParams(jobCode, row.params),
    cron: row.cron,
    timeZone: row.time_zone,
    enabled: row.enabled,
    lastRunAt: row.last_run_at ? new Date(row.last_run_at).getTime() : null,
    lastResult: (row.last_result as TaskResult | null) ?? null,
    nextRunAt: nextRun(jobs, row),
  };
}

/** The next runs of an expression, or a 400 on the `cron` field when the runner would refuse it. */
export function previewCron(
  ctx: Pick<TaskContext, 'jobs' | 'locale'>,
  cron: string,
  timeZone: string,
): number[] {
  try {
    return ctx.jobs.preview(cron, timeZone, 5).map((d) => d.getTime());
  } catch {
    throw fieldError({ cron: validationMessage('validation.cron', ctx.locale) });
  }
}

const TASK_COLUMNS = [
  'id',
  'name',
  'name_en',
  'name_tw',
  'job_code',
  'params',
  'cron',
  'time_zone',
  'enabled',
  'last_run_at',
  'last_result',
] as const;

export async function listTasks(
  ctx: TaskContext,
  query: { currentPage: number; pageSize: number; keyword?: string },
): Promise<Page<Task>> {
  let base = ctx.db.selectFrom('sys_task').where('tenant_id', '=', ctx.tenantId);
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`;
    base = base.where((eb) =>
      eb.or([eb('name', 'ilike', like), eb('name_en', 'ilike', like), eb('name_tw', 'ilike', like)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(TASK_COLUMNS)
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.currentPage - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => toTask(ctx.jobs, r as TaskRow)),
    pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: Number(count.total) },
  };
}

async function loadTask(db: Kysely<Database>, tenantId: string, id: string): Promise<TaskRow | undefined> {
  return (await db
    .selectFrom('sys_task')
    .select(TASK_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()) as TaskRow | undefined;
}

export async function getTask(ctx: TaskContext, id: string): Promise<Task> {
  const row = await loadTask(ctx.db, ctx.tenantId, id);
  if (!row) throw notFound();
  return toTask(ctx.jobs, row);
}

type ValidBody = Required<Omit<TaskBody, 'params'>> & { params: { days?: number; keep?: number } };

/** Creates a task and, when enabled, its schedule, in one transaction. */
export async function createTask(ctx: TaskContext, body: ValidBody): Promise<Task> {
  previewCron(ctx, body.cron, body.timeZone);
  await ctx.jobs.start();
  const id = await transaction(ctx.db, async (tx) => {
    const row = await tx
      .insertInto('sys_task')
      .values({
        tenant_id: ctx.tenantId,
        name: body.name,
        name_en: body.nameEn,
        name_tw: body.nameTw,
        job_code: body.jobCode,
        params: JSON.stringify(jobParams(body.jobCode, body.params)),
        cron: body.cron,
        time_zone: body.timeZone,
        enabled: body.enabled,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const taskId = String(row.id);
    if (body.enabled) await scheduleTask(ctx.jobs, tx, ctx.tenantId, taskId, body);
    return taskId;
  });
  return getTask(ctx, id);
}

/** Each job of the registry retries as often as it says. */
function retryOf(jobCode: string): { retryLimit: number } {
  return { retryLimit: BUILTIN_JOBS[jobCode as TaskJobCode]?.retryLimit ?? 0 };
}

function scheduleTask(
  jobs: JobRunner,
  tx: Kysely<Database>,
  tenantId: string,
  taskId: string,
  spec: { cron: string; timeZone: string; jobCode: string },
): Promise<void> {
  const data: TaskJobData = { tenantId, taskId, trigger: 'schedule' };
  return jobs.schedule(
    TASK_JOB,
    { cron: spec.cron, timeZone: spec.timeZone, key: taskId },
    data,
    tx,
    retryOf(spec.jobCode),
  );
}

/** Rewrites a task and its schedule together. */
export async function updateTask(ctx: TaskContext, id: string, body: ValidBody): Promise<Task> {
  previewCron(ctx, body.cron, body.timeZone);
  await ctx.jobs.start();
  await transaction(ctx.db, async (tx) => {
    const updated = await tx
      .updateTable('sys_task')
      .set({
        name: body.name,
        name_en: body.nameEn,
        name_tw: body.nameTw,
        job_code: body.jobCode,
        params: JSON.stringify(jobParams(body.jobCode, body.params)),
        cron: body.cron,
        time_zone: body.timeZone,
        enabled: body.enabled,
        updated_at: new Date(),
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw notFound();
    if (body.enabled) await scheduleTask(ctx.jobs, tx, ctx.tenantId, id, body);
    else await ctx.jobs.unschedule(TASK_JOB, id, tx);
  });
  return getTask(ctx, id);
}

/** Pause (no schedule) or resume (scheduled again). */
export async function setTaskState(ctx: TaskContext, id: string, enabled: boolean): Promise<Task> {
  await ctx.jobs.start();
  await transaction(ctx.db, async (tx) => {
    const row = await tx
      .updateTable('sys_task')
      .set({ enabled, updated_at: new Date() })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .returning(['cron', 'time_zone', 'job_code'])
      .executeTakeFirst();
    if (!row) throw notFound();
    if (enabled)
      await scheduleTask(ctx.jobs, tx, ctx.tenantId, id, {
        cron: row.cron,
        timeZone: row.time_zone,
        jobCode: row.job_code,
      });
    else await ctx.jobs.unschedule(TASK_JOB, id, tx);
  });
  return getTask(ctx, id);
}

/** Deletes the task and its schedule; its run log stays (each run keeps the task's name). */
export async function deleteTask(ctx: TaskContext, id: string): Promise<void> {
  await ctx.jobs.start();
  await transaction(ctx.db, async (tx) => {
    const row = await tx
      .deleteFrom('sys_task')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound();
    await ctx.jobs.unschedule(TASK_JOB, id, tx);
  });
}

/** Queues one run now, paused or not; returns the runner's job id. */
export async function runTaskNow(ctx: TaskContext, id: string): Promise<string> {
  const task = await loadTask(ctx.db, ctx.tenantId, id);
  if (!task) throw notFound();
  const data: TaskJobData = { tenantId: ctx.tenantId, taskId: id, trigger: 'manual' };
  return ctx.jobs.send(TASK_JOB, data, retryOf(task.job_code));
}

export interface RunQuery {
  currentPage: number;
  pageSize: number;
  taskId?: string;
  result?: TaskResult;
  startTime?: number;
  endTime?: number;
}

export function toRun(
  locale: Locale,
  r: {
    id: string;
    task_id: string;
    task_name: string;
    job_code: string;
    trigger: 'schedule' | 'manual';
    attempt: number;
    result: TaskResult;
    message: string;
    error: string;
    started_at: Date;
    ended_at: Date | null;
    duration_ms: number | null;
  },
): TaskRun {
  return {
    id: String(r.id),
    taskId: String(r.task_id),
    taskName: r.task_name,
    jobCode: r.job_code,
    trigger: r.trigger,
    attempt: r.attempt,
    result: r.result,
    message: runMessageIn(r.message, locale),
    error: r.error,
    startedAt: new Date(r.started_at).getTime(),
    endedAt: r.ended_at ? new Date(r.ended_at).getTime() : null,
    durationMs: r.duration_ms,
  };
}

/** The run log, newest first. */
export async function listRuns(
  ctx: Pick<TaskContext, 'db' | 'tenantId' | 'locale'>,
  q: RunQuery,
): Promise<Page<TaskRun>> {
  let base = ctx.db.selectFrom('sys_task_run').where('tenant_id', '=', ctx.tenantId);
  if (q.taskId) base = base.where('task_id', '=', q.taskId);
  if (q.result) base = base.where('result', '=', q.result);
  if (q.startTime !== undefined) base = base.where('started_at', '>=', new Date(q.startTime));
  if (q.endTime !== undefined) base = base.where('started_at', '<=', new Date(q.endTime));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => toRun(ctx.locale, r)),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(count.total) },
  };
}

export interface TaskWorkerDeps {
  handle: DbHandle;
  settings: SettingsCache;
  dataDir: string;
  files: FileStore;
  now?: () => Date;
}

/**
 * The runner's handler: one attempt of a task's run, logged as a row from start to end. A failure
 * is logged with its error and thrown again, so the runner retries it per the job's policy.
 */
export async function runTaskJob(deps: TaskWorkerDeps, data: TaskJobData, meta: JobMeta): Promise<void> {
  const db = deps.handle.db;
  const task = await loadTask(db, data.tenantId, data.taskId);
  // Deleted since it was queued, or paused since its schedule fired: nothing to run.
  if (!task || (data.trigger !== 'manual' && !task.enabled)) return;
  const job = BUILTIN_JOBS[task.job_code as TaskJobCode];
  const started = new Date();
  const run = await transaction(db, async (tx) => {
    const row = await tx
      .insertInto('sys_task_run')
      .values({
        tenant_id: data.tenantId,
        task_id: data.taskId,
        task_name: task.name,
        job_code: task.job_code,
        trigger: data.trigger ?? 'schedule',
        attempt: meta.attempt,
        result: 'running',
        started_at: started,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('sys_task')
      .set({ last_run_at: started, last_result: 'running' })
      .where('id', '=', data.taskId)
      .execute();
    return row;
  });
  let result: TaskResult = 'success';
  let message = '';
  let error = '';
  try {
    if (!job) throw new Error(`unknown job ${task.job_code}`);
    if (job.embeddedOnly && deps.handle.kind !== 'pglite') {
      throw new Error(`${job.code} runs on the embedded database only`);
    }
    message = await job.run(
      {
        db,
        handle: deps.handle,
        settings: deps.settings,
        dataDir: deps.dataDir,
        files: deps.files,
        tenantId: data.tenantId,
        now: deps.now?.() ?? new Date(),
      },
      jobParams(job.code, task.params),
    );
  } catch (caught) {
    result = 'failure';
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const ended = new Date();
  await transaction(db, async (tx) => {
    await tx
      .updateTable('sys_task_run')
      .set({
        result,
        message: message.slice(0, 2000),
        error: error.slice(0, 2000),
        ended_at: ended,
        duration_ms: ended.getTime() - started.getTime(),
      })
      .where('id', '=', run.id)
      .execute();
    await tx.updateTable('sys_task').set({ last_result: result }).where('id', '=', data.taskId).execute();
  });
  if (result === 'failure') throw new Error(error);
}

/**
 * Makes the runner's schedules match the tasks (at start-up): every enabled task scheduled with its
 * current expression, no schedule left for a task deleted or paused meanwhile.
 */
export async function reconcileSchedules(db: Kysely<Database>, jobs: JobRunner): Promise<void> {
  const tasks = await db
    .selectFrom('sys_task')
    .select(['id', 'tenant_id', 'cron', 'time_zone', 'job_code'])
    .where('enabled', '=', true)
    .execute();
  const wanted = new Set(tasks.map((t) => String(t.id)));
  for (const key of await jobs.scheduleKeys(TASK_JOB)) {
    if (!wanted.has(key)) await jobs.unschedule(TASK_JOB, key);
  }
  for (const t of tasks) {
    try {
      await scheduleTask(jobs, db, String(t.tenant_id), String(t.id), {
        cron: t.cron,
        timeZone: t.time_zone,
        jobCode: t.job_code,
      });
    } catch {
      // An expression the runner no longer accepts leaves that task unscheduled, not the server down.
    }
  }
}

/**
 * After a tenant restore, in its transaction: the runner's schedules of the tenant's tasks as the
 * restored rows say (`before`: the tenant's task ids until then, whose schedules may have to go).
 */
export async function syncTenantSchedules(
  jobs: JobRunner,
  tx: Transaction<Database>,
  tenantId: string,
  before: string[],
): Promise<void> {
  const tasks = await tx
    .selectFrom('sys_task')
    .select(['id', 'cron', 'time_zone', 'job_code', 'enabled'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const enabled = new Set(tasks.filter((t) => t.enabled).map((t) => String(t.id)));
  for (const id of new Set([...before, ...tasks.map((t) => String(t.id))])) {
    if (!enabled.has(id)) await jobs.unschedule(TASK_JOB, id, tx);
  }
  // Not caught: a failed statement has aborted the transaction, which must then fail as a whole.
  for (const t of tasks) {
    if (!t.enabled) continue;
    await scheduleTask(jobs, tx, tenantId, String(t.id), {
      cron: t.cron,
      timeZone: t.time_zone,
      jobCode: t.job_code,
    });
  }
}

/**
 * A backup taken on the backup screen, in the run log as a manual run of the tenant's backup task
 * (so the screen's last backup job shows it); task id 0 when the tenant has no such task.
 */
export async function recordManualBackup(
  db: Kysely<Database>,
  tenantId: string,
  backup: { name: string; size: number; createdAt: number },
  started: Date,
): Promise<void> {
  const task = await db
    .selectFrom('sys_task')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('job_code', '=', 'db.backup')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const ended = new Date();
  await db
    .insertInto('sys_task_run')
    .values({
      tenant_id: tenantId,
      task_id: task?.id ?? '0',
      task_name: task?.name ?? '',
      job_code: 'db.backup',
      trigger: 'manual',
      attempt: 1,
      result: 'success',
      message: runMessage('task.run.backupTaken', { name: backup.name, size: backup.size }),
      started_at: started,
      ended_at: ended,
      duration_ms: ended.getTime() - started.getTime(),
    })
    .execute();
}

/** The tasks every tenant starts with. */
export async function seedTasks(db: Kysely<Database>, tenantId: string, embedded: boolean): Promise<void> {
  await db
    .insertInto('sys_task')
    .values([
      {
        tenant_id: tenantId,
        name: '清理日志',
        name_en: 'Purge old logs',
        name_tw: '清理日誌',
        job_code: 'log.purge',
        params: JSON.stringify({ days: 90 }),
        cron: '30 2 * * *',
        time_zone: DEFAULT_TASK_TIME_ZONE,
        enabled: true,
      },
      {
        tenant_id: tenantId,
        name: '结束空闲会话',
        name_en: 'End idle sessions',
        name_tw: '結束閒置工作階段',
        job_code: 'session.endIdle',
        params: '{}',
        cron: '*/10 * * * *',
        time_zone: DEFAULT_TASK_TIME_ZONE,
        enabled: true,
      },
      {
        tenant_id: tenantId,
        name: '备份内置数据库',
        name_en: 'Back up the embedded database',
        name_tw: '備份內建資料庫',
        job_code: 'db.backup',
        params: JSON.stringify({ keep: 7 }),
        cron: '0 3 * * *',
        time_zone: DEFAULT_TASK_TIME_ZONE,
        enabled: embedded,
      },
      // Registration uploads no application names go after a day (supplier/register-upload.ts).
      {
        tenant_id: tenantId,
        name: '清理未认领的注册附件',
        name_en: 'Purge unclaimed registration attachments',
        name_tw: '清理未認領的註冊附件',
        job_code: 'upload.purgeUnclaimed',
        params: JSON.stringify({ days: 1 }),
        cron: '20 * * * *',
        time_zone: DEFAULT_TASK_TIME_ZONE,
        enabled: true,
      },
    ])
    .execute();
}

/** The tenant's last run of a backup task, for the backup screen. */
export async function lastBackupRun(
  db: Kysely<Database>,
  tenantId: string,
  locale: Locale,
): Promise<TaskRun | null> {
  const row = await db
    .selectFrom('sys_task_run')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('job_code', '=', 'db.backup')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRun(locale, row) : null;
}
