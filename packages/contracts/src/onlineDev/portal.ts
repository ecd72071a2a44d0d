import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { zEnCode } from '../validation/rules';
import { dataModelNamesSchema } from './data-model';
import { datasetParamSchema, datasetParamValuesSchema } from './dataset';
import { mapIdParamSchema } from './map';
import {
  PORTAL_COLUMNS,
  PORTAL_ROWS_MAX,
  PORTAL_SHORTCUTS_MAX,
  PORTAL_TABLE_ROWS_MAX,
  PORTAL_TEXT_MAX,
  PORTAL_WIDGETS_MAX,
  PORTAL_Y_MAX,
  type Portal,
  type PortalDefinition,
  type PortalHome,
  type PortalSources,
  type PortalSummary,
  type PortalView,
  type PortalWidget,
  type PortalWidgetRows,
  portalPlacesOverlap,
} from './portal.core';
import {
  REPORT_AGGREGATES,
  REPORT_CHART_TYPES,
  REPORT_COLUMNS_MAX,
  REPORT_FORMATS,
  REPORT_SERIES_MAX,
} from './report.core';

export * from './portal.core';

const code = z
  .string({ error: 'validation.required' })
  .regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' });
const field = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(63, { error: 'validation.tooLong' });
const int = (min: number, max: number) =>
  z
    .number({ error: 'validation.required' })
    .int('validation.wholeNumber')
    .min(min, 'validation.numberMin')
    .max(max, 'validation.numberMax');
/** A widget's title: optional in every language (empty: the widget type's own title). */
const title = z.object({
  'zh-CN': z.string().trim().max(50, 'validation.tooLong'),
  'en-US': z.string().trim().max(100, 'validation.tooLong').optional(),
  'zh-TW': z.string().trim().max(50, 'validation.tooLong').optional(),
});
const html = z.string().max(PORTAL_TEXT_MAX, 'validation.tooLong');

const base = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'validation.invalid' }),
  names: title,
  x: int(0, PORTAL_COLUMNS - 1),
  y: int(0, PORTAL_Y_MAX),
  w: int(1, PORTAL_COLUMNS),
  h: int(1, PORTAL_ROWS_MAX),
};
const datasetBase = { ...base, datasetId: idSchema, params: datasetParamValuesSchema.default({}) };

/** The dataset parts of a chart, number and table widget (a data screen's widgets take the same). */
export const datasetWidgetParts = {
  chart: {
    chart: z
      .object({
        type: z.enum(REPORT_CHART_TYPES),
        x: field,
        y: z.array(field).min(1, { error: 'validation.required' }).max(REPORT_SERIES_MAX),
        series: field.optional(),
        mapId: mapIdParamSchema.shape.id.optional(),
      })
      .refine((c) => c.type !== 'map' || !!c.mapId, { path: ['mapId'], message: 'validation.required' }),
  },
  number: {
    field,
    aggregate: z.enum(REPORT_AGGREGATES),
    format: z.enum(REPORT_FORMATS),
  },
  table: {
    columns: z
      .array(z.object({ field, names: dataModelNamesSchema, format: z.enum(REPORT_FORMATS) }))
      .min(1, { error: 'validation.required' })
      .max(REPORT_COLUMNS_MAX),
    rows: int(1, PORTAL_TABLE_ROWS_MAX),
  },
  /** A widget's own title: optional in every language. */
  title,
};

export const portalWidgetSchema: z.ZodType<PortalWidget> = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.enum(['todo', 'unread', 'notices']), rows: int(1, 20) }),
  z.object({ ...datasetBase, type: z.literal('chart'), ...datasetWidgetParts.chart }),
  z.object({ ...datasetBase, type: z.literal('number'), ...datasetWidgetParts.number }),
  z.object({ ...datasetBase, type: z.literal('table'), ...datasetWidgetParts.table }),
  z.object({ ...base, type: z.literal('shortcuts'), menuIds: z.array(idSchema).max(PORTAL_SHORTCUTS_MAX) }),
  z.object({
    ...base,
    type: z.literal('text'),
    html: z.object({ 'zh-CN': html, 'en-US': html.optional(), 'zh-TW': html.optional() }),
  }),
]) as z.ZodType<PortalWidget>;

