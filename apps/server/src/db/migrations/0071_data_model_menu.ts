import { type Kysely, sql } from 'kysely';

/**
 * The data-model screen (系统数据 › 数据建模, `systemData.dataModel`) and its buttons for tenants
 * seeded before it (new tenants get them from `seed-menus.ts`), granted to the seeded admin role as
 * a fresh seed grants it everything: the authorize screen can now grant the codes the data-model
 * routes check (migration 0070) to other roles.
 */
const CODE = 'systemData.dataModel';
const BUTTONS: [code: string, name: string, order: number][] = [
  [`${CODE}.add`, '新建', 1],
  [`${CODE}.edit`, '编辑', 2],
  [`${CODE}.delete`, '删除', 3],
];

export async function up0071(db: Kysely<unknown>): Promise<void> {
  await sql`insert into sys_menu (tenant_id, parent_id, menu_name, menu_name_en, menu_name_tw,
      menu_perms, menu_icon, menu_type, menu_url, order_num, link_target, property_json, enabled, category)
    select p.tenant_id, p.id, '数据建模', 'Data Models', '資料建模', ${CODE}, 'TableOutlined',
      1, '/systemData/dataModel', 3, '_self', '', true, 'web'
    from sys_menu p
    where p.menu_perms = 'systemData'
      and not exists (select 1 from sys_menu m
        where m.tenant_id = p.tenant_id and m.menu_perms = ${CODE})`.execute(db);
  for (const [code, name, order] of BUTTONS) {
    await sql`insert into sys_menu_button (tenant_id, menu_id, en_code, full_name, order_num)
      select m.tenant_id, m.id, ${code}, ${name}, ${order} from sys_menu m
      where m.menu_perms = ${CODE}
        and not exists (select 1 from sys_menu_button b where b.menu_id = m.id and b.en_code = ${code})`.execute(
      db,
    );
  }
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select m.tenant_id, 'menu', m.id, 'role', r.id
    from sys_menu m join sys_role r on r.tenant_id = m.tenant_id and r.en_code = 'admin'
    where m.menu_perms = ${CODE}
    on conflict do nothing`.execute(db);
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select b.tenant_id, 'button', b.id, 'role', r.id
    from sys_menu_button b join sys_menu m on m.id = b.menu_id
      join sys_role r on r.tenant_id = b.tenant_id and r.en_code = 'admin'
    where m.menu_perms = ${CODE}
    on conflict do nothing`.execute(db);
}

export async function down0071(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_grant g using sys_menu_button b, sys_menu m
    where g.item_type = 'button' and g.item_id = b.id and b.menu_id = m.id
      and m.menu_perms = ${CODE}`.execute(db);
  await sql`delete from sys_grant g using sys_menu m
    where g.item_type = 'menu' and g.item_id = m.id and m.menu_perms = ${CODE}`.execute(db);
  await sql`delete from sys_menu_button b using sys_menu m
    where b.menu_id = m.id and m.menu_perms = ${CODE}`.execute(db);
  await sql`delete from sys_menu where menu_perms = ${CODE}`.execute(db);
}
