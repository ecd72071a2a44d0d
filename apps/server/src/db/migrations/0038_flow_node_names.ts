import { type Kysely, sql } from 'kysely';

/**
 * A flow's nodes may carry their names in English and traditional Chinese (`names` in the flow's
 * tree); a to-do keeps the node's name in each language as it keeps the main one, so the lists
 * answer in the reader's language without reading the flow. Existing to-dos keep the main name
 * (an empty one reads it), as their flows' nodes have no other names until an administrator gives them.
 */
export async function up0038(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_operator
    add column if not exists node_name_en text not null default '',
    add column if not exists node_name_tw text not null default ''`.execute(db);
}

export async function down0038(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_operator drop column if exists node_name_en, drop column if exists node_name_tw`.execute(
    db,
  );
}
