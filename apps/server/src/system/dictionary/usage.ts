import { sql } from 'kysely';
import type { MessageKey } from '../../core/i18n';
import type { Db } from './context';

/**
 * Where records hold dictionary item codes. A domain whose table stores codes of a dictionary type
 * declares it here once (at module load), so the dictionary screen refuses to delete an item in use
 * or to change its code, and refuses to change the code of a type that records rely on.
 */
export interface DictUsage {
  /** The dictionary type's enCode. */
  typeCode: string;
  /** The table and its text column holding item codes; the table has `tenant_id`. */
  table: string;
  column: string;
  /** Names the records in the refusal ("used by {usage}"). */
  label: MessageKey;
}

const usages: DictUsage[] = [];

export function declareDictUsage(usage: DictUsage): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(usage.table) || !/^[a-z_][a-z0-9_]*$/.test(usage.column)) {
    throw new Error(`dictionary usage ${usage.table}.${usage.column}: not a plain identifier`);
  }
  if (!usages.some((u) => u.table === usage.table && u.column === usage.column)) usages.push(usage);
}

export function usagesOfType(typeCode: string): DictUsage[] {
  return usages.filter((u) => u.typeCode === typeCode);
}

/** The first declared usage where a record of the tenant holds one of these codes, or null. */
export async function findUsage(
  db: Db,
  tenantId: string,
  typeCode: string,
  codes: readonly string[],
): Promise<DictUsage | null> {
  if (codes.length === 0) return null;
  for (const usage of usagesOfType(typeCode)) {
    const hit = await sql<{ one: number }>`select 1 as one from ${sql.table(usage.table)}
      where tenant_id = ${tenantId} and ${sql.ref(usage.column)} = any(${[...codes]}) limit 1`.execute(db);
    if (hit.rows.length > 0) return usage;
  }
  return null;
}
