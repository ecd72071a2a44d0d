import { type Kysely, sql } from 'kysely';

/**
 * A user's last and previous sign-in place is kept as its kind (`local`, `lan`, or empty), like the
 * sign-in log since 0014, and named in the reader's language where it is shown: it was stored in
 * simplified Chinese (本机, 内网IP) and read so in English and traditional Chinese too.
 */
const up: string[] = [
  `update sys_user set last_login_ip_name = case last_login_ip_name when '本机' then 'local' else 'lan' end
    where last_login_ip_name in ('本机', '内网IP')`,
  `update sys_user set prev_login_ip_name = case prev_login_ip_name when '本机' then 'local' else 'lan' end
    where prev_login_ip_name in ('本机', '内网IP')`,
];

export async function up0036(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0036(db: Kysely<unknown>): Promise<void> {
  for (const column of ['last_login_ip_name', 'prev_login_ip_name']) {
    await sql
      .raw(`update sys_user set ${column} = case ${column} when 'local' then '本机' else '内网IP' end
        where ${column} in ('local', 'lan')`)
      .execute(db);
  }
}
