import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { zEnCode, zName } from '../validation/rules';
import { USER_PICK_MAX } from './role-schemas.core';

export * from './role-schemas.core';

/** A role row on the wire; userCount counts live users holding it. */
export const roleSchema = z.object({
  id: z.string(),
  roleName: z.string(),
  enCode: z.string(),
  enabled: z.boolean(),
  orderNum: z.number().int(),
  userCount: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

/** Selector option: an enabled role of the tenant. */
export const roleOptionSchema = z.object({ id: z.string(), roleName: z.string(), enCode: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;

/** POST save. Codes are unique within the tenant. */
export const roleCreateSchema = z.object({
  roleName: zName({ max: 50 }),
  enCode: zEnCode({ max: 50 }),
  orderNum: z.number().int().min(0).max(999_999).default(0),
  enabled: z.boolean().default(true),
});
export type RoleCreate = z.input<typeof roleCreateSchema>;
/** POST update: the role's id with every field of save. */
export const roleUpdateSchema = roleCreateSchema.extend({ id: idSchema });
export type RoleUpdate = z.input<typeof roleUpdateSchema>;

export const rolePageQuerySchema = pageQuerySchema.extend({
  /** "true" / "false": only enabled or only disabled roles. */
  enabled: z.enum(['true', 'false']).optional(),
});
export const roleSelectParamSchema = z.object({ tenantId: idSchema });
export const roleIdBodySchema = z.object({ id: idSchema });
export const roleStateSchema = z.object({ enabled: z.boolean() });

export const roleUserQuerySchema = pageQuerySchema.extend({ roleId: idSchema });
/** A user holding a role. */
export const roleUserSchema = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string(),
  deptName: z.string().nullable(),
  enabled: z.boolean(),
});
export type RoleUser = z.infer<typeof roleUserSchema>;

/** POST addUsers / removeUsers: every user must be of the tenant. */
export const roleUsersBodySchema = z.object({
  roleId: idSchema,
  userIds: z.array(idSchema).min(1).max(USER_PICK_MAX),
});
export type RoleUsersBody = z.input<typeof roleUsersBodySchema>;
