import { type Kysely, sql } from 'kysely';

/**
 * The supplier portal's launch page (`vendorPortal.flowLaunch`) for tenants seeded before it
 * (new tenants get it from `seed-menus.ts`): a supplier's user sees only the portal's directory,
 * so the flows opened to suppliers need a page there. Granted to the seeded supplier role.
 */
export async function up0053(db: Kysely<unknown>): Promise<void> {
  await sql`insert into sys_menu (tenant_id, parent_id, menu_name, menu_name_en, menu_name_tw,
      menu_perms, menu_icon, menu_type, menu_url, order_num, link_target, property_json, enabled, category)
    select p.tenant_id, p.id, '发起流程', 'Launch', '發起流程', 'vendorPortal.flowLaunch', 'SendOutlined',
      1, '/vendorPortal/flowLaunch', 4, '_self', '', true, 'web'
    from sys_menu p
    where p.menu_perms = 'vendorPortal'
      and not exists (select 1 from sys_menu m
        where m.tenant_id = p.tenant_id and m.menu_perms = 'vendorPortal.flowLaunch')`.execute(db);
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select m.tenant_id, 'menu', m.id, 'role', r.id
    from sys_menu m join sys_role r on r.tenant_id = m.tenant_id and r.en_code = 'vendor'
    where m.menu_perms = 'vendorPortal.flowLaunch'
    on conflict do nothing`.execute(db);
}

export async function down0053(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_grant g using sys_menu m
    where g.item_type = 'menu' and g.item_id = m.id and m.menu_perms = 'vendorPortal.flowLaunch'`.execute(db);
  await sql`delete from sys_menu where menu_perms = 'vendorPortal.flowLaunch'`.execute(db);
}
