import { type Kysely, sql } from 'kysely';

/**
 * The user list at 100,000 users (bench/users.mjs): a trigram index answers the keyword
 * search (a substring of account, name or mobile, Chinese included) without reading every row;
 * (tenant_id, id desc) serves newest-first paging and the count; (tenant_id, dept_id, id desc) the
 * department filter. pg_trgm is a trusted extension (PostgreSQL 13+); PGlite loads it at open.
 */
const up: string[] = [
  'create extension if not exists pg_trgm',
  `create index if not exists sys_user_search_trgm on sys_user
    using gin ((account || ' ' || real_name || ' ' || mobile) gin_trgm_ops) where not deleted`,
  'create index if not exists sys_user_tenant_live on sys_user (tenant_id, id desc) where not deleted',
  'create index if not exists sys_user_tenant_dept_live on sys_user (tenant_id, dept_id, id desc) where not deleted',
];

export async function up0006(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0006(db: Kysely<unknown>): Promise<void> {
  for (const index of ['sys_user_tenant_dept_live', 'sys_user_tenant_live', 'sys_user_search_trgm']) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
  }
}
