import { type Kysely, sql } from 'kysely';
import { ALL_VERSION_TRIGGERS, triggers } from './0013_tenant_cache_version';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Portals (在线开发 › 门户设计, onlinedev/portal-service.ts): `dm_portal`, one row per portal of a
 * tenant (its widgets as jsonb); `dm_portal_home`, whose home page a portal is: a role's (set by the
 * designer) or a user's own choice, one of each at most; and the page `onlineDev.visualPortal` with
 * its add, edit and delete buttons for tenants seeded before it (new tenants get them from
 * `seed-menus.ts`). A portal's homes go with it; a role's or user's go with them. A write of the
 * homes bumps the tenant's cache version: the current user's answer names his home (`portalId`).
 */
const PAGE = 'onlineDev.visualPortal';
const HOME_TRIGGER = 'dm_portal_home_tenant_version';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${PAGE}.add`, '新建', 1],
  [`${PAGE}.edit`, '编辑', 2],
  [`${PAGE}.delete`, '删除', 3],
];

export async function up0083(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists dm_portal (
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
    constraint dm_portal_tenant_id_code_key unique (tenant_id, code)
  )`.execute(db);
  await sql`create table if not exists dm_portal_home (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    portal_id bigint not null references dm_portal(id) on delete cascade,
    role_id bigint references sys_role(id) on delete cascade,
    user_id bigint references sys_user(id) on delete cascade,
    constraint dm_portal_home_one_owner check ((role_id is null) <> (user_id is null))
  )`.execute(db);
  await sql`create unique index if not exists dm_portal_home_role_key on dm_portal_home (tenant_id, role_id) where role_id is not null`.execute(
    db,
  );
  await sql`create unique index if not exists dm_portal_home_user_key on dm_portal_home (tenant_id, user_id) where user_id is not null`.execute(
    db,
  );
  await sql`create index if not exists dm_portal_home_portal_idx on dm_portal_home (portal_id)`.execute(db);
  for (const statement of triggers('dm_portal_home', 'sys_bump_tenant_cache_version', HOME_TRIGGER))
    await sql.raw(statement).execute(db);
  await addSeededPage(db, {
    parent: 'onlineDev',
    code: PAGE,
    names: ['门户设计', 'Portals', '入口網站設計'],
    icon: 'AppstoreOutlined',
    url: '/onlineDev/visualPortal',
    order: 4,
    buttons: BUTTONS,
  });
}

export async function down0083(db: Kysely<unknown>): Promise<void> {
  for (const k of ALL_VERSION_TRIGGERS)
    await sql.raw(`drop trigger if exists ${HOME_TRIGGER}_${k} on dm_portal_home`).execute(db);
  await removeSeededPage(db, PAGE);
  await sql`drop table if exists dm_portal_home`.execute(db);
  await sql`drop table if exists dm_portal`.execute(db);
}
