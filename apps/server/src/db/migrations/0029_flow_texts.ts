import { type Kysely, sql } from 'kysely';

/**
 * Texts in each recipient's language. A message template keeps its main title and body (the
 * tenant's language) and gains the English and traditional Chinese ones (empty: the main text),
 * like the dictionary items' `full_name_en` / `full_name_tw`; the workflow's messages are templates
 * now. A task's title is stored in the three languages when it is launched, so every list and
 * message shows the reader's own without rebuilding it. The to-do list pages a user's pending items
 * newest first on the partial index alone (it carries the tenant, so the page is an index-only scan)
 * before joining the page's rows to their tasks.
 */
const up: string[] = [
  `alter table sys_msg_template add column if not exists title_en text not null default '',
    add column if not exists title_tw text not null default '',
    add column if not exists content_en text not null default '',
    add column if not exists content_tw text not null default ''`,
  `alter table flow_task add column if not exists title_en text not null default '',
    add column if not exists title_tw text not null default ''`,
  'drop index if exists flow_operator_todo',
  `create index if not exists flow_operator_todo on flow_operator (user_id, created_at desc, id desc)
    include (tenant_id) where state = 'pending'`,
];

export async function up0029(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0029(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists flow_operator_todo').execute(db);
  await sql
    .raw(
      `create index if not exists flow_operator_todo on flow_operator (user_id, created_at desc, id desc)
        where state = 'pending'`,
    )
    .execute(db);
  await sql
    .raw('alter table flow_task drop column if exists title_en, drop column if exists title_tw')
    .execute(db);
  await sql
    .raw(
      `alter table sys_msg_template drop column if exists title_en, drop column if exists title_tw,
        drop column if exists content_en, drop column if exists content_tw`,
    )
    .execute(db);
}
