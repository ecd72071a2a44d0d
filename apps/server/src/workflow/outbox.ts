import { FLOW_STATUS, FLOW_TASK_FORM_URL, type FlowStatus, MsgTemplateCode } from '@srm/contracts';
import { sql } from 'kysely';
import type { Deps } from '../core/context';
import { transaction } from '../db/transaction';
import { type NewMessage, unreadCounts, writeMessages } from '../message/index';
import { flowNameIn, titleIn } from './forms';
import type { OutboxNote, OutboxPayload } from './task-store';

/** Open to-dos per user (their own items; a delegate's view adds the delegators' at read time). */
export async function todoCounts(deps: Deps, tenantId: string, userIds: readonly string[]) {
  const counts = new Map<string, number>(userIds.map((u) => [u, 0]));
  if (userIds.length === 0) return counts;
  // Kept by triggers on the items (migration 0031): nothing is counted here.
  const rows = await deps.db
    .selectFrom('flow_todo_count')
    .select(['user_id', 'pending'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const r of rows) counts.set(String(r.user_id), r.pending);
  return counts;
}

/** The message template of each outbox note: a new to-do, a result by the task's status, a copy, a reminder. */
const NOTE_TEMPLATE: Record<OutboxNote['kind'], MsgTemplateCode> = {
  todo: MsgTemplateCode.flowTodo,
  result: MsgTemplateCode.flowApproved,
  copy: MsgTemplateCode.flowCopy,
  remind: MsgTemplateCode.flowRemind,
};
const RESULT_TEMPLATE: Partial<Record<FlowStatus, MsgTemplateCode>> = {
  [FLOW_STATUS.approved]: MsgTemplateCode.flowApproved,
  [FLOW_STATUS.rejected]: MsgTemplateCode.flowRejected,
  [FLOW_STATUS.withdrawn]: MsgTemplateCode.flowWithdrawn,
  [FLOW_STATUS.terminated]: MsgTemplateCode.flowTerminated,
};
const templateOf = (note: OutboxNote): MsgTemplateCode =>
  note.kind === 'result'
    ? (RESULT_TEMPLATE[note.status ?? FLOW_STATUS.approved] ?? NOTE_TEMPLATE.result)
    : NOTE_TEMPLATE[note.kind];

/** Of one tenant's rows sent together: whom to push and the title each push carries. */
type SentTenant = { tenantId: string; titles: Map<string, string> };

/**
 * Sends outbox rows (one, or a worker's batch): their notes become internal messages through the
 * tenant's message templates (each in its recipient's language, with the task's title in that
 * language, linked to the task through /pageLink; a switched-off template sends nothing) in one
 * transaction that also marks the rows sent, so a retried job never writes them twice; then each
 * affected user gets one `messagePush` with his unread and to-do counts. A batch costs about the
 * statements of a single row: under a burst of approvals the sending keeps up without taking the
 * database from them. A failure throws (the runner retries; a failed batch is retried row by row);
 * the actions that wrote the rows stay committed. Answers how many rows this call sent.
 */
export async function sendOutboxes(deps: Deps, outboxIds: readonly string[]): Promise<number> {
  const ids = [...new Set(outboxIds)];
  if (ids.length === 0) return 0;
  await deps.db
    .updateTable('flow_outbox')
    .set({ attempts: sql`attempts + 1` })
    .where('id', 'in', ids)
    .execute();
  const sent = await transaction(deps.db, async (tx) => {
    const boxes = await tx
      .selectFrom('flow_outbox')
      .select(['id', 'tenant_id', 'payload'])
      .where('id', 'in', ids)
      .where('sent_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (boxes.length === 0) return { count: 0, tenants: [] as SentTenant[] };
    const payloads = boxes.map((b) => ({
      tenantId: String(b.tenant_id),
      ...(b.payload as unknown as OutboxPayload),
    }));
    const tasks = await tx
      .selectFrom('flow_task as t')
      .innerJoin('flow_definition as d', 'd.id', 't.definition_id')
      .innerJoin('sys_user as u', 'u.id', 't.launcher_id')
      .select([
        't.id',
        't.title',
        't.title_en',
        't.title_tw',
        't.bill_no',
        'd.full_name',
        'd.full_name_en',
        'd.full_name_tw',
        'u.real_name',
        'u.id as launcher_id',
      ])
      .where('t.id', 'in', [...new Set(payloads.map((p) => p.taskId))])
      .execute();
    const taskById = new Map(tasks.map((task) => [String(task.id), task]));
    // Each payload's messages, tenant by tenant, then written together (message/write-messages.ts).
    const messages: NewMessage[] = [];
    const sending: { tenantId: string; payloads: { payload: OutboxPayload; from: number; to: number }[] }[] =
      [];
    for (const tenantId of new Set(payloads.map((p) => p.tenantId))) {
      const mine = payloads.filter((p) => p.tenantId === tenantId);
      const actorIds = [...new Set(mine.flatMap((p) => (p.actorId ? [p.actorId] : [])))];
      const actors = actorIds.length
        ? await tx
            .selectFrom('sys_user')
            .select(['id', 'real_name'])
            .where('tenant_id', '=', tenantId)
            .where('id', 'in', actorIds)
            .execute()
        : [];
      const actorName = new Map(actors.map((a) => [String(a.id), a.real_name]));
      const parts: (typeof sending)[number]['payloads'] = [];
      for (const payload of mine) {
        const task = taskById.get(String(payload.taskId));
        const from = messages.length;
        if (task)
          for (const note of payload.notes) {
            // A to-do, a copy or a reminder comes from the launcher (his request); a result from who
            // decided it (the engine's own result, a timer's, from the launcher still).
            const actor = payload.actorId;
            const sender =
              note.kind === 'result' && actor && actorName.has(actor)
                ? { id: actor, name: actorName.get(actor) as string }
                : { id: String(task.launcher_id), name: task.real_name };
            for (const userId of new Set(note.userIds))
              messages.push({
                tenantId,
                userId,
                text: {
                  template: templateOf(note),
                  vars: (locale) => ({
                    title: titleIn(task, locale),
                    flow: flowNameIn(task, locale),
                    billNo: task.bill_no,
                    launcher: task.real_name,
                  }),
                },
                url: FLOW_TASK_FORM_URL,
                billId: String(task.id),
                creatorId: sender.id,
                creatorName: sender.name,
              });
          }
        parts.push({ payload, from, to: messages.length });
      }
      sending.push({ tenantId, payloads: parts });
    }
    const written = await writeMessages(tx, messages);
    const tenants: SentTenant[] = sending.map(({ tenantId, payloads: parts }) => {
      const titles = new Map<string, string>();
      for (const { payload, from, to } of parts) {
        // Each user's push carries the title of his latest message in the batch.
        const mine = written.slice(from, to).flatMap((m) => (m ? [m] : []));
        const title = mine[0]?.title ?? '';
        for (const userId of [...mine.map((m) => m.userId), ...payload.pushUserIds])
          if (title || !titles.has(userId)) titles.set(userId, title);
      }
      return { tenantId, titles };
    });
    await tx
      .updateTable('flow_outbox')
      .set({ sent_at: sql`now()` })
      .where(
        'id',
        'in',
        boxes.map((b) => String(b.id)),
      )
      .execute();
    return { count: boxes.length, tenants };
  });
  for (const { tenantId, titles } of sent.tenants) {
    const users = [...titles.keys()];
    const [unread, todos] = await Promise.all([
      unreadCounts(deps.db, tenantId, users),
      todoCounts(deps, tenantId, users),
    ]);
    await Promise.all(
      users.map((userId) =>
        deps.realtime.sendToUsers(tenantId, [userId], {
          method: 'messagePush',
          ...(unread.get(userId) ?? { unreadMessageCount: 0, unreadNoticeCount: 0 }),
          todoCount: todos.get(userId) ?? 0,
          title: titles.get(userId) ?? '',
          messageType: 2,
        }),
      ),
    );
  }
  return sent.count;
}

/** Sends one outbox row; false when it had been sent already. */
export async function sendOutbox(deps: Deps, outboxId: string): Promise<boolean> {
  return (await sendOutboxes(deps, [outboxId])) === 1;
}

/** Rows sent together by `drainOutbox`, as a worker's batch would be. */
const DRAIN_BATCH = 20;

/** Sends every unsent outbox row (oldest first): what the workers do batch by batch, in one call. */
export async function drainOutbox(deps: Deps): Promise<number> {
  const rows = await deps.db
    .selectFrom('flow_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .orderBy('id')
    .execute();
  let n = 0;
  for (let i = 0; i < rows.length; i += DRAIN_BATCH)
    n += await sendOutboxes(
      deps,
      rows.slice(i, i + DRAIN_BATCH).map((r) => String(r.id)),
    );
  return n;
}
