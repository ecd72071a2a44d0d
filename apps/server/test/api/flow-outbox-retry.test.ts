import type { FlowTaskItem, FlowTaskSaved, Page } from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTenant } from '../../src/setup/seed';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The outbox on the job runner with workers on: an approval commits, the job that sends its messages
 * fails while the message store refuses writes, pg-boss retries it, and the messages arrive once —
 * the approval never rolled back.
 */
let t: TestApp;
let buyer: string;
let manager: string;
let flowId: string;
let deptId: string;
let buyerId: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: { workers: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } });
  const seeded = await seedTenant(t.db, {
    code: 'wr',
    name: '重试租户',
    entName: '重试集团',
    vendorEntName: '重试供应商',
    accountPrefix: 'wr',
    mobilePrefix: '139000002',
    workflowDemo: true,
  });
  buyerId = seeded.users.buyer;
  deptId = seeded.depts.eastPurchase ?? '';
  flowId = String(
    (
      await t.db
        .selectFrom('flow_definition')
        .select('id')
        .where('tenant_id', '=', seeded.tenantId)
        .where('en_code', '=', 'purchaseRequisition')
        .executeTakeFirstOrThrow()
    ).id,
  );
  buyer = await t.login('wrbuyer', 'buyer123');
  manager = await t.login('wrmanager', 'manager123');
});
afterAll(async () => {
  await sql`drop trigger if exists flow_retry_fail on sys_message`.execute(t.db);
  await t?.close();
});

const waitFor = async <T>(probe: () => Promise<T | null>, ms = 40_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 300));
  }
};

describe('outbox job', () => {
  it('is retried after a failure and never undoes the approval', { timeout: 90_000 }, async () => {
    const launched = await t.post<FlowTaskSaved>(
      '/api/workflow/Form/PurchaseRequisition',
      {
        flowId,
        formData: {
          deptId,
          requesterId: buyerId,
          reason: '重试',
          neededBy: '2030-12-31',
          lines: [{ item: '纸', unit: '箱', quantity: 1, price: 10 }],
        },
      },
      buyer,
    );
    const task = launched.body.data.id;
    const todo = await t.post<Page<FlowTaskItem>>('/api/flow/FlowEngine/FlowBefore/List/1', {}, manager);
    const op = todo.body.data.list.find((i) => i.id === task)?.operatorId as string;
    // The to-do's own message arrives through the worker.
    await waitFor(
      async () =>
        (await t.db.selectFrom('sys_message').select('id').where('bill_id', '=', task).executeTakeFirst()) ??
        null,
    );
    await sql`create or replace function flow_retry_fail() returns trigger language plpgsql as $$
      begin raise exception 'message store down'; end $$`.execute(t.db);
    await sql`create trigger flow_retry_fail before insert on sys_message for each row execute function flow_retry_fail()`.execute(
      t.db,
    );
    const approved = await t.post<{ status: number }>(
      `/api/flow/FlowEngine/FlowBefore/Audit/${op}`,
      {},
      manager,
    );
    expect(approved.body.data.status).toBe(2);
    // Its first attempt has failed, not merely begun (pg-boss counts claims: a second one means a
    // failure), so the trigger was still there when it wrote.
    const box = await waitFor(async () => {
      const row = await t.db
        .selectFrom('flow_outbox')
        .select(['id', 'attempts'])
        .where('sent_at', 'is', null)
        .where('attempts', '>=', 1)
        .executeTakeFirst();
      if (!row) return null;
      const failed = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = 'flow.outbox' and data->>'outboxId' = ${String(row.id)}
          and (state = 'retry' or retry_count >= 2)`.execute(t.db);
      return (failed.rows[0]?.n ?? 0) > 0 ? row : null;
    });
    const status = await t.db
      .selectFrom('flow_task')
      .select('status')
      .where('id', '=', task)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe(2);
    await sql`drop trigger flow_retry_fail on sys_message`.execute(t.db);
    const sent = await waitFor(async () => {
      const row = await t.db
        .selectFrom('flow_outbox')
        .select(['sent_at', 'attempts'])
        .where('id', '=', box.id)
        .executeTakeFirstOrThrow();
      return row.sent_at ? row : null;
    });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    const results = await t.db
      .selectFrom('sys_message')
      .select('menu_title')
      .where('bill_id', '=', task)
      .where('user_id', '=', buyerId)
      .execute();
    expect(results.map((r) => r.menu_title)).toEqual(['审批通过：采购申请 – 张采购']);
  });
});
