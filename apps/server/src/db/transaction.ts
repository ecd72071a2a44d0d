import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types';

/**
 * PostgreSQL's answers that mean "nothing was written, the same transaction may simply run again":
 * deadlock detected, and serialization failure (also what a concurrent update under REPEATABLE READ
 * or SERIALIZABLE gets).
 */
const RETRYABLE = new Set(['40P01', '40001']);

/** Attempts in all, and the backoff before the second one (doubling, with full jitter). */
const ATTEMPTS = 5;
const BASE_DELAY_MS = 5;
const MAX_DELAY_MS = 100;

export function isRetryableTxError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

export interface TransactionOptions {
  /** Attempts in all (default 5). */
  attempts?: number;
  /** Told before each retry (e.g. to log it). */
  onRetry?: (error: unknown, attempt: number) => void;
}

/**
 * The one place the server starts a transaction: `fn` runs in a transaction that commits when it
 * returns. When PostgreSQL rolls it back for a deadlock or a serialization failure, it runs again
 * from the start (up to 5 attempts, after 5, 10, 20… ms with jitter, so two transactions that
 * collided do not collide again in step). Because `fn` may run more than once, it must only use
 * `tx` and return what it found: publishing, notifying, ending sockets and anything else outside
 * the database happen after this returns, i.e. after the commit. A test checks that no other code
 * calls `.transaction()`.
 */
export async function transaction<T>(
  db: Kysely<Database>,
  fn: (tx: Transaction<Database>) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (error) {
      if (attempt >= attempts || !isRetryableTxError(error)) throw error;
      options.onRetry?.(error, attempt);
      const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}
