import { z } from 'zod';
import { LOCALES } from '../api/envelope.core';
import { TEXT_KEY_PATTERN, TEXT_NAMESPACE_PATTERN, TEXT_OVERRIDE_MAX } from './language.core';

export * from './language.core';

const zLocale = z.enum(LOCALES, { error: 'validation.invalid' });
const textRef = {
  namespace: z
    .string({ error: 'validation.required' })
    .regex(TEXT_NAMESPACE_PATTERN, { error: 'validation.invalid' }),
  key: z.string({ error: 'validation.required' }).regex(TEXT_KEY_PATTERN, { error: 'validation.invalid' }),
};

export const textOverrideSchema = z.object({
  ...textRef,
  locale: z.enum(LOCALES),
  value: z.string(),
  updatedAt: z.number(),
});

export const serverTextSchema = z.object({
  key: z.string(),
  texts: z.object({ 'zh-CN': z.string(), 'en-US': z.string(), 'zh-TW': z.string() }),
});

export const languageDataSchema = z.object({
  server: z.array(serverTextSchema),
  overrides: z.array(textOverrideSchema),
});

/** Web overrides: locale → namespace → key → text. */
export const webTextOverridesSchema = z.record(
  z.string(),
  z.record(z.string(), z.record(z.string(), z.string())),
);

export const textOverrideBodySchema = z.object({
  ...textRef,
  locale: zLocale,
  // Kept as typed (spaces included): it is shown as is. Empty is refused: reset goes back to the shipped text.
  value: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required', abort: true })
    .max(TEXT_OVERRIDE_MAX, { error: 'validation.tooLong' })
    .refine((v) => v.trim().length > 0, 'validation.required'),
});
export type TextOverrideBody = z.input<typeof textOverrideBodySchema>;

export const textResetBodySchema = z.object({ ...textRef, locale: zLocale.optional() });
export type TextResetBody = z.input<typeof textResetBodySchema>;
