import { type Kysely, sql } from 'kysely';

/** A department's manager: a user of the tenant (department screen). */
export async function up0003(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('alter table sys_dept add column if not exists manager_id bigint references sys_user(id)')
    .execute(db);
}

export async function down0003(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table sys_dept drop column if exists manager_id').execute(db);
}
