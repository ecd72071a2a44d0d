import { type Kysely, sql } from 'kysely';
import { ALL_VERSION_TRIGGERS, triggers } from './0013_tenant_cache_version';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Data interfaces (系统数据 › 数据接口, onlinedev/data-interface-service.ts): `dm_data_interface`,
 * a tenant's answers at a stable path — static JSON, a dataset run as the caller, or an allow-listed
 * HTTP call (its header values sealed inside `definition`, core/secret-box.ts) — with the roles that
 * may call each. Its writes bump the tenant's cache version, so every server process drops the
 * definitions it keeps for the calling path at the next request. And the page
 * `systemData.dataInterface` with its buttons for tenants seeded before it (new tenants get them
 * from `seed-menus.ts`).
 */
const PAGE = 'systemData.dataInterface';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${PAGE}.add`, '新建', 1],
  [`${PAGE}.edit`, '编辑', 2],
  [`${PAGE}.delete`, '删除', 3],
];
const VERSION_TRIGGER = 'dm_data_interface_tenant_version';

export async function up0084(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists dm_data_interface (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    code text not null,
    full_name text not null,
    full_name_en text not null default '',
    full_name_tw text not null default '',
    enabled boolean not null default true,
    kind text not null check (kind in ('static', 'dataset', 'http')),
    dataset_id bigint,
    definition jsonb not null default '{}',
    role_ids text[] not null default '{}',
    rate_limit integer not null default 60,
    cache_seconds integer not null default 0,
    version integer not null default 1,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_by_name text not null default '',
    updated_at timestamptz,
    constraint dm_data_interface_tenant_id_code_key unique (tenant_id, code)
  )`.execute(db);
  // Each statement alone: PGlite runs one statement per extended-protocol query.
  for (const statement of triggers('dm_data_interface', 'sys_bump_tenant_cache_version', VERSION_TRIGGER))
    await sql.raw(statement).execute(db);
  await addSeededPage(db, {
    parent: 'systemData',
    code: PAGE,
    names: ['数据接口', 'Data Interfaces', '資料介面'],
    icon: 'LinkOutlined',
    url: '/systemData/dataInterface',
    order: 5,
    buttons: BUTTONS,
  });
}

export async function down0084(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PAGE);
  for (const kind of ALL_VERSION_TRIGGERS)
    await sql.raw(`drop trigger if exists ${VERSION_TRIGGER}_${kind} on dm_data_interface`).execute(db);
  await sql`drop table if exists dm_data_interface`.execute(db);
}
