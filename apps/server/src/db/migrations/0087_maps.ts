import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Maps (系统数据 › 数据地图, onlinedev/map-service.ts): `dm_map`, a tenant's uploaded regions as the
 * GeoJSON the product keeps of them (each feature's geometry, name and code; map.core.ts), which
 * report charts colour by a dataset's values. The product's own map (the provinces of China) is
 * not a row: onlinedev/map-china.ts. And the page `systemData.map` with its buttons for tenants
 * seeded before it (new tenants get them from `seed-menus.ts`).
 */
const PAGE = 'systemData.map';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${PAGE}.add`, '新建', 1],
  [`${PAGE}.edit`, '编辑', 2],
  [`${PAGE}.delete`, '删除', 3],
];

export async function up0087(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists dm_map (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    code text not null,
    full_name text not null,
    full_name_en text not null default '',
    full_name_tw text not null default '',
    name_property text not null,
    code_property text not null default '',
    feature_count integer not null,
    geo_json jsonb not null,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_by_name text not null default '',
    updated_at timestamptz,
    constraint dm_map_tenant_id_code_key unique (tenant_id, code)
  )`.execute(db);
  await addSeededPage(db, {
    parent: 'systemData',
    code: PAGE,
    names: ['数据地图', 'Maps', '資料地圖'],
    icon: 'GlobalOutlined',
    url: '/systemData/map',
    order: 7,
    buttons: BUTTONS,
  });
}

export async function down0087(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PAGE);
  await sql`drop table if exists dm_map`.execute(db);
}
