import { type Kysely, sql } from 'kysely';

/**
 * Scheduled tasks (system → task): a tenant's task names a built-in job of the server's registry
 * (never code or SQL of its own), its parameters, a cron expression and a time zone. The job runner
 * (pg-boss, its own `pgboss` schema created when it starts) keeps one schedule per enabled task;
 * every attempt of a run leaves a row in `sys_task_run` with its result and error.
 */
const up: string[] = [
  `create table if not exists sys_task (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), name text not null, job_code text not null,
    params jsonb not null default '{}'::jsonb, cron text not null, time_zone text not null default 'Asia/Shanghai',
    enabled boolean not null default true, last_run_at timestamptz,
    last_result text check (last_result in ('running', 'success', 'failure')),
    created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  'create index if not exists sys_task_tenant on sys_task (tenant_id, id)',
  `create table if not exists sys_task_run (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), task_id bigint not null,
    task_name text not null, job_code text not null,
    trigger text not null check (trigger in ('schedule', 'manual')), attempt int not null default 1,
    result text not null check (result in ('running', 'success', 'failure')),
    message text not null default '', error text not null default '',
    started_at timestamptz not null default now(), ended_at timestamptz, duration_ms int)`,
  'create index if not exists sys_task_run_tenant_time on sys_task_run (tenant_id, started_at desc, id desc)',
  'create index if not exists sys_task_run_task_time on sys_task_run (task_id, started_at desc, id desc)',
];

export async function up0016(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0016(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists sys_task_run').execute(db);
  await sql.raw('drop table if exists sys_task').execute(db);
}
