import { type Kysely, sql } from 'kysely';

/**
 * Announcements (docs/rules.md#announcements): drafted, released to an audience (all staff, all vendors,
 * chosen enterprises), withdrawn. Releasing writes a read record per recipient, so "my unread
 * announcements" and their count are one indexed lookup.
 */
const up: string[] = [
  `create table if not exists sys_notice (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), title text not null, body_html text not null,
    audience text not null check (audience in ('staff', 'vendors', 'ents')),
    state text not null default 'draft' check (state in ('draft', 'released', 'withdrawn')),
    release_time timestamptz, creator_name text not null default '',
    created_at timestamptz not null default now())`,
  'create index if not exists sys_notice_tenant_time on sys_notice (tenant_id, created_at desc, id desc)',
  `create table if not exists sys_notice_ent (notice_id bigint not null references sys_notice(id) on delete cascade,
    ent_id bigint not null references ent(id), primary key (notice_id, ent_id))`,
  `create table if not exists sys_notice_read (notice_id bigint not null references sys_notice(id) on delete cascade,
    tenant_id bigint not null references tenant(id), user_id bigint not null references sys_user(id),
    read_at timestamptz, primary key (notice_id, user_id))`,
  'create index if not exists sys_notice_read_unread on sys_notice_read (user_id) where read_at is null',
];

export async function up0008(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0008(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sys_notice_read', 'sys_notice_ent', 'sys_notice']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
