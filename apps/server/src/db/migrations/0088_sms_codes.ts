import { type Kysely, sql } from 'kysely';

/**
 * Verification codes (auth/sms-code-service.ts): `sys_sms_code`, one row per code sent (or, for a
 * mobile without an account, recorded as if sent, so that neither the answer nor the limits tell
 * the two apart). Only the code's hash is kept. Not a tenant's: a code is asked before anyone is
 * known, and a mobile may have accounts in several tenants.
 */
export async function up0088(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists sys_sms_code (
    id bigint generated always as identity primary key,
    mobile text not null,
    purpose text not null check (purpose in ('login', 'reset')),
    code_hash text not null,
    ip text not null default '',
    tries integer not null default 0,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
  await sql`create index if not exists sys_sms_code_mobile on sys_sms_code (mobile, created_at)`.execute(db);
  await sql`create index if not exists sys_sms_code_ip on sys_sms_code (ip, created_at)`.execute(db);
}

export async function down0088(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sys_sms_code`.execute(db);
}
