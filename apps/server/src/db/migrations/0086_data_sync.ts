import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Data sync (系统数据 › 数据同步, onlinedev/data-sync-service.ts, docs/data-sync.md): `dm_data_sync`,
 * a tenant's copy of a data source's table or a dataset into a data model (the column mapping, the
 * key, the mode and the last watermark, the schedule and the retry policy), and `dm_data_sync_run`,
 * its run log. At most one run of a sync is queued or running at a time: the partial unique index
 * is what two identical "run now" requests meet at. And the page `systemData.dataSync` with its
 * buttons for tenants seeded before it (new tenants get them from `seed-menus.ts`).
 */
const PAGE = 'systemData.dataSync';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${PAGE}.add`, '新建', 1],
  [`${PAGE}.edit`, '编辑', 2],
  [`${PAGE}.delete`, '删除', 3],
  [`${PAGE}.execute`, '执行', 4],
];

export async function up0086(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists dm_data_sync (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    code text not null,
    full_name text not null,
    full_name_en text not null default '',
    full_name_tw text not null default '',
    source_kind text not null check (source_kind in ('table', 'dataset')),
    source_id bigint not null,
    source_schema text not null default '',
    source_table text not null default '',
    model_id bigint not null references dm_model(id),
    mapping jsonb not null default '[]',
    key_columns jsonb not null default '[]',
    mode text not null check (mode in ('full', 'incremental')),
    watermark_column text,
    watermark_type text check (watermark_type in ('number', 'timestamp')),
    watermark text,
    batch_size integer not null default 500,
    max_rows integer not null default 100000,
    cron text,
    time_zone text not null default 'Asia/Shanghai',
    retry_limit integer not null default 2,
    retry_delay_seconds integer not null default 60,
    enabled boolean not null default true,
    owner_id bigint not null,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_by_name text not null default '',
    updated_at timestamptz,
    constraint dm_data_sync_tenant_id_code_key unique (tenant_id, code)
  )`.execute(db);
  await sql`create table if not exists dm_data_sync_run (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    sync_id bigint not null references dm_data_sync(id) on delete cascade,
    trigger text not null check (trigger in ('manual', 'schedule')),
    status text not null check (status in ('queued', 'running', 'retrying', 'success', 'failure')),
    attempt integer not null default 0,
    from_start boolean not null default false,
    rows_read integer not null default 0,
    inserted integer not null default 0,
    updated integer not null default 0,
    unchanged integer not null default 0,
    watermark_before text,
    watermark_after text,
    message text not null default '',
    created_at timestamptz not null default now(),
    started_at timestamptz,
    ended_at timestamptz
  )`.execute(db);
  await sql`create unique index if not exists dm_data_sync_run_active_key on dm_data_sync_run (sync_id)
    where status in ('queued', 'running', 'retrying')`.execute(db);
  await sql`create index if not exists dm_data_sync_run_sync_idx on dm_data_sync_run (sync_id, id desc)`.execute(
    db,
  );
  await addSeededPage(db, {
    parent: 'systemData',
    code: PAGE,
    names: ['数据同步', 'Data Sync', '資料同步'],
    icon: 'SyncOutlined',
    url: '/systemData/dataSync',
    order: 6,
    buttons: BUTTONS,
  });
}

export async function down0086(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PAGE);
  await sql`drop table if exists dm_data_sync_run`.execute(db);
  await sql`drop table if exists dm_data_sync`.execute(db);
}
