import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

/**
 * Advance ship notices and receipts (procurement/, docs/procurement.md): `po_asn` with its lines,
 * `po_receipt` with its lines (one receipt in force per notice), and on each order line what is on
 * its way or received. For the tenants seeded before: the bill rules `deliveryNote` (ASN + date +
 * 4 digits) and `goodsReceipt` (GR), staff's page 收货 under 采购协同 (the administrator and buyer
 * roles) and the supplier portal's page of its notices (the vendor role).
 */
const PAGE = 'procurement.receipt';
const PORTAL_PAGE = 'vendorPortal.deliveries';

export async function up0091(db: Kysely<unknown>): Promise<void> {
  await sql`alter table po_order_line
    add column if not exists shipped_quantity numeric(18, 4) not null default 0,
    add column if not exists received_quantity numeric(18, 4) not null default 0`.execute(db);
  await sql`create table if not exists po_asn (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    bill_no text not null,
    order_id bigint not null references po_order(id),
    supplier_id bigint not null references vendor_supplier(id),
    state text not null check (state in ('draft', 'sent', 'received')),
    version integer not null default 0,
    ship_date date not null,
    expected_date date not null,
    carrier text not null default '',
    tracking_no text not null default '',
    remark text not null default '',
    created_by bigint not null references sys_user(id),
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    received_at timestamptz,
    constraint po_asn_tenant_id_bill_no_key unique (tenant_id, bill_no)
  )`.execute(db);
  await sql`create index if not exists po_asn_tenant_state on po_asn (tenant_id, state, id desc)`.execute(db);
  await sql`create index if not exists po_asn_tenant_supplier on po_asn (tenant_id, supplier_id, id desc)`.execute(
    db,
  );
  await sql`create index if not exists po_asn_order on po_asn (order_id)`.execute(db);
  await sql`create table if not exists po_asn_line (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    asn_id bigint not null references po_asn(id) on delete cascade,
    line_no integer not null,
    order_line_id bigint not null references po_order_line(id),
    quantity numeric(18, 4) not null check (quantity > 0),
    batch_no text not null default '',
    packages integer not null check (packages > 0),
    constraint po_asn_line_asn_id_line_no_key unique (asn_id, line_no)
  )`.execute(db);
  await sql`create index if not exists po_asn_line_order_line on po_asn_line (order_line_id)`.execute(db);
  await sql`create table if not exists po_receipt (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    bill_no text not null,
    asn_id bigint not null references po_asn(id),
    state text not null check (state in ('draft', 'confirmed', 'reversed')),
    version integer not null default 0,
    remark text not null default '',
    reverse_reason text not null default '',
    received_by bigint not null references sys_user(id),
    created_at timestamptz not null default now(),
    confirmed_at timestamptz,
    reversed_at timestamptz,
    constraint po_receipt_tenant_id_bill_no_key unique (tenant_id, bill_no)
  )`.execute(db);
  // One receipt in force per notice: two staff receiving it at once get one receipt and one 409.
  await sql`create unique index if not exists po_receipt_asn_in_force on po_receipt (asn_id)
    where state <> 'reversed'`.execute(db);
  await sql`create table if not exists po_receipt_line (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    receipt_id bigint not null references po_receipt(id) on delete cascade,
    asn_line_id bigint not null references po_asn_line(id),
    accepted_quantity numeric(18, 4) not null check (accepted_quantity >= 0),
    rejected_quantity numeric(18, 4) not null check (rejected_quantity >= 0),
    reject_reason text not null default '',
    constraint po_receipt_line_receipt_id_asn_line_id_key unique (receipt_id, asn_line_id)
  )`.execute(db);

  await sql`insert into sys_bill_rule (tenant_id, full_name, full_name_en, full_name_tw, en_code, prefix,
      date_format, digits, start_number, step, reset_cycle, description)
    select t.id, v.full_name, v.full_name_en, v.full_name_tw, v.en_code, v.prefix, 'yyyyMMdd', 4, 1, 1,
      'daily', v.description
    from tenant t cross join (values
      ('送货单', 'Advance ship notice', '送貨單', 'deliveryNote', 'ASN', '送货单号：ASN + 日期 + 4 位流水，每日重置'),
      ('收货单', 'Goods receipt', '收貨單', 'goodsReceipt', 'GR', '收货单号：GR + 日期 + 4 位流水，每日重置')
    ) as v(full_name, full_name_en, full_name_tw, en_code, prefix, description)
    where exists (select 1 from sys_bill_rule r where r.tenant_id = t.id and r.en_code = 'purchaseOrder')
    on conflict (tenant_id, en_code) do nothing`.execute(db);

  await addSeededPage(db, {
    parent: 'procurement',
    code: PAGE,
    names: ['送货与收货', 'Deliveries & Receipts', '送貨與收貨'],
    icon: 'InboxOutlined',
    url: '/procurement/receipt',
    order: 2,
    buttons: [
      [`${PAGE}.add`, '收货', 1],
      [`${PAGE}.reverse`, '冲销', 2],
    ],
  });
  await addSeededPage(db, {
    parent: 'vendorPortal',
    code: PORTAL_PAGE,
    names: ['送货单', 'Ship Notices', '送貨單'],
    icon: 'CarOutlined',
    url: '/vendorPortal/deliveries',
    order: 6,
    buttons: [],
  });
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select m.tenant_id, 'menu', m.id, 'role', r.id
    from sys_menu m join sys_role r on r.tenant_id = m.tenant_id
    where (m.menu_perms = ${PAGE} and r.en_code = 'buyer')
       or (m.menu_perms = ${PORTAL_PAGE} and r.en_code = 'vendor')
    on conflict do nothing`.execute(db);
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select b.tenant_id, 'button', b.id, 'role', r.id
    from sys_menu_button b join sys_menu m on m.id = b.menu_id and m.menu_perms = ${PAGE}
      join sys_role r on r.tenant_id = b.tenant_id and r.en_code = 'buyer'
    on conflict do nothing`.execute(db);
}

export async function down0091(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PORTAL_PAGE);
  await removeSeededPage(db, PAGE);
  await sql`delete from sys_bill_rule where en_code in ('deliveryNote', 'goodsReceipt')`.execute(db);
  await sql`drop table if exists po_receipt_line`.execute(db);
  await sql`drop table if exists po_receipt`.execute(db);
  await sql`drop table if exists po_asn_line`.execute(db);
  await sql`drop table if exists po_asn`.execute(db);
  await sql`alter table po_order_line drop column if exists shipped_quantity,
    drop column if exists received_quantity`.execute(db);
}
