import { type Kysely, sql } from 'kysely';
import { USER_LIST_COLUMNS } from './0010_user_list_perf';
import { bumpFunction, changedUsers } from './0013_tenant_cache_version';

/**
 * The user list at 100,000 users with users being written (docs/PERFORMANCE.md):
 *
 * - `sys_user_change`: what each write did to the rows the list counts, as signed copies of the
 *   list columns (-1 the row before, +1 after; an insert only +1, a delete only -1), numbered by the
 *   tenant's `user_version` that the write bumped. A total kept at version v becomes the total at w
 *   by adding the signed rows with v < seq ≤ w that pass the same filter — a few rows instead of a
 *   `count(*)` of 100,000 after every edit. The counter's row lock is held to the commit, so the
 *   numbers follow the commit order: a reader of version w sees every change up to w. Rows older
 *   than an hour are dropped (a kept total lives minutes); a truncate jumps the counter past any
 *   total kept (`USER_VERSION_JUMP`), whose next read counts again.
 * - `sys_tenant_cache_version.user_page_version`: bumped with `user_version` and also when only a
 *   column the list shows without filtering on it changes (administrator flag, last sign-in), so a
 *   stored page of the list is current while it is unchanged.
 */
const PAGE_COLUMNS = [...USER_LIST_COLUMNS, 'is_admin', 'last_login_time', 'created_at'];
/** The columns a change row copies: every one the list's filters and data rules read. */
const CHANGE_COLUMNS = ['id', ...USER_LIST_COLUMNS.filter((c) => c !== 'tenant_id')];
export const USER_VERSION_JUMP = 1_000_000;

const differ = (columns: readonly string[]) =>
  `(${columns.map((c) => `o.${c}`).join(', ')}) is distinct from (${columns.map((c) => `n.${c}`).join(', ')})`;
const copy = (alias: string) => CHANGE_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
const pairs = 'old_rows o join new_rows n on n.id = o.id';

/** The rows of a statement as (tenant_id, sign, columns…); sign 0: only a shown column changed. */
const changesOf = {
  INSERT: `select n.tenant_id, 1 as sign, ${copy('n')} from new_rows n`,
  DELETE: `select o.tenant_id, -1 as sign, ${copy('o')} from old_rows o`,
  UPDATE: `select o.tenant_id, -1 as sign, ${copy('o')} from ${pairs} where ${differ(USER_LIST_COLUMNS)}
    union all select n.tenant_id, 1, ${copy('n')} from ${pairs} where ${differ(USER_LIST_COLUMNS)}
    union all select n.tenant_id, 0, ${copy('n')} from ${pairs}
      where not ${differ(USER_LIST_COLUMNS)} and ${differ(PAGE_COLUMNS)}`,
};

/** One statement: bump the tenants (in id order, as every bump does), log the signed rows. */
const logChanges = (changes: string) => `with changes as (${changes}),
  tenants as (select tenant_id, bool_or(sign <> 0) as listed from changes
    where tenant_id is not null group by tenant_id),
  bumped as (
    insert into sys_tenant_cache_version as v (tenant_id, user_version)
      select tenant_id, case when listed then 1 else 0 end from tenants order by 1
    on conflict (tenant_id) do update set user_page_version = v.user_page_version + 1,
      user_version = v.user_version + case when excluded.user_version = 1 then 1 else 0 end
    returning v.tenant_id, v.user_version)
  insert into sys_user_change (tenant_id, seq, sign, ${CHANGE_COLUMNS.join(', ')})
    select c.tenant_id, b.user_version, c.sign, ${copy('c')}
    from changes c join bumped b on b.tenant_id = c.tenant_id where c.sign <> 0`;

const up: string[] = [
  'alter table sys_tenant_cache_version add column if not exists user_page_version bigint not null default 1',
  `create table if not exists sys_user_change (
    tenant_id bigint not null,
    seq bigint not null,
    sign smallint not null,
    id bigint not null,
    dept_id bigint,
    account text not null,
    real_name text not null,
    mobile text not null,
    email text not null,
    enabled boolean not null,
    deleted boolean not null,
    created_by bigint,
    changed_at timestamptz not null default clock_timestamp())`,
  'create index if not exists sys_user_change_seq on sys_user_change (tenant_id, seq)',
  'create index if not exists sys_user_change_at on sys_user_change (changed_at)',
  `create or replace function sys_bump_tenant_user_version() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${logChanges(changesOf.INSERT)};
      elsif TG_OP = 'UPDATE' then
        ${logChanges(changesOf.UPDATE)};
      elsif TG_OP = 'DELETE' then
        ${logChanges(changesOf.DELETE)};
      else
        update sys_tenant_cache_version set user_version = user_version + ${USER_VERSION_JUMP},
          user_page_version = user_page_version + 1;
        delete from sys_user_change;
      end if;
      delete from sys_user_change where changed_at < clock_timestamp() - interval '1 hour';
      return null;
    end
  $$`,
];

export async function up0032(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0032(db: Kysely<unknown>): Promise<void> {
  const down = [
    // The function of 0013 again.
    bumpFunction(
      'sys_bump_tenant_user_version',
      'user_version',
      `select x.t from (${changedUsers}) c cross join lateral (values (c.a), (c.b)) x(t)`,
    ),
    'drop table if exists sys_user_change',
    'alter table sys_tenant_cache_version drop column if exists user_page_version',
  ];
  for (const statement of down) await sql.raw(statement).execute(db);
}
