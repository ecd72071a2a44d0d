import { type Kysely, sql } from 'kysely';
import { addSeededPage, removeSeededPage } from './seeded-page';

const PAGE = 'procurement.rfq';
const PORTAL_PAGE = 'vendorPortal.rfqs';

/**
 * Requests for quotation and quotes (procurement/, docs/procurement.md): `po_rfq` with its lines
 * (each with its award once awarded), the invited suppliers and their quotes, one per supplier and
 * round, with their lines and attachments; an order made by an award names its request. For the
 * tenants seeded before: the bill rule `requestForQuotation` (RFQ + date + 4 digits), staff's page
 * 询价单 under 采购协同 (the administrator and buyer roles) and the supplier portal's page of its
 * requests (the vendor role).
 */
export async function up0093(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists po_rfq (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    bill_no text not null,
    title text not null,
    category_code text not null default '',
    state text not null check (state in ('draft', 'open', 'closed', 'awarded', 'cancelled')),
    round integer not null default 1,
    deadline timestamptz not null,
    currency text not null default 'CNY',
    delivery_address text not null default '',
    terms text not null default '',
    remark text not null default '',
    requisition_task_id bigint references flow_task(id),
    award_task_id bigint references flow_task(id),
    cancel_reason text not null default '',
    buyer_id bigint not null references sys_user(id),
    version integer not null default 0,
    created_at timestamptz not null default now(),
    published_at timestamptz,
    closed_at timestamptz,
    awarded_at timestamptz,
    constraint po_rfq_tenant_id_bill_no_key unique (tenant_id, bill_no)
  )`.execute(db);
  await sql`create index if not exists po_rfq_tenant_state on po_rfq (tenant_id, state, id desc)`.execute(db);
  await sql`create table if not exists po_rfq_line (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    rfq_id bigint not null references po_rfq(id) on delete cascade,
    line_no integer not null,
    material_code text not null default '',
    material_name text not null,
    spec text not null default '',
    unit text not null,
    quantity numeric(18, 4) not null check (quantity > 0),
    delivery_date date not null,
    award_supplier_id bigint references vendor_supplier(id),
    award_unit_price numeric(18, 4),
    award_amount numeric(20, 2),
    constraint po_rfq_line_rfq_id_line_no_key unique (rfq_id, line_no)
  )`.execute(db);
  await sql`create table if not exists po_rfq_supplier (
    tenant_id bigint not null references tenant(id),
    rfq_id bigint not null references po_rfq(id) on delete cascade,
    supplier_id bigint not null references vendor_supplier(id),
    invited_at timestamptz not null default now(),
    primary key (rfq_id, supplier_id)
  )`.execute(db);
  await sql`create index if not exists po_rfq_supplier_supplier on po_rfq_supplier (tenant_id, supplier_id, rfq_id desc)`.execute(
    db,
  );
  await sql`create table if not exists po_quote (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    rfq_id bigint not null references po_rfq(id) on delete cascade,
    supplier_id bigint not null references vendor_supplier(id),
    round integer not null,
    state text not null check (state in ('draft', 'submitted', 'withdrawn')),
    version integer not null default 0,
    valid_until date not null,
    remark text not null default '',
    total_amount numeric(20, 2) not null default 0,
    submitted_at timestamptz,
    created_by bigint not null references sys_user(id),
    created_at timestamptz not null default now(),
    constraint po_quote_rfq_id_supplier_id_round_key unique (rfq_id, supplier_id, round)
  )`.execute(db);
  await sql`create table if not exists po_quote_line (
    id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id),
    quote_id bigint not null references po_quote(id) on delete cascade,
    rfq_line_id bigint not null references po_rfq_line(id) on delete cascade,
    unit_price numeric(18, 4) check (unit_price >= 0),
    amount numeric(20, 2),
    lead_days integer,
    remark text not null default '',
    constraint po_quote_line_quote_id_rfq_line_id_key unique (quote_id, rfq_line_id)
  )`.execute(db);
  await sql`create table if not exists po_quote_file (
    tenant_id bigint not null references tenant(id),
    quote_id bigint not null references po_quote(id) on delete cascade,
    file_id bigint not null references vendor_file(id),
    primary key (quote_id, file_id)
  )`.execute(db);
  await sql`alter table po_order add column if not exists rfq_id bigint references po_rfq(id)`.execute(db);
  await sql`insert into sys_bill_rule (tenant_id, full_name, full_name_en, full_name_tw, en_code, prefix,
      date_format, digits, start_number, step, reset_cycle, description)
    select t.id, '询价单', 'Request for quotation', '詢價單', 'requestForQuotation', 'RFQ', 'yyyyMMdd', 4, 1, 1,
      'daily', '询价单号：RFQ + 日期 + 4 位流水，每日重置'
    from tenant t
    where exists (select 1 from sys_bill_rule r where r.tenant_id = t.id and r.en_code = 'purchaseOrder')
    on conflict (tenant_id, en_code) do nothing`.execute(db);
  await addSeededPage(db, {
    parent: 'procurement',
    code: PAGE,
    names: ['询价单', 'Requests for Quotation', '詢價單'],
    icon: 'AuditOutlined',
    url: '/procurement/rfq',
    order: 0,
    buttons: [
      [`${PAGE}.add`, '新建', 1],
      [`${PAGE}.edit`, '编辑', 2],
      [`${PAGE}.delete`, '删除', 3],
      [`${PAGE}.publish`, '发布/截止/取消', 4],
      [`${PAGE}.award`, '定标', 5],
    ],
  });
  await addSeededPage(db, {
    parent: 'vendorPortal',
    code: PORTAL_PAGE,
    names: ['询价与报价', 'Quotations', '詢價與報價'],
    icon: 'AuditOutlined',
    url: '/vendorPortal/rfqs',
    order: 4,
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

export async function down0093(db: Kysely<unknown>): Promise<void> {
  await removeSeededPage(db, PORTAL_PAGE);
  await removeSeededPage(db, PAGE);
  await sql`delete from sys_bill_rule where en_code = 'requestForQuotation'`.execute(db);
  await sql`alter table po_order drop column if exists rfq_id`.execute(db);
  await sql`drop table if exists po_quote_file`.execute(db);
  await sql`drop table if exists po_quote_line`.execute(db);
  await sql`drop table if exists po_quote`.execute(db);
  await sql`drop table if exists po_rfq_supplier`.execute(db);
  await sql`drop table if exists po_rfq_line`.execute(db);
  await sql`drop table if exists po_rfq`.execute(db);
}
