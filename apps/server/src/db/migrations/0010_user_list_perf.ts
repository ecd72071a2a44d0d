import { type Kysely, sql } from 'kysely';

/**
 * The user list under load (bench/users.mjs).
 *
 * 1. `sys_cache_version.user_version`: bumped in the writing transaction by every statement that
 *    inserts, deletes or truncates users or changes a column the list filters on (the keyword
 *    columns, department, state, deleted flag, tenant, creator — data rules compare these). The
 *    session lookup reads it with `version`, so the list's exact total can be cached per filter
 *    and served only while no such write has committed since — in this process or any other.
 *    A new list filter on another sys_user column must add that column to USER_LIST_COLUMNS.
 *    Sign-in (last login, failed attempts), theme, language and avatar writes do not bump it.
 *    It lives in the same row as `version` (one lock for both bumps: a transaction that writes
 *    users and roles cannot deadlock another over the two counters).
 * 2. Statistics on the keyword expressions: PostgreSQL ignores the statistics of partial expression
 *    indexes (the trigram index of 0006 is `where not deleted`), so it guessed 32 rows for any
 *    keyword and sorted all matches of a keyword that matches nearly everyone. With these it knows
 *    how many rows match and walks the id index instead (page 1 of such a keyword: 167 → 0.1 ms).
 */
export const USER_LIST_COLUMNS = [
  'tenant_id',
  'dept_id',
  'account',
  'real_name',
  'mobile',
  'email',
  'enabled',
  'deleted',
  'created_by',
] as const;

/** Each statement alone: PGlite runs one statement per extended-protocol query. */
const up: string[] = [
  'alter table sys_cache_version add column if not exists user_version bigint not null default 1',
  `create or replace function sys_bump_user_version() returns trigger language plpgsql as $$
    begin
      update sys_cache_version set user_version = user_version + 1 where id = 1;
      return null;
    end
  $$`,
  'drop trigger if exists sys_user_list_version on sys_user',
  `create trigger sys_user_list_version
    after insert or delete or truncate or update of ${USER_LIST_COLUMNS.join(', ')} on sys_user
    for each statement execute function sys_bump_user_version()`,
  `create statistics if not exists sys_user_search_stats
    on ((account || ' ' || real_name || ' ' || mobile)) from sys_user`,
  `create statistics if not exists sys_user_search_name_stats
    on ((account || ' ' || real_name)) from sys_user`,
  'analyze sys_user',
];

export async function up0010(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0010(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop statistics if exists sys_user_search_name_stats',
    'drop statistics if exists sys_user_search_stats',
    'drop trigger if exists sys_user_list_version on sys_user',
    'drop function if exists sys_bump_user_version()',
    'alter table sys_cache_version drop column if exists user_version',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
