import { type Kysely, sql } from 'kysely';

/**
 * Demo additions that a migration cannot make itself, because they are built through the domains'
 * services (the supplier evaluation: onlinedev/seed.ts), wait here as one row per tenant and item
 * until the server's start makes them and deletes the row. Once made or refused, an item is not
 * offered again: a tenant that deleted the demo's evaluation does not get it back at the next
 * start. Tenants seeded from now on get it from their seed and never have a row here.
 */
export async function up0079(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_seed_pending (
      tenant_id bigint not null,
      item varchar(64) not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, item)
    )`.execute(db);
  // The workflow demo's tenants (they have its supplier admission flow) without the evaluation.
  await sql`insert into sys_seed_pending (tenant_id, item)
    select distinct f.tenant_id, 'supplierEvaluation' from flow_definition f
    where f.en_code = 'vendorAdmission'
      and not exists (select 1 from dm_model m where m.tenant_id = f.tenant_id and m.code = 'supplier_evaluation')
      and not exists (select 1 from flow_definition e where e.tenant_id = f.tenant_id and e.en_code = 'supplierEvaluation')
    on conflict do nothing`.execute(db);
}

export async function down0079(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sys_seed_pending`.execute(db);
}
