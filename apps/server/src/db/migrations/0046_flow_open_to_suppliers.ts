import { type Kysely, sql } from 'kysely';

/**
 * Who may launch a flow, beyond its launcher list: staff only (the default, every flow so far) or
 * opened to suppliers. A supplier's user (entType 2) launches and sees only flows opened to them.
 */
export async function up0046(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_definition add column if not exists open_to_suppliers boolean not null default false`.execute(
    db,
  );
}

export async function down0046(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_definition drop column if exists open_to_suppliers`.execute(db);
}
