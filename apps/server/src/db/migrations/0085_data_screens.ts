import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Data screens (在线开发 › 大屏设计, onlinedev/data-screen-service.ts): `dm_data_screen`, one row
 * per screen of a tenant (its canvas and widgets as jsonb); `dm_data_screen_token`, the view tokens
 * a type-6 menu item opens the viewer with and the viewer tokens they are exchanged for (only their
 * SHA-256 is kept), each bound to its tenant, user (and the company his session had chosen) and
 * screen, gone with any of them; and the page
 * `onlineDev.dataScreen` with its add, edit and delete buttons for tenants seeded before it (new
 * tenants get them from `seed-menus.ts`).
 */
const PAGE = 'onlineDev.dataScreen';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${PAGE}.add`, '新建', 1],
  [`${PAGE}.edit`, '编辑', 2],
  [`${PAGE}.delete`, '删除', 3],
];

export async function up0085(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists dm_data_screen (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    code text not null,
    full_name text not null,
    full_name_en text not null default '',
    full_name_tw text not null default '',
    definition jsonb not null,
    created_by bigint,
    created_at timestamptz not null default now(),
    updated_by bigint,
    updated_by_name text not null default '',
    updated_at timestamptz,
    constraint dm_data_screen_tenant_id_code_key unique (tenant_id, code)
  )`.execute(db);
  await sql`create table if not exists dm_data_screen_token (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    screen_id bigint not null references dm_data_screen(id) on delete cascade,
    user_id bigint not null references sys_user(id) on delete cascade,
    company_id bigint,
    kind text not null,
    token_hash text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    constraint dm_data_screen_token_kind check (kind in ('view', 'viewer')),
    constraint dm_data_screen_token_hash_key unique (token_hash)
  )`.execute(db);
  await sql`create index if not exists dm_data_screen_token_expiry_idx on dm_data_screen_token (tenant_id, expires_at)`.execute(
    db,
  );
  await sql`create index if not exists dm_data_screen_token_screen_idx on dm_data_screen_token (screen_id)`.execute(
    db,
  );
  await addSeededPage(db, {
    parent: 'onlineDev',
    code: PAGE,
    names: ['大屏设计', 'Data Screens', '大螢幕設計'],
    icon: 'DashboardOutlined',
    url: '/onlineDev/dataScreen',
    order: 5,
    buttons: BUTTONS,
  });
}

export async function down0085(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PAGE);
  await sql`drop table if exists dm_data_screen_token`.execute(db);
  await sql`drop table if exists dm_data_screen`.execute(db);
}
