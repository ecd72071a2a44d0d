import { z } from 'zod';
import { backupSchema } from '../system/task';
import { zAccount, zEnCode, zMobile, zName, zPassword } from '../validation/rules';

export * from './schemas.core';

export const platformLoginBodySchema = z.object({
  userName: z.string().trim().min(1).max(100),
  passWord: z.string().min(1).max(100),
  /** Required while the password is a one-time one (then `data.mustChangePassword` asks for it). */
  newPassword: zPassword().optional(),
});
export type PlatformLoginBody = z.input<typeof platformLoginBodySchema>;

export const platformLoginResultSchema = z.object({ token: z.string(), account: z.string() });
export type PlatformLoginResult = z.infer<typeof platformLoginResultSchema>;

export const platformOperatorSchema = z.object({
  id: z.string(),
  account: z.string(),
  lastLoginAt: z.number().nullable(),
});
export type PlatformOperator = z.infer<typeof platformOperatorSchema>;

export const tenantRowSchema = z.object({
  /** Opaque, like every id. */
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** active, or suspended (its users cannot sign in). */
  status: z.enum(['active', 'suspended']),
  createdAt: z.number(),
  suspendedAt: z.number().nullable(),
  /** Live users of the tenant. */
  userCount: z.number().int(),
  /** The account of its first (oldest) administrator. */
  adminAccount: z.string().nullable(),
});
export type TenantRow = z.infer<typeof tenantRowSchema>;

/** POST a tenant: its code and name, its purchasing enterprise (the root company) and its first administrator. */
export const tenantCreateSchema = z.object({
  code: zEnCode({ max: 50 }),
  name: zName({ max: 100 }),
  entName: zName({ max: 100 }),
  adminAccount: zAccount({ max: 50 }),
  adminName: zName({ max: 50 }),
  adminMobile: zMobile(),
  adminPassword: zPassword(),
});
export type TenantCreate = z.input<typeof tenantCreateSchema>;

export const platformBackupInfoSchema = z.object({
  embedded: z.boolean(),
  /** On PostgreSQL: pg_dump is on the server's PATH, so a backup is a pg_dump archive (restored with pg_restore). */
  pgDump: z.boolean(),
  databaseSize: z.number(),
  backups: z.array(backupSchema),
  /** The backup the server swaps in at its next start. */
  pendingRestore: z.string().nullable(),
});
export type PlatformBackupInfo = z.infer<typeof platformBackupInfoSchema>;
