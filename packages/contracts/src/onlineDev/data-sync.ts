import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { CRON_FIELDS, CRON_MAX_LENGTH, isTimeZone } from '../system/task.core';
import { dataModelDefinitionSchema, dataModelNamesSchema } from './data-model';
import {
  DATA_SYNC_BATCH,
  DATA_SYNC_KEY_MAX,
  DATA_SYNC_MAPPING_MAX,
  DATA_SYNC_MAX_ROWS,
  DATA_SYNC_MODES,
  DATA_SYNC_RETRY,
  DATA_SYNC_RETRY_DELAY,
  DATA_SYNC_RUN_STATUSES,
  DATA_SYNC_SOURCE_KINDS,
  DATA_SYNC_WATERMARK_TYPES,
  type DataSync,
  type DataSyncDiff,
  type DataSyncModelProposal,
  type DataSyncRun,
} from './data-sync.core';

export * from './data-sync.core';

const int = (bounds: { min: number; max: number; default: number }) =>
  z
    .number({ error: 'validation.required' })
    .int('validation.wholeNumber')
    .min(bounds.min, 'validation.numberMin')
    .max(bounds.max, 'validation.numberMax')
    .default(bounds.default);

/**
 * A source column's name: what a table's columns or a dataset's outputs are called, checked again
 * against the source itself when saved. No quotes, no dots: the product quotes it.
 */
const columnName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(63, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z_\p{L}][\w$\p{L}\p{N} -]*$/u, { error: 'validation.dataSyncColumn' });

const tableName = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(63, { error: 'validation.tooLong' })
  .regex(/^([A-Za-z_\p{L}][\w$\p{L}\p{N} -]*)?$/u, { error: 'validation.dataSyncColumn' });

const cronSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(CRON_MAX_LENGTH, { error: 'validation.tooLong' })
  .refine((v) => v === '' || v.split(/\s+/).length === CRON_FIELDS, 'validation.cron');

/**
 * POST create and PUT of a sync. What the source and the model have is checked by the server (the
 * columns, the fields and their kinds), each problem at its path: `mapping.2.field`, `keyColumns`.
 */
export const dataSyncSaveSchema = z
  .object({
    code: z
      .string({ error: 'validation.required' })
      .regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' }),
    names: dataModelNamesSchema,
    sourceKind: z.enum(DATA_SYNC_SOURCE_KINDS, { error: 'validation.invalid' }),
    sourceId: idSchema,
    sourceSchema: tableName.default(''),
    sourceTable: tableName.default(''),
    modelId: idSchema,
    mapping: z
      .array(z.object({ column: columnName, field: z.string({ error: 'validation.required' }).min(1) }))
      .min(1, { error: 'validation.dataSyncNoMapping' })
      .max(DATA_SYNC_MAPPING_MAX, { error: 'validation.tooLong' }),
    keyColumns: z
      .array(columnName)
      .min(1, { error: 'validation.dataSyncNoKey' })
      .max(DATA_SYNC_KEY_MAX, { error: 'validation.tooLong' }),
    mode: z.enum(DATA_SYNC_MODES, { error: 'validation.invalid' }),
    watermarkColumn: columnName.nullish(),
    watermarkType: z.enum(DATA_SYNC_WATERMARK_TYPES, { error: 'validation.invalid' }).nullish(),
    batchSize: int(DATA_SYNC_BATCH),
    maxRows: int(DATA_SYNC_MAX_ROWS),
    cron: cronSchema.nullish(),
    timeZone: z
      .string({ error: 'validation.invalid' })
      .trim()
      .max(64)
      .refine((v) => v === '' || isTimeZone(v), 'validation.timeZone')
      .default(''),
    retryLimit: int({ min: 0, max: DATA_SYNC_RETRY.max, default: DATA_SYNC_RETRY.default }),
    retryDelaySeconds: int(DATA_SYNC_RETRY_DELAY),
    enabled: z.boolean({ error: 'validation.invalid' }).default(true),
  })
  .superRefine((s, ctx) => {
    if (s.sourceKind === 'table' && !s.sourceTable)
      ctx.addIssue({ code: 'custom', path: ['sourceTable'], message: 'validation.required' });
    const columns = new Set<string>();
    const fields = new Set<string>();
    s.mapping.forEach((m, i) => {
      if (columns.has(m.column))
        ctx.addIssue({
          code: 'custom',
          path: ['mapping', i, 'column'],
          message: 'validation.dmDuplicateCode',
        });
      if (fields.has(m.field))
        ctx.addIssue({
          code: 'custom',
          path: ['mapping', i, 'field'],
          message: 'validation.dmDuplicateCode',
        });
      columns.add(m.column);
      fields.add(m.field);
    });
    s.keyColumns.forEach((c, i) => {
      if (!columns.has(c))
        ctx.addIssue({ code: 'custom', path: ['keyColumns', i], message: 'validation.dataSyncNotMapped' });
      if (s.keyColumns.indexOf(c) !== i)
        ctx.addIssue({ code: 'custom', path: ['keyColumns', i], message: 'validation.dmDuplicateCode' });
    });
    if (s.mode === 'incremental') {
      if (!s.watermarkColumn)
        ctx.addIssue({ code: 'custom', path: ['watermarkColumn'], message: 'validation.required' });
      if (!s.watermarkType)
        ctx.addIssue({ code: 'custom', path: ['watermarkType'], message: 'validation.required' });
    }
  });
