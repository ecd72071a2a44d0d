import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { GRANT_OBJECT_TYPES, type GrantNode } from './authorize-schemas.core';

export * from './authorize-schemas.core';

export const grantObjectTypeSchema = z.enum(GRANT_OBJECT_TYPES);
export type GrantObjectType = z.infer<typeof grantObjectTypeSchema>;
export const grantNodeSchema: z.ZodType<GrantNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    id: z.string(),
    itemType: z.enum(['menu', 'button', 'column', 'data']),
    title: z.string(),
    enCode: z.string(),
    menuType: z.number().int().nullable(),
    children: z.array(grantNodeSchema).nullable(),
  }),
);

const idsSchema = z.array(idSchema).max(10_000);

/** Checked item ids per tab. */
export const grantIdsSchema = z.object({
  menu: idsSchema,
  button: idsSchema,
  column: idsSchema,
  data: idsSchema,
  app: idsSchema,
});
export type GrantIds = z.infer<typeof grantIdsSchema>;

export const grantTreesSchema = z.object({
  menu: z.array(grantNodeSchema),
  button: z.array(grantNodeSchema),
  column: z.array(grantNodeSchema),
  data: z.array(grantNodeSchema),
  app: z.array(grantNodeSchema),
});
export type GrantTrees = z.infer<typeof grantTreesSchema>;

/** GET Authority/Data: every item of the tenant as trees, plus the object's checked ids. */
export const authorizeDataSchema = z.object({ trees: grantTreesSchema, checked: grantIdsSchema });
export type AuthorizeData = z.infer<typeof authorizeDataSchema>;

export const authorizeParamSchema = z.object({ objectType: grantObjectTypeSchema, objectId: idSchema });
/** PUT Authority/Data: the object's whole grant set (replaces what it had). */
export const authorizeSaveSchema = grantIdsSchema;
export type AuthorizeSave = z.input<typeof authorizeSaveSchema>;

export const authorizeObjectsParamSchema = z.object({ objectType: grantObjectTypeSchema });
export const authorizeObjectsQuerySchema = z.object({ keyword: z.string().trim().max(100).optional() });
/** A role, position or user to authorize; `extra` is the position's department or the user's name. */
export const authorizeObjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  extra: z.string().nullable(),
  enabled: z.boolean(),
});
export type AuthorizeObject = z.infer<typeof authorizeObjectSchema>;

/** GET Users/Current/Authorize: the trees pruned to what the signed-in user holds. */
export const currentAuthorizeSchema = grantTreesSchema;
