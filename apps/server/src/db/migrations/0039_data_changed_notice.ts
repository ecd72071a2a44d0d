import { type Kysely, sql } from 'kysely';

/**
 * Change notices for the session cache of other server processes (db/data-changes.ts,
 * auth/session.ts): a commit that changed what a session row is read from sends one notice on
 * `srm_data_changed` (PostgreSQL folds the notices of one transaction into one). The tenants'
 * cache versions cover every table whose triggers bump them; a session's own last-seen stamp is
 * left out (the cache follows it by itself).
 */
const up = [
  `create or replace function srm_notify_data_changed() returns trigger language plpgsql as $$
   begin
     perform pg_notify('srm_data_changed', '');
     return null;
   end $$`,
  ...['sys_tenant_cache_version', 'sys_user', 'ent', 'sys_dept'].map(
    (table) => `create or replace trigger ${table}_data_changed after insert or update or delete or truncate
       on ${table} for each statement execute function srm_notify_data_changed()`,
  ),
  `create or replace trigger sys_session_data_changed after update on sys_session for each row
     when (old.ended_reason is distinct from new.ended_reason or old.company_id is distinct from new.company_id
       or old.user_id is distinct from new.user_id or old.token_hash is distinct from new.token_hash
       or old.tenant_id is distinct from new.tenant_id)
     execute function srm_notify_data_changed()`,
  `create or replace trigger sys_session_data_removed after delete or truncate on sys_session
     for each statement execute function srm_notify_data_changed()`,
];

export async function up0039(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0039(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sys_tenant_cache_version', 'sys_user', 'ent', 'sys_dept'])
    await sql.raw(`drop trigger if exists ${table}_data_changed on ${table}`).execute(db);
  await sql`drop trigger if exists sys_session_data_changed on sys_session`.execute(db);
  await sql`drop trigger if exists sys_session_data_removed on sys_session`.execute(db);
  await sql`drop function if exists srm_notify_data_changed()`.execute(db);
}
