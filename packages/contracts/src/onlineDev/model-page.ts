import { z } from 'zod';
import { formSchemaSchema } from '../workflow/flow-model';
import { dataModelNamesSchema } from './data-model';
import { listDesignSchema } from './design';
import { LIST_BUTTONS } from './design.core';
import { MODEL_PAGE_BATCH_MAX } from './model-page.core';

export * from './model-page.core';

const fieldCode = z.string().regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' });
const rowId = z.string().regex(/^\d{1,18}$/, { error: 'validation.invalid' });

export const modelPageParamSchema = z.object({ menuId: z.string().regex(/^\d{1,18}$/) });
export const modelRowParamSchema = z.object({
  menuId: z.string().regex(/^\d{1,18}$/),
  id: z.string().regex(/^\d{1,18}$/),
});

const queryScalar = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);
const queryValue = z.union([
  queryScalar,
  z.array(z.union([z.string().max(200), z.number(), z.null()])).max(50),
]);

/** POST `/List`. */
export const modelPageListSchema = z.object({
  currentPage: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  query: z.record(fieldCode, queryValue).optional(),
  sort: z.object({ field: fieldCode, order: z.enum(['asc', 'desc']) }).optional(),
  parentId: z.union([rowId, z.literal('0')]).optional(),
});

/** POST `/Rows` and PUT `/Rows/{id}`: the form's values (checked against the design's form). */
export const modelRowSaveSchema = z.object({
  data: z.record(z.string().max(64), z.unknown()),
  /** A tree page: the parent row ('0' or none: a root). */
  parentId: z
    .union([rowId, z.literal('0')])
    .nullable()
    .optional(),
});

export const modelRowBatchSchema = z.object({
  ids: z.array(rowId).min(1, { error: 'validation.required' }).max(MODEL_PAGE_BATCH_MAX),
});

export const modelOptionsParamSchema = z.object({
  menuId: z.string().regex(/^\d{1,18}$/),
  field: fieldCode,
});
export const modelOptionsQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  /** Row ids (comma separated) whose labels to answer: a form's current values. */
  ids: z
    .string()
    .regex(/^\d{1,18}(,\d{1,18}){0,49}$/, { error: 'validation.invalid' })
    .optional(),
});
export const modelRowOptionSchema = z.object({ id: z.string(), label: z.string() });

export const modelImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const modelPageExportQuerySchema = z.object({
  /** `true`: a one-time link instead of the file (as the other exports). */
  link: z.enum(['true', 'false']).optional(),
  /** The list's query as JSON (what `/List` takes, without paging). */
  query: z.string().max(10_000).optional(),
  sort: fieldCode.optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

const pageField = z.object({
  code: z.string(),
  names: dataModelNamesSchema,
  kind: z.string(),
  dictType: z.string().optional(),
  model: z.string().optional(),
  precision: z.number().optional(),
  scale: z.number().optional(),
});

export const modelPageConfigSchema = z.object({
  menuId: z.string(),
  designId: z.string(),
  designVersion: z.number(),
  names: dataModelNamesSchema,
  isTree: z.boolean(),
  form: formSchemaSchema,
  list: listDesignSchema,
  buttons: z.array(z.enum(LIST_BUTTONS)),
  fields: z.array(pageField),
  flow: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export const modelRowSchema = z.object({
  id: z.string(),
  data: z.record(z.string(), z.unknown()),
  labels: z.record(z.string(), z.string()),
  parentId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.number(),
  updatedAt: z.number().nullable(),
  flowTaskId: z.string().nullable(),
  flowState: z.number().nullable(),
});

/** What a launch from the page answers: the task (its number and status) and the row as it is now. */
export const modelRowLaunchSchema = z.object({
  taskId: z.string(),
  billNo: z.string(),
  status: z.number(),
  row: modelRowSchema,
});

export const modelImportResultSchema = z.object({
  dryRun: z.boolean(),
  total: z.number(),
  imported: z.number(),
  failed: z.number(),
  errors: z.array(z.object({ row: z.number(), fields: z.record(z.string(), z.string()) })),
  errorReport: z.string().nullable(),
});
