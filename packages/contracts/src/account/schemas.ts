import { z } from 'zod';
import { idSchema, LOCALES } from '../api/envelope';
import { LAYOUT_TYPES } from '../auth/schemas';
import { zNewPassword } from '../system/sys-config';
import { isEmail, zPersonalMobile } from '../validation/rules';
import { uiSettingsSchema } from './ui-settings';

/**
 * Shapes of the current-user, organisation-switch, upload and client-error calls (server foundation).
 * Rule messages are message KEYS ('validation.*'); the server and the client translate them.
 */

/** GET /api/permission/Users/Current/BaseInfo */
export const baseInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string(),
  mobile: z.string(),
  email: z.string(),
  headIcon: z.string(),
  deptName: z.string(),
  entName: z.string(),
  theme: z.string(),
  language: z.string(),
});
export type BaseInfo = z.infer<typeof baseInfoSchema>;

/** PUT /api/permission/Users/Current/BaseInfo */
export const baseInfoBodySchema = z.object({
  realName: z.string({ error: 'validation.nameRequired' }).trim().min(1, 'validation.nameRequired').max(50),
  /** Personal-info mobile rule: 13, 15, 17 or 18 then 8 digits (docs/rules.md#validation). */
  mobile: zPersonalMobile({ requiredKey: 'validation.mobileRequired' }),
  /** Optional: empty, or an email. */
  email: z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === '' || isEmail(v), 'validation.email')
    .default(''),
});
export type BaseInfoBody = z.infer<typeof baseInfoBodySchema>;

/** POST /api/permission/Users/Current/Actions/ModifyPassword */
export const modifyPasswordBodySchema = z.object({
  oldPassword: z.string().min(1).max(100),
  password: zNewPassword(),
});
export type ModifyPasswordBody = z.infer<typeof modifyPasswordBodySchema>;

/**
 * PUT /api/permission/Users/Current/SystemTheme: the layout, and with it the drawer's other settings
 * (replaced as a whole when given).
 */
export const systemThemeBodySchema = z.object({
  theme: z.enum(LAYOUT_TYPES),
  settings: uiSettingsSchema.optional(),
});

/**
 * PUT /api/permission/Users/Current/SystemLanguage: the interface language the user chose; the
 * messages, notices and pushes sent to him later are written in it.
 */
export const systemLanguageBodySchema = z.object({ language: z.enum(LOCALES) });

/** POST /api/sys/dept/switchCompany */
export const switchCompanyBodySchema = z.object({ companyId: idSchema });

/** POST /api/file/Uploader/{type} (multipart, field `file`): `url` is GET /api/file/Image/{type}/{name}. */
export const uploadResultSchema = z.object({ name: z.string(), url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** POST /api/system/Log/client-error: an uncaught client error with the page address (docs/rules.md#errors). */
export const clientErrorBodySchema = z.object({
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(500).optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type ClientErrorBody = z.infer<typeof clientErrorBodySchema>;
