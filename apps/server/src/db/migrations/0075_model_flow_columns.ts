import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * The flow columns of the model tables made before flow forms (onlinedev/model-ddl.ts adds them to
 * every new table): `flow_task_id` (the task of a designed flow form that wrote the row) and
 * `flow_state` (its status), with the index a task finds its row by. Each table is named by its
 * `dm_model` row; the index name is the planner's (`dmx_<tenant>_<sha-256 of "code|flow">`).
 */
const flowIndexName = (tenantId: string, code: string) =>
  `dmx_${tenantId}_${createHash('sha256').update(`${code}|flow`).digest('hex').slice(0, 12)}`;

async function modelTables(db: Kysely<unknown>) {
  const res = await sql<{
    tenant_id: string;
    code: string;
    table_name: string;
  }>`select tenant_id::text as tenant_id, code, table_name from dm_model order by id`.execute(db);
  return res.rows.filter((r) => /^\d+$/.test(r.tenant_id) && /^[a-z][a-z0-9_]*$/.test(r.table_name));
}

export async function up0075(db: Kysely<unknown>): Promise<void> {
  for (const m of await modelTables(db)) {
    const table = sql.id(m.table_name);
    await sql`alter table ${table} add column if not exists flow_task_id bigint, add column if not exists flow_state smallint`.execute(
      db,
    );
    await sql`create index if not exists ${sql.id(flowIndexName(m.tenant_id, m.code))} on ${table} (tenant_id, flow_task_id)`.execute(
      db,
    );
  }
}

export async function down0075(db: Kysely<unknown>): Promise<void> {
  for (const m of await modelTables(db)) {
    await sql`drop index if exists ${sql.id(flowIndexName(m.tenant_id, m.code))}`.execute(db);
    await sql`alter table ${sql.id(m.table_name)} drop column if exists flow_task_id, drop column if exists flow_state`.execute(
      db,
    );
  }
}
