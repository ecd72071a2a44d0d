import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A domain's say in who may still receive news: of these users of the tenant, the ones that must
 * be left out. The vendor domain leaves out the users of frozen and eliminated suppliers, so an
 * announcement to "all suppliers" does not reach them — without the message domain knowing
 * suppliers (a registry here, like `sign-in-guard.ts`).
 */
export type RecipientFilter = (db: Db, tenantId: string, userIds: readonly string[]) => Promise<Set<string>>;

const filters: RecipientFilter[] = [];

/** Domains register their filter once, when their module loads. */
export function registerRecipientFilter(filter: RecipientFilter): void {
  if (!filters.includes(filter)) filters.push(filter);
}

/** `userIds` without those any registered filter leaves out (order kept). */
export async function liveRecipients(
  db: Db,
  tenantId: string,
  userIds: readonly string[],
): Promise<string[]> {
  if (!userIds.length) return [];
  const out = new Set<string>();
  for (const filter of filters) for (const id of await filter(db, tenantId, userIds)) out.add(id);
  return out.size ? userIds.filter((id) => !out.has(id)) : [...userIds];
}
