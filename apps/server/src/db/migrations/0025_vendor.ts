import { type Kysely, sql } from 'kysely';

/**
 * Suppliers and vendor notices (docs/rules.md#suppliers).
 *
 * - `vendor_supplier`: one row per supplier enterprise (`ent`, entType 2): its code from the
 *   `supplierCode` bill rule, credit code (unique per tenant), company data, life-cycle state
 *   (potential → qualified → frozen ↔ qualified → eliminated) and blacklist with its reason.
 * - contacts, bank accounts, supply categories (item codes of the `supplyCategory` tree
 *   dictionary, each qualified or not) and qualifications (a `vendor_file` and an expiry date).
 * - `vendor_file`: uploads of the vendor domain (notice and reply attachments, qualification
 *   files): stored under the file store, served by the `vendorFile` attachment type.
 * - `vendor_notice` (state 0 draft, 1 published) and its item lines `vendor_notice_item`, one
 *   per target supplier, holding that supplier's read / acknowledge / reply record.
 */
/** Runs each statement of a script on its own (a prepared statement takes one). */
async function run(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function up0025(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `
    create table if not exists vendor_supplier (
      id bigint generated always as identity primary key,
      tenant_id bigint not null references tenant(id) on delete cascade,
      ent_id bigint not null unique references ent(id) on delete cascade,
      supplier_code text not null,
      supplier_name text not null,
      credit_code text not null,
      legal_person text not null default '',
      registered_capital numeric(18, 2),
      found_date date,
      company_type text not null default '',
      area_code text not null default '',
      address text not null default '',
      business_scope text not null default '',
      state text not null default 'potential'
        check (state in ('potential', 'qualified', 'frozen', 'eliminated')),
      blacklisted boolean not null default false,
      blacklist_reason text not null default '',
      created_by bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (tenant_id, supplier_code),
      unique (tenant_id, credit_code)
    );
    create index if not exists vendor_supplier_list on vendor_supplier (tenant_id, created_at desc, id desc);
    create index if not exists vendor_supplier_state on vendor_supplier (tenant_id, state);

    create table if not exists vendor_supplier_contact (
      id bigint generated always as identity primary key,
      tenant_id bigint not null,
      supplier_id bigint not null references vendor_supplier(id) on delete cascade,
      contact_name text not null,
      mobile text not null default '',
      email text not null default '',
      phone text not null default '',
      is_primary boolean not null default false
    );
    create index if not exists vendor_supplier_contact_supplier on vendor_supplier_contact (supplier_id);

    create table if not exists vendor_supplier_bank (
      id bigint generated always as identity primary key,
      tenant_id bigint not null,
      supplier_id bigint not null references vendor_supplier(id) on delete cascade,
      bank_name text not null,
      branch text not null default '',
      account_no text not null
    );
    create index if not exists vendor_supplier_bank_supplier on vendor_supplier_bank (supplier_id);

    create table if not exists vendor_supplier_category (
      tenant_id bigint not null,
      supplier_id bigint not null references vendor_supplier(id) on delete cascade,
      category_code text not null,
      qualified boolean not null default false,
      primary key (supplier_id, category_code)
    );
    create index if not exists vendor_supplier_category_code on vendor_supplier_category (tenant_id, category_code);

    create table if not exists vendor_file (
      id bigint generated always as identity primary key,
      tenant_id bigint not null,
      ent_id bigint not null,
      uploaded_by bigint not null,
      storage_key text not null,
      file_name text not null,
      content_type text not null,
      size integer not null,
      created_at timestamptz not null default now()
    );

    create table if not exists vendor_supplier_qualification (
      id bigint generated always as identity primary key,
      tenant_id bigint not null,
      supplier_id bigint not null references vendor_supplier(id) on delete cascade,
      qual_type text not null,
      file_id bigint references vendor_file(id),
      expires_on date
    );
    create index if not exists vendor_supplier_qualification_supplier on vendor_supplier_qualification (supplier_id);

    create table if not exists vendor_notice (
      id bigint generated always as identity primary key,
      tenant_id bigint not null references tenant(id) on delete cascade,
      title text not null,
      notice_type text not null default '',
      body_html text not null default '',
      reply_required boolean not null default false,
      reply_deadline timestamptz,
      state smallint not null default 0 check (state in (0, 1)),
      creator_id bigint not null,
      creator_name text not null default '',
      published_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index if not exists vendor_notice_list on vendor_notice (tenant_id, created_at desc, id desc);

    create table if not exists vendor_notice_file (
      notice_id bigint not null references vendor_notice(id) on delete cascade,
      file_id bigint not null references vendor_file(id),
      primary key (notice_id, file_id)
    );

    create table if not exists vendor_notice_item (
      id bigint generated always as identity primary key,
      tenant_id bigint not null,
      notice_id bigint not null references vendor_notice(id) on delete cascade,
      supplier_id bigint not null references vendor_supplier(id) on delete cascade,
      delivered boolean not null default false,
      read_at timestamptz,
      read_by bigint,
      read_by_name text not null default '',
      ack_at timestamptz,
      ack_by_name text not null default '',
      reply_text text not null default '',
      reply_state smallint not null default 0 check (reply_state in (0, 1, 2)),
      replied_at timestamptz,
      replied_by_name text not null default '',
      reminded_at timestamptz,
      unique (notice_id, supplier_id)
    );
    create index if not exists vendor_notice_item_inbox on vendor_notice_item (supplier_id, delivered);

    create table if not exists vendor_notice_item_file (
      item_id bigint not null references vendor_notice_item(id) on delete cascade,
      file_id bigint not null references vendor_file(id),
      primary key (item_id, file_id)
    );
  `,
  );
}

export async function down0025(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `
    drop table if exists vendor_notice_item_file;
    drop table if exists vendor_notice_item;
    drop table if exists vendor_notice_file;
    drop table if exists vendor_notice;
    drop table if exists vendor_supplier_qualification;
    drop table if exists vendor_file;
    drop table if exists vendor_supplier_category;
    drop table if exists vendor_supplier_bank;
    drop table if exists vendor_supplier_contact;
    drop table if exists vendor_supplier;
  `,
  );
}
