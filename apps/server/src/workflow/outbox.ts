import {
  FLOW_STATUS,
  FLOW_TASK_FORM_URL,
  type FlowStatus,
  MsgTemplateCode,
  templateIn,
} from '@srm/contracts';
import { sql } from 'kysely';
import type { Deps } from '../core/context';
import { transaction } from '../db/transaction';
import { loadTemplates, recipientLocales } from '../message/msg-template';
import { unreadCounts } from '../message/notify';
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

/**
 * Sends one outbox row: its notes become internal messages through the tenant's message templates
 * (each in its recipient's language, with the task's title in that language, linked to the task
 * through /pageLink; a switched-off template sends nothing) in one transaction that also marks the
 * row sent, so a retried job never writes them twice; then each affected user gets a `messagePush`
 * with his unread and to-do counts. A failure throws (the runner retries); the action that wrote the
 * row stays committed.
 */
export async function sendOutbox(deps: Deps, outboxId: string): Promise<boolean> {
  await deps.db
    .updateTable('flow_outbox')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', outboxId)
    .execute();
  const sent = await transaction(deps.db, async (tx) => {
    const box = await tx
      .selectFrom('flow_outbox')
      .select(['tenant_id', 'payload', 'sent_at'])
      .where('id', '=', outboxId)
      .forUpdate()
      .executeTakeFirst();
    if (!box || box.sent_at) return null;
    const tenantId = String(box.tenant_id);
    const payload = box.payload as unknown as OutboxPayload;
    const task = await tx
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
      .where('t.id', '=', payload.taskId)
      .executeTakeFirst();
    const notes = task ? payload.notes : [];
    const [language, templates] = await Promise.all([
      recipientLocales(
        tx,
        tenantId,
        notes.flatMap((n) => n.userIds),
      ),
      loadTemplates(tx, tenantId, notes.map(templateOf)),
    ]);
    const rows = [];
    if (task)
      for (const note of notes) {
        const template = templates.get(templateOf(note));
        if (!template) continue;
        for (const userId of new Set(note.userIds)) {
          const locale = language.get(userId);
          if (!locale) continue;
          const text = templateIn(template, locale, {
            title: titleIn(task, locale),
            flow: flowNameIn(task, locale),
            billNo: task.bill_no,
            launcher: task.real_name,
          });
          rows.push({
            tenant_id: tenantId,
            user_id: userId,
            type: template.message_type,
            menu_title: text.title.slice(0, 200),
            body_text: text.content,
            url: FLOW_TASK_FORM_URL,
            bill_id: String(task.id),
            creator_id: String(task.launcher_id),
            creator_name: task.real_name,
          });
        }
      }
    if (rows.length > 0) await tx.insertInto('sys_message').values(rows).execute();
    await tx.updateTable('flow_outbox').set({ sent_at: sql`now()` }).where('id', '=', outboxId).execute();
    return {
      tenantId,
      users: [...new Set([...rows.map((r) => r.user_id), ...payload.pushUserIds])],
      title: rows[0]?.menu_title ?? '',
    };
  });
  if (!sent) return false;
  const [unread, todos] = await Promise.all([
    unreadCounts(deps.db, sent.tenantId, sent.users),
    todoCounts(deps, sent.tenantId, sent.users),
  ]);
  await Promise.all(
    sent.users.map((userId) =>
      deps.realtime.sendToUsers([userId], {
        method: 'messagePush',
        ...(unread.get(userId) ?? { unreadMessageCount: 0, unreadNoticeCount: 0 }),
        todoCount: todos.get(userId) ?? 0,
        title: sent.title,
        messageType: 2,
      }),
    ),
  );
  return true;
}

/** Sends every unsent outbox row (oldest first): what a worker does job by job, in one call. */
export async function drainOutbox(deps: Deps): Promise<number> {
  const rows = await deps.db
    .selectFrom('flow_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .orderBy('id')
    .execute();
  let n = 0;
  for (const row of rows) if (await sendOutbox(deps, String(row.id))) n++;
  return n;
}
