import { z } from 'zod';
import { SMS_CODE_LENGTH, SMS_CODE_PURPOSES, type SmsCodeSent } from './sms-code.core';

export * from './sms-code.core';

/** A mainland mobile number (1 and ten digits), as the sign-in takes it. */
const mobile = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, { error: 'validation.mobile' });
const code = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { error: 'validation.smsCode' });
/** The mobile, or `mobile@account` for a sub-account (docs/rules.md#sign-in). */
const userName = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^1[3-9]\d{9}(@.{1,80})?$/, { error: 'validation.mobile' });

export const smsCodeSendSchema = z.object({
  mobile,
  purpose: z.enum(SMS_CODE_PURPOSES, { error: 'validation.invalid' }),
  /** A solved proof of work (`SmsCodeApi.challenge`). */
  altcha: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(10_000),
});
export type SmsCodeSend = z.input<typeof smsCodeSendSchema>;

export const smsCodeLoginSchema = z.object({ userName, code });
export type SmsCodeLogin = z.input<typeof smsCodeLoginSchema>;

export const smsCodeResetSchema = z.object({
  userName,
  code,
  newPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(100),
});
export type SmsCodeReset = z.input<typeof smsCodeResetSchema>;

export const smsCodeSentSchema: z.ZodType<SmsCodeSent> = z.object({
  cooldownSeconds: z.number(),
  ttlSeconds: z.number(),
});
