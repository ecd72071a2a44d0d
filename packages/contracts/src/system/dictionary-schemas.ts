import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { zEnCode } from '../validation/rules';
import { DICT_IMPORT_MAX_ITEMS, DICT_SCOPES } from './dictionary-codes';
import { requiredOrInvalid } from './menu-schemas.core';

export * from './dictionary-schemas.core';

const zName = (max: number) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(max, { error: 'validation.tooLong' });
const zOptional = (max: number) =>
  z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' }).default('');
const zSort = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.tooSmall' })
  .max(999_999, { error: 'validation.tooBig' })
  .default(0);
const zFlag = (fallback: boolean) => z.boolean({ error: 'validation.invalid' }).default(fallback);

export const dictCategorySchema = z.object({
  id: z.string(),
  enCode: z.string(),
  fullName: z.string(),
  fullNameEn: z.string(),
  fullNameTw: z.string(),
  sortCode: z.number().int(),
  typeCount: z.number().int(),
});
export type DictCategory = z.infer<typeof dictCategorySchema>;
/** A category's or a type's name in English and traditional Chinese: the Chinese one when empty. */
const otherNames = { fullNameEn: zOptional(50), fullNameTw: zOptional(50) };
export const dictCategoryBodySchema = z.object({
  enCode: zEnCode({ max: 50 }),
  fullName: zName(50),
  ...otherNames,
  sortCode: zSort,
});
export type DictCategoryBody = z.input<typeof dictCategoryBodySchema>;

export const dictTypeSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  enCode: z.string(),
  fullName: z.string(),
  fullNameEn: z.string(),
  fullNameTw: z.string(),
  isTree: z.boolean(),
  scope: z.enum(DICT_SCOPES),
  /** Loaded by get-conf-dist at start-up. */
  isConf: z.boolean(),
  enabled: z.boolean(),
  sortCode: z.number().int(),
  remark: z.string(),
  itemCount: z.number().int(),
});
export type DictType = z.infer<typeof dictTypeSchema>;
export const dictTypeBodySchema = z.object({
  categoryId: idSchema,
  enCode: zEnCode({ max: 50 }),
  fullName: zName(50),
  ...otherNames,
  isTree: zFlag(false),
  scope: z.enum(DICT_SCOPES, { error: 'validation.invalid' }).default('base'),
  isConf: zFlag(true),
  enabled: zFlag(true),
  sortCode: zSort,
  remark: zOptional(500),
});
export type DictTypeBody = z.input<typeof dictTypeBodySchema>;
export const dictTypeQuerySchema = z.object({
  categoryId: idSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const dictStateSchema = z.object({ enabled: z.boolean({ error: 'validation.invalid' }) });

export const dictItemSchema = z.object({
  id: z.string(),
  typeId: z.string(),
  parentId: z.string(),
  enCode: z.string(),
  fullName: z.string(),
  fullNameEn: z.string(),
  fullNameTw: z.string(),
  sortCode: z.number().int(),
  enabled: z.boolean(),
  remark: z.string(),
});
export type DictItem = z.infer<typeof dictItemSchema>;
const itemFields = {
  enCode: zEnCode({ max: 50 }),
  fullName: zName(100),
  fullNameEn: zOptional(100),
  fullNameTw: zOptional(100),
  sortCode: zSort,
  enabled: zFlag(true),
  remark: zOptional(500),
};
/** POST/PUT item: `parentId` "0" (root) unless the type is a tree. */
export const dictItemBodySchema = z.object({
  typeId: idSchema,
  parentId: z.union([z.literal('0'), idSchema], { error: 'validation.invalid' }).default('0'),
  ...itemFields,
});
export type DictItemBody = z.input<typeof dictItemBodySchema>;
export const dictItemQuerySchema = z.object({ typeId: idSchema });
export const dictItemSortSchema = z.object({
  typeId: idSchema,
  parentId: z.union([z.literal('0'), idSchema]),
  ids: z.array(idSchema).min(1).max(DICT_IMPORT_MAX_ITEMS),
});
export type DictItemSort = z.infer<typeof dictItemSortSchema>;

/** One item of an exported or imported type: its parent named by code ('' for the root). */
export const dictTransferItemSchema = z.object({
  ...itemFields,
  parentCode: z.union([z.literal(''), zEnCode({ max: 50 })]).default(''),
});
export const dictTransferTypeSchema = z.object({
  enCode: zEnCode({ max: 50 }),
  fullName: zName(50),
  ...otherNames,
  isTree: zFlag(false),
  scope: z.enum(DICT_SCOPES, { error: 'validation.invalid' }).default('base'),
  isConf: zFlag(true),
  remark: zOptional(500),
});
/** GET export: a whole type with its items; the document import takes back. */
export const dictExportSchema = z.object({
  type: dictTransferTypeSchema,
  items: z.array(dictTransferItemSchema).max(DICT_IMPORT_MAX_ITEMS, { error: 'validation.tooBig' }),
});
export type DictExport = z.output<typeof dictExportSchema>;
/**
 * POST import: into a category. A type whose code exists is updated, its items matched by code
 * (updated or added; items missing from the document are kept, since records may use them).
 */
export const dictImportSchema = dictExportSchema.extend({ categoryId: idSchema });
export type DictImport = z.input<typeof dictImportSchema>;
export const dictImportResultSchema = z.object({
  typeId: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
});
