import { type Kysely, sql } from 'kysely';

/**
 * Every "already exists" rule has a unique index behind it (core/unique-violation.ts maps a
 * violation to the check's own 400). The other coded tables had theirs from the start; companies
 * and departments (one tree, one code space per tenant) get theirs here. Codes that two nodes
 * already share (written by concurrent creates before this index) keep the oldest node's code;
 * the later nodes get their id appended, so the index can be built and nothing is lost.
 */
const up = [
  `update sys_dept d set en_code = d.en_code || '-' || d.id
   where d.en_code <> '' and exists (
     select 1 from sys_dept o where o.tenant_id = d.tenant_id and o.en_code = d.en_code and o.id < d.id)`,
  `create unique index if not exists sys_dept_code on sys_dept (tenant_id, en_code) where en_code <> ''`,
];

export async function up0050(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0050(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sys_dept_code`.execute(db);
}
