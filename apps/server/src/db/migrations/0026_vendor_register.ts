import { type Kysely, sql } from 'kysely';

/**
 * Supplier self-registration, admission and change approval.
 *
 * - `vendor_invitation`: a buyer's one-time link (only the token's SHA-256 kept), valid until
 *   `expires_at`, used once by the application it led to.
 * - `vendor_application`: an admission application — a new supplier's registration (`register`) or a
 *   further supply category of an admitted one (`category`) — with its form data, the future
 *   account's password hash, the status page's token hash, the admission task and the outcome.
 *   One application in flight per credit code (and per account) is a unique partial index.
 * - `vendor_application_file`: the uploads an application names (its approvers may open them).
 * - `vendor_change`: a supplier's change of bank or legal data, applied when its task is approved.
 * - `vendor_captcha_used`: proof-of-work challenges already spent (a solution works once).
 * - `vendor_file.claim_hash`: an anonymous registration upload is named by its id and a key only
 *   its uploader got; `ent_id` 0 until the application is approved.
 */
async function run(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function up0026(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `
    create table if not exists vendor_invitation (
      id bigint generated always as identity primary key,
      tenant_id bigint not null references tenant(id) on delete cascade,
      token_hash text not null unique,
      company_name text not null,
      contact_name text not null default '',
      mobile text not null default '',
      email text not null default '',
      expires_at timestamptz not null,
      used_at timestamptz,
      application_id bigint,
      created_by bigint not null,
      created_by_name text not null default '',
      created_at timestamptz not null default now()
    );
    create index if not exists vendor_invitation_list on vendor_invitation (tenant_id, created_at desc, id desc);

    create table if not exists vendor_application (
      id bigint generated always as identity primary key,
      tenant_id bigint not null references tenant(id) on delete cascade,
      app_no text not null unique,
      scope text not null default 'register' check (scope in ('register', 'category')),
      supplier_id bigint references vendor_supplier(id) on delete cascade,
      status text not null default 'submitted'
        check (status in ('submitted', 'inReview', 'approved', 'rejected')),
      supplier_name text not null,
      credit_code text not null,
      account text not null default '',
      mobile text not null default '',
      form_data jsonb not null,
      password_hash text not null default '',
      token_hash text not null default '',
      invitation_id bigint references vendor_invitation(id),
      task_id bigint,
      reject_reason text not null default '',
      rating smallint,
      review_comment text not null default '',
      submit_ip text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      decided_at timestamptz
    );
    create index if not exists vendor_application_list on vendor_application (tenant_id, created_at desc, id desc);
    create index if not exists vendor_application_task on vendor_application (task_id);
    create unique index if not exists vendor_application_inflight_code on vendor_application (tenant_id, credit_code)
      where scope = 'register' and status in ('submitted', 'inReview');
    create unique index if not exists vendor_application_inflight_account on vendor_application (account)
      where scope = 'register' and status in ('submitted', 'inReview');

    create table if not exists vendor_application_file (
      application_id bigint not null references vendor_application(id) on delete cascade,
      file_id bigint not null references vendor_file(id),
      primary key (application_id, file_id)
    );
    create index if not exists vendor_application_file_file on vendor_application_file (file_id);

    create table if not exists vendor_change (
      id bigint generated always as identity primary key,
      tenant_id bigint not null references tenant(id) on delete cascade,
      supplier_id bigint not null references vendor_supplier(id) on delete cascade,
      kind text not null check (kind in ('bank', 'legal')),
      status text not null default 'submitted'
        check (status in ('submitted', 'inReview', 'approved', 'rejected')),
      reason text not null default '',
      after_data jsonb not null,
      task_id bigint,
      requested_by bigint not null,
      reject_reason text not null default '',
      created_at timestamptz not null default now(),
      decided_at timestamptz
    );
    create index if not exists vendor_change_supplier on vendor_change (supplier_id, created_at desc);
    create index if not exists vendor_change_task on vendor_change (task_id);

    create table if not exists vendor_captcha_used (
      id text primary key,
      expires_at timestamptz not null
    );

    alter table vendor_file add column if not exists claim_hash text;
  `,
  );
}

export async function down0026(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `
    alter table vendor_file drop column if exists claim_hash;
    drop table if exists vendor_captcha_used;
    drop table if exists vendor_change;
    drop table if exists vendor_application_file;
    drop table if exists vendor_application;
    drop table if exists vendor_invitation;
  `,
  );
}
