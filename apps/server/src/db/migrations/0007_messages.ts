import { type Kysely, sql } from 'kysely';

/**
 * Internal messages (docs/rules.md#messages): one row per recipient. The drawer and the message
 * centre read "newest of a user" and the bell "unread of a user": one index each.
 */
const up: string[] = [
  `create table if not exists sys_message (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), user_id bigint not null references sys_user(id),
    type smallint not null default 1, menu_title text not null, body_text text not null default '',
    url text not null default '', bill_id text not null default '0', creator_id bigint,
    creator_name text not null default '',
    created_at timestamptz not null default now(), read_at timestamptz)`,
  'create index if not exists sys_message_user_time on sys_message (user_id, created_at desc, id desc)',
  'create index if not exists sys_message_user_unread on sys_message (user_id) where read_at is null',
  // The mail centre: one sender's messages to a user, and the newest per sender.
  'create index if not exists sys_message_user_sender on sys_message (user_id, creator_id, created_at desc)',
];

export async function up0007(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0007(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists sys_message').execute(db);
}
