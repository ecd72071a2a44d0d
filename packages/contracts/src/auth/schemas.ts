import { z } from 'zod';
import { uiSettingsSchema } from '../account/ui-settings';

export * from './schemas.core';

/** Account or mobile number, or `mobile@account` for a sub-account (docs/rules.md#sign-in). Trimmed. */
export const loginBodySchema = z.object({
  userName: z.string().trim().min(1).max(100),
  passWord: z.string().min(1).max(100),
  /** Only with an expired password: its replacement, under the tenant's password rule. */
  newPassword: z.string().min(1).max(100).optional(),
  /**
   * A solved proof of work (the ALTCHA payload: base64 JSON of the challenge and its solution),
   * needed once many wrong passwords reached the account lately (the answer says `proofOfWork`).
   */
  altcha: z.string().max(10_000).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A proof-of-work challenge (ALTCHA) of the sign-in and of the supplier registration. */
export const challengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});

export const loginResultSchema = z.object({
  token: z.string(),
  theme: z.string(),
  /** The user's stored drawer settings, applied at sign-in with the layout. */
  settings: uiSettingsSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const lockScreenBodySchema = z.object({
  account: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(100),
});
export type LockScreenBody = z.infer<typeof lockScreenBodySchema>;

export const entSchema = z.object({
  id: z.string(),
  entName: z.string(),
  /** 1 = the tenant's own purchasing enterprise, 2 = a supplier. */
  entType: z.number().int(),
});

export const subCompanyRefSchema = z.object({ id: z.string(), deptName: z.string() });

/** GET /api/sys/user/info — the current user's fields. */
export const currentUserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  tenantId: z.string(),
  userCode: z.string(),
  account: z.string(),
  userName: z.string(),
  realName: z.string(),
  deptId: z.string(),
  deptName: z.string(),
  positionNames: z.array(z.string()),
  ent: entSchema,
  headIcon: z.string(),
  portalId: z.string(),
  userMobile: z.string(),
  userEmail: z.string(),
  isAdministrator: z.boolean(),
  /** 1 when there was an earlier sign-in whose data follows. */
  prevLogin: z.number().int(),
  prevLoginTime: z.number().nullable(),
  prevLoginIPAddress: z.string(),
  /** The previous sign-in's place: `local` or `lan` (the client names it in its language), or empty. */
  prevLoginIPAddressName: z.string(),
  /** The company the session acts within (docs/rules.md#tenancy). */
  subCompany: subCompanyRefSchema,
  theme: z.string(),
  settings: uiSettingsSchema,
  language: z.string(),
  permsList: z.array(z.string()),
  /** The WeChat official-account binding is configured: the top bar offers its QR code dialog. */
  wxBindEnabled: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
