import { type Kysely, sql } from 'kysely';

/**
 * Document numbers stay unique for ever per tenant and rule code:
 * - `sys_bill_counter` is kept per (tenant, rule code, period) instead of per rule row, with no
 *   reference to the rule: deleting a rule and creating it again continues its numbers;
 * - `sys_bill_no` holds every number given, unique per tenant and code, so a re-created rule whose
 *   format or start would give an earlier number again skips to the next free one (nextBillNo).
 */
const up = [
  'alter table sys_bill_counter add column if not exists tenant_id bigint references tenant(id)',
  'alter table sys_bill_counter add column if not exists en_code text',
  `update sys_bill_counter c set tenant_id = r.tenant_id, en_code = r.en_code
   from sys_bill_rule r where r.id = c.rule_id`,
  'delete from sys_bill_counter where tenant_id is null',
  'alter table sys_bill_counter drop constraint if exists sys_bill_counter_pkey',
  'alter table sys_bill_counter drop column if exists rule_id',
  'alter table sys_bill_counter alter column tenant_id set not null',
  'alter table sys_bill_counter alter column en_code set not null',
  'alter table sys_bill_counter add primary key (tenant_id, en_code, period)',
  `create table if not exists sys_bill_no (tenant_id bigint not null references tenant(id),
    en_code text not null, bill_no text not null, created_at timestamptz not null default now(),
    primary key (tenant_id, en_code, bill_no))`,
];

export async function up0051(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0051(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop table if exists sys_bill_no',
    'alter table sys_bill_counter add column if not exists rule_id bigint references sys_bill_rule(id) on delete cascade',
    `update sys_bill_counter c set rule_id = r.id from sys_bill_rule r
     where r.tenant_id = c.tenant_id and r.en_code = c.en_code`,
    'delete from sys_bill_counter where rule_id is null',
    'alter table sys_bill_counter drop constraint if exists sys_bill_counter_pkey',
    'alter table sys_bill_counter drop column if exists tenant_id',
    'alter table sys_bill_counter drop column if exists en_code',
    'alter table sys_bill_counter add primary key (rule_id, period)',
  ])
    await sql.raw(statement).execute(db);
}
