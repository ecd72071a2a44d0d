import { type Kysely, sql } from 'kysely';

/** A page that a migration adds to the tenants seeded before it (new tenants: seed-menus.ts). */
export interface SeededPage {
  /** The menu code of the group it goes under. */
  parent: string;
  code: string;
  names: [zh: string, en: string, tw: string];
  icon: string;
  url: string;
  order: number;
  buttons: [code: string, name: string, order: number][];
}

/**
 * Adds `page` under its group in every tenant that has the group and not yet the page, with its
 * buttons, granted to the seeded administrator role as a fresh seed grants it every item (the
 * tenant administrator passes every code anyway; other roles get it on the authorize screen).
 */
export async function addSeededPage(db: Kysely<unknown>, page: SeededPage): Promise<void> {
  const [zh, en, tw] = page.names;
  await sql`insert into sys_menu (tenant_id, parent_id, menu_name, menu_name_en, menu_name_tw,
      menu_perms, menu_icon, menu_type, menu_url, order_num, link_target, property_json, enabled, category)
    select p.tenant_id, p.id, ${zh}, ${en}, ${tw}, ${page.code}, ${page.icon},
      1, ${page.url}, ${page.order}, '_self', '', true, 'web'
    from sys_menu p
    where p.menu_perms = ${page.parent}
      and not exists (select 1 from sys_menu m where m.tenant_id = p.tenant_id and m.menu_perms = ${page.code})`.execute(
    db,
  );
  for (const [code, name, order] of page.buttons)
    await sql`insert into sys_menu_button (tenant_id, menu_id, en_code, full_name, order_num)
      select m.tenant_id, m.id, ${code}, ${name}, ${order} from sys_menu m
      where m.menu_perms = ${page.code}
      on conflict (tenant_id, en_code) do nothing`.execute(db);
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select m.tenant_id, 'menu', m.id, 'role', r.id
    from sys_menu m join sys_role r on r.tenant_id = m.tenant_id and r.en_code = 'admin'
    where m.menu_perms = ${page.code}
    on conflict do nothing`.execute(db);
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select b.tenant_id, 'button', b.id, 'role', r.id
    from sys_menu_button b join sys_menu m on m.id = b.menu_id and m.menu_perms = ${page.code}
      join sys_role r on r.tenant_id = b.tenant_id and r.en_code = 'admin'
    on conflict do nothing`.execute(db);
}

/** Takes `code` and its buttons and grants away again. */
export async function removeSeededPage(db: Kysely<unknown>, code: string): Promise<void> {
  await sql`delete from sys_grant g using sys_menu_button b
    where g.item_type = 'button' and g.item_id = b.id and b.en_code like ${`${code}.%`}`.execute(db);
  await sql`delete from sys_grant g using sys_menu m
    where g.item_type = 'menu' and g.item_id = m.id and m.menu_perms = ${code}`.execute(db);
  // The buttons go with their page (on delete cascade).
  await sql`delete from sys_menu where menu_perms = ${code}`.execute(db);
}
