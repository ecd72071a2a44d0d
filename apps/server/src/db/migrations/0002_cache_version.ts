import { type Kysely, sql } from 'kysely';

/**
 * One version number bumped (in the writing transaction) by every statement that changes what the
 * in-process caches hold: grants, roles, positions, menus and their items, departments. The session
 * lookup reads it in the same query, so a cached permission set or menu is used only while no such
 * write has committed since it was loaded — in this process or any other.
 */
export const CACHE_TABLES = [
  'sys_grant',
  'sys_role',
  'sys_position',
  'user_role',
  'user_position',
  'sys_menu',
  'sys_menu_button',
  'sys_menu_column',
  'sys_menu_data_rule',
  'sys_dept',
] as const;

/** Each statement alone: PGlite runs one statement per extended-protocol query. */
const up: string[] = [
  `create table if not exists sys_cache_version (id int primary key check (id = 1),
    version bigint not null default 1)`,
  'insert into sys_cache_version (id, version) values (1, 1) on conflict (id) do nothing',
  `create or replace function sys_bump_cache_version() returns trigger language plpgsql as $$
    begin
      update sys_cache_version set version = version + 1 where id = 1;
      return null;
    end
  $$`,
  ...CACHE_TABLES.flatMap((table) => [
    `drop trigger if exists ${table}_cache_version on ${table}`,
    `create trigger ${table}_cache_version after insert or update or delete or truncate on ${table}
      for each statement execute function sys_bump_cache_version()`,
  ]),
];

export async function up0002(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0002(db: Kysely<unknown>): Promise<void> {
  for (const table of CACHE_TABLES) {
    await sql.raw(`drop trigger if exists ${table}_cache_version on ${table}`).execute(db);
  }
  await sql.raw('drop function if exists sys_bump_cache_version()').execute(db);
  await sql.raw('drop table if exists sys_cache_version').execute(db);
}
