import { type Kysely, sql } from 'kysely';

/**
 * One-time download links of exports (`GET /api/common/temp-download/{token}`): the token's
 * SHA-256 only (like sessions), the stored file's key, its name and type, who made it, when it
 * expires and when it was used. A link is used by the one update that sets `used_at`.
 */
export async function up0020(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create table if not exists sys_temp_download (
      id bigint generated always as identity primary key,
      tenant_id bigint not null,
      user_id bigint not null,
      token_hash text not null unique,
      storage_key text not null,
      file_name text not null,
      ascii_name text not null default '',
      content_type text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`)
    .execute(db);
  await sql
    .raw('create index if not exists sys_temp_download_expires on sys_temp_download (expires_at)')
    .execute(db);
}

export async function down0020(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists sys_temp_download').execute(db);
}
