import { type Kysely, sql } from 'kysely';

/**
 * WeChat official-account bindings (docs/rules.md#wechat-binding): a staff user scans their bind
 * QR code and WeChat's callback names the scanner's openid. One row per bound user; within a tenant
 * one WeChat account (openid) binds one user, so a scan by another user moves it.
 */
const up: string[] = [
  `create table if not exists sys_wx_user (user_id bigint primary key references sys_user(id),
    tenant_id bigint not null references tenant(id), openid text not null,
    bound_at timestamptz not null default now(), unique (tenant_id, openid))`,
];

export async function up0012(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0012(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists sys_wx_user').execute(db);
}
