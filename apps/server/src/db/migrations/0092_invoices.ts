import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

const PAGE = 'procurement.invoice';
const PORTAL_PAGE = 'vendorPortal.invoices';

/**
 * Supplier invoices and the three-way match (procurement/, docs/procurement.md): `po_invoice`
 * with its lines, each with what the match compared; on each order line what invoices in force
 * claim. The supplier's invoice number is unique per supplier. For the tenants seeded before: the
 * bill rule `supplierInvoice` (INV + date + 4 digits), staff's page 发票 under 采购协同 (the
 * administrator and buyer roles) and the supplier portal's page of its invoices (the vendor role).
 */
export async function up0092(db: Kysely<unknown>): Promise<void> {
  await sql`alter table po_order_line
    add column if not exists invoiced_quantity numeric(18, 4) not null default 0`.execute(db);
  await sql`create table if not exists po_invoice (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    bill_no text not null,
    invoice_no text not null,
    invoice_date date not null,
    order_id bigint not null references po_order(id),
    supplier_id bigint not null references vendor_supplier(id),
    state text not null check (state in ('matched', 'mismatch', 'approved', 'rejected')),
    version integer not null default 0,
    currency text not null,
    total_amount numeric(20, 2) not null,
    remark text not null default '',
    reason text not null default '',
    decided_by text not null default '',
    decided_at timestamptz,
    created_by bigint not null references sys_user(id),
    created_at timestamptz not null default now(),
    constraint po_invoice_tenant_id_bill_no_key unique (tenant_id, bill_no),
    constraint po_invoice_supplier_invoice_no_key unique (tenant_id, supplier_id, invoice_no)
  )`.execute(db);
  await sql`create index if not exists po_invoice_tenant_state on po_invoice (tenant_id, state, id desc)`.execute(
    db,
  );
  await sql`create index if not exists po_invoice_tenant_supplier on po_invoice (tenant_id, supplier_id, id desc)`.execute(
    db,
  );
  await sql`create table if not exists po_invoice_line (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    invoice_id bigint not null references po_invoice(id) on delete cascade,
    order_line_id bigint not null references po_order_line(id),
    quantity numeric(18, 4) not null check (quantity > 0),
    unit_price numeric(18, 4) not null check (unit_price >= 0),
    amount numeric(20, 2) not null,
    order_unit_price numeric(18, 4) not null,
    invoiceable_quantity numeric(18, 4) not null,
    quantity_ok boolean not null,
    price_ok boolean not null,
    constraint po_invoice_line_invoice_id_order_line_id_key unique (invoice_id, order_line_id)
  )`.execute(db);
  await sql`insert into sys_bill_rule (tenant_id, full_name, full_name_en, full_name_tw, en_code, prefix,
      date_format, digits, start_number, step, reset_cycle, description)
    select t.id, '供应商发票', 'Supplier invoice', '供應商發票', 'supplierInvoice', 'INV', 'yyyyMMdd', 4, 1, 1,
      'daily', '发票登记号：INV + 日期 + 4 位流水，每日重置'
    from tenant t
    where exists (select 1 from sys_bill_rule r where r.tenant_id = t.id and r.en_code = 'purchaseOrder')
    on conflict (tenant_id, en_code) do nothing`.execute(db);
  await addSeededPage(db, {
    parent: 'procurement',
    code: PAGE,
    names: ['发票', 'Invoices', '發票'],
    icon: 'AccountBookOutlined',
    url: '/procurement/invoice',
    order: 3,
    buttons: [[`${PAGE}.decide`, '审核', 1]],
  });
  await addSeededPage(db, {
    parent: 'vendorPortal',
    code: PORTAL_PAGE,
    names: ['发票', 'Invoices', '發票'],
    icon: 'AccountBookOutlined',
    url: '/vendorPortal/invoices',
    order: 7,
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

export async function down0092(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PORTAL_PAGE);
  await removeSeededPage(db, PAGE);
  await sql`delete from sys_bill_rule where en_code = 'supplierInvoice'`.execute(db);
  await sql`drop table if exists po_invoice_line`.execute(db);
  await sql`drop table if exists po_invoice`.execute(db);
  await sql`alter table po_order_line drop column if exists invoiced_quantity`.execute(db);
}
