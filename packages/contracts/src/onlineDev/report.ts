import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { zEnCode } from '../validation/rules';
import { dataModelNamesSchema } from './data-model';
import { datasetParamSchema, datasetParamValuesSchema, datasetResultSchema } from './dataset';
import { mapIdParamSchema } from './map';
import {
  REPORT_AGGREGATES,
  REPORT_BUTTONS,
  REPORT_CHART_TYPES,
  REPORT_CHARTS_MAX,
  REPORT_COLUMNS_MAX,
  REPORT_FORMATS,
  REPORT_GROUPS_MAX,
  REPORT_SERIES_MAX,
  type Report,
  type ReportDataset,
  type ReportDefinition,
  type ReportSummary,
  type ReportView,
} from './report.core';

export * from './report.core';
export * from './report-shape';

const code = z
  .string({ error: 'validation.required' })
  .regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' });
/** A column of the dataset's rows, as the dataset names it. */
const field = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(63, { error: 'validation.tooLong' });

export const reportDefinitionSchema: z.ZodType<ReportDefinition> = z
  .object({
    datasetId: idSchema,
    table: z.object({
      columns: z
        .array(z.object({ field, names: dataModelNamesSchema, format: z.enum(REPORT_FORMATS) }))
        .min(1, { error: 'validation.required' })
        .max(REPORT_COLUMNS_MAX),
      groupBy: z.array(field).max(REPORT_GROUPS_MAX),
      subtotals: z.boolean(),
    }),
    pivot: z
      .object({
        rows: z.array(field).min(1, { error: 'validation.required' }).max(REPORT_GROUPS_MAX),
        column: field,
        value: field,
        aggregate: z.enum(REPORT_AGGREGATES),
      })
      .nullable(),
    charts: z
      .array(
        z.object({
          type: z.enum(REPORT_CHART_TYPES),
          names: dataModelNamesSchema,
          x: field,
          y: z.array(field).min(1, { error: 'validation.required' }).max(REPORT_SERIES_MAX),
          series: field.optional(),
          mapId: mapIdParamSchema.shape.id.optional(),
        }),
      )
      .max(REPORT_CHARTS_MAX),
  })
  .superRefine((value, ctx) => {
    value.charts.forEach((c, i) => {
      if (c.type === 'map' && !c.mapId)
        ctx.addIssue({ code: 'custom', path: ['charts', i, 'mapId'], message: 'validation.required' });
    });
    const seen = new Set<string>();
    value.table.columns.forEach((c, i) => {
      if (seen.has(c.field))
        ctx.addIssue({
          code: 'custom',
          path: ['table', 'columns', i, 'field'],
          message: 'validation.reportDuplicateField',
        });
      seen.add(c.field);
    });
    value.table.groupBy.forEach((g, i) => {
      if (!seen.has(g))
        ctx.addIssue({
          code: 'custom',
          path: ['table', 'groupBy', i],
          message: 'validation.reportGroupNotColumn',
        });
    });
  });

/** POST create and PUT of a report. */
export const reportSaveSchema = z.object({
  code,
  names: dataModelNamesSchema,
  definition: reportDefinitionSchema,
});
export type ReportSave = z.input<typeof reportSaveSchema>;

export const reportListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
});

/** POST `…/Actions/Preview`: a dataset's rows for the designer, with parameter values. */
export const reportPreviewSchema = z.object({
  datasetId: idSchema,
  params: datasetParamValuesSchema.default({}),
});

/** POST `…/{id}/Actions/Publish`: a menu item of type 5 under `parentId`, named as the report. */
export const reportPublishSchema = z.object({
  parentId: idSchema,
  enCode: zEnCode({ max: 100 }),
});

/** POST `${view}/{menuId}/Actions/Run`. */
export const reportRunSchema = z.object({
  params: datasetParamValuesSchema.default({}),
});

/** GET `${view}/{menuId}/Actions/Export`: the parameter values as JSON text. */
export const reportExportQuerySchema = z.object({
  params: z.string().max(8000).optional(),
  link: z.enum(['true', 'false']).optional(),
});

export const reportViewParamSchema = z.object({ menuId: idSchema });

const namesOut = z.object({
  'zh-CN': z.string(),
  'en-US': z.string().optional(),
  'zh-TW': z.string().optional(),
});

const summary = {
  id: z.string(),
  code: z.string(),
  names: namesOut,
  datasetId: z.string(),
  datasetNames: namesOut,
  menus: z.array(z.object({ id: z.string(), name: z.string() })),
  updatedAt: z.number().nullable(),
  updatedByName: z.string(),
};
export const reportSummarySchema: z.ZodType<ReportSummary> = z.object(summary);
export const reportSchema: z.ZodType<Report> = z.object({ ...summary, definition: reportDefinitionSchema });

export const reportDatasetSchema: z.ZodType<ReportDataset> = z.object({
  id: z.string(),
  code: z.string(),
  names: namesOut,
  params: z.array(datasetParamSchema),
  columns: z.array(z.string()).nullable(),
});

export const reportViewSchema: z.ZodType<ReportView> = z.object({
  id: z.string(),
  names: namesOut,
  params: z.array(datasetParamSchema),
  definition: z.object({
    table: z.object({
      columns: z.array(z.object({ field: z.string(), names: namesOut, format: z.enum(REPORT_FORMATS) })),
      groupBy: z.array(z.string()),
      subtotals: z.boolean(),
    }),
    pivot: z
      .object({
        rows: z.array(z.string()),
        column: z.string(),
        value: z.string(),
        aggregate: z.enum(REPORT_AGGREGATES),
      })
      .nullable(),
    charts: z.array(
      z.object({
        type: z.enum(REPORT_CHART_TYPES),
        names: namesOut,
        x: z.string(),
        y: z.array(z.string()),
        series: z.string().optional(),
      }),
    ),
  }),
  buttons: z.array(z.enum(REPORT_BUTTONS)),
});

/** The rows a report reads: a dataset's result without its statement (a reader never sees the SQL). */
export const reportRowsSchema = datasetResultSchema.omit({ statement: true });
