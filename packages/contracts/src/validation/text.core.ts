// The zod-free part of text.ts (shared by the web without zod).

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds no NUL and no unpaired surrogate. */
export function isCleanText(value: string): boolean {
  return !value.includes('\0') && !LONE_SURROGATE.test(value);
}

/** Message key of a string with a NUL or an unpaired surrogate. */
export const BAD_TEXT_KEY = 'validation.badCharacters';
