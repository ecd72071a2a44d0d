import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Purchase orders (procurement/, docs/procurement.md): `po_order` with its lines (`po_order_line`)
 * and its history (`po_order_event`, append-only). Amounts are numeric with two places, unit
 * prices and quantities with four (decisions §13). For the tenants seeded before: the bill rule
 * `purchaseOrder` (PO + date + 4 digits), the group 采购协同 with its page 采购订单 (granted to the
 * administrator and buyer roles), and the supplier portal's page of its orders (the vendor role).
 */
const GROUP = 'procurement';
const PAGE = 'procurement.order';
const PORTAL_PAGE = 'vendorPortal.orders';

export async function up0090(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists po_order (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    bill_no text not null,
    supplier_id bigint not null references vendor_supplier(id),
    state text not null check (state in ('draft', 'approving', 'released', 'acknowledged', 'changed', 'closed', 'cancelled')),
    revision integer not null default 1,
    version integer not null default 0,
    currency text not null default 'CNY',
    delivery_address text not null,
    payment_terms text not null default '',
    remark text not null default '',
    total_amount numeric(20, 2) not null default 0,
    flow_task_id bigint,
    buyer_id bigint not null references sys_user(id),
    cancel_reason text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz,
    released_at timestamptz,
    acknowledged_at timestamptz,
    closed_at timestamptz,
    constraint po_order_tenant_id_bill_no_key unique (tenant_id, bill_no)
  )`.execute(db);
  await sql`create index if not exists po_order_tenant_state on po_order (tenant_id, state, id desc)`.execute(
    db,
  );
  await sql`create index if not exists po_order_tenant_supplier on po_order (tenant_id, supplier_id, id desc)`.execute(
    db,
  );
  await sql`create index if not exists po_order_flow_task on po_order (flow_task_id) where flow_task_id is not null`.execute(
    db,
  );
  await sql`create table if not exists po_order_line (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    order_id bigint not null references po_order(id) on delete cascade,
    line_no integer not null,
    material_code text not null default '',
    material_name text not null,
    spec text not null default '',
    unit text not null,
    quantity numeric(18, 4) not null check (quantity > 0),
    unit_price numeric(18, 4) not null check (unit_price >= 0),
    amount numeric(20, 2) not null,
    delivery_date date not null,
    state text not null check (state in ('waiting', 'accepted', 'rejected', 'proposed')),
    proposed_quantity numeric(18, 4),
    proposed_date date,
    reason text not null default '',
    answered_by text not null default '',
    answered_at timestamptz,
    revision integer not null default 1,
    constraint po_order_line_order_id_line_no_key unique (order_id, line_no)
  )`.execute(db);
  await sql`create table if not exists po_order_event (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    order_id bigint not null references po_order(id) on delete cascade,
    event text not null,
    revision integer not null,
    line_no integer,
    actor_id bigint,
    actor_name text not null default '',
    side text not null check (side in ('staff', 'supplier', 'system')),
    detail text not null default '',
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index if not exists po_order_event_order on po_order_event (order_id, id)`.execute(db);

  await sql`insert into sys_bill_rule (tenant_id, full_name, full_name_en, full_name_tw, en_code, prefix,
      date_format, digits, start_number, step, reset_cycle, description)
    select t.id, '采购订单', 'Purchase order', '採購訂單', 'purchaseOrder', 'PO', 'yyyyMMdd', 4, 1, 1, 'daily',
      '采购订单号：PO + 日期 + 4 位流水，每日重置'
    from tenant t
    where exists (select 1 from sys_bill_rule r where r.tenant_id = t.id)
    on conflict (tenant_id, en_code) do nothing`.execute(db);

  // The group, at the top level beside the supplier group, in every tenant with a supplier portal.
  await sql`insert into sys_menu (tenant_id, parent_id, menu_name, menu_name_en, menu_name_tw,
      menu_perms, menu_icon, menu_type, menu_url, order_num, link_target, property_json, enabled, category)
    select p.tenant_id, 0, '采购协同', 'Procurement', '採購協同', ${GROUP}, 'ShoppingCartOutlined',
      0, '', 12, '_self', '', true, 'web'
    from sys_menu p
    where p.menu_perms = 'vendorPortal'
      and not exists (select 1 from sys_menu m where m.tenant_id = p.tenant_id and m.menu_perms = ${GROUP})`.execute(
    db,
  );
  await addSeededPage(db, {
    parent: GROUP,
    code: PAGE,
    names: ['采购订单', 'Purchase Orders', '採購訂單'],
    icon: 'FileDoneOutlined',
    url: '/procurement/order',
    order: 1,
    buttons: [
      [`${PAGE}.add`, '新建', 1],
      [`${PAGE}.edit`, '编辑', 2],
      [`${PAGE}.delete`, '删除', 3],
      [`${PAGE}.release`, '提交/发布', 4],
      [`${PAGE}.close`, '关闭/取消', 5],
    ],
  });
  await addSeededPage(db, {
    parent: 'vendorPortal',
    code: PORTAL_PAGE,
    names: ['采购订单', 'Purchase Orders', '採購訂單'],
    icon: 'FileDoneOutlined',
    url: '/vendorPortal/orders',
    order: 5,
    buttons: [],
  });
  // The administrator role has them (addSeededPage); buyers the group, the page and its buttons;
  // the vendor role its portal page.
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select m.tenant_id, 'menu', m.id, 'role', r.id
    from sys_menu m join sys_role r on r.tenant_id = m.tenant_id
    where (m.menu_perms in (${GROUP}, ${PAGE}) and r.en_code in ('admin', 'buyer'))
       or (m.menu_perms = ${PORTAL_PAGE} and r.en_code = 'vendor')
    on conflict do nothing`.execute(db);
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select b.tenant_id, 'button', b.id, 'role', r.id
    from sys_menu_button b join sys_menu m on m.id = b.menu_id and m.menu_perms = ${PAGE}
      join sys_role r on r.tenant_id = b.tenant_id and r.en_code = 'buyer'
    on conflict do nothing`.execute(db);
}

export async function down0090(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PORTAL_PAGE);
  await removeSeededPage(db, PAGE);
  await removeSeededPage(db, GROUP);
  await sql`delete from sys_bill_rule where en_code = 'purchaseOrder'`.execute(db);
  await sql`drop table if exists po_order_event`.execute(db);
  await sql`drop table if exists po_order_line`.execute(db);
  await sql`drop table if exists po_order`.execute(db);
}
