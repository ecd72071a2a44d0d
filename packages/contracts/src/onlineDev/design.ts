import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { formSchemaSchema } from '../workflow/flow-model';
import { dataModelNamesSchema } from './data-model';
import {
  DESIGN_LIST_COLUMNS_MAX,
  DESIGN_QUERY_FIELDS_MAX,
  type DesignContent,
  LIST_BUTTONS,
  LIST_COLUMN_FORMATS,
  LIST_QUERY_OPS,
  type ListDesign,
} from './design.core';

export * from './design.core';

const fieldCode = z.string().regex(/^[a-z][a-z0-9_]{0,29}$/, { error: 'validation.dmIdentifier' });

export const listDesignSchema: z.ZodType<ListDesign> = z.object({
  columns: z
    .array(
      z.object({
        field: fieldCode,
        width: z.number().int().min(40).max(800).optional(),
        fixed: z.enum(['left', 'right']).optional(),
        sortable: z.boolean().optional(),
        format: z.enum(LIST_COLUMN_FORMATS).optional(),
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(DESIGN_LIST_COLUMNS_MAX),
  query: z.array(z.object({ field: fieldCode, op: z.enum(LIST_QUERY_OPS) })).max(DESIGN_QUERY_FIELDS_MAX),
  sort: z.object({ field: fieldCode, order: z.enum(['asc', 'desc']) }).optional(),
  pageSize: z.union([z.literal(10), z.literal(20), z.literal(50), z.literal(100)]),
  buttons: z.array(z.enum(LIST_BUTTONS)).max(LIST_BUTTONS.length),
  tree: z.object({ field: fieldCode }).optional(),
});

export const designContentSchema: z.ZodType<DesignContent> = z.object({
  form: formSchemaSchema,
  list: listDesignSchema,
});

/** POST create and PUT (the draft) of a design. */
export const designSaveSchema = z.object({
  names: dataModelNamesSchema,
  category: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(50),
  kind: z.enum(['web', 'app']).default('web'),
  modelId: idSchema,
  draft: designContentSchema,
});
export type DesignSave = z.input<typeof designSaveSchema>;

export const designListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  category: z.string().trim().max(50).optional(),
  kind: z.enum(['web', 'app']).optional(),
});

export const designVersionParamSchema = z.object({
  id: z.string().regex(/^\d{1,18}$/),
  version: z.coerce.number().int().min(1).max(1_000_000),
});

const summary = {
  id: z.string(),
  names: dataModelNamesSchema,
  category: z.string(),
  kind: z.enum(['web', 'app']),
  modelId: z.string(),
  modelCode: z.string(),
  publishedVersion: z.number(),
  changed: z.boolean(),
  updatedAt: z.number().nullable(),
};
export const designSummarySchema = z.object(summary);
export const designSchema = z.object({ ...summary, draft: designContentSchema });
export const designVersionSchema = z.object({
  version: z.number(),
  content: designContentSchema,
  modelVersion: z.number(),
  publishedBy: z.string().nullable(),
  publishedByName: z.string(),
  publishedAt: z.number(),
});
