import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { DICT_PAGE_BUTTONS, type DictPageItem } from './dictionary-page.core';
import { dictItemBodySchema, dictItemSchema, dictTypeSchema } from './dictionary-schemas';

export * from './dictionary-page.core';

export const dictPageParamSchema = z.object({ menuId: idSchema });
export const dictPageItemParamSchema = z.object({ menuId: idSchema, id: idSchema });

/** GET `/Items`: a keyword on the item's names and code (a tree keeps the matches' ancestors). */
export const dictPageItemQuerySchema = z.object({
  keyword: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
});

/** POST `/Items` and PUT `/Items/{id}`: an item of the dictionary screen, its type the menu's. */
export const dictPageItemBodySchema = dictItemBodySchema.omit({ typeId: true });
export type DictPageItemBody = z.input<typeof dictPageItemBodySchema>;

export const dictPageConfigSchema = z.object({
  menuId: z.string(),
  menuCode: z.string(),
  type: dictTypeSchema,
  buttons: z.array(z.enum(DICT_PAGE_BUTTONS)),
});

export const dictPageItemSchema: z.ZodType<DictPageItem> = z.lazy(() =>
  dictItemSchema.extend({ children: z.array(dictPageItemSchema).nullable() }),
);

export const dictPageItemsSchema = z.object({
  isTree: z.boolean(),
  list: z.array(dictPageItemSchema),
});
