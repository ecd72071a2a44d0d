import { type Kysely, sql } from 'kysely';

/**
 * The supplier invitation and admission page's English name, "Invitations & Admission", was cut at
 * the sidebar's 230 px ("Invitations & Admis…"); it is "Onboarding", the trade's word for the two,
 * as new tenants get it from `seed-menus.ts`. Only a name still as seeded is renamed.
 */
const CODE = 'base.vendor.invitation';
const BEFORE = 'Invitations & Admission';
const AFTER = 'Onboarding';

export async function up0052(db: Kysely<unknown>): Promise<void> {
  await sql`update sys_menu set menu_name_en = ${AFTER}
    where menu_perms = ${CODE} and menu_name_en = ${BEFORE}`.execute(db);
}

export async function down0052(db: Kysely<unknown>): Promise<void> {
  await sql`update sys_menu set menu_name_en = ${BEFORE}
    where menu_perms = ${CODE} and menu_name_en = ${AFTER}`.execute(db);
}
