import { type FlowNode, type FlowStatus, flowNodeSchema, type NodeNames } from '@srm/contracts';
import { type InsertObject, type Kysely, sql, type Transaction } from 'kysely';
import type { Deps } from '../core/context';
import { conflict, notFound } from '../core/errors';
import { prepared } from '../db/prepared';
import type { JsonValue } from '../db/schema';
import type { Database } from '../db/types';
import { type FlowEffect, indexTree, type TaskState } from './engine';
import type { FlowIndex } from './engine/tree';
import { formFor } from './forms';

/** A to-do's node name columns: the main name, and the English and traditional ones ('' where none). */
function nodeNames(node: { name: string; names?: NodeNames | undefined } | undefined) {
  return {
    node_name: node?.name ?? '',
    node_name_en: node?.names?.['en-US'] ?? '',
    node_name_tw: node?.names?.['zh-TW'] ?? '',
  };
}

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

type TaskColumns = Omit<TaskRow, 'form_data' | 'engine_state' | 'created_at'> & {
  form_data: unknown;
  engine_state: unknown;
  created_at: unknown;
};

function taskRow(row: TaskColumns): TaskRow {
  return {
    ...row,
    id: String(row.id),
    tenant_id: String(row.tenant_id),
    definition_id: String(row.definition_id),
    version_id: row.version_id === null ? null : String(row.version_id),
    launcher_id: String(row.launcher_id),
    form_data: row.form_data as Record<string, unknown>,
    engine_state: row.engine_state as TaskRow['engine_state'],
    created_at: new Date(row.created_at as string),
  };
}

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
  return taskRow(row as unknown as TaskColumns);
}

/** Inserts a task and answers its row as written (new rows are the inserting transaction's alone). */
export async function insertTask(
  tx: Transaction<Database>,
  values: InsertObject<Database, 'flow_task'>,
): Promise<TaskRow> {
  const row = await tx
    .insertInto('flow_task')
    .values(values)
    .returning(TASK_COLUMNS)
    .executeTakeFirstOrThrow();
  return taskRow(row as unknown as TaskColumns);
}

/** A to-do item of the tenant with its task, the task locked: one round trip, compiled once. */
const selectItemTask = prepared((db, p: { tenantId: string; operatorId: string }) =>
  db
    .selectFrom('flow_operator as o')
    .innerJoin('flow_task as t', 't.id', 'o.task_id')
    .select(TASK_COLUMNS.map((c) => `t.${c}` as const))
    .select(['o.item_key', 'o.user_id as item_user_id'])
    .where('o.tenant_id', '=', p.tenantId)
    .where('o.id', '=', p.operatorId)
    .where('t.tenant_id', '=', p.tenantId)
    .forUpdate('t'),
);

