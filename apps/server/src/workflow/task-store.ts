import { type FlowNode, type FlowStatus, flowNodeSchema } from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Deps } from '../core/context';
import { conflict, notFound } from '../core/errors';
import type { JsonValue } from '../db/schema';
import type { Database } from '../db/types';
import { type FlowEffect, indexTree, type TaskState } from './engine';
import type { FlowIndex } from './engine/tree';
import { formOf } from './forms';

/** Jobs of the runner this domain defines (workflow/index.ts). */
export const FLOW_OUTBOX_JOB = 'flow.outbox';
export const FLOW_TIMER_JOB = 'flow.timer';

export interface OutboxJobData {
  outboxId: string;
}
export interface TimerJobData {
  tenantId: string;
  taskId: string;
  activationId: string;
  kind: 'timer' | 'timeout';
}

export const jsonb = (value: unknown) => sql<JsonValue>`cast(${JSON.stringify(value)} as jsonb)`;

export interface TaskRow {
  id: string;
  tenant_id: string;
  definition_id: string;
  version_id: string | null;
  bill_no: string;
  title: string;
  title_en: string;
  title_tw: string;
  launcher_id: string;
  urgency: number;
  status: number;
  form_name: string;
  form_data: Record<string, unknown>;
  engine_state: TaskState | Record<string, never>;
  row_version: number;
  created_at: Date;
}

const TASK_COLUMNS = [
  'id',
  'tenant_id',
  'definition_id',
  'version_id',
  'bill_no',
  'title',
  'title_en',
  'title_tw',
  'launcher_id',
  'urgency',
  'status',
  'form_name',
  'form_data',
  'engine_state',
  'row_version',
  'created_at',
] as const;

