import { z } from 'zod';
import { dataModelNamesSchema } from './data-model';
import { MAP_BYTES_MAX, type MapCheck, type MapChoice, type MapDetail, type MapSummary } from './map.core';

export * from './map.core';

const code = z
  .string({ error: 'validation.required' })
  .regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' });
const property = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(64, { error: 'validation.tooLong' });
/** The GeoJSON as text: checked by `checkMapText` / `mapRegions` (map.core.ts), never trusted. */
const geoJson = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(MAP_BYTES_MAX, { error: 'validation.mapTooLarge' });

/** POST create: the file's text and which properties name and code its regions. */
export const mapCreateSchema = z.object({
  code,
  names: dataModelNamesSchema,
  geoJson,
  nameProperty: property,
  codeProperty: z.string().trim().max(64, { error: 'validation.tooLong' }).default(''),
});
export type MapCreate = z.input<typeof mapCreateSchema>;

/** PUT: names and properties; a new file replaces the regions when given. */
export const mapUpdateSchema = mapCreateSchema.extend({ geoJson: geoJson.optional() });
export type MapUpdate = z.input<typeof mapUpdateSchema>;

export const mapCheckSchema = z.object({ geoJson });

/** `{id}` of a map: a row's id, or the product's map. */
export const mapIdParamSchema = z.object({
  id: z.string().regex(/^(\d{1,18}|[a-z][a-z0-9_]{0,29})$/, { error: 'validation.invalid' }),
});

export const mapListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
});

const summary = {
  id: z.string(),
  code: z.string(),
  names: dataModelNamesSchema,
  builtIn: z.boolean(),
  features: z.number(),
  updatedAt: z.number().nullable(),
  updatedByName: z.string(),
};
export const mapChoiceSchema: z.ZodType<MapChoice> = z.object({
  id: z.string(),
  code: z.string(),
  names: dataModelNamesSchema,
});
export const mapSummarySchema: z.ZodType<MapSummary> = z.object(summary);
export const mapDetailSchema: z.ZodType<MapDetail> = z.object({
  ...summary,
  nameProperty: z.string(),
  codeProperty: z.string(),
  regions: z.array(z.object({ name: z.string(), code: z.string() })),
});
export const mapCheckResultSchema: z.ZodType<MapCheck> = z.object({
  features: z.number(),
  properties: z.array(z.string()),
  samples: z.record(z.string(), z.array(z.string())),
});
