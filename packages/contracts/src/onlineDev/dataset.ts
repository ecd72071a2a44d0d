import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { dataModelNamesSchema } from './data-model';
import {
  DATASET_AGGREGATES,
  DATASET_COLUMNS_MAX,
  DATASET_DATE_BUCKETS,
  DATASET_FILTER_OPS,
  DATASET_FILTERS_MAX,
  DATASET_JOINS_MAX,
  DATASET_PARAM_TYPES,
  DATASET_PARAMS_MAX,
  DATASET_SQL_MAX,
  type Dataset,
  type DatasetDefinition,
  type DatasetParam,
  type DatasetSummary,
  type VisualDataset,
} from './dataset.core';

export * from './dataset.core';

const code = z
  .string({ error: 'validation.required' })
  .regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' });
/**
 * A name of the visual builder: a table, or a column as `column` or `via.column`. A data source's
 * names may have capitals and a schema (`schema.table`); whatever it is, the builder only writes a
 * name found in the catalog of what the dataset reads (dataset-visual.ts).
 */
const nameRef = z
  .string({ error: 'validation.required' })
  .regex(/^[A-Za-z_][A-Za-z0-9_$]{0,63}(\.[A-Za-z_][A-Za-z0-9_$]{0,63})?$/, {
    error: 'validation.datasetName',
  });

export const datasetParamSchema: z.ZodType<DatasetParam> = z.object({
  code,
  names: dataModelNamesSchema,
  type: z.enum(DATASET_PARAM_TYPES),
  required: z.boolean(),
  defaultValue: z.string().max(200).optional(),
});

export const visualDatasetSchema: z.ZodType<VisualDataset> = z.object({
  table: nameRef,
  joins: z.array(z.object({ via: code })).max(DATASET_JOINS_MAX),
  columns: z
    .array(
      z.object({
        column: nameRef,
        alias: code,
        aggregate: z.enum(DATASET_AGGREGATES).optional(),
        bucket: z.enum(DATASET_DATE_BUCKETS).optional(),
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(DATASET_COLUMNS_MAX),
  filters: z
    .array(
      z.object({
        column: nameRef,
        op: z.enum(DATASET_FILTER_OPS),
        param: code.optional(),
        value: z.string().max(200).optional(),
      }),
    )
    .max(DATASET_FILTERS_MAX),
  sort: z.array(z.object({ alias: code, order: z.enum(['asc', 'desc']) })).max(DATASET_COLUMNS_MAX),
});

export const datasetDefinitionSchema: z.ZodType<DatasetDefinition> = z
  .object({
    kind: z.enum(['visual', 'sql']),
    sourceId: idSchema.optional(),
    sql: z.string().max(DATASET_SQL_MAX).optional(),
    visual: visualDatasetSchema.optional(),
    params: z.array(datasetParamSchema).max(DATASET_PARAMS_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'sql' && !value.sql?.trim())
      ctx.addIssue({ code: 'custom', path: ['sql'], message: 'validation.required' });
    if (value.kind === 'visual' && !value.visual)
      ctx.addIssue({ code: 'custom', path: ['visual'], message: 'validation.required' });
    // A source's SQL would be its own dialect, which PostgreSQL's parser cannot vouch for.
    if (value.sourceId && value.kind === 'sql')
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'validation.datasetSourceVisual' });
    const seen = new Set<string>();
    value.params.forEach((p, i) => {
      if (seen.has(p.code))
        ctx.addIssue({ code: 'custom', path: ['params', i, 'code'], message: 'validation.dmDuplicateCode' });
      seen.add(p.code);
    });
  });

/** POST create and PUT of a dataset. */
export const datasetSaveSchema = z.object({
  code,
  names: dataModelNamesSchema,
  definition: datasetDefinitionSchema,
});
export type DatasetSave = z.input<typeof datasetSaveSchema>;

/** Parameter values by code, as typed text or a value of the parameter's type. */
export const datasetParamValuesSchema = z.record(
  z.string().max(30),
  z.union([z.string().max(200), z.number(), z.boolean(), z.null()]),
);

/** POST `…/{id}/Actions/Run`. */
export const datasetRunSchema = z.object({
  params: datasetParamValuesSchema.default({}),
});

/** POST `…/Actions/Preview`: a definition as it stands in the designer. */
export const datasetPreviewSchema = z.object({
  definition: datasetDefinitionSchema,
  params: datasetParamValuesSchema.default({}),
});

/** GET `…/Tables`: the product's tables, or those of the data source `sourceId`. */
export const datasetTablesQuerySchema = z.object({ sourceId: idSchema.optional() });

export const datasetSourceChoiceSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['postgres', 'mysql']),
});

export const datasetListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
});

const summary = {
  id: z.string(),
  code: z.string(),
  names: dataModelNamesSchema,
  kind: z.enum(['visual', 'sql']),
  sourceName: z.string().optional(),
  updatedAt: z.number().nullable(),
  updatedByName: z.string(),
};
export const datasetSummarySchema: z.ZodType<DatasetSummary> = z.object(summary);

export const datasetSchema: z.ZodType<Dataset> = z.object({
  ...summary,
  definition: datasetDefinitionSchema,
});

const namesOut = z.object({
  'zh-CN': z.string(),
  'en-US': z.string().optional(),
  'zh-TW': z.string().optional(),
});
export const datasetTableSchema = z.object({
  name: z.string(),
  names: namesOut,
  source: z.enum(['model', 'product', 'source']),
  columns: z.array(
    z.object({
      name: z.string(),
      names: namesOut,
      type: z.enum(['text', 'number', 'date', 'datetime', 'boolean', 'id', 'json']),
      references: z.string().optional(),
    }),
  ),
});

export const datasetResultSchema = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.enum(['text', 'number', 'boolean']) })),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
  statement: z.string().optional(),
});
