import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Datasets (在线开发 › 数据集, onlinedev/dataset-service.ts): `dm_dataset`, one row per named,
 * parameterised query of a tenant (visual or SQL, its definition as jsonb); and its page
 * `onlineDev.dataSet` with the add, edit and delete buttons for tenants seeded before it (new
 * tenants get them from `seed-menus.ts`), granted to the seeded administrator role as the seed
 * grants it every item.
 */
const PAGE = 'onlineDev.dataSet';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${PAGE}.add`, '新建', 1],
  [`${PAGE}.edit`, '编辑', 2],
  [`${PAGE}.delete`, '删除', 3],
];

export async function up0080(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists dm_dataset (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    code text not null,
    full_name text not null,
    full_name_en text not null default '',
    full_name_tw text not null default '',
    kind text not null,
    definition jsonb not null,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_by_name text not null default '',
    updated_at timestamptz,
    constraint dm_dataset_tenant_id_code_key unique (tenant_id, code)
  )`.execute(db);
  await addSeededPage(db, {
    parent: 'onlineDev',
    code: PAGE,
    names: ['数据集', 'Datasets', '資料集'],
    icon: 'DatabaseOutlined',
    url: '/onlineDev/dataSet',
    order: 2,
    buttons: BUTTONS,
  });
}

export async function down0080(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PAGE);
  await sql`drop table if exists dm_dataset`.execute(db);
}
