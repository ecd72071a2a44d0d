import { z } from 'zod';
import { zIntRange } from './bill-rule';
import {
  configNumberFits,
  PASSWORD_CLASSES,
  SYS_CONFIG_BOUNDS,
  SYS_CONFIG_GROUPS,
  type SysConfigGroup,
  type SysConfigValues,
} from './sys-config.core';

export * from './password-rule.core';
export * from './sys-config.core';

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).default('');
const bounded = (key: keyof typeof SYS_CONFIG_BOUNDS) =>
  zIntRange(SYS_CONFIG_BOUNDS[key][0], SYS_CONFIG_BOUNDS[key][1]);
/** An address the browser may open: http(s), or a path of this product. */
const link = (max: number) =>
  text(max).refine(
    (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)\S*$/.test(v),
    'validation.linkUrl',
  );

/** A percentage within its bounds, with at most two decimal places. */
const percent = (key: 'matchQuantityPercent' | 'matchPricePercent') =>
  z
    .number({ error: 'validation.invalid' })
    .min(SYS_CONFIG_BOUNDS[key][0], { error: 'validation.invalid' })
    .max(SYS_CONFIG_BOUNDS[key][1], { error: 'validation.invalid' })
    .refine((n) => configNumberFits(key, n), { error: 'validation.percentPlaces' });

/** One schema per group: PUT `${SysConfigApi.config}/{group}` validates its body with it. */
export const sysConfigGroupSchemas = {
  brand: z.object({
    sysName: text(50),
    sysNameEn: text(50),
    sysNameTw: text(50),
    logoUrl: link(500),
    loginTitle: text(100),
    loginSubtitle: text(200),
    copyright: text(200),
  }),
  security: z.object({
    lockoutAttempts: bounded('lockoutAttempts'),
    lockoutMinutes: bounded('lockoutMinutes'),
    tokenTimeout: bounded('tokenTimeout'),
    singleLogin: z.boolean(),
  }),
  password: z
    .object({
      passwordMinLength: bounded('passwordMinLength'),
      passwordMaxLength: bounded('passwordMaxLength'),
      passwordClasses: z.array(z.enum(PASSWORD_CLASSES)).max(PASSWORD_CLASSES.length),
      passwordExpiryDays: bounded('passwordExpiryDays'),
      passwordHistory: bounded('passwordHistory'),
    })
    .refine((v) => v.passwordMaxLength >= v.passwordMinLength, {
      path: ['passwordMaxLength'],
      message: 'validation.passwordMaxBelowMin',
    })
    .transform((v) => ({ ...v, passwordClasses: [...new Set(v.passwordClasses)] })),
  upload: z.object({ uploadMaxMb: bounded('uploadMaxMb') }),
  preview: z.object({ previewUrl: link(500) }),
  about: z.object({ sysVersion: text(50), helpUrl: link(500) }),
  procurement: z.object({
    matchQuantityPercent: percent('matchQuantityPercent'),
    matchPricePercent: percent('matchPricePercent'),
  }),
} as const satisfies { [G in SysConfigGroup]: z.ZodType<SysConfigValues[G], unknown> };

export const sysConfigGroupParamSchema = z.object({
  group: z.enum(SYS_CONFIG_GROUPS),
});

export const sysConfigValuesSchema = z.object({
  brand: sysConfigGroupSchemas.brand,
  security: sysConfigGroupSchemas.security,
  password: z.object({
    passwordMinLength: z.number(),
    passwordMaxLength: z.number(),
    passwordClasses: z.array(z.enum(PASSWORD_CLASSES)),
    passwordExpiryDays: z.number(),
    passwordHistory: z.number(),
  }),
  upload: sysConfigGroupSchemas.upload,
  preview: sysConfigGroupSchemas.preview,
  about: sysConfigGroupSchemas.about,
  procurement: z.object({ matchQuantityPercent: z.number(), matchPricePercent: z.number() }),
});

export const loginConfigSchema = sysConfigGroupSchemas.brand;

/**
 * A new password on the wire: only what no rule allows is refused here (empty, over the hard cap);
 * the tenant's configured rule is checked by the server with passwordProblems, as it can change.
 */
export const zNewPassword = () =>
  z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired', abort: true })
    .max(SYS_CONFIG_BOUNDS.passwordMaxLength[1], { error: 'validation.tooLong' });
