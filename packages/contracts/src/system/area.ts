import { z } from 'zod';
import { AREA_ROOT } from './area.core';

export * from './area.core';

const zAreaCode = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^\d{6,12}$/, { error: 'validation.areaCode' });
const zParentCode = z
  .string({ error: 'validation.invalid' })
  .trim()
  .regex(/^(?:0|\d{6,12})$/, { error: 'validation.invalid' });
const zAreaName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(50, { error: 'validation.tooLong' });
const zShortName = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(20, { error: 'validation.tooLong' })
  .default('');
const zKeyword = z.string({ error: 'validation.invalid' }).trim().max(50, { error: 'validation.tooLong' });

export const areaItemSchema = z.object({
  code: z.string(),
  parentCode: z.string(),
  name: z.string(),
  shortName: z.string(),
  level: z.number().int(),
  enabled: z.boolean(),
  isLeaf: z.boolean(),
  added: z.boolean(),
  edited: z.boolean(),
  originalName: z.string(),
});

export const areaMatchSchema = z.object({
  path: z.array(z.object({ code: z.string(), name: z.string(), isLeaf: z.boolean() })),
});

/** GET the screen's list: children of parentCode, or (with keyword) matches by name or code. */
export const areaListQuerySchema = z.object({
  parentCode: zParentCode.default(AREA_ROOT),
  keyword: zKeyword.optional(),
});
export const areaChildrenQuerySchema = z.object({ parentCode: zParentCode.default(AREA_ROOT) });
export const areaSearchQuerySchema = z.object({
  keyword: zKeyword.min(1, { error: 'validation.required' }),
});
export const areaCodeParamSchema = z.object({ code: zAreaCode });

export const areaUpdateSchema = z.object({
  name: zAreaName,
  shortName: zShortName,
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
});
export type AreaUpdate = z.input<typeof areaUpdateSchema>;

export const areaCreateSchema = areaUpdateSchema.extend({
  parentCode: zParentCode,
  code: zAreaCode,
});
export type AreaCreate = z.input<typeof areaCreateSchema>;