/** A task of the tenant (404 otherwise), locked for the rest of the transaction when `lock`. */
export async function loadTask(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  lock = false,
): Promise<TaskRow> {
  let q = db
    .selectFrom('flow_task')
    .select(TASK_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return {
    ...row,
    id: String(row.id),
    tenant_id: String(row.tenant_id),
    definition_id: String(row.definition_id),
    version_id: row.version_id === null ? null : String(row.version_id),
    launcher_id: String(row.launcher_id),
    form_data: row.form_data as Record<string, unknown>,
    engine_state: row.engine_state as unknown as TaskRow['engine_state'],
    created_at: new Date(row.created_at as unknown as string),
  };
}

export const hasState = (row: TaskRow): TaskState | null =>
  'activations' in row.engine_state ? (row.engine_state as TaskState) : null;

/** Frozen versions never change: their parsed and indexed trees are kept. */
const versions = new Map<string, { index: FlowIndex; tree: FlowNode }>();

export async function versionIndex(
  db: Kysely<Database>,
  versionId: string,
): Promise<{ index: FlowIndex; tree: FlowNode }> {
  const cached = versions.get(versionId);
  if (cached) return cached;
  const row = await db
    .selectFrom('flow_version')
    .select('flow_template_json')
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();
  const tree = flowNodeSchema.parse(row.flow_template_json);
  const entry = { index: indexTree(tree), tree };
  if (versions.size > 500) versions.clear();
  versions.set(versionId, entry);
  return entry;
}

const at = (ms: number | null) => (ms === null ? null : new Date(ms));

/** What a persisted action adds besides the engine's effects. */
export interface PersistExtra {
  /** A signature image for the actor's history line on this item. */
  signImg?: { itemId: string; image: string } | undefined;
  /** Users to add to the outbox's to-do count push (e.g. a claimed item's owner). */
  pushUserIds?: string[] | undefined;
}

/** One notification of the outbox row, turned into internal messages after commit. */
export interface OutboxNote {
  kind: 'todo' | 'result' | 'copy' | 'remind';
  userIds: string[];
  status?: FlowStatus;
}
export interface OutboxPayload {
  taskId: string;
  notes: OutboxNote[];
  /** Whose to-do counts changed (a messagePush tells them). */
  pushUserIds: string[];
}

/**
 * Writes a transition: the task row (checked against the version read under the row lock), the
 * activation and to-do mirrors that lists query, the history lines, one outbox row with its job, and
 * the timers as delayed jobs, all in the caller's transaction. Without `deps` (the demo seed, before
 * any runner exists) the outbox row is written as sent and no timer is scheduled.
 */
export async function persistTransition(
  deps: Pick<Deps, 'jobs'> | null,
  tx: Transaction<Database>,
  row: TaskRow,
  before: TaskState | null,
  after: TaskState,
  effects: readonly FlowEffect[],
  extra: PersistExtra = {},
): Promise<void> {
  const finished = after.status !== 1 && after.status !== 0;
  const updated = await tx
    .updateTable('flow_task')
    .set({
      engine_state: jsonb(after),
      status: after.status,
      form_data: jsonb(after.formData),
      urgency: after.urgency,
      row_version: sql`row_version + 1`,
      ...(before === null || before.status !== 1 ? { submitted_at: sql`now()` } : {}),
      finished_at: finished ? sql`now()` : null,
    })
    .where('id', '=', row.id)
    .where('row_version', '=', row.row_version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw conflict();

  const { index } = await versionIndex(tx, row.version_id as string);
  const oldActs = new Map((before?.activations ?? []).map((a) => [a.id, JSON.stringify(a)]));
  const acts = after.activations.filter((a) => oldActs.get(a.id) !== JSON.stringify(a));
  if (acts.length > 0)
    await tx
      .insertInto('flow_node_activation')
      .values(
        acts.map((a) => ({
          task_id: row.id,
          act_key: a.id,
          node_id: a.nodeId,
          node_type: a.nodeType,
          state: a.state,
          entered_at: new Date(a.enteredAt),
          finished_at: at(a.finishedAt),
          due_at: at(a.dueAt),
        })),
      )
      .onConflict((oc) =>
        oc.columns(['task_id', 'act_key']).doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'),
          finished_at: eb.ref('excluded.finished_at'),
          due_at: eb.ref('excluded.due_at'),
        })),
      )
      .execute();

  const oldItems = new Map((before?.items ?? []).map((i) => [i.id, JSON.stringify(i)]));
  const items = after.items.filter((i) => oldItems.get(i.id) !== JSON.stringify(i));
  if (items.length > 0)
    await tx
      .insertInto('flow_operator')
      .values(
        items.map((i) => ({
          tenant_id: row.tenant_id,
          task_id: row.id,
          item_key: i.id,
          act_key: i.activationId,
          node_id: i.nodeId,
          node_name: index.nodes.get(i.nodeId)?.node.name ?? '',
          user_id: i.userId,
          state: i.state,
          sort_order: i.order,
          created_at: new Date(i.createdAt),
          handled_at: at(i.handledAt),
          handled_by: i.handledBy,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['task_id', 'item_key']).doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'),
          handled_at: eb.ref('excluded.handled_at'),
          handled_by: eb.ref('excluded.handled_by'),
        })),
      )
      .execute();

  const newCopies = after.circulations.slice(before?.circulations.length ?? 0);
  if (newCopies.length > 0)
    await tx
      .insertInto('flow_circulation')
      .values(
        newCopies.map((c) => ({
          tenant_id: row.tenant_id,
          task_id: row.id,
          node_id: c.nodeId,
          user_id: c.userId,
          created_at: new Date(c.at),
        })),
      )
      .execute();

  const history = effects.flatMap((e) => (e.type === 'history' ? [e.entry] : []));
  if (history.length > 0)
    await tx
      .insertInto('flow_history')
      .values(
        history.map((h) => ({
          tenant_id: row.tenant_id,
          task_id: row.id,
          action: h.action,
          actor_id: h.actorId,
          on_behalf_of: h.onBehalfOf,
          node_id: h.nodeId,
          item_key: h.itemId,
          opinion: h.opinion,
          sign_img:
            extra.signImg && h.itemId === extra.signImg.itemId && h.action === 'audit'
              ? extra.signImg.image
              : null,
          target_node_id: h.targetNodeId,
          user_ids: jsonb(h.userIds),
          created_at: new Date(h.at),
        })),
      )
      .execute();

  // The form's owner acts on the outcome in this same transaction (forms.ts `onFinished`).
  const end = effects.find((e) => e.type === 'finished');
  const onFinished = end ? formOf(row.form_name)?.onFinished : undefined;
  if (end && onFinished) {
    const last = history.at(-1);
    await onFinished(tx, {
      tenantId: row.tenant_id,
      taskId: row.id,
      status: end.status,
      formData: after.formData,
      opinion: last?.opinion ?? '',
      actorId: last?.actorId ?? '0',
    });
  }

  const notes: OutboxNote[] = [];
  const push = new Set(extra.pushUserIds ?? []);
  // The launcher follows his task live: every step of it (not only the result) pushes to him.
  if (history.length > 0) push.add(String(row.launcher_id));
  for (const e of effects) {
    if (e.type === 'todo') {
      notes.push({ kind: 'todo', userIds: e.userIds });
      for (const u of e.userIds) push.add(u);
    } else if (e.type === 'todoGone') for (const u of e.userIds) push.add(u);
    else if (e.type === 'copy') notes.push({ kind: 'copy', userIds: e.userIds });
    else if (e.type === 'remind') notes.push({ kind: 'remind', userIds: e.userIds });
    else if (e.type === 'finished') notes.push({ kind: 'result', userIds: [e.launcherId], status: e.status });
  }
  if (notes.length > 0 || push.size > 0) {
    const payload: OutboxPayload = { taskId: row.id, notes, pushUserIds: [...push] };
    const outbox = await tx
      .insertInto('flow_outbox')
      .values({
        tenant_id: row.tenant_id,
        kind: 'notify',
        payload: jsonb(payload),
        ...(deps ? {} : { sent_at: sql`now()` }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (deps) await deps.jobs.sendInTx<OutboxJobData>(tx, FLOW_OUTBOX_JOB, { outboxId: String(outbox.id) });
  }
  for (const e of effects)
    if (e.type === 'schedule' && deps)
      await deps.jobs.sendInTx<TimerJobData>(
        tx,
        FLOW_TIMER_JOB,
        { tenantId: row.tenant_id, taskId: row.id, activationId: e.activationId, kind: e.kind },
        { startAfter: new Date(e.at) },
      );
}
