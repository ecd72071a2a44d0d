import { type Kysely, sql } from 'kysely';

/**
 * Anonymous registration uploads (supplier/register-upload.ts):
 * - `vendor_file.client_ip`: the address an anonymous upload came from, for its byte quota per
 *   address and window (index by address and time);
 * - an index of the uploads of no enterprise yet (`ent_id` 0), for the tenant's cap of unclaimed
 *   files and their removal after a day;
 * - every tenant gets the scheduled task that removes them (`upload.purgeUnclaimed`, hourly; new
 *   tenants get it from `seedTasks`).
 */
const up = [
  'alter table vendor_file add column if not exists client_ip text',
  `create index if not exists vendor_file_client_ip on vendor_file (client_ip, created_at)
     where client_ip is not null`,
  'create index if not exists vendor_file_unclaimed on vendor_file (tenant_id, created_at) where ent_id = 0',
  `insert into sys_task (tenant_id, name, job_code, params, cron, time_zone, enabled)
     select t.id, '清理未认领的注册附件', 'upload.purgeUnclaimed', '{"days": 1}'::jsonb, '20 * * * *',
            'Asia/Shanghai', true
       from tenant t
      where not exists (select 1 from sys_task s where s.tenant_id = t.id and s.job_code = 'upload.purgeUnclaimed')`,
];

export async function up0048(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0048(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`delete from sys_task_run where job_code = 'upload.purgeUnclaimed'`).execute(db);
  await sql.raw(`delete from sys_task where job_code = 'upload.purgeUnclaimed'`).execute(db);
  await sql.raw('drop index if exists vendor_file_unclaimed').execute(db);
  await sql.raw('drop index if exists vendor_file_client_ip').execute(db);
  await sql.raw('alter table vendor_file drop column if exists client_ip').execute(db);
}
