/**
 * Text that may reach the database. PostgreSQL refuses a NUL character in text, and an unpaired
 * UTF-16 surrogate has no UTF-8 form: either would fail deep in a query. Every input (query,
 * body, path parameters, socket frames, import cells) is checked against this before it is used.
 */
import { z } from 'zod';
import { BAD_TEXT_KEY, isCleanText } from './text.core';

export { BAD_TEXT_KEY, isCleanText };

const MAX_DEPTH = 64;

/**
 * The path of the first string (object key or value) in an input that is not clean text, or null.
 * Walks plain JSON data: objects, arrays and strings.
 */
export function findBadText(input: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof input === 'string') return isCleanText(input) ? null : path;
  if (input === null || typeof input !== 'object' || path.length > MAX_DEPTH) return null;
  if (Array.isArray(input)) {
    for (let i = 0; i < input.length; i++) {
      const found = findBadText(input[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, value] of Object.entries(input)) {
    if (!isCleanText(key)) return [...path, key];
    const found = findBadText(value, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * The shared guard in front of any input schema: a NUL or an unpaired surrogate anywhere fails
 * with `validation.badCharacters` at that field, before the schema itself runs.
 */
export function zCleanInput<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const path = findBadText(value);
      if (path) ctx.addIssue({ code: 'custom', message: BAD_TEXT_KEY, path });
    })
    .pipe(schema);
}

/** The shared free-text string: a string of clean text (add trim, max… as the field needs). */
export const zText = () => z.string().refine(isCleanText, BAD_TEXT_KEY);
