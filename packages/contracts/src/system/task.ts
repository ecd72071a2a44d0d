import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { zName, zOtherName } from '../validation/rules';
import {
  BACKUP_NAME_PATTERN,
  CRON_FIELDS,
  CRON_MAX_LENGTH,
  isTimeZone,
  TASK_JOB_CODES,
  TASK_JOB_PARAMS,
  TASK_RESULTS,
} from './task.core';

export * from './task.core';

const cronSchema = z
  .string()
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(CRON_MAX_LENGTH, { error: 'validation.tooLong', abort: true })
  .refine((v) => v.split(/\s+/).length === CRON_FIELDS, 'validation.cron');
const timeZoneSchema = z.string().trim().max(64).refine(isTimeZone, 'validation.timeZone');

export const taskParamsSchema = z
  .object({
    days: z.number().int().min(1).max(3650).optional(),
    keep: z.number().int().min(1).max(100).optional(),
  })
  .strict();

/** POST create / PUT update. The job's parameter is required when the job takes one. */
export const taskBodySchema = z
  .object({
    name: zName({ max: 50 }),
    nameEn: zOtherName(50),
    nameTw: zOtherName(50),
    jobCode: z.enum(TASK_JOB_CODES),
    params: taskParamsSchema.default({}),
    cron: cronSchema,
    timeZone: timeZoneSchema,
    enabled: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    const spec = TASK_JOB_PARAMS[body.jobCode];
    if (spec && body.params[spec.name] === undefined) {
      ctx.addIssue({ code: 'custom', path: ['params', spec.name], message: 'validation.required' });
    }
  });
export type TaskBody = z.input<typeof taskBodySchema>;

export const taskSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The name in English and traditional Chinese; empty shows `name`. */
  nameEn: z.string(),
  nameTw: z.string(),
  jobCode: z.enum(TASK_JOB_CODES),
  params: z.object({ days: z.number().int().optional(), keep: z.number().int().optional() }),
  cron: z.string(),
  timeZone: z.string(),
  enabled: z.boolean(),
  /** Epoch ms of the last run's start, and its result. */
  lastRunAt: z.number().nullable(),
  lastResult: z.enum(TASK_RESULTS).nullable(),
  /** Epoch ms of the next scheduled run (null while paused). */
  nextRunAt: z.number().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskStateSchema = z.object({ enabled: z.boolean() });
export const taskIdParamSchema = z.object({ id: idSchema });
export const taskPageQuerySchema = pageQuerySchema;

export const taskJobSchema = z.object({
  code: z.enum(TASK_JOB_CODES),
  param: z.object({ name: z.enum(['days', 'keep']), min: z.number(), max: z.number() }).nullable(),
  /** Runs only on the embedded database. */
  embeddedOnly: z.boolean(),
  retryLimit: z.number().int(),
});
export type TaskJob = z.infer<typeof taskJobSchema>;

export const cronPreviewQuerySchema = z.object({ cron: cronSchema, timeZone: timeZoneSchema });
/** The next five runs, epoch ms. */
export const cronPreviewSchema = z.object({ next: z.array(z.number()) });
export type CronPreview = z.infer<typeof cronPreviewSchema>;

export const taskRunQuerySchema = pageQuerySchema.extend({
  taskId: idSchema.optional(),
  result: z.enum(TASK_RESULTS).optional(),
  /** Epoch ms bounds of the start time. */
  startTime: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
  endTime: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
});
export const taskRunSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  taskName: z.string(),
  jobCode: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  attempt: z.number().int(),
  result: z.enum(TASK_RESULTS),
  message: z.string(),
  error: z.string(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  durationMs: z.number().nullable(),
});
export type TaskRun = z.infer<typeof taskRunSchema>;
export const runNowSchema = z.object({ jobId: z.string() });

/** A whole-database backup's name (the platform operator's, `BACKUP_NAME_PATTERN`). */
export const databaseBackupNameParamSchema = z.object({
  name: z.string().max(64).regex(BACKUP_NAME_PATTERN),
});
/** A whole-database backup (the embedded data folder, or a pg_dump archive): the platform operator's. */
export const backupSchema = z.object({
  name: z.string(),
  size: z.number(),
  createdAt: z.number(),
  /** manual, or the task that took it. */
  source: z.enum(['manual', 'schedule']),
});
export type Backup = z.infer<typeof backupSchema>;

/** A tenant backup's name (`TENANT_BACKUP_NAME_PATTERN`). */
export const backupNameParamSchema = z.object({
  name: z
    .string()
    .max(64)
    .regex(/^tenant-\d{8}T\d{6}Z-[0-9a-f]{6}\.ndjson\.gz$/),
});
/** A tenant administrator's backup: his tenant's rows and files. */
export const tenantBackupSchema = backupSchema.extend({
  /** Rows of the tenant's tables it holds. */
  rows: z.number(),
  /** The tenant's uploaded files it holds. */
  files: z.number(),
});
export type TenantBackup = z.infer<typeof tenantBackupSchema>;
export const backupInfoSchema = z.object({
  backups: z.array(tenantBackupSchema),
  /** The last backup of the tenant, taken now or by a task. */
  lastJob: taskRunSchema.nullable(),
});
export type BackupInfo = z.infer<typeof backupInfoSchema>;
/** What a restore replaced (applied at once, in one transaction). */
export const restoreResultSchema = z.object({ rows: z.number(), files: z.number() });
export type RestoreResult = z.infer<typeof restoreResultSchema>;