/** The item `operatorId` of the tenant (null: none) with its task, locked for the transaction. */
export async function loadItemTask(
  tx: Transaction<Database>,
  tenantId: string,
  operatorId: string,
): Promise<{ row: TaskRow; itemKey: string; itemUserId: string } | null> {
  const [found] = await selectItemTask(tx, { tenantId, operatorId });
  if (!found) return null;
  const { item_key, item_user_id, ...task } = found;
  return {
    row: taskRow(task as unknown as TaskColumns),
    itemKey: item_key,
    itemUserId: String(item_user_id),
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

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What a persisted action adds besides the engine's effects. */
export interface PersistExtra {
  /** A signature image for the actor's history line on this item. */
  signImg?: { itemId: string; image: string } | undefined;
  /** Users to add to the outbox's to-do count push (e.g. a claimed item's owner). */
  pushUserIds?: string[] | undefined;
  /**
   * The to-do item (its key) this action claims: written only if still pending, else the action
   * is refused with `claimLost()` (rolled back: someone else handled it first).
   */
  claim?: { itemKey: string; lost: () => Error } | undefined;
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
  /**
   * Who acted (the last history line's actor): a result is sent in his name — the approver who
   * decided, the administrator who terminated —; absent for the engine's own steps (timers).
   */
  actorId?: string;
}

type WriteParams = {
  taskId: string;
  tenantId: string;
  rowVersion: number;
  state: string;
  status: number;
  urgency: number;
  submitted: boolean;
  finished: boolean;
  acts: string;
  items: string;
  copies: string;
  history: string;
  outbox: string | null;
  outboxSent: boolean;
  claim: string | null;
};

/**
 * Everything a transition writes, in one statement (one round trip, compiled once): the task row
 * checked against the version read under its lock, the activation and to-do mirrors (upserts of
 * the changed ones), new copies, the history lines and the outbox row, each from a JSON array
 * parameter. The claimed to-do is updated only while still pending; the answer says whether the
 * task row and the claim were written, and the outbox row's id.
 */
const writeTransition = prepared(
  (_db, p: WriteParams) =>
    sql<{ updated: number; claimed: number; outbox_id: string | null }>`
    with task as (
      update flow_task t set engine_state = i.s, form_data = i.s -> 'formData',
        status = ${p.status}::smallint, urgency = ${p.urgency}::smallint, row_version = t.row_version + 1,
        submitted_at = case when ${p.submitted}::boolean then now() else t.submitted_at end,
        finished_at = case when ${p.finished}::boolean then now() end
      from (select ${p.state}::jsonb as s) i
      where t.id = ${p.taskId}::bigint and t.row_version = ${p.rowVersion}::integer
      returning t.id
    ), acts as (
      insert into flow_node_activation (task_id, act_key, node_id, node_type, state, entered_at, finished_at, due_at)
      select ${p.taskId}::bigint, a.act_key, a.node_id, a.node_type, a.state, a.entered_at, a.finished_at, a.due_at
      from jsonb_to_recordset(${p.acts}::jsonb) as a(act_key text, node_id text, node_type text, state text,
        entered_at timestamptz, finished_at timestamptz, due_at timestamptz)
      on conflict (task_id, act_key) do update
        set state = excluded.state, finished_at = excluded.finished_at, due_at = excluded.due_at
    ), items as (
      insert into flow_operator as o (tenant_id, task_id, item_key, act_key, node_id, node_name, node_name_en,
        node_name_tw, user_id, state, sort_order, created_at, handled_at, handled_by)
      select ${p.tenantId}::bigint, ${p.taskId}::bigint, i.item_key, i.act_key, i.node_id, i.node_name,
        i.node_name_en, i.node_name_tw, i.user_id, i.state, i.sort_order, i.created_at, i.handled_at, i.handled_by
      from jsonb_to_recordset(${p.items}::jsonb) as i(item_key text, act_key text, node_id text, node_name text,
        node_name_en text, node_name_tw text, user_id bigint, state text, sort_order integer, created_at timestamptz, handled_at timestamptz,
        handled_by bigint)
      on conflict (task_id, item_key) do update
        set state = excluded.state, handled_at = excluded.handled_at, handled_by = excluded.handled_by
        where o.item_key is distinct from ${p.claim}::text or o.state = 'pending'
      returning o.item_key
    ), copies as (
      insert into flow_circulation (tenant_id, task_id, node_id, user_id, created_at)
      select ${p.tenantId}::bigint, ${p.taskId}::bigint, c.node_id, c.user_id, c.created_at
      from jsonb_to_recordset(${p.copies}::jsonb) as c(node_id text, user_id bigint, created_at timestamptz)
    ), history as (
      insert into flow_history (tenant_id, task_id, action, actor_id, on_behalf_of, node_id, item_key, opinion,
        sign_img, target_node_id, user_ids, created_at)
      select ${p.tenantId}::bigint, ${p.taskId}::bigint, h.action, h.actor_id, h.on_behalf_of, h.node_id, h.item_key,
        h.opinion, h.sign_img, h.target_node_id, h.user_ids, h.created_at
      from rows from (jsonb_to_recordset(${p.history}::jsonb) as (action text, actor_id bigint,
        on_behalf_of bigint, node_id text, item_key text, opinion text, sign_img text, target_node_id text,
        user_ids jsonb, created_at timestamptz)) with ordinality as h(action, actor_id, on_behalf_of, node_id,
        item_key, opinion, sign_img, target_node_id, user_ids, created_at, n)
      order by h.n
    ), outbox as (
      insert into flow_outbox (tenant_id, kind, payload, sent_at)
      select ${p.tenantId}::bigint, 'notify', x.payload, case when ${p.outboxSent}::boolean then now() end
      from (select ${p.outbox}::jsonb as payload) x where x.payload is not null
      returning id
    )
    select (select count(*) from task)::integer as updated,
      (select count(*) from items where item_key = ${p.claim}::text)::integer as claimed,
      (select id from outbox) as outbox_id`,
);

/**
 * Writes a transition in one statement (`writeTransition`): the task row (checked against the
 * version read under the row lock), the activation and to-do mirrors that lists query, the claim
 * of the acted-on to-do, the history lines and one outbox row; then the form's `onFinished`, the
 * outbox row's job and the timers as delayed jobs — all in the caller's transaction. Without
 * `deps` (the demo seed, before any runner exists) the outbox row is written as sent and no timer
 * is scheduled.
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
  const { index } = await versionIndex(tx, row.version_id as string);
  const oldActs = new Map((before?.activations ?? []).map((a) => [a.id, JSON.stringify(a)]));
  const acts = after.activations
    .filter((a) => oldActs.get(a.id) !== JSON.stringify(a))
    .map((a) => ({
      act_key: a.id,
      node_id: a.nodeId,
      node_type: a.nodeType,
      state: a.state,
      entered_at: iso(a.enteredAt),
      finished_at: iso(a.finishedAt),
      due_at: iso(a.dueAt),
    }));
  const oldItems = new Map((before?.items ?? []).map((i) => [i.id, JSON.stringify(i)]));
  const items = after.items
    .filter((i) => oldItems.get(i.id) !== JSON.stringify(i))
    .map((i) => ({
      item_key: i.id,
      act_key: i.activationId,
      node_id: i.nodeId,
      // The node's name in each language, for the lists (an empty one reads the main name).
      ...nodeNames(index.nodes.get(i.nodeId)?.node),
      user_id: i.userId,
      state: i.state,
      sort_order: i.order,
      created_at: iso(i.createdAt),
      handled_at: iso(i.handledAt),
      handled_by: i.handledBy,
    }));
  const copies = after.circulations.slice(before?.circulations.length ?? 0).map((c) => ({
    node_id: c.nodeId,
    user_id: c.userId,
    created_at: iso(c.at),
  }));
  const history = effects.flatMap((e) => (e.type === 'history' ? [e.entry] : []));

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
  const payload: OutboxPayload | null =
    notes.length > 0 || push.size > 0
      ? {
          taskId: row.id,
          notes,
          pushUserIds: [...push],
          ...(history.at(-1)?.actorId ? { actorId: String(history.at(-1)?.actorId) } : {}),
        }
      : null;

  const [written] = await writeTransition(tx, {
    taskId: row.id,
    tenantId: row.tenant_id,
    rowVersion: row.row_version,
    state: JSON.stringify(after),
    status: after.status,
    urgency: after.urgency,
    submitted: before === null || before.status !== 1,
    finished: after.status !== 1 && after.status !== 0,
    acts: JSON.stringify(acts),
    items: JSON.stringify(items),
    copies: JSON.stringify(copies),
    history: JSON.stringify(
      history.map((h) => ({
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
        user_ids: h.userIds,
        created_at: iso(h.at),
      })),
    ),
    outbox: payload && JSON.stringify(payload),
    outboxSent: deps === null,
    claim: extra.claim?.itemKey ?? null,
  });
  if (written?.updated !== 1) throw conflict();
  if (extra.claim && written.claimed !== 1) throw extra.claim.lost();

  // The form's owner acts on the outcome in this same transaction (forms.ts `onFinished`).
  const end = effects.find((e) => e.type === 'finished');
  const onFinished = end ? (await formFor(tx, row.tenant_id, row.form_name))?.onFinished : undefined;
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

  if (deps && written.outbox_id !== null)
    await deps.jobs.sendInTx<OutboxJobData>(tx, FLOW_OUTBOX_JOB, { outboxId: String(written.outbox_id) });
  for (const e of effects)
    if (e.type === 'schedule' && deps)
      await deps.jobs.sendInTx<TimerJobData>(
        tx,
        FLOW_TIMER_JOB,
        { tenantId: row.tenant_id, taskId: row.id, activationId: e.activationId, kind: e.kind },
        { startAfter: new Date(e.at) },
      );
}
