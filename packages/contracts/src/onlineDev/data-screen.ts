import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { dataModelNamesSchema } from './data-model';
import {
  DATA_SCREEN_ALIGNS,
  DATA_SCREEN_CLOCK_FORMATS,
  DATA_SCREEN_HEIGHT,
  DATA_SCREEN_MIN_SIDE,
  DATA_SCREEN_REFRESH_DEFAULT,
  DATA_SCREEN_REFRESH_MAX,
  DATA_SCREEN_REFRESH_MIN,
  DATA_SCREEN_TEXT_MAX,
  DATA_SCREEN_THEMES,
  DATA_SCREEN_WIDGETS_MAX,
  DATA_SCREEN_WIDTH,
  type DataScreen,
  type DataScreenDefinition,
  type DataScreenOpened,
  type DataScreenSummary,
  type DataScreenView,
  type DataScreenViewToken,
  type DataScreenWidget,
} from './data-screen.core';
import { datasetParamValuesSchema } from './dataset';
import { mapIdParamSchema } from './map';
import { datasetChoiceSchema, datasetWidgetParts } from './portal';

export * from './data-screen.core';

const code = z
  .string({ error: 'validation.required' })
  .regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' });
const int = (min: number, max: number) =>
  z
    .number({ error: 'validation.required' })
    .int('validation.wholeNumber')
    .min(min, 'validation.numberMin')
    .max(max, 'validation.numberMax');
const text = z.string().trim().max(DATA_SCREEN_TEXT_MAX, 'validation.tooLong');
const widgetId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'validation.invalid' });

const base = {
  id: widgetId,
  names: datasetWidgetParts.title,
  x: int(0, DATA_SCREEN_WIDTH - DATA_SCREEN_MIN_SIDE),
  y: int(0, DATA_SCREEN_HEIGHT - DATA_SCREEN_MIN_SIDE),
  w: int(DATA_SCREEN_MIN_SIDE, DATA_SCREEN_WIDTH),
  h: int(DATA_SCREEN_MIN_SIDE, DATA_SCREEN_HEIGHT),
};
const datasetBase = { ...base, datasetId: idSchema, params: datasetParamValuesSchema.default({}) };
const fontSize = int(10, 200);

/** One widget; a new type is one more member (data-screen.core.ts says where else it goes). */
export const dataScreenWidgetSchema: z.ZodType<DataScreenWidget> = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.enum(['title', 'text']),
    text: z.object({ 'zh-CN': text, 'en-US': text.optional(), 'zh-TW': text.optional() }),
    fontSize,
    align: z.enum(DATA_SCREEN_ALIGNS),
  }),
  z.object({ ...base, type: z.literal('clock'), format: z.enum(DATA_SCREEN_CLOCK_FORMATS), fontSize }),
  z.object({ ...datasetBase, type: z.literal('number'), ...datasetWidgetParts.number }),
  z.object({ ...datasetBase, type: z.literal('chart'), ...datasetWidgetParts.chart }),
  z.object({ ...datasetBase, type: z.literal('table'), ...datasetWidgetParts.table }),
]) as z.ZodType<DataScreenWidget>;

export const dataScreenDefinitionSchema: z.ZodType<DataScreenDefinition> = z
  .object({
    theme: z.enum(DATA_SCREEN_THEMES).default('dark'),
    background: z
      .string({ error: 'validation.required' })
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.invalid' }),
    refreshSeconds: int(DATA_SCREEN_REFRESH_MIN, DATA_SCREEN_REFRESH_MAX).default(
      DATA_SCREEN_REFRESH_DEFAULT,
    ),
    widgets: z.array(dataScreenWidgetSchema).max(DATA_SCREEN_WIDGETS_MAX, 'validation.screenTooManyWidgets'),
  })
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
      // Placed anywhere on the canvas, overlapping allowed (a later widget lies over), never past it.
      if (w.x + w.w > DATA_SCREEN_WIDTH)
        ctx.addIssue({ code: 'custom', path: ['widgets', i, 'w'], message: 'validation.screenOutside' });
      if (w.y + w.h > DATA_SCREEN_HEIGHT)
        ctx.addIssue({ code: 'custom', path: ['widgets', i, 'h'], message: 'validation.screenOutside' });
    });
  });

/** POST create and PUT of a data screen. */
export const dataScreenSaveSchema = z.object({
  code,
  names: dataModelNamesSchema,
  definition: dataScreenDefinitionSchema,
});
export type DataScreenSave = z.input<typeof dataScreenSaveSchema>;

export const dataScreenListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
});

export const dataScreenWidgetParamSchema = z.object({ id: idSchema, widgetId });
/** `{id}/Maps/{mapId}`: a map one of the screen's charts draws. */
export const dataScreenMapParamSchema = z.object({ id: idSchema, mapId: mapIdParamSchema.shape.id });

/** POST `${view}/{id}/Actions/Open`: the view token of the viewer's address. */
export const dataScreenOpenSchema = z.object({
  token: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(200, 'validation.tooLong'),
});

const namesOut = z.object({
  'zh-CN': z.string(),
  'en-US': z.string().optional(),
  'zh-TW': z.string().optional(),
});

const summary = {
  id: z.string(),
  code: z.string(),
  names: namesOut,
  menus: z.array(z.object({ id: z.string(), name: z.string() })),
  updatedAt: z.number().nullable(),
  updatedByName: z.string(),
};
export const dataScreenSummarySchema: z.ZodType<DataScreenSummary> = z.object(summary);
export const dataScreenSchema: z.ZodType<DataScreen> = z.object({
  ...summary,
  definition: dataScreenDefinitionSchema,
});
export const dataScreenViewSchema: z.ZodType<DataScreenView> = z.object({
  id: z.string(),
  names: namesOut,
  definition: dataScreenDefinitionSchema,
});
export const dataScreenViewTokenSchema: z.ZodType<DataScreenViewToken> = z.object({
  token: z.string(),
  expiresAt: z.number(),
});
export const dataScreenOpenedSchema: z.ZodType<DataScreenOpened> = z.object({
  viewerToken: z.string(),
  expiresAt: z.number(),
  screen: dataScreenViewSchema,
});

export const dataScreenSourcesSchema = z.object({ datasets: z.array(datasetChoiceSchema) });