export const portalDefinitionSchema: z.ZodType<PortalDefinition> = z
  .object({ widgets: z.array(portalWidgetSchema).max(PORTAL_WIDGETS_MAX, 'validation.portalTooManyWidgets') })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.widgets.forEach((w, i) => {
      if (seen.has(w.id))
        ctx.addIssue({
          code: 'custom',
          path: ['widgets', i, 'id'],
          message: 'validation.portalDuplicateWidget',
        });
      seen.add(w.id);
      if (w.x + w.w > PORTAL_COLUMNS)
        ctx.addIssue({ code: 'custom', path: ['widgets', i, 'w'], message: 'validation.portalOutsideGrid' });
      const earlier = value.widgets.slice(0, i).find((o) => portalPlacesOverlap(o, w));
      if (earlier)
        ctx.addIssue({ code: 'custom', path: ['widgets', i, 'y'], message: 'validation.portalOverlap' });
    });
  });

/** POST create and PUT of a portal. */
export const portalSaveSchema = z.object({
  code,
  names: dataModelNamesSchema,
  definition: portalDefinitionSchema,
});
export type PortalSave = z.input<typeof portalSaveSchema>;

export const portalListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
});

/** POST `…/{id}/Actions/Publish`: a menu item of type 8 under `parentId`, named as the portal. */
export const portalPublishSchema = z.object({
  parentId: idSchema,
  enCode: zEnCode({ max: 100 }),
});

/** PUT `…/{id}/Homes`: the roles whose home page the portal is (a role has one home at most). */
export const portalHomesSchema = z.object({
  roleIds: z.array(idSchema).max(500),
});

/** PUT `${home}`: the current user's own choice (null: back to his role's home or the default). */
export const portalHomeChoiceSchema = z.object({
  portalId: idSchema.nullable(),
});

export const portalWidgetParamSchema = z.object({
  id: idSchema,
  widgetId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'validation.invalid' }),
});

const namesOut = z.object({
  'zh-CN': z.string(),
  'en-US': z.string().optional(),
  'zh-TW': z.string().optional(),
});
const named = z.array(z.object({ id: z.string(), name: z.string() }));

const summary = {
  id: z.string(),
  code: z.string(),
  names: namesOut,
  menus: named,
  homeRoles: named,
  updatedAt: z.number().nullable(),
  updatedByName: z.string(),
};
export const portalSummarySchema: z.ZodType<PortalSummary> = z.object(summary);
export const portalSchema: z.ZodType<Portal> = z.object({ ...summary, definition: portalDefinitionSchema });

/** A dataset a designer's widget may read (a portal's or a data screen's): parameters, columns. */
export const datasetChoiceSchema = z.object({
  id: z.string(),
  code: z.string(),
  names: namesOut,
  params: z.array(datasetParamSchema),
  columns: z.array(z.string()).nullable(),
});

export const portalSourcesSchema: z.ZodType<PortalSources> = z.object({
  datasets: z.array(datasetChoiceSchema),
  menus: z.array(z.object({ id: z.string(), parentId: z.string(), names: namesOut, type: z.number() })),
});

export const portalViewSchema: z.ZodType<PortalView> = z.object({
  id: z.string(),
  names: namesOut,
  definition: portalDefinitionSchema,
  watch: z.record(z.string(), z.array(z.string())),
});

export const portalHomeSchema: z.ZodType<PortalHome> = z.object({
  portalId: z.string().nullable(),
  chosen: z.boolean(),
  choices: z.array(z.object({ id: z.string(), names: namesOut })),
});

export const portalWidgetRowsSchema: z.ZodType<PortalWidgetRows> = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.enum(['text', 'number', 'boolean']) })),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
});
