import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveHmacKeySecret, verify } from 'altcha-lib/frameworks/shared';
import { sql } from 'kysely';
import type { AppConfig } from '../config';
import type { Deps } from './context';

/**
 * The proof of work (ALTCHA, self-hosted) of the supplier registration and of a sign-in to an
 * account that many wrong passwords reached lately (auth/sign-in-service.ts): the server signs a challenge,
 * the browser finds the counter that solves it (about cost × counter PBKDF2 rounds: a second or so
 * for one person, a real cost for a script sending thousands), the submit carries the solution,
 * which verifies once — spent challenges are kept in `vendor_captcha_used` (migration 0026, named
 * after the registration, its first user) until they expire, so a solution cannot be replayed, on
 * any process. Its settings are `config.register`'s (ALTCHA_HMAC_KEY, ALTCHA_COST).
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const EXPIRES_SECONDS = 600;

let processSecret: string | null = null;

function secretOf(config: AppConfig): string {
  const configured = config.register?.altchaSecret;
  if (configured) return configured;
  processSecret ??= randomBytes(32).toString('hex');
  return processSecret;
}

async function secrets(config: AppConfig) {
  const hmacSignatureSecret = secretOf(config);
  return { hmacSignatureSecret, hmacKeySignatureSecret: await deriveHmacKeySecret(hmacSignatureSecret) };
}

export async function newChallenge(config: AppConfig) {
  const [low, high] = config.register?.altchaCounter ?? [500, 2500];
  return createChallenge({
    algorithm: ALGORITHM,
    cost: config.register?.altchaCost ?? 500,
    counter: randomInt(low, high),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + EXPIRES_SECONDS,
    ...(await secrets(config)),
  });
}

/** Whether a submitted payload solves a challenge of ours that was not spent yet (it is spent now). */
export async function verifyProofOfWork(deps: Deps, payload: string | undefined): Promise<boolean> {
  if (!payload) return false;
  const s = await secrets(deps.config);
  const result = await verify(payload, deriveKey, s.hmacSignatureSecret, s.hmacKeySignatureSecret, {
    get: async () => null,
    set: async () => undefined,
    setIfAbsent: async (id: string) => {
      const inserted = await deps.db
        .insertInto('vendor_captcha_used')
        .values({ id: id.slice(0, 200), expires_at: sql`now() + interval '15 minutes'` })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  });
  if (result.error === null)
    await deps.db.deleteFrom('vendor_captcha_used').where('expires_at', '<', sql<Date>`now()`).execute();
  return result.error === null;
}
