import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { isEmail, zAccount, zMobile, zName, zPassword } from '../validation/rules';

/** A user row of the list. */
export const userSchema = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string(),
  mobile: z.string(),
  email: z.string(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  enabled: z.boolean(),
  isAdmin: z.boolean(),
  /** Epoch milliseconds, like every time on the wire. */
  lastLoginTime: z.number().nullable(),
  createdAt: z.number(),
});
export type User = z.infer<typeof userSchema>;

/** A user with its roles and positions (GET by id, create and update answers). */
export const userInfoSchema = userSchema.extend({
  roleIds: z.array(z.string()),
  positionIds: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Email is optional: empty, or a valid address (the shared predicate). */
const optionalEmail = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(100, { error: 'validation.tooLong', abort: true })
  .refine((v) => v === '' || isEmail(v), 'validation.email')
  .default('');

const ids = z.array(idSchema).max(200).default([]);

/** PUT user: everything but the account and the password; `enabled` left out keeps the state. */
export const userUpdateSchema = z.object({
  realName: zName({ max: 50 }),
  mobile: zMobile(),
  email: optionalEmail,
  deptId: idSchema.nullable().default(null),
  enabled: z.boolean().optional(),
  roleIds: ids,
  positionIds: ids,
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

/** POST user: the account (unique among live users) and an initial password. */
export const userCreateSchema = userUpdateSchema.extend({
  account: zAccount({ max: 50 }),
  password: zPassword(),
  enabled: z.boolean().default(true),
});
export type UserCreate = z.input<typeof userCreateSchema>;

export const userPageQuerySchema = pageQuerySchema.extend({
  /** A department or company: its users and those of everything below it. */
  deptId: idSchema.optional(),
});
export type UserPageQuery = z.input<typeof userPageQuerySchema>;

export const userResetPasswordSchema = z.object({ password: zPassword() });
export const userStateSchema = z.object({ enabled: z.boolean() });

/** Selector and All rows: enough for a picker. */
export const userPickSchema = z.object({
  id: z.string(),
  realName: z.string(),
  account: z.string(),
  deptName: z.string().nullable(),
});
export type UserPick = z.infer<typeof userPickSchema>;
export const userPickQuerySchema = z.object({ keyword: z.string().trim().max(100).optional() });
