import { type Kysely, sql } from 'kysely';

/**
 * Message templates (`GET /api/sys/msgTemplate/all`; docs/rules.md#messages): the title and body
 * of the internal messages the product sends on its own (a password reset, a role granted), per
 * tenant so a tenant may reword or switch one off. The defaults are filled in at start-up
 * (`ensureMsgTemplates`). Also: the user list filters by role and by position, so the
 * relations get an index led by the role / position.
 */
const up: string[] = [
  `create table if not exists sys_msg_template (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), en_code text not null, full_name text not null,
    title text not null, content text not null, message_type smallint not null default 1,
    enabled boolean not null default true, order_num int not null default 0,
    unique (tenant_id, en_code))`,
  'create index if not exists user_role_role on user_role (role_id, user_id)',
  'create index if not exists user_position_position on user_position (position_id, user_id)',
];

export async function up0011(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0011(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists user_position_position').execute(db);
  await sql.raw('drop index if exists user_role_role').execute(db);
  await sql.raw('drop table if exists sys_msg_template').execute(db);
}
