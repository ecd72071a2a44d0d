import { type Kysely, sql } from 'kysely';
import { CACHE_TABLES, up0002 } from './0002_cache_version';
import { USER_LIST_COLUMNS, up0010 } from './0010_user_list_perf';

/**
 * The cache counters of 0002 (`version`) and 0010 (`user_version`) per tenant: one row per tenant in
 * `sys_tenant_cache_version`, so a write in one tenant never drops another tenant's cached
 * permission sets, menus, org trees or user-list totals, and tenants writing at once no longer
 * queue on one shared row. The same tables and user columns bump them as before; statement
 * triggers read the written rows (transition tables) to know which tenants to bump. A sys_user
 * update bumps only the tenants where one of USER_LIST_COLUMNS really changed (a sign-in, a theme
 * or saving a user unchanged counts nothing again). Truncating bumps every tenant. A tenant's row
 * is created by its first write; the session reads a missing row as version 0.
 */
export const ALL_VERSION_TRIGGERS = ['ins', 'upd', 'del', 'trunc'] as const;

const bumpSql = (column: string, tenants: string) =>
  `insert into sys_tenant_cache_version as v (tenant_id)
     select distinct tenant_id from (${tenants}) changed(tenant_id) where tenant_id is not null order by 1
   on conflict (tenant_id) do update set ${column} = v.${column} + 1`;

/** Rows of a sys_user update whose list columns changed, as (tenant before, tenant after). */
export const changedUsers = `select o.tenant_id as a, n.tenant_id as b from old_rows o join new_rows n on n.id = o.id
  where (${USER_LIST_COLUMNS.map((c) => `o.${c}`).join(', ')})
    is distinct from (${USER_LIST_COLUMNS.map((c) => `n.${c}`).join(', ')})`;

export const bumpFunction = (name: string, column: string, updated: string) =>
  `create or replace function ${name}() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${bumpSql(column, 'select tenant_id from new_rows')};
      elsif TG_OP = 'UPDATE' then
        ${bumpSql(column, updated)};
      elsif TG_OP = 'DELETE' then
        ${bumpSql(column, 'select tenant_id from old_rows')};
      else
        update sys_tenant_cache_version set ${column} = ${column} + 1;
      end if;
      return null;
    end
  $$`;

/** Statement triggers of one table (transition tables need one event per trigger). */
export const triggers = (table: string, fn: string, prefix: string) => [
  ...ALL_VERSION_TRIGGERS.map((k) => `drop trigger if exists ${prefix}_${k} on ${table}`),
  `create trigger ${prefix}_ins after insert on ${table} referencing new table as new_rows
    for each statement execute function ${fn}()`,
  `create trigger ${prefix}_upd after update on ${table} referencing old table as old_rows new table as new_rows
    for each statement execute function ${fn}()`,
  `create trigger ${prefix}_del after delete on ${table} referencing old table as old_rows
    for each statement execute function ${fn}()`,
  `create trigger ${prefix}_trunc after truncate on ${table} for each statement execute function ${fn}()`,
];

/** Each statement alone: PGlite runs one statement per extended-protocol query. */
const up: string[] = [
  `create table if not exists sys_tenant_cache_version (
    tenant_id bigint primary key references tenant(id) on delete cascade,
    version bigint not null default 1,
    user_version bigint not null default 1)`,
  'insert into sys_tenant_cache_version (tenant_id) select id from tenant on conflict (tenant_id) do nothing',
  bumpFunction(
    'sys_bump_tenant_cache_version',
    'version',
    'select tenant_id from old_rows union select tenant_id from new_rows',
  ),
  bumpFunction(
    'sys_bump_tenant_user_version',
    'user_version',
    `select x.t from (${changedUsers}) c cross join lateral (values (c.a), (c.b)) x(t)`,
  ),
  // The shared counters go.
  ...CACHE_TABLES.map((table) => `drop trigger if exists ${table}_cache_version on ${table}`),
  'drop trigger if exists sys_user_list_version on sys_user',
  'drop function if exists sys_bump_cache_version()',
  'drop function if exists sys_bump_user_version()',
  'drop table if exists sys_cache_version',
  ...CACHE_TABLES.flatMap((table) =>
    triggers(table, 'sys_bump_tenant_cache_version', `${table}_tenant_version`),
  ),
  ...triggers('sys_user', 'sys_bump_tenant_user_version', 'sys_user_tenant_list_version'),
];

export async function up0013(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0013(db: Kysely<unknown>): Promise<void> {
  const drops = [
    ...CACHE_TABLES.flatMap((table) =>
      ALL_VERSION_TRIGGERS.map((k) => `drop trigger if exists ${table}_tenant_version_${k} on ${table}`),
    ),
    ...ALL_VERSION_TRIGGERS.map(
      (k) => `drop trigger if exists sys_user_tenant_list_version_${k} on sys_user`,
    ),
    'drop function if exists sys_bump_tenant_cache_version()',
    'drop function if exists sys_bump_tenant_user_version()',
    'drop table if exists sys_tenant_cache_version',
  ];
  for (const statement of drops) await sql.raw(statement).execute(db);
  // Back to the shared counters.
  await up0002(db);
  await up0010(db);
}
