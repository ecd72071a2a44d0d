import {
  type Locale,
  type PasswordRule,
  passwordProblems,
  passwordProblemText,
  validationMessage,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { ZodType } from 'zod';
import { fieldError } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../core/password';
import type { SettingsCache } from '../../core/settings';
import { issuesToFields } from '../../core/validation';
import type { Database } from '../../db/types';

/** Rows of history kept per user: the largest reuse setting, plus the current password. */
const HISTORY_KEPT = 25;

export interface NewPasswordCheck {
  tenantId: string;
  /** The user whose password changes; null for a user not created yet. */
  userId: string | null;
  password: string;
  rule: PasswordRule;
  locale: Locale;
  /** The body field the message belongs to. */
  field?: string;
}

/**
 * Refuses a new password that breaks the tenant's rule, or that repeats the user's current
 * password or one of the last `passwordHistory` before it (400 with a field message); returns its
 * hash. Every password path calls this: sign-in with an expired password, the own change, the
 * administrator's reset, user create and user import.
 */
export async function checkNewPassword(db: Kysely<Database>, check: NewPasswordCheck): Promise<string> {
  const field = check.field ?? 'password';
  const problems = passwordProblems(check.password, check.rule);
  if (problems.length) {
    throw fieldError({ [field]: problems.map((p) => passwordProblemText(p, check.locale)).join(' ') });
  }
  if (check.userId && check.rule.passwordHistory > 0) {
    const [current, history] = await Promise.all([
      db
        .selectFrom('sys_user')
        .select('password_hash')
        .where('id', '=', check.userId)
        .where('tenant_id', '=', check.tenantId)
        .executeTakeFirst(),
      db
        .selectFrom('sys_password_history')
        .select('password_hash')
        .where('user_id', '=', check.userId)
        .where('tenant_id', '=', check.tenantId)
        .orderBy('id', 'desc')
        .limit(check.rule.passwordHistory)
        .execute(),
    ]);
    const hashes = new Set([
      ...(current ? [current.password_hash] : []),
      ...history.map((h) => h.password_hash),
    ]);
    for (const hash of hashes) {
      if (await verifyPassword(hash, check.password)) {
        throw fieldError({ [field]: validationMessage('validation.passwordReused', check.locale) });
      }
    }
  }
  return hashPassword(check.password);
}

/** Adds history rows (new users, changed passwords) and drops what no setting can ask for. */
export async function recordPasswordHistory(
  tx: Transaction<Database> | Kysely<Database>,
  tenantId: string,
  entries: { userId: string; passwordHash: string }[],
  now: Date = new Date(),
): Promise<void> {
  if (!entries.length) return;
  await tx
    .insertInto('sys_password_history')
    .values(
      entries.map((e) => ({
        tenant_id: tenantId,
        user_id: e.userId,
        password_hash: e.passwordHash,
        created_at: now,
      })),
    )
    .execute();
  if (entries.length === 1) {
    const userId = entries[0]?.userId ?? '';
    await tx
      .deleteFrom('sys_password_history')
      .where('user_id', '=', userId)
      .where(
        'id',
        'not in',
        tx
          .selectFrom('sys_password_history')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(HISTORY_KEPT),
      )
      .execute();
  }
}

/** True when the rule expires passwords and this one is older than that. */
export function passwordExpired(rule: PasswordRule, changedAt: Date | string | null, now: Date): boolean {
  if (rule.passwordExpiryDays <= 0 || !changedAt) return false;
  return now.getTime() - new Date(changedAt).getTime() > rule.passwordExpiryDays * 86_400_000;
}

/**
 * A route's preValidation: a new password (body field `field`) that breaks the tenant's rule is
 * refused together with every other field's problem, in one answer, as the route's schema would
 * report a fixed rule. The rule changes per tenant and at any time, so it cannot live in the schema.
 */
export function passwordRuleCheck(
  settings: SettingsCache,
  field = 'password',
): (request: FastifyRequest) => Promise<void> {
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const password = body?.[field];
    if (typeof password !== 'string' || !password || !request.auth) return;
    const { tenantId, configVersion } = request.auth;
    const { password: rule } = await settings.all(tenantId, configVersion);
    const problems = passwordProblems(password, rule);
    if (!problems.length) return;
    const schema = request.routeOptions.schema?.body as ZodType | undefined;
    const parsed = schema?.safeParse(body);
    const others =
      parsed && !parsed.success
        ? issuesToFields(
            parsed.error.issues.map((issue) => ({
              keyword: issue.code,
              instancePath: `/${issue.path.join('/')}`,
              message: issue.message,
              params: issue as unknown as Record<string, unknown>,
            })),
            request.locale,
          )
        : {};
    throw fieldError({
      ...others,
      [field]: problems.map((p) => passwordProblemText(p, request.locale)).join(' '),
    });
  };
}
