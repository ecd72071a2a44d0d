import { type Kysely, sql } from 'kysely';

/**
 * The settings drawer's choices per user (docs/rules.md#settings): theme colour, dark mode, sidebar style
 * and the switches, next to the layout in `theme`, so that a sign-in elsewhere restores them.
 * Read through the contracts' `uiSettingsSchema`; an unknown shape reads as the defaults.
 */
export async function up0015(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`alter table sys_user add column if not exists ui_settings jsonb not null default '{}'::jsonb`)
    .execute(db);
}

export async function down0015(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table sys_user drop column if exists ui_settings').execute(db);
}
