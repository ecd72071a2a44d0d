import { type Kysely, sql } from 'kysely';

/**
 * The platform operator (docs/rules.md#platform-operator): accounts outside every tenant, with sessions of their own
 * (a tenant's token never opens a platform route, nor an operator's a tenant's), and a state on each
 * tenant: a suspended tenant's users cannot sign in.
 */
const up = [
  `create table if not exists platform_operator (
    id bigint generated always as identity primary key,
    account text not null unique,
    password_hash text not null,
    must_change_password boolean not null default true,
    created_at timestamptz not null default now(),
    last_login_at timestamptz)`,
  `create table if not exists platform_session (
    id bigint generated always as identity primary key,
    token_hash text not null unique,
    operator_id bigint not null references platform_operator(id) on delete cascade,
    ip text not null default '',
    user_agent text not null default '',
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    ended_at timestamptz)`,
  `alter table tenant add column if not exists suspended_at timestamptz`,
];

export async function up0040(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0040(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenant drop column if exists suspended_at`.execute(db);
  await sql`drop table if exists platform_session`.execute(db);
  await sql`drop table if exists platform_operator`.execute(db);
}
