import { type Kysely, sql } from 'kysely';

/**
 * The workflow (docs/rules.md#workflow). A definition is edited as a draft tree; each release freezes a
 * numbered row of `flow_version` that tasks keep to the end. A task carries the engine's whole state
 * as jsonb (the pure engine reads and writes it) and a `row_version` every action checks; the rows
 * beside it are what lists query and what a conditional update claims: node activations (the flow
 * chart), operators (to-do items: `update … where state = 'pending'` lets exactly one action win),
 * circulations (copies), and the append-only history (updates refused by a trigger). Notifications
 * and timers leave through `flow_outbox`, written in the action's transaction and sent after commit.
 */
const up: string[] = [
  `create table if not exists flow_definition (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), en_code text not null, full_name text not null,
    category text not null, icon text not null default '', icon_background text not null default '#1890ff',
    form_name text not null, launchers jsonb not null default '{"all":true}'::jsonb,
    flow_template_json jsonb not null, description text not null default '', sort_code integer not null default 0,
    state smallint not null default 0 check (state in (0, 1, 2)),
    current_version integer not null default 0, row_version integer not null default 0,
    created_by bigint references sys_user(id), created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(), unique (tenant_id, en_code))`,
  'create index if not exists flow_definition_list on flow_definition (tenant_id, category, sort_code, id)',
  `create table if not exists flow_version (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    definition_id bigint not null references flow_definition(id) on delete cascade,
    version integer not null, flow_template_json jsonb not null, form_name text not null,
    created_by bigint references sys_user(id), created_at timestamptz not null default now(),
    unique (definition_id, version))`,
  `create table if not exists flow_task (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), definition_id bigint not null references flow_definition(id),
    version_id bigint references flow_version(id), bill_no text not null default '', title text not null default '',
    launcher_id bigint not null references sys_user(id),
    urgency smallint not null default 1 check (urgency between 1 and 3),
    status smallint not null default 0 check (status between 0 and 5),
    form_name text not null, form_data jsonb not null default '{}'::jsonb,
    engine_state jsonb not null default '{}'::jsonb, row_version integer not null default 0,
    created_at timestamptz not null default now(), submitted_at timestamptz, finished_at timestamptz)`,
  'create index if not exists flow_task_launcher on flow_task (tenant_id, launcher_id, created_at desc, id desc)',
  'create index if not exists flow_task_monitor on flow_task (tenant_id, status, created_at desc, id desc)',
  'create index if not exists flow_task_definition on flow_task (definition_id)',
  `create table if not exists flow_node_activation (task_id bigint not null references flow_task(id) on delete cascade,
    act_key text not null, node_id text not null, node_type text not null,
    state text not null check (state in ('active', 'done', 'rejected', 'cancelled')),
    entered_at timestamptz not null, finished_at timestamptz, due_at timestamptz,
    primary key (task_id, act_key))`,
  `create table if not exists flow_operator (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), task_id bigint not null references flow_task(id) on delete cascade,
    item_key text not null, act_key text not null, node_id text not null, node_name text not null default '',
    user_id bigint not null references sys_user(id),
    state text not null check (state in ('pending', 'waiting', 'approved', 'rejected', 'transferred', 'closed', 'cancelled')),
    sort_order integer not null default 0, created_at timestamptz not null default now(),
    handled_at timestamptz, handled_by bigint references sys_user(id), unique (task_id, item_key))`,
  `create index if not exists flow_operator_todo on flow_operator (user_id, created_at desc, id desc)
    where state = 'pending'`,
  'create index if not exists flow_operator_done on flow_operator (handled_by, handled_at desc, id desc)',
  `create table if not exists flow_circulation (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), task_id bigint not null references flow_task(id) on delete cascade,
    node_id text not null, user_id bigint not null references sys_user(id),
    created_at timestamptz not null default now(), read_at timestamptz)`,
  'create index if not exists flow_circulation_user on flow_circulation (user_id, created_at desc, id desc)',
  `create table if not exists flow_delegation (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), from_user_id bigint not null references sys_user(id),
    to_user_id bigint not null references sys_user(id), flow_ids jsonb,
    start_at timestamptz not null, end_at timestamptz not null, description text not null default '',
    created_at timestamptz not null default now(),
    check (from_user_id <> to_user_id), check (end_at > start_at))`,
  'create index if not exists flow_delegation_to on flow_delegation (tenant_id, to_user_id, end_at)',
  'create index if not exists flow_delegation_from on flow_delegation (tenant_id, from_user_id, end_at)',
  `create table if not exists flow_history (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), task_id bigint not null references flow_task(id) on delete cascade,
    action text not null, actor_id bigint references sys_user(id), on_behalf_of bigint references sys_user(id),
    node_id text, item_key text, opinion text not null default '', sign_img text,
    target_node_id text, user_ids jsonb not null default '[]'::jsonb, created_at timestamptz not null default now())`,
  'create index if not exists flow_history_task on flow_history (task_id, id)',
  `create or replace function flow_history_append_only() returns trigger language plpgsql as $$
    begin raise exception 'flow_history is append-only'; end $$`,
  'drop trigger if exists flow_history_no_update on flow_history',
  `create trigger flow_history_no_update before update on flow_history
    for each row execute function flow_history_append_only()`,
  `create table if not exists flow_outbox (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), kind text not null, payload jsonb not null,
    created_at timestamptz not null default now(), sent_at timestamptz, attempts integer not null default 0)`,
  'create index if not exists flow_outbox_unsent on flow_outbox (id) where sent_at is null',
  `create table if not exists flow_idempotency (tenant_id bigint not null references tenant(id),
    user_id bigint not null references sys_user(id), idem_key text not null, response jsonb not null,
    created_at timestamptz not null default now(), primary key (tenant_id, user_id, idem_key))`,
];

export async function up0021(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0021(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'flow_idempotency',
    'flow_outbox',
    'flow_history',
    'flow_delegation',
    'flow_circulation',
    'flow_operator',
    'flow_node_activation',
    'flow_task',
    'flow_version',
    'flow_definition',
  ])
    await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql.raw('drop function if exists flow_history_append_only()').execute(db);
}
