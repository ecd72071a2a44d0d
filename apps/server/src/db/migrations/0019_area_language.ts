import { areaList } from '@vant/area-data';
import { type Kysely, sql } from 'kysely';

/**
 * Areas and language overrides.
 *
 * `sys_area`: the Chinese administrative divisions (province, city, district) shipped with the
 * product, loaded here once from the `@vant/area-data` package (MIT) and shared by every tenant.
 * `sys_area_tenant`: a tenant's corrections of a shipped entry (name, short name, enabled) and the
 * entries it added, keyed by the same code; one tenant's corrections never change what another
 * tenant sees. A later data update can rewrite `sys_area` without touching any tenant's corrections.
 *
 * `sys_text_override`: a tenant's replacement of a translatable text (a web locale key or a server
 * message) in one language. Writes bump the tenant's cache counter (the function of 0013), so the
 * server's cached overrides follow the next request in every process.
 */
const ALL_VERSION_TRIGGERS = ['ins', 'upd', 'del', 'trunc'] as const;

const up: string[] = [
  `create table if not exists sys_area (
    code text primary key,
    parent_code text not null,
    name text not null,
    level smallint not null check (level between 1 and 3),
    sort integer not null default 0)`,
  'create index if not exists sys_area_parent on sys_area (parent_code, sort)',
  `create table if not exists sys_area_tenant (
    tenant_id bigint not null references tenant(id) on delete cascade,
    code text not null,
    parent_code text not null,
    name text not null,
    short_name text not null default '',
    level smallint not null check (level between 1 and 3),
    enabled boolean not null default true,
    added boolean not null default false,
    updated_by bigint,
    updated_at timestamptz not null default now(),
    primary key (tenant_id, code))`,
  'create index if not exists sys_area_tenant_parent on sys_area_tenant (tenant_id, parent_code)',
  `create table if not exists sys_text_override (
    tenant_id bigint not null references tenant(id) on delete cascade,
    namespace text not null,
    key text not null,
    locale text not null check (locale in ('zh-CN', 'en-US', 'zh-TW')),
    value text not null,
    updated_by bigint,
    updated_at timestamptz not null default now(),
    primary key (tenant_id, namespace, key, locale))`,
  ...ALL_VERSION_TRIGGERS.map(
    (k) => `drop trigger if exists sys_text_override_tenant_version_${k} on sys_text_override`,
  ),
  `create trigger sys_text_override_tenant_version_ins after insert on sys_text_override
    referencing new table as new_rows for each statement execute function sys_bump_tenant_cache_version()`,
  `create trigger sys_text_override_tenant_version_upd after update on sys_text_override
    referencing old table as old_rows new table as new_rows
    for each statement execute function sys_bump_tenant_cache_version()`,
  `create trigger sys_text_override_tenant_version_del after delete on sys_text_override
    referencing old table as old_rows for each statement execute function sys_bump_tenant_cache_version()`,
  `create trigger sys_text_override_tenant_version_trunc after truncate on sys_text_override
    for each statement execute function sys_bump_tenant_cache_version()`,
];

interface AreaRow {
  code: string;
  parent_code: string;
  name: string;
  level: number;
  sort: number;
}

/** The package's three flat lists as rows; a code's parent is its prefix padded with zeros. */
export function shippedAreas(): AreaRow[] {
  const rows: AreaRow[] = [];
  const add = (list: Record<string, string>, level: number, parentOf: (code: string) => string) => {
    Object.entries(list)
      .sort(([a], [b]) => a.localeCompare(b))
      .forEach(([code, name], i) => {
        rows.push({ code, parent_code: parentOf(code), name, level, sort: i });
      });
  };
  add(areaList.province_list, 1, () => '0');
  add(areaList.city_list, 2, (code) => `${code.slice(0, 2)}0000`);
  add(areaList.county_list, 3, (code) => `${code.slice(0, 4)}00`);
  return rows;
}

export async function up0019(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
  const rows = shippedAreas();
  // A few hundred rows per statement: PGlite and PostgreSQL both take it as one insert each.
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await sql`insert into sys_area (code, parent_code, name, level, sort)
      values ${sql.join(chunk.map((r) => sql`(${r.code}, ${r.parent_code}, ${r.name}, ${r.level}, ${r.sort})`))}
      on conflict (code) do update set parent_code = excluded.parent_code, name = excluded.name,
        level = excluded.level, sort = excluded.sort`.execute(db);
  }
}

export async function down0019(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop table if exists sys_text_override',
    'drop table if exists sys_area_tenant',
    'drop table if exists sys_area',
  ])
    await sql.raw(statement).execute(db);
}
