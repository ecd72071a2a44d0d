import { type Kysely, sql } from 'kysely';

/**
 * Sign-in lockout per account and client address (docs/rules.md#sessions): a row per (user, address) with
 * its wrong passwords in a row and the lock of that address. The sign-in log keeps codes (message
 * key, place kind) instead of Chinese text, translated when shown: existing rows are converted.
 */
const up: string[] = [
  `create table if not exists sys_login_failure (user_id bigint not null references sys_user(id) on delete cascade,
    ip text not null, failures integer not null default 0, locked_until timestamptz,
    updated_at timestamptz not null default now(), primary key (user_id, ip))`,
  `create index if not exists sys_login_failure_recent on sys_login_failure (user_id, updated_at)`,
  `update sys_login_log set msg = case
     when msg = '登录成功' then 'auth.loginOk'
     when msg = '账号或密码错误' then 'auth.badCredentials'
     when msg = '账号已被禁用，请联系管理员' then 'auth.disabled'
     when msg like '密码错误次数过多%' then 'auth.locked'
     when msg like '该手机号对应多个账号%' then 'auth.ambiguousMobile'
     else msg end
   where msg not like 'auth.%'`,
  `update sys_login_log set ip_name = case ip_name when '本机' then 'local' when '内网IP' then 'lan' else ip_name end
   where ip_name in ('本机', '内网IP')`,
];

export async function up0014(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0014(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists sys_login_failure').execute(db);
}
