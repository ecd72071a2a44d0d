import { type Kysely, sql } from 'kysely';

/**
 * Data rules (docs/rules.md#data-rules): `own` needs to know who created a user row; a `condition` rule compares
 * a field with a value using an operator.
 */
const up: string[] = [
  'alter table sys_user add column if not exists created_by bigint',
  "alter table sys_menu_data_rule add column if not exists condition_op text not null default ''",
  "alter table sys_menu_data_rule add column if not exists condition_value text not null default ''",
];

export async function up0005(db: Kysely<unknown>): Promise<void> {
  // One statement per query: PGlite runs one statement per extended-protocol query.
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0005(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table sys_menu_data_rule drop column if exists condition_value').execute(db);
  await sql.raw('alter table sys_menu_data_rule drop column if exists condition_op').execute(db);
  await sql.raw('alter table sys_user drop column if exists created_by').execute(db);
}
