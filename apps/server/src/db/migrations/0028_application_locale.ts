import { type Kysely, sql } from 'kysely';

/**
 * The language an application was written in: the supplier's first user starts with it, and the
 * admission's welcome message is written in it (later messages follow the user's own language).
 */
export async function up0028(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`alter table vendor_application add column if not exists locale text not null default 'zh-CN'`)
    .execute(db);
}

export async function down0028(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table vendor_application drop column if exists locale').execute(db);
}
