import { type Kysely, sql } from 'kysely';
import { ALL_VERSION_TRIGGERS, triggers } from './0013_tenant_cache_version';

/**
 * The to-do list without counting (bench/workflow.mjs).
 *
 * 1. `flow_todo_count`: each user's open to-dos (pending items), kept by statement triggers on
 *    `flow_operator` from the written rows (transition tables), so every path that writes items
 *    (an action, a seed, a cascade delete) keeps it exact in its own transaction. The to-do list's
 *    total and the pushed to-do counts read it instead of counting up to thousands of index
 *    entries per request. The rows are updated in user order, so two transactions never wait on
 *    each other's counters in opposite orders.
 * 2. `flow_operator_todo` also carries the task and the node's name, so a page of one user's
 *    to-dos is read from the index alone and only its rows are joined to their tasks.
 * 3. Delegations bump the tenant's cache version (`sys_tenant_cache_version.version`, read with
 *    the session), so the to-do list, the detail and every action read a user's delegations from
 *    the in-process versioned cache instead of querying them each time.
 */
const deltas = (rows: string) =>
  `insert into flow_todo_count as c (tenant_id, user_id, pending)
     select tenant_id, user_id, sum(d) from (${rows}) x(tenant_id, user_id, d)
     group by tenant_id, user_id having sum(d) <> 0 order by tenant_id, user_id
   on conflict (tenant_id, user_id) do update set pending = c.pending + excluded.pending`;

const up: string[] = [
  `create table if not exists flow_todo_count (tenant_id bigint not null references tenant(id) on delete cascade,
    user_id bigint not null, pending integer not null default 0, primary key (tenant_id, user_id))`,
  `create or replace function flow_todo_count_sync() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${deltas(`select tenant_id, user_id, 1 from new_rows where state = 'pending'`)};
      elsif TG_OP = 'UPDATE' then
        ${deltas(`select tenant_id, user_id, 1 from new_rows where state = 'pending'
          union all select tenant_id, user_id, -1 from old_rows where state = 'pending'`)};
      elsif TG_OP = 'DELETE' then
        ${deltas(`select tenant_id, user_id, -1 from old_rows where state = 'pending'`)};
      else
        delete from flow_todo_count;
      end if;
      return null;
    end
  $$`,
  ...triggers('flow_operator', 'flow_todo_count_sync', 'flow_operator_todo_count'),
  `insert into flow_todo_count (tenant_id, user_id, pending)
     select tenant_id, user_id, count(*) from flow_operator where state = 'pending' group by tenant_id, user_id
   on conflict (tenant_id, user_id) do update set pending = excluded.pending`,
  ...triggers('flow_delegation', 'sys_bump_tenant_cache_version', 'flow_delegation_tenant_version'),
  'drop index if exists flow_operator_todo',
  `create index if not exists flow_operator_todo on flow_operator (user_id, created_at desc, id desc)
    include (tenant_id, task_id, node_name) where state = 'pending'`,
];

export async function up0031(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0031(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    ...ALL_VERSION_TRIGGERS.map(
      (k) => `drop trigger if exists flow_delegation_tenant_version_${k} on flow_delegation`,
    ),
    ...ALL_VERSION_TRIGGERS.map(
      (k) => `drop trigger if exists flow_operator_todo_count_${k} on flow_operator`,
    ),
    'drop function if exists flow_todo_count_sync()',
    'drop table if exists flow_todo_count',
    'drop index if exists flow_operator_todo',
    `create index if not exists flow_operator_todo on flow_operator (user_id, created_at desc, id desc)
      include (tenant_id) where state = 'pending'`,
  ])
    await sql.raw(statement).execute(db);
}
