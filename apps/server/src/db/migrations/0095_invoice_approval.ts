import { type Kysely, sql } from 'kysely';

/**
 * A mismatched invoice may go into an approval flow (procurement/invoice-flow.ts): the invoice
 * names its task while the flow decides it.
 */
export async function up0095(db: Kysely<unknown>): Promise<void> {
  await sql`alter table po_invoice add column if not exists approval_task_id bigint references flow_task(id)`.execute(
    db,
  );
}

export async function down0095(db: Kysely<unknown>): Promise<void> {
  await sql`alter table po_invoice drop column if exists approval_task_id`.execute(db);
}
