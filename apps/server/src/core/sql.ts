import { type ExpressionBuilder, type Kysely, type SqlBool, type StringReference, sql } from 'kysely';
import type { Database } from '../db/types';

/** A LIKE pattern that finds the keyword anywhere, its wildcards matched literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** fieldName → field_name: a camelCase field of the client as its column. */
export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Tables whose rows carry a code unique within the tenant. */
type CodedTable = 'sys_role' | 'sys_position';

/** Whether another row of the tenant (not `selfId`) already has the code. */
export async function codeTaken(
  db: Kysely<Database>,
  table: CodedTable,
  tenantId: string,
  enCode: string,
  selfId?: string,
): Promise<boolean> {
  let q = db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('en_code', '=', enCode);
  if (selfId) q = q.where('id', '<>', selfId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** A keyword found in any of `columns` (case-insensitive, its own % and _ taken literally). */
export function anyColumnLike<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly StringReference<DB, TB>[],
  keyword: string,
) {
  const like = likePattern(keyword);
  return eb.or(columns.map((column) => sql<SqlBool>`${eb.ref(column)} ilike ${like}`));
}
