import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Data sources (系统数据 › 数据连接, onlinedev/data-source-service.ts): `dm_data_source`, a tenant's
 * connections to databases outside the product, the password sealed (core/secret-box.ts); and its
 * page `systemData.dataSource` with the add, edit and delete buttons for tenants seeded before it
 * (new tenants get them from `seed-menus.ts`).
 */
const PAGE = 'systemData.dataSource';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${PAGE}.add`, '新建', 1],
  [`${PAGE}.edit`, '编辑', 2],
  [`${PAGE}.delete`, '删除', 3],
];

export async function up0082(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists dm_data_source (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    code text not null,
    full_name text not null,
    kind text not null,
    host text not null,
    port integer not null,
    database_name text not null,
    username text not null,
    password_sealed text not null default '',
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_by_name text not null default '',
    updated_at timestamptz,
    constraint dm_data_source_tenant_id_code_key unique (tenant_id, code)
  )`.execute(db);
  await addSeededPage(db, {
    parent: 'systemData',
    code: PAGE,
    names: ['数据连接', 'Data Sources', '資料連線'],
    icon: 'ApiOutlined',
    url: '/systemData/dataSource',
    order: 4,
    buttons: BUTTONS,
  });
}

export async function down0082(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PAGE);
  await sql`drop table if exists dm_data_source`.execute(db);
}
