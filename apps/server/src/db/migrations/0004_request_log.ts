import { type Kysely, sql } from 'kysely';

/**
 * Request and error logs (system → log). Newest-first paging is served by the
 * (tenant_id, created_at desc, id desc) indexes; rows outlive users and tenants' changes, so no
 * foreign keys (a log row never blocks a delete).
 */
const up: string[] = [
  // Keyword search over a million rows reads only the matches (see the trigram indexes below).
  'create extension if not exists pg_trgm',
  `create table if not exists sys_request_log (id bigint generated always as identity primary key,
    tenant_id bigint, user_id bigint, user_name text not null default '', method text not null,
    path text not null, status int not null, code int not null, duration_ms int not null,
    ip text not null default '', request_id text not null default '',
    created_at timestamptz not null default now())`,
  'create index if not exists sys_request_log_tenant_time on sys_request_log (tenant_id, created_at desc, id desc)',
  `create index if not exists sys_request_log_search on sys_request_log
    using gin ((path || ' ' || user_name) gin_trgm_ops)`,
  'create index if not exists sys_request_log_request_id on sys_request_log (request_id)',
  `create table if not exists sys_error_log (id bigint generated always as identity primary key,
    tenant_id bigint, user_id bigint, user_name text not null default '',
    source text not null check (source in ('server', 'client')), method text not null default '',
    path text not null default '', message text not null, stack text not null default '',
    ip text not null default '', request_id text not null default '',
    created_at timestamptz not null default now())`,
  'create index if not exists sys_error_log_tenant_time on sys_error_log (tenant_id, created_at desc, id desc)',
  `create index if not exists sys_error_log_search on sys_error_log
    using gin ((message || ' ' || path || ' ' || user_name) gin_trgm_ops)`,
  'create index if not exists sys_error_log_request_id on sys_error_log (request_id)',
  // The online-users screen: a tenant's live sessions, most recently seen first.
  `create index if not exists sys_session_tenant_live on sys_session (tenant_id, last_seen_at desc)
    where ended_reason is null`,
];

export async function up0004(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0004(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists sys_session_tenant_live').execute(db);
  await sql.raw('drop table if exists sys_error_log').execute(db);
  await sql.raw('drop table if exists sys_request_log').execute(db);
}
