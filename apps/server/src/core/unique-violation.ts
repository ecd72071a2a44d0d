import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { routeConfigOf } from './fastify-internals';
import { type MessageKey, t } from './i18n';

/**
 * The one mapping from a unique violation (PostgreSQL error 23505) to the answer of the check in
 * front of it: every "already exists" rule of a service has a unique index behind it, so two
 * identical creates at once cannot both land; the one that loses the race gets the same translated
 * 400 at the same field as a create that came second (the error handler, core/http.ts, calls this).
 */
export interface UniqueRule {
  /** The body field the message belongs to (`data.fields`). */
  field: string;
  key: MessageKey;
}

const rules = new Map<string, UniqueRule>();

/**
 * Says which field and message a unique index (or constraint) stands for; once per index at module
 * load, by the folder that owns the table. A route that names the field otherwise (the sub-account's
 * mobile for the account index) says so in its `config.unique`.
 */
export function declareUnique(constraint: string, rule: UniqueRule): void {
  rules.set(constraint, rule);
}

interface PgError {
  code?: unknown;
  constraint?: unknown;
}

/** The 400 a unique violation answers, null for any other error; an undeclared index is a 409. */
export function uniqueViolation(error: unknown, request: FastifyRequest): AppError | null {
  const pg = error as PgError | null;
  if (pg?.code !== '23505') return null;
  const constraint = typeof pg.constraint === 'string' ? pg.constraint : '';
  const rule = routeConfigOf(request)?.unique?.[constraint] ?? rules.get(constraint);
  if (!rule) return new AppError(409, 'error.conflict');
  return new AppError(400, 'error.badRequest', undefined, {
    fields: { [rule.field]: t(request.locale, rule.key) },
  });
}
