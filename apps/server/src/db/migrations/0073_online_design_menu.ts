import { type Kysely, sql } from 'kysely';

/**
 * The online development group (`onlineDev`) and its form designer page (`onlineDev.webDesign`,
 * with its add, edit, delete and publish buttons) for tenants seeded before the screen existed
 * (new tenants get them from `seed-menus.ts`). Granted to the seeded administrator role, as the
 * seed grants it every item; the tenant administrator passes every code anyway.
 */
const PAGE = 'onlineDev.webDesign';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${PAGE}.add`, '新建', 1],
  [`${PAGE}.edit`, '编辑', 2],
  [`${PAGE}.delete`, '删除', 3],
  [`${PAGE}.publish`, '发布', 4],
];

export async function up0073(db: Kysely<unknown>): Promise<void> {
  await sql`insert into sys_menu (tenant_id, parent_id, menu_name, menu_name_en, menu_name_tw,
      menu_perms, menu_icon, menu_type, menu_url, order_num, link_target, property_json, enabled, category)
    select t.id, 0, '在线开发', 'Online Development', '線上開發', 'onlineDev', 'BuildOutlined',
      0, '', 88, '_self', '', true, 'web'
    from tenant t
    where exists (select 1 from sys_menu w where w.tenant_id = t.id and w.menu_perms = 'workFlow')
      and not exists (select 1 from sys_menu m where m.tenant_id = t.id and m.menu_perms = 'onlineDev')`.execute(
    db,
  );
  await sql`insert into sys_menu (tenant_id, parent_id, menu_name, menu_name_en, menu_name_tw,
      menu_perms, menu_icon, menu_type, menu_url, order_num, link_target, property_json, enabled, category)
    select p.tenant_id, p.id, '表单设计', 'Form Designer', '表單設計', ${PAGE}, 'FormOutlined',
      1, '/onlineDev/webDesign', 1, '_self', '', true, 'web'
    from sys_menu p
    where p.menu_perms = 'onlineDev'
      and not exists (select 1 from sys_menu m where m.tenant_id = p.tenant_id and m.menu_perms = ${PAGE})`.execute(
    db,
  );
  for (const [code, name, order] of BUTTONS)
    await sql`insert into sys_menu_button (tenant_id, menu_id, en_code, full_name, order_num)
      select m.tenant_id, m.id, ${code}, ${name}, ${order} from sys_menu m
      where m.menu_perms = ${PAGE}
      on conflict (tenant_id, en_code) do nothing`.execute(db);
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select m.tenant_id, 'menu', m.id, 'role', r.id
    from sys_menu m join sys_role r on r.tenant_id = m.tenant_id and r.en_code = 'admin'
    where m.menu_perms in ('onlineDev', ${PAGE})
    on conflict do nothing`.execute(db);
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select b.tenant_id, 'button', b.id, 'role', r.id
    from sys_menu_button b join sys_menu m on m.id = b.menu_id and m.menu_perms = ${PAGE}
      join sys_role r on r.tenant_id = b.tenant_id and r.en_code = 'admin'
    on conflict do nothing`.execute(db);
}

export async function down0073(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_grant g using sys_menu_button b
    where g.item_type = 'button' and g.item_id = b.id and b.en_code like ${`${PAGE}.%`}`.execute(db);
  await sql`delete from sys_grant g using sys_menu m
    where g.item_type = 'menu' and g.item_id = m.id and m.menu_perms in ('onlineDev', ${PAGE})`.execute(db);
  // The buttons go with their page (on delete cascade).
  await sql`delete from sys_menu where menu_perms = ${PAGE}`.execute(db);
  await sql`delete from sys_menu where menu_perms = 'onlineDev'`.execute(db);
}
