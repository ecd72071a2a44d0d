import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Data reports (在线开发 › 报表设计, onlinedev/report-service.ts): `dm_report`, one row per report of
 * a tenant (the dataset it reads and its table, pivot and charts as jsonb); and its page
 * `onlineDev.dataReport` with the add, edit and delete buttons for tenants seeded before it (new
 * tenants get them from `seed-menus.ts`). A dataset a report reads cannot be deleted (restrict).
 */
const PAGE = 'onlineDev.dataReport';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${PAGE}.add`, '新建', 1],
  [`${PAGE}.edit`, '编辑', 2],
  [`${PAGE}.delete`, '删除', 3],
];

export async function up0081(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists dm_report (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    code text not null,
    full_name text not null,
    full_name_en text not null default '',
    full_name_tw text not null default '',
    dataset_id bigint not null references dm_dataset(id) on delete restrict,
    definition jsonb not null,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_by_name text not null default '',
    updated_at timestamptz,
    constraint dm_report_tenant_id_code_key unique (tenant_id, code)
  )`.execute(db);
  await sql`create index if not exists dm_report_dataset_idx on dm_report (dataset_id)`.execute(db);
  await addSeededPage(db, {
    parent: 'onlineDev',
    code: PAGE,
    names: ['报表设计', 'Data Reports', '報表設計'],
    icon: 'BarChartOutlined',
    url: '/onlineDev/dataReport',
    order: 3,
    buttons: BUTTONS,
  });
}

export async function down0081(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PAGE);
  await sql`drop table if exists dm_report`.execute(db);
}
