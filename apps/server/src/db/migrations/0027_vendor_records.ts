import { type Kysely, sql } from 'kysely';
import { ALL_VERSION_TRIGGERS, bumpFunction, triggers } from './0013_tenant_cache_version';

/**
 * Supplier records, second part:
 *
 * - `vendor_supplier.admin_user_id`: the supplier's administrator (its first user), who manages
 *   the sub-accounts and edits the profile. Existing suppliers get their oldest live user.
 * - `vendor_supplier_history`: who changed what of a supplier, and when — one row per change,
 *   written in the transaction of the change (state, blacklist, profile, users).
 * - `vendor_qualification_reminder`: which expiry reminders (30, 7, 1 days before) went out for
 *   a qualification's current expiry date, so the daily job tells each threshold once.
 * - The supplier list at 100,000 suppliers (bench/vendor.mjs): trigram indexes answer the name and
 *   code searches (substrings, Chinese included) without reading every row; the area filter is a
 *   prefix of the code (a province selects its districts); the state filter pages newest first.
 *   `sys_tenant_cache_version.supplier_version`, bumped by statement triggers on the suppliers and
 *   their categories, tags the list's cached totals (like `user_version` the user list's), so paging
 *   reuses a `count(*)` until a supplier of that tenant changes.
 */
const up: string[] = [
  `alter table vendor_supplier add column if not exists admin_user_id bigint`,
  `update vendor_supplier s set admin_user_id = (
    select min(u.id) from sys_user u where u.ent_id = s.ent_id and not u.deleted
    ) where admin_user_id is null`,
  `create table if not exists vendor_supplier_history (
    id bigint generated always as identity primary key,
    tenant_id bigint not null,
    supplier_id bigint not null references vendor_supplier(id) on delete cascade,
    action text not null,
    changes jsonb not null default '[]',
    remark text not null default '',
    changed_by bigint,
    changed_by_name text not null default '',
    changed_at timestamptz not null default now()
    )`,
  `create index if not exists vendor_supplier_history_supplier on vendor_supplier_history (supplier_id, id desc)`,
  `create table if not exists vendor_qualification_reminder (
    qualification_id bigint not null references vendor_supplier_qualification(id) on delete cascade,
    expires_on date not null,
    days smallint not null,
    sent_at timestamptz not null default now(),
    primary key (qualification_id, expires_on, days)
    )`,
  `create index if not exists vendor_supplier_qualification_expiry on vendor_supplier_qualification (expires_on)`,
  `create index if not exists vendor_supplier_name_trgm on vendor_supplier using gin (supplier_name gin_trgm_ops)`,
  `create index if not exists vendor_supplier_code_trgm on vendor_supplier using gin (supplier_code gin_trgm_ops)`,
  `create index if not exists vendor_supplier_area on vendor_supplier (tenant_id, area_code text_pattern_ops)`,
  `create index if not exists vendor_supplier_state_list on vendor_supplier (tenant_id, state, created_at desc, id desc)`,
  'alter table sys_tenant_cache_version add column if not exists supplier_version bigint not null default 1',
  bumpFunction(
    'vendor_bump_supplier_version',
    'supplier_version',
    'select tenant_id from old_rows union select tenant_id from new_rows',
  ),
  ...triggers('vendor_supplier', 'vendor_bump_supplier_version', 'vendor_supplier_version'),
  ...triggers('vendor_supplier_category', 'vendor_bump_supplier_version', 'vendor_supplier_category_version'),
];

const down: string[] = [
  ...['vendor_supplier', 'vendor_supplier_category'].flatMap((table) =>
    ALL_VERSION_TRIGGERS.map((k) => `drop trigger if exists ${table}_version_${k} on ${table}`),
  ),
  'drop function if exists vendor_bump_supplier_version()',
  'alter table sys_tenant_cache_version drop column if exists supplier_version',
  `drop index if exists vendor_supplier_state_list`,
  `drop index if exists vendor_supplier_area`,
  `drop index if exists vendor_supplier_code_trgm`,
  `drop index if exists vendor_supplier_name_trgm`,
  `drop index if exists vendor_supplier_qualification_expiry`,
  `drop table if exists vendor_qualification_reminder`,
  `drop table if exists vendor_supplier_history`,
  `alter table vendor_supplier drop column if exists admin_user_id`,
];

export async function up0027(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0027(db: Kysely<unknown>): Promise<void> {
  for (const statement of down) await sql.raw(statement).execute(db);
}
