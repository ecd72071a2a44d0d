// The zod-free part of envelope.ts (shared by the web without zod).

/** Body codes (docs/rules.md#api). HTTP status is 200 for all of them except 500. */
export const ApiCode = {
  ok: 0,
  badRequest: 400,
  unauthorizedLegacy: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  serverError: 500,
  tokenMissing: 600,
  tokenInvalid: 601,
  signedOutElsewhere: 602,
} as const;
export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

/** Codes after which the client clears its session and reloads (docs/rules.md#errors). */
export const SESSION_RESET_CODES: readonly number[] = [600, 601, 602];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Ids are opaque strings on the wire; "0" is the root parent. */
/** The largest id a bigint column holds: a longer or larger number is bad input, never a 500. */
export const MAX_ID = '9223372036854775807';
export const ROOT_ID = '0';

export const LOCALES = ['zh-CN', 'en-US', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/**
 * A name kept in the three languages (menus, flows, dictionary items): the reader's, or the
 * simplified-Chinese main name where the translation is empty.
 */
export function nameInLocale(
  locale: Locale,
  main: string,
  en: string | null | undefined,
  tw: string | null | undefined,
) {
  if (locale === 'en-US') return en || main;
  if (locale === 'zh-TW') return tw || main;
  return main;
}

/** Resolves a browser or Accept-Language code the way docs/rules.md#language says: tw → zh-TW, zh → zh-CN, en → en-US. */
export function resolveLocale(input: string | null | undefined): Locale {
  if (!input) return DEFAULT_LOCALE;
  const first = input.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.includes('tw') || first.includes('hk') || first.includes('hant')) return 'zh-TW';
  if (first.startsWith('zh')) return 'zh-CN';
  if (first.startsWith('en')) return 'en-US';
  return DEFAULT_LOCALE;
}
