import { type Kysely, sql } from 'kysely';
import { ALL_VERSION_TRIGGERS } from './0013_tenant_cache_version';

/**
 * The supplier list at 100,000 suppliers (bench/vendor.mjs), category filter:
 *
 * - `vendor_supplier.category_codes`: the supplier's supply category codes, sorted (what the list
 *   shows, without a query of the category rows per page).
 * - `vendor_supplier.category_paths`: those codes and every dotted ancestor of each (`raw.steel`
 *   gives `raw` and `raw.steel`), so "category X and its subtree" is one `category_paths @> {X}`:
 *   the list walks its newest-first index and tests the array on each row (a common category), or a
 *   GIN index finds the few suppliers of a rare one — where the `exists` over the category rows was
 *   planned as a scan of every row of the category.
 *
 * Statement triggers on `vendor_supplier_category` (transition tables, as in 0013) recompute both
 * arrays of the suppliers whose rows changed, in the statement's transaction, whoever writes them
 * (the services, the seed, the benchmark's bulk fill).
 */
const up: string[] = [
  `alter table vendor_supplier add column if not exists category_codes text[] not null default '{}'`,
  `alter table vendor_supplier add column if not exists category_paths text[] not null default '{}'`,
  `create or replace function vendor_refresh_supplier_categories(ids bigint[]) returns void
    language sql as $$
    update vendor_supplier s set category_codes = x.codes, category_paths = x.paths
    from (
      select ch.id,
        coalesce((select array_agg(c.category_code order by c.category_code)
          from vendor_supplier_category c where c.supplier_id = ch.id), '{}') as codes,
        coalesce((select array_agg(distinct a.path order by a.path)
          from vendor_supplier_category c
          cross join lateral (
            select array_to_string(p.parts[1:i], '.') as path
            from (select string_to_array(c.category_code, '.') as parts) p, generate_subscripts(p.parts, 1) i
          ) a
          where c.supplier_id = ch.id), '{}') as paths
      from (select distinct id from unnest(ids) u(id)) ch
    ) x
    where s.id = x.id and (s.category_codes, s.category_paths) is distinct from (x.codes, x.paths)
  $$`,
  `create or replace function vendor_supplier_category_arrays() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        perform vendor_refresh_supplier_categories(array(select supplier_id from new_rows));
      elsif TG_OP = 'UPDATE' then
        perform vendor_refresh_supplier_categories(
          array(select supplier_id from old_rows union select supplier_id from new_rows));
      elsif TG_OP = 'DELETE' then
        perform vendor_refresh_supplier_categories(array(select supplier_id from old_rows));
      else
        update vendor_supplier set category_codes = '{}', category_paths = '{}'
          where category_codes <> '{}' or category_paths <> '{}';
      end if;
      return null;
    end
  $$`,
  ...ALL_VERSION_TRIGGERS.map(
    (k) => `drop trigger if exists vendor_supplier_category_arrays_${k} on vendor_supplier_category`,
  ),
  `create trigger vendor_supplier_category_arrays_ins after insert on vendor_supplier_category
    referencing new table as new_rows for each statement execute function vendor_supplier_category_arrays()`,
  `create trigger vendor_supplier_category_arrays_upd after update on vendor_supplier_category
    referencing old table as old_rows new table as new_rows
    for each statement execute function vendor_supplier_category_arrays()`,
  `create trigger vendor_supplier_category_arrays_del after delete on vendor_supplier_category
    referencing old table as old_rows for each statement execute function vendor_supplier_category_arrays()`,
  `create trigger vendor_supplier_category_arrays_trunc after truncate on vendor_supplier_category
    for each statement execute function vendor_supplier_category_arrays()`,
  `select vendor_refresh_supplier_categories(array(select distinct supplier_id from vendor_supplier_category))`,
  `create index if not exists vendor_supplier_category_paths on vendor_supplier using gin (category_paths)`,
];

const down: string[] = [
  `drop index if exists vendor_supplier_category_paths`,
  ...ALL_VERSION_TRIGGERS.map(
    (k) => `drop trigger if exists vendor_supplier_category_arrays_${k} on vendor_supplier_category`,
  ),
  'drop function if exists vendor_supplier_category_arrays()',
  'drop function if exists vendor_refresh_supplier_categories(bigint[])',
  'alter table vendor_supplier drop column if exists category_paths',
  'alter table vendor_supplier drop column if exists category_codes',
];

export async function up0030(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0030(db: Kysely<unknown>): Promise<void> {
  for (const statement of down) await sql.raw(statement).execute(db);
}
