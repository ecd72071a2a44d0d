import { type Kysely, sql } from 'kysely';

/**
 * What a supplier's change request replaces, as it stood when asked (`{bank: [...]}` or
 * `{legal: {...}}`): the supplier sees old → new after the approval applied it, and the approval
 * applies only the legal fields the request changed (an address edited in the profile meanwhile
 * stays). Null for requests made before this migration.
 */
export async function up0033(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table vendor_change add column if not exists before_data jsonb').execute(db);
}

export async function down0033(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table vendor_change drop column if exists before_data').execute(db);
}
