import { type Kysely, sql } from 'kysely';

/**
 * The demo's dictionary page (menu type 4): a tree dictionary type `costCentre` (成本中心 / Cost
 * centre / 成本中心) in the business category with a few items, and the menu item 系统数据 › 成本中心
 * (`systemData.costCentre`) that opens it, with the page's add, edit and delete buttons, granted to
 * the seeded admin role. Tenants seeded before get it here; a new tenant gets it from its seed
 * (setup/seed.ts calls `addCostCentrePage` for it alone). A tenant that has the menu already is
 * left alone; one that made its own `costCentre` type keeps it, and the page opens that type.
 */
export const COST_CENTRE_MENU = 'systemData.costCentre';
const TYPE = 'costCentre';
/** Code, names in zh-CN / en-US / zh-TW, and the parent's code ('' for a root). */
const ITEMS: [code: string, zh: string, en: string, tw: string, parent: string][] = [
  ['hq', '总部', 'Head office', '總部', ''],
  ['hq.finance', '财务部', 'Finance', '財務部', 'hq'],
  ['hq.hr', '人力资源部', 'Human resources', '人力資源部', 'hq'],
  ['plant', '生产基地', 'Production', '生產基地', ''],
  ['plant.one', '一号工厂', 'Plant 1', '一號工廠', 'plant'],
  ['plant.two', '二号工厂', 'Plant 2', '二號工廠', 'plant'],
  ['rd', '研发中心', 'R&D centre', '研發中心', ''],
];
const BUTTONS: [suffix: string, name: string][] = [
  ['add', '新增'],
  ['edit', '编辑'],
  ['delete', '删除'],
];

/** For one tenant, or (null) for every seeded tenant without the page. */
export async function addCostCentrePage(db: Kysely<unknown>, tenantId: string | null): Promise<void> {
  const tenants = await sql<{ tenant_id: string }>`
    select p.tenant_id from sys_menu p
    where p.menu_perms = 'systemData' and (${tenantId}::bigint is null or p.tenant_id = ${tenantId}::bigint)
      and not exists (select 1 from sys_menu m
        where m.tenant_id = p.tenant_id and m.menu_perms = ${COST_CENTRE_MENU})`.execute(db);
  for (const { tenant_id: tenant } of tenants.rows) {
    await sql`insert into sys_dict_type (tenant_id, category_id, en_code, full_name, full_name_en,
        full_name_tw, scope, is_tree, is_conf, enabled, order_num)
      select c.tenant_id, c.id, ${TYPE}, '成本中心', 'Cost centre', '成本中心', 'base', true, true, true,
        (select coalesce(max(t.order_num), 0) + 1 from sys_dict_type t where t.category_id = c.id)
      from sys_dict_category c
      where c.tenant_id = ${tenant} and c.en_code = 'base'
        and not exists (select 1 from sys_dict_type t where t.tenant_id = c.tenant_id and t.en_code = ${TYPE})`.execute(
      db,
    );
    const type = await sql<{ id: string }>`
      select id from sys_dict_type where tenant_id = ${tenant} and en_code = ${TYPE}`.execute(db);
    const typeId = type.rows[0]?.id;
    if (!typeId) continue;
    for (const [code, zh, en, tw, parent] of ITEMS) {
      const order = ITEMS.filter((i) => i[4] === parent).findIndex((i) => i[0] === code);
      await sql`insert into sys_dict_item (tenant_id, type_id, parent_id, en_code, full_name, full_name_en,
          full_name_tw, order_num)
        select ${tenant}, ${typeId},
          coalesce((select p.id from sys_dict_item p where p.type_id = ${typeId} and p.en_code = ${parent}), 0),
          ${code}, ${zh}, ${en}, ${tw}, ${order + 1}
        where not exists (select 1 from sys_dict_item i where i.type_id = ${typeId} and i.en_code = ${code})`.execute(
        db,
      );
    }
    await sql`insert into sys_menu (tenant_id, parent_id, menu_name, menu_name_en, menu_name_tw,
        menu_perms, menu_icon, menu_type, menu_url, order_num, link_target, property_json, enabled, category)
      select p.tenant_id, p.id, '成本中心', 'Cost Centres', '成本中心', ${COST_CENTRE_MENU}, 'ClusterOutlined',
        4, '', 4, '_self', ${JSON.stringify({ moduleId: String(typeId), isTree: 1 })}, true, 'web'
      from sys_menu p where p.tenant_id = ${tenant} and p.menu_perms = 'systemData'`.execute(db);
    for (const [order, [suffix, name]] of BUTTONS.entries()) {
      await sql`insert into sys_menu_button (tenant_id, menu_id, en_code, full_name, order_num)
        select m.tenant_id, m.id, ${`${COST_CENTRE_MENU}.${suffix}`}, ${name}, ${order}
        from sys_menu m where m.tenant_id = ${tenant} and m.menu_perms = ${COST_CENTRE_MENU}
        on conflict (tenant_id, en_code) do nothing`.execute(db);
    }
    await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
      select m.tenant_id, 'menu', m.id, 'role', r.id
      from sys_menu m join sys_role r on r.tenant_id = m.tenant_id and r.en_code = 'admin'
      where m.tenant_id = ${tenant} and m.menu_perms = ${COST_CENTRE_MENU}
      on conflict do nothing`.execute(db);
    await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
      select b.tenant_id, 'button', b.id, 'role', r.id
      from sys_menu_button b join sys_menu m on m.id = b.menu_id and m.menu_perms = ${COST_CENTRE_MENU}
        join sys_role r on r.tenant_id = b.tenant_id and r.en_code = 'admin'
      where b.tenant_id = ${tenant}
      on conflict do nothing`.execute(db);
  }
}

export async function up0074(db: Kysely<unknown>): Promise<void> {
  await addCostCentrePage(db, null);
}

export async function down0074(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_grant g using sys_menu_button b
    where g.item_type = 'button' and g.item_id = b.id and b.en_code like ${`${COST_CENTRE_MENU}.%`}`.execute(
    db,
  );
  await sql`delete from sys_grant g using sys_menu m
    where g.item_type = 'menu' and g.item_id = m.id and m.menu_perms = ${COST_CENTRE_MENU}`.execute(db);
  // The buttons go with their page (on delete cascade); the type with its items.
  await sql`delete from sys_menu where menu_perms = ${COST_CENTRE_MENU}`.execute(db);
  await sql`delete from sys_dict_item i using sys_dict_type t
    where i.type_id = t.id and t.en_code = ${TYPE}`.execute(db);
  await sql`delete from sys_dict_type where en_code = ${TYPE}`.execute(db);
}
