import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { zNewPassword } from '../system/sys-config';
import { isEmail, zAccount, zMobile, zName } from '../validation/rules';

/** A user row of the list. mobile and email are column permissions: absent unless granted. */
export const userSchema = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string(),
  mobile: z.string().optional(),
  email: z.string().optional(),
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

const idList = z.array(idSchema).max(200);
const ids = idList.default([]);

/**
 * PUT user: everything but the account and the password. What is left out stays as it is
 * (`enabled`, `deptId`, `roleIds`, `positionIds`): a partial update never clears relations.
 */
export const userUpdateSchema = z.object({
  realName: zName({ max: 50 }),
  mobile: zMobile(),
  email: optionalEmail,
  deptId: idSchema.nullable().optional(),
  enabled: z.boolean().optional(),
  roleIds: idList.optional(),
  positionIds: idList.optional(),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

/** POST user: the account (unique among live users) and an initial password. */
export const userCreateSchema = userUpdateSchema.extend({
  account: zAccount({ max: 50 }),
  password: zNewPassword(),
  deptId: idSchema.nullable().default(null),
  enabled: z.boolean().default(true),
  roleIds: ids,
  positionIds: ids,
});
export type UserCreate = z.input<typeof userCreateSchema>;

export const userPageQuerySchema = pageQuerySchema.extend({
  /** A department or company: its users and those of everything below it. */
  deptId: idSchema.optional(),
  /** "true" / "false": only enabled or only disabled users. */
  enabled: z.enum(['true', 'false']).optional(),
  /** Only the users holding this role (a role of the tenant). */
  roleId: idSchema.optional(),
  /** Only the users holding this position (a position of the tenant). */
  positionId: idSchema.optional(),
});
export type UserPageQuery = z.input<typeof userPageQuerySchema>;

export const userResetPasswordSchema = z.object({ password: zNewPassword() });
export const userStateSchema = z.object({ enabled: z.boolean() });

/** The users of a list page whose sign-in locks to look up (a page holds at most 500). */
export const userLocksBodySchema = z.object({ ids: z.array(idSchema).max(500) });
/** A user locked out of signing in from at least one client address, now. */
export const userLockSchema = z.object({
  id: z.string(),
  /** The latest of its locks' ends, epoch ms. */
  lockedUntil: z.number(),
  /** How many client addresses are locked. */
  addresses: z.number(),
});
export type UserLock = z.infer<typeof userLockSchema>;

/** Selector and All rows: enough for a picker. */
export const userPickSchema = z.object({
  id: z.string(),
  realName: z.string(),
  account: z.string(),
  /** The user's department (or company): where the user tree puts the user; null: none. */
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
});
export type UserPick = z.infer<typeof userPickSchema>;
export const userPickQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  /**
   * "true": only live staff (enabled, not a supplier's user): the users a person may hand workflow
   * work to (transfer, delegation, copy-to, assign, approvers chosen at launch); the server refuses
   * any other there.
   */
  staffOnly: z.enum(['true', 'false']).optional(),
});
export type UserPickQuery = z.input<typeof userPickQuerySchema>;

/** A row the import refused: 1-based sheet row, the column's header and the reason, translated. */
export const userImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type UserImportError = z.infer<typeof userImportErrorSchema>;

/** Import answer: good rows are in (one transaction), bad rows reported (none of them written). */
export const userImportResultSchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  failed: z.number().int(),
  errors: z.array(userImportErrorSchema),
  /** The refused rows with an error column, as a base64 .xlsx; null when every row went in. */
  errorReport: z.string().nullable(),
});
export type UserImportResult = z.infer<typeof userImportResultSchema>;

/** Chat contact (docs/rules.md#chat): enabled users of the tenant. */
export const imUserSchema = z.object({
  id: z.string(),
  realName: z.string(),
  account: z.string(),
  headIcon: z.string(),
  department: z.string(),
});
export type ImUser = z.infer<typeof imUserSchema>;
export const imUserSelectorBodySchema = z.object({ keyword: z.string().trim().max(100).optional() });

/** POST /api/sys/postStaff/userList: users of a position and/or a department (with its sub-departments). */
export const postStaffUserListBodySchema = z.object({
  positionId: idSchema.optional(),
  deptId: idSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
  currentPage: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(500).default(20),
});
export type PostStaffUserListBody = z.input<typeof postStaffUserListBodySchema>;

/** POST /api/sys/user/update: the PUT body with the user's id. */
export const sysUserUpdateSchema = userUpdateSchema.extend({ id: idSchema });