export type DataSyncSave = z.input<typeof dataSyncSaveSchema>;

export const dataSyncListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
});

export const dataSyncRunsQuerySchema = pageQuerySchema;

/** POST `…/Actions/ProposeModel`: a source's table to take in as a model. */
export const dataSyncProposeSchema = z.object({
  sourceId: idSchema,
  schema: tableName.default(''),
  table: tableName.refine((v) => v !== '', 'validation.required'),
});
export type DataSyncPropose = z.input<typeof dataSyncProposeSchema>;

/** POST `…/{id}/Actions/DryRun`: from the kept watermark (default) or from the start. */
export const dataSyncDryRunSchema = z.object({
  fromStart: z.boolean({ error: 'validation.invalid' }).optional(),
});

/** POST `…/{id}/Actions/Execute`: `fromStart` forgets the kept watermark first (a full re-read). */
export const dataSyncExecuteSchema = z.object({
  fromStart: z.boolean({ error: 'validation.invalid' }).optional(),
});

const namesSchema = z.object({
  'zh-CN': z.string(),
  'en-US': z.string().optional(),
  'zh-TW': z.string().optional(),
});
const mappingSchema = z.object({ column: z.string(), field: z.string() });
const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const dataSyncSchema: z.ZodType<DataSync> = z.object({
  id: z.string(),
  code: z.string(),
  names: namesSchema,
  sourceKind: z.enum(DATA_SYNC_SOURCE_KINDS),
  sourceId: z.string(),
  sourceName: z.string(),
  sourceSchema: z.string(),
  sourceTable: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  mapping: z.array(mappingSchema),
  keyColumns: z.array(z.string()),
  mode: z.enum(DATA_SYNC_MODES),
  watermarkColumn: z.string().nullable(),
  watermarkType: z.enum(DATA_SYNC_WATERMARK_TYPES).nullable(),
  watermark: z.string().nullable(),
  batchSize: z.number(),
  maxRows: z.number(),
  cron: z.string().nullable(),
  timeZone: z.string(),
  retryLimit: z.number(),
  retryDelaySeconds: z.number(),
  enabled: z.boolean(),
  nextRunAt: z.number().nullable(),
  lastRun: z
    .object({
      id: z.string(),
      status: z.enum(DATA_SYNC_RUN_STATUSES),
      startedAt: z.number().nullable(),
      endedAt: z.number().nullable(),
    })
    .nullable(),
  updatedAt: z.number().nullable(),
  updatedByName: z.string(),
});

export const dataSyncRunSchema: z.ZodType<DataSyncRun> = z.object({
  id: z.string(),
  syncId: z.string(),
  trigger: z.enum(['manual', 'schedule']),
  status: z.enum(DATA_SYNC_RUN_STATUSES),
  attempt: z.number(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  rowsRead: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  watermarkBefore: z.string().nullable(),
  watermarkAfter: z.string().nullable(),
  message: z.string(),
  createdAt: z.number(),
});

const changeSchema = z.object({
  key: z.string(),
  values: z.record(z.string(), scalar),
  before: z.record(z.string(), scalar).optional(),
});

export const dataSyncDiffSchema: z.ZodType<DataSyncDiff> = z.object({
  rowsRead: z.number(),
  toInsert: z.number(),
  toUpdate: z.number(),
  unchanged: z.number(),
  watermarkBefore: z.string().nullable(),
  watermarkAfter: z.string().nullable(),
  truncated: z.boolean(),
  inserts: z.array(changeSchema),
  updates: z.array(changeSchema),
});

export const dataSyncProposalSchema: z.ZodType<DataSyncModelProposal> = z.object({
  definition: dataModelDefinitionSchema,
  mapping: z.array(mappingSchema),
  skipped: z.array(z.object({ column: z.string(), dbType: z.string(), reason: z.string() })),
  primaryKey: z.array(z.string()),
  watermark: z.object({ column: z.string(), type: z.enum(DATA_SYNC_WATERMARK_TYPES) }).nullable(),
});
