import { type Kysely, sql } from 'kysely';

/**
 * Instant chat (docs/rules.md#chat). A message row per message; a conversation row per user and
 * peer holding the newest message and that user's unread count, so the recent list, the unread
 * numbers of `initMessage` and marking read are single-row or single-index operations however long
 * the history grows. `pair_lo`/`pair_hi` (the two user ids, smaller first) index one conversation's
 * history for paging from either side.
 */
const up: string[] = [
  `create table if not exists im_message (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    send_user_id bigint not null references sys_user(id), receive_user_id bigint not null references sys_user(id),
    pair_lo bigint not null, pair_hi bigint not null,
    content_type text not null check (content_type in ('text', 'image')), content text not null,
    send_time timestamptz not null default now())`,
  'create index if not exists im_message_pair on im_message (pair_lo, pair_hi, id desc)',
  `create table if not exists im_conversation (user_id bigint not null references sys_user(id),
    peer_id bigint not null references sys_user(id), tenant_id bigint not null references tenant(id),
    last_message_id bigint not null references im_message(id), last_time timestamptz not null,
    unread integer not null default 0, primary key (user_id, peer_id))`,
  'create index if not exists im_conversation_recent on im_conversation (user_id, last_time desc)',
  'create index if not exists im_conversation_unread on im_conversation (user_id) where unread > 0',
];

export async function up0009(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0009(db: Kysely<unknown>): Promise<void> {
  for (const table of ['im_conversation', 'im_message']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
