import type { Deps } from './context';
import type { MessageKey } from './i18n';

/** The user signing in, after the account and its own state have been found. */
export interface SignInUser {
  id: string | number | bigint;
  tenant_id: string | number | bigint;
  ent_id: string | number | bigint;
}

/**
 * A domain's say in sign-in: the message key of the refusal (answered as 400 with that message),
 * or null. The vendor domain refuses the users of frozen and eliminated suppliers.
 */
export type SignInGuard = (deps: Deps, user: SignInUser) => Promise<MessageKey | null>;

const guards: SignInGuard[] = [];

/** Domains register their guard once, when their plugin registers. */
export function registerSignInGuard(guard: SignInGuard): void {
  if (!guards.includes(guard)) guards.push(guard);
}

/** The first refusal of the registered guards, or null. */
export async function signInRefusal(deps: Deps, user: SignInUser): Promise<MessageKey | null> {
  for (const guard of guards) {
    const refusal = await guard(deps, user);
    if (refusal) return refusal;
  }
  return null;
}
