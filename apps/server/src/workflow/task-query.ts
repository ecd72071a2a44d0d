import {
  type FieldRight,
  FLOW_DEFINITION_STATE,
  FLOW_LIST_TYPE,
  FLOW_STATUS,
  FLOW_TASK_CODES,
  type FlowListType,
  type FlowNode,
  type FlowTaskDetail,
  type FlowTaskItem,
  type FormField,
  type FormSchema,
  type flowListQuerySchema,
  flowMessage,
  type flowTreeSchema,
  type Locale,
  type NodeNames,
  nameInLocale,
  nodeNameIn,
} from '@srm/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { hasPerm } from '../core/access';
import { AppError, notFound } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { prepared } from '../db/prepared';
import type { Database } from '../db/types';
import { delegationFor } from './engine';
import { upstreamOf } from './engine/tree';
import { callerReach } from './form-parties';
import { emptyForm, flowNameColumn, flowNameIn, formFor, titleColumn, titleIn, visibleData } from './forms';
import { cachedDelegations, delegationsOf } from './org-lookup';
import { flowError, mayLaunch, openToCaller, recallWouldPass } from './task-service';
import { hasState, loadTask, type TaskRow, versionIndex } from './task-store';

export type FlowListQuery = z.output<typeof flowListQuerySchema>;
const millis = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).getTime());

// biome-ignore lint/suspicious/noExplicitAny: the list queries share their filters across joins
type AnyQuery = SelectQueryBuilder<any, any, any>;

function filtered(q: AnyQuery, query: FlowListQuery): AnyQuery {
  let out = q;
  if (query.flowId) out = out.where('t.definition_id', '=', query.flowId);
  if (query.launcherId) out = out.where('t.launcher_id', '=', query.launcherId);
  if (query.startTime !== undefined) out = out.where('t.created_at', '>=', new Date(query.startTime));
  if (query.endTime !== undefined) out = out.where('t.created_at', '<=', new Date(query.endTime));
  if (query.urgency !== undefined) out = out.where('t.urgency', '=', query.urgency);
  if (query.status !== undefined) out = out.where('t.status', '=', query.status);
  if (query.keyword) {
    const like = likePattern(query.keyword);
    out = out.where((eb) =>
      eb.or([
        eb('t.title', 'ilike', like),
        eb('t.title_en', 'ilike', like),
        eb('t.title_tw', 'ilike', like),
        eb('t.bill_no', 'ilike', like),
        eb('d.full_name', 'ilike', like),
        eb('d.full_name_en', 'ilike', like),
        eb('d.full_name_tw', 'ilike', like),
        eb(sql`t.form_data::text`, 'ilike', like),
      ]),
    );
  }
  return out;
}

/** A list line's columns; the title in the reader's language. */
const taskFields = (locale: Locale) =>
  [
    't.id',
    't.bill_no',
    sql<string>`coalesce(nullif(${sql.ref(titleColumn(locale))}, ''), t.title)`.as('title'),
    't.definition_id',
    'd.full_name',
    'd.full_name_en',
    'd.full_name_tw',
    't.form_name',
    't.launcher_id',
    'l.real_name as launcher_name',
    't.urgency',
    't.status',
    't.created_at',
  ] as const;

interface ListRow {
  id: unknown;
  bill_no: string;
  title: string;
  definition_id: unknown;
  full_name: string;
  full_name_en: string;
  full_name_tw: string;
  form_name: string;
  launcher_id: unknown;
  launcher_name: string;
  urgency: number;
  status: number;
  created_at: unknown;
  operator_id?: unknown;
  node_name?: string | null;
  handled_at?: unknown;
  owner_id?: unknown;
  owner_name?: string | null;
}

function item(r: ListRow, ctx: ServiceContext): FlowTaskItem {
  const delegated = r.owner_id !== undefined && r.owner_id !== null && String(r.owner_id) !== ctx.userId;
  return {
    id: String(r.id),
    operatorId: r.operator_id === undefined || r.operator_id === null ? null : String(r.operator_id),
    billNo: r.bill_no,
    title: r.title,
    flowId: String(r.definition_id),
    flowName: flowNameIn(r, ctx.locale),
    formName: r.form_name,
    launcherId: String(r.launcher_id),
    launcherName: r.launcher_name,
    urgency: r.urgency,
    status: r.status,
    nodeName: r.node_name ?? '',
    createdAt: millis(r.created_at) ?? 0,
    handledAt: millis(r.handled_at),
    delegatorName: delegated
      ? flowMessage('flow.delegateMark', ctx.locale, { name: r.owner_name ?? '' })
      : null,
  };
}

function tasks(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('flow_task as t')
    .innerJoin('flow_definition as d', 'd.id', 't.definition_id')
    .innerJoin('sys_user as l', 'l.id', 't.launcher_id')
    .where('t.tenant_id', '=', tenantId);
}

/** A to-do's node name in a language (`alias` its flow_operator row): the main name where it has none. */
function nodeNameOf(locale: Locale, alias: string) {
  const main = sql.ref(`${alias}.node_name`);
  if (locale === 'zh-CN') return sql<string>`${main}`;
  const other = sql.ref(`${alias}.${locale === 'en-US' ? 'node_name_en' : 'node_name_tw'}`);
  return sql<string>`coalesce(nullif(${other}, ''), ${main})`;
}

/** The current nodes of a task in a language: its pending to-dos' node names. */
const currentNodes = (
  locale: Locale,
) => sql<string>`(select string_agg(distinct ${nodeNameOf(locale, 'o2')}, ',')
  from flow_operator o2 where o2.task_id = t.id and o2.state = 'pending')`;

/** Whose to-dos the caller may handle now: his own and those of users who delegated to him. */
async function ownersForMe(ctx: ServiceContext): Promise<{ userId: string; flowIds: string[] | null }[]> {
  const now = ctx.now().getTime();
  const delegations = (await cachedDelegations(ctx)).filter(
    (d) => d.toUserId === ctx.userId && d.startAt <= now && now < d.endAt,
  );
  return [
    { userId: ctx.userId, flowIds: null },
    ...delegations.map((d) => ({ userId: d.fromUserId, flowIds: d.flowIds })),
  ];
}

/** Whether a list query narrows by the task (anything but the page). */
const narrowsTasks = (q: FlowListQuery) =>
  q.flowId !== undefined ||
  q.launcherId !== undefined ||
  q.startTime !== undefined ||
  q.endTime !== undefined ||
  q.urgency !== undefined ||
  q.status !== undefined ||
  Boolean(q.keyword);

/** The page's items joined to their tasks (ids from `pageIds`), newest arrival first: besides the
 * task's columns, the item, its node (in the reader's language) and whose item it is. */
function todoRows(
  db: Kysely<Database>,
  tenantId: string,
  fields: ReturnType<typeof taskFields>,
  locale: Locale,
) {
  return tasks(db, tenantId)
    .innerJoin('flow_operator as o', 'o.task_id', 't.id')
    .innerJoin('sys_user as w', 'w.id', 'o.user_id')
    .select([
      ...fields,
      'o.id as operator_id',
      nodeNameOf(locale, 'o').as('node_name'),
      'o.handled_at',
      'o.user_id as owner_id',
      'w.real_name as owner_name',
    ]);
}

/**
 * Page `offset` of one user's to-dos and their number, in one statement: the page comes from an
 * index-only scan of `flow_operator_todo` (the user's pending items newest first, with their task
 * and node), only its rows are joined to their tasks (the flow's name in the page's language and
 * the launcher's name as subqueries, so the planner weighs two tables, not five), and the number is the user's row of
 * `flow_todo_count` (kept by triggers, migration 0031): nothing counts the items. Compiled once per
 * language and prepared on the server.
 */
const ownTodoPage = new Map<Locale, ReturnType<typeof ownTodoPageQuery>>();
function ownTodoPageQuery(locale: Locale) {
  return prepared((db, p: { tenantId: string; userId: string; offset: number; limit: number }) => {
    const page = db
      .selectFrom('flow_operator as o')
      .select(['o.id', 'o.task_id', 'o.node_name', 'o.created_at'])
      .where('o.user_id', '=', p.userId)
      .where('o.state', '=', 'pending')
      .where('o.tenant_id', '=', p.tenantId)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .offset(p.offset)
      .limit(p.limit);
    const total = db
      .selectFrom('flow_todo_count as c')
      .select((eb) => eb.fn.coalesce(eb.fn.max('c.pending'), eb.lit(0)).as('total'))
      .where('c.tenant_id', '=', p.tenantId)
      .where('c.user_id', '=', p.userId);
    const rows = db
      .selectFrom(page.as('o'))
      .innerJoin('flow_task as t', 't.id', 'o.task_id')
      .where('t.tenant_id', '=', p.tenantId)
      .select((eb) => [
        't.id',
        't.bill_no',
        sql<string>`coalesce(nullif(${sql.ref(titleColumn(locale))}, ''), t.title)`.as('title'),
        't.definition_id',
        // The flow's name in the page's language only (the query is compiled per language):
        // one subquery instead of one per name.
        eb
          .selectFrom('flow_definition as d')
          .select(
            sql<string>`coalesce(nullif(${sql.ref(flowNameColumn(locale))}, ''), d.full_name)`.as('name'),
          )
          .whereRef('d.id', '=', 't.definition_id')
          .as('full_name'),
        sql<string>`''`.as('full_name_en'),
        sql<string>`''`.as('full_name_tw'),
        't.form_name',
        't.launcher_id',
        eb
          .selectFrom('sys_user as l')
          .select('l.real_name')
          .whereRef('l.id', '=', 't.launcher_id')
          .as('launcher_name'),
        't.urgency',
        't.status',
        't.created_at',
        'o.id as operator_id',
        // The page's index-only scan carries the main name; another language's is read for the
        // page's rows alone.
        locale === 'zh-CN'
          ? sql<string>`o.node_name`.as('node_name')
          : eb
              .selectFrom('flow_operator as x')
              .select(nodeNameOf(locale, 'x').as('name'))
              .whereRef('x.id', '=', 'o.id')
              .as('node_name'),
        'o.created_at as arrived_at',
      ]);
    return db
      .selectFrom(total.as('n'))
      .leftJoinLateral(rows.as('r'), (join) => join.onTrue())
      .selectAll('r')
      .select('n.total')
      .orderBy('r.arrived_at', 'desc')
      .orderBy('r.operator_id', 'desc');
  });
}

/**
 * The to-do list: the caller's pending items and those of the users who delegated theirs to him,
 * newest arrival first, the delegated ones marked "(X的委托)". The caller's own, unfiltered, is one
 * statement (`ownTodoPageQuery`). With a delegation, the page is still chosen on the pending items
 * alone and only its rows are joined; a filter on the task, or a delegation of chosen flows, joins
 * before paging and counts.
 */
async function todoList(
  ctx: ServiceContext,
  query: FlowListQuery,
  fields: ReturnType<typeof taskFields>,
): Promise<{ list: FlowTaskItem[]; total: number }> {
  const owners = await ownersForMe(ctx);
  const offset = (query.currentPage - 1) * query.pageSize;
  if (owners.length === 1 && !narrowsTasks(query)) {
    let run = ownTodoPage.get(ctx.locale);
    if (!run) {
      run = ownTodoPageQuery(ctx.locale);
      ownTodoPage.set(ctx.locale, run);
    }
    const rows = await run(ctx.db, {
      tenantId: ctx.tenantId,
      userId: ctx.userId,
      offset,
      limit: query.pageSize,
    });
    return {
      total: Number(rows[0]?.total ?? 0),
      list: rows.filter((r) => r.id !== null).map((r) => item(r as ListRow, ctx)),
    };
  }
  let items: AnyQuery = ctx.db
    .selectFrom('flow_operator as o')
    .where('o.tenant_id', '=', ctx.tenantId)
    .where('o.state', '=', 'pending');
  const narrowed = narrowsTasks(query) || owners.some((o) => o.flowIds !== null);
  if (narrowed)
    items = filtered(
      items
        .innerJoin('flow_task as t', 't.id', 'o.task_id')
        .innerJoin('flow_definition as d', 'd.id', 't.definition_id')
        .where('t.status', '=', FLOW_STATUS.inProgress),
      query,
    );
  // A delegation never covers the caller's own requests (`delegationFor`): the delegators' items on
  // them stay theirs alone.
  const ownRequests = ctx.db
    .selectFrom('flow_task as lt')
    .select('lt.id')
    .where('lt.tenant_id', '=', ctx.tenantId)
    .where('lt.launcher_id', '=', ctx.userId)
    .where('lt.status', '=', FLOW_STATUS.inProgress);
  const delegators = owners.filter((o) => o.userId !== ctx.userId).map((o) => o.userId);
  items = items.where((eb) =>
    eb.or(
      owners.map((o) => {
        const own = o.userId === ctx.userId;
        const owner = eb('o.user_id', '=', o.userId);
        const notMine = eb('o.task_id', 'not in', ownRequests);
        if (o.flowIds === null) return own ? owner : eb.and([owner, notMine]);
        const flows = eb('t.definition_id', 'in', o.flowIds.length ? o.flowIds : ['0']);
        return own ? eb.and([owner, flows]) : eb.and([owner, flows, notMine]);
      }),
    ),
  );
  // Delegations of every flow: the owners' counters add up to the number, less the delegators'
  // items on the caller's own requests; otherwise count.
  const total = narrowed
    ? items.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()
    : ctx.db
        .selectFrom('flow_todo_count')
        .select((eb) =>
          sql<string>`coalesce(sum(pending), 0) - ${eb
            .selectFrom('flow_operator as mo')
            .select(sql<string>`count(*)`.as('n'))
            .where('mo.tenant_id', '=', ctx.tenantId)
            .where('mo.state', '=', 'pending')
            .where('mo.user_id', 'in', delegators.length ? delegators : ['0'])
            .where('mo.task_id', 'in', ownRequests)}`.as('n'),
        )
        .where('tenant_id', '=', ctx.tenantId)
        .where(
          'user_id',
          'in',
          owners.map((o) => o.userId),
        )
        .executeTakeFirstOrThrow();
  const [count, page] = await Promise.all([
    total,
    items
      .select('o.id')
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .offset(offset)
      .limit(query.pageSize)
      .execute(),
  ]);
  const ids = (page as { id: unknown }[]).map((r) => String(r.id));
  const rows = ids.length
    ? ((await todoRows(ctx.db, ctx.tenantId, fields, ctx.locale)
        .where('o.id', 'in', ids)
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .execute()) as ListRow[])
    : [];
  return { total: Number((count as { n: string }).n), list: rows.map((r) => item(r, ctx)) };
}

export async function listTasks(
  ctx: ServiceContext,
  type: FlowListType | 'monitor',
  query: FlowListQuery,
): Promise<{ list: FlowTaskItem[]; total: number }> {
  let q: AnyQuery;
  let order: 'created' | 'handled' = 'created';
  const fields = taskFields(ctx.locale);
  if (type === FLOW_LIST_TYPE.todo) return todoList(ctx, query, fields);
  if (type === FLOW_LIST_TYPE.done) {
    order = 'handled';
    q = tasks(ctx.db, ctx.tenantId)
      .innerJoin('flow_operator as o', 'o.task_id', 't.id')
      .where('o.handled_by', '=', ctx.userId)
      .where('o.state', 'in', ['approved', 'rejected', 'transferred'])
      .select([
        ...fields,
        'o.id as operator_id',
        nodeNameOf(ctx.locale, 'o').as('node_name'),
        'o.handled_at',
      ]);
  } else if (type === FLOW_LIST_TYPE.circulate) {
    q = tasks(ctx.db, ctx.tenantId)
      .innerJoin('flow_circulation as c', 'c.task_id', 't.id')
      .where('c.user_id', '=', ctx.userId)
      .select([...fields, currentNodes(ctx.locale).as('node_name')]);
  } else if (type === FLOW_LIST_TYPE.launched) {
    q = tasks(ctx.db, ctx.tenantId)
      .where('t.launcher_id', '=', ctx.userId)
      .select([...fields, currentNodes(ctx.locale).as('node_name')]);
  } else {
    q = tasks(ctx.db, ctx.tenantId)
      .where('t.status', '<>', FLOW_STATUS.draft)
      .select([...fields, currentNodes(ctx.locale).as('node_name')]);
  }
  q = filtered(q, query);
  const count = await ctx.db
    .selectFrom(q.clearSelect().select(sql`1`.as('x')).as('q'))
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const rows = (await (order === 'handled'
    ? q.orderBy('o.handled_at', 'desc').orderBy('o.id', 'desc')
    : q.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc')
  )
    .offset((query.currentPage - 1) * query.pageSize)
    .limit(query.pageSize)
    .execute()) as ListRow[];
  return { total: Number(count.n), list: rows.map((r) => item(r, ctx)) };
}

// ---------------------------------------------------------------------------------------------------
// Detail

async function userNames(db: Kysely<Database>, tenantId: string, ids: readonly string[]) {
  const unique = [...new Set(ids.filter((id) => id && id !== '0'))];
  const rows = unique.length
    ? await db
        .selectFrom('sys_user')
        .select(['id', 'real_name'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', unique)
        .execute()
    : [];
  return new Map(rows.map((r) => [String(r.id), r.real_name]));
}

const ID = /^\d{1,19}$/;

/** The ids the form's user and dept fields (and table columns) hold, by kind. */
function pickedIds(fields: readonly FormField[], data: Record<string, unknown>) {
  const out = { user: new Set<string>(), dept: new Set<string>() };
  const add = (field: FormField, value: unknown) => {
    if (field.type !== 'user' && field.type !== 'dept') return;
    for (const v of Array.isArray(value) ? value : [value])
      if (typeof v === 'string' && ID.test(v)) out[field.type].add(v);
  };
  for (const field of fields) {
    const value = data[field.name];
    if (field.type === 'table' && Array.isArray(value)) {
      for (const row of value)
        if (row && typeof row === 'object')
          for (const column of field.columns ?? [])
            add(column, (row as Record<string, unknown>)[column.name]);
    } else add(field, value);
  }
  return out;
}

/** Names of the users and departments a form shows, so a reader needs no org pickers to read it. */
async function formLabels(
  db: Kysely<Database>,
  tenantId: string,
  form: FormSchema | undefined,
  data: Record<string, unknown>,
): Promise<Record<string, string>> {
  if (!form) return {};
  const ids = pickedIds(form.fields, data);
  const users = await userNames(db, tenantId, [...ids.user]);
  const depts = ids.dept.size
    ? await db
        .selectFrom('sys_dept')
        .select(['id', 'dept_name'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', [...ids.dept])
        .execute()
    : [];
  return Object.fromEntries([
    ...[...users].map(([id, name]) => [`user:${id}`, name] as const),
    ...depts.map((d) => [`dept:${d.id}`, d.dept_name] as const),
  ]);
}

function rightsOf(node: FlowNode | undefined): Record<string, FieldRight> {
  if (!node || !('formRights' in node)) return {};
  return node.formRights ?? {};
}

/** Who asks to see a task (a request's context, or the attachment download's). */
export interface TaskReader {
  db: Kysely<Database>;
  tenantId: string;
  userId: string;
  now: Date;
  /** Whether the reader holds the monitor's code (asked only when nothing else lets him see it). */
  canMonitor(): Promise<boolean>;
}

/**
 * Who may see a task (its detail, its form, its attachments): the launcher, anyone with a to-do or
 * done item on it or a copy of it, the current delegate of an item's owner, and the monitor.
 * `mayActFor(owner)`: the reader may act on the owner's items (himself, or as his delegate now).
 */
export async function taskParty(reader: TaskReader, row: TaskRow) {
  const state = hasState(row);
  const now = reader.now.getTime();
  const delegations = await delegationsOf(reader.db, reader.tenantId, reader.userId, reader.now);
  const mayActFor = (owner: string) =>
    owner === reader.userId ||
    delegationFor(delegations, owner, reader.userId, row.definition_id, now, row.launcher_id) !== undefined;
  const items = state?.items ?? [];
  const isParty = async () => {
    if (row.launcher_id === reader.userId) return true;
    if (items.some((i) => mayActFor(i.userId) || i.handledBy === reader.userId)) return true;
    const copied = await reader.db
      .selectFrom('flow_circulation')
      .select('id')
      .where('task_id', '=', row.id)
      .where('user_id', '=', reader.userId)
      .executeTakeFirst();
    return copied !== undefined || (await reader.canMonitor());
  };
  return { state, items, mayActFor, party: await isParty() };
}

/** The task of a tenant if the reader may see it (else null: unknown, another tenant's, not his). */
export async function visibleTask(reader: TaskReader, taskId: string): Promise<TaskRow | null> {
  const row = await loadTask(reader.db, reader.tenantId, taskId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 404) return null;
    throw error;
  });
  return row && (await taskParty(reader, row)).party ? row : null;
}

/** FlowBefore/{id}: for the launcher, anyone with a to-do or a copy of it, a delegate, or the monitor. */
export async function taskDetail(ctx: ServiceContext, id: string): Promise<FlowTaskDetail> {
  const row = await loadTask(ctx.db, ctx.tenantId, id);
  const { state, items, mayActFor, party } = await taskParty(
    {
      db: ctx.db,
      tenantId: ctx.tenantId,
      userId: ctx.userId,
      now: ctx.now(),
      canMonitor: () => hasPerm(ctx, FLOW_TASK_CODES.flowMonitor),
    },
    row,
  );
  if (!party) throw flowError(ctx, 403, 'flow.error.notParty');

  const def = await ctx.db
    .selectFrom('flow_definition')
    .select(['full_name', 'full_name_en', 'full_name_tw'])
    .where('id', '=', row.definition_id)
    .executeTakeFirstOrThrow();
  const { index, tree } = await versionIndex(ctx.db, row.version_id as string);
  const named = (node: { name: string; names?: NodeNames | undefined } | undefined) =>
    node ? nodeNameIn(node, ctx.locale) : flowMessage('flow.launcherNode', ctx.locale);
  const nodeName = (nodeId: string | null) => (nodeId === null ? '' : named(index.nodes.get(nodeId)?.node));

  const acts = state?.activations ?? [];
  const mine = items.find((i) => i.state === 'pending' && mayActFor(i.userId));
  const myOperator = mine
    ? await ctx.db
        .selectFrom('flow_operator')
        .select('id')
        .where('task_id', '=', row.id)
        .where('item_key', '=', mine.id)
        .executeTakeFirst()
    : undefined;
  const mineNode = mine ? index.nodes.get(mine.nodeId)?.node : undefined;
  let rejectTo = '';
  if (mineNode?.type === 'approver') {
    const rule = mineNode.rejectTo ?? { kind: 'launcher' };
    rejectTo =
      rule.kind === 'node'
        ? nodeName(rule.nodeId)
        : rule.kind === 'previous'
          ? named(
              upstreamOf(index, mineNode.id, true).find(
                (n) => n.type === 'approver' && acts.some((a) => a.nodeId === n.id && a.state === 'done'),
              ),
            )
          : flowMessage('flow.launcherNode', ctx.locale);
  }
  const lastHandled = [...items]
    .reverse()
    .find((i) => i.handledBy === ctx.userId && i.state === 'approved' && !i.auto);
  let recallable: string | null = null;
  if (
    lastHandled &&
    state &&
    row.status === FLOW_STATUS.inProgress &&
    (await recallWouldPass(ctx, row, index, state, lastHandled.id))
  ) {
    const op = await ctx.db
      .selectFrom('flow_operator')
      .select('id')
      .where('task_id', '=', row.id)
      .where('item_key', '=', lastHandled.id)
      .executeTakeFirst();
    recallable = op ? String(op.id) : null;
  }
  // The form under the node the caller acts at; the launcher and readers see it as the start node does.
  const rights: Record<string, FieldRight> = mineNode
    ? rightsOf(mineNode)
    : row.launcher_id === ctx.userId || !state
      ? rightsOf(tree)
      : rightsOf(
          index.nodes.get([...items].reverse().find((i) => i.handledBy === ctx.userId)?.nodeId ?? '')?.node,
        );

  const operators = await ctx.db
    .selectFrom('flow_operator')
    .select(['id', 'item_key'])
    .where('task_id', '=', row.id)
    .execute();
  const operatorOf = new Map(operators.map((o) => [o.item_key, String(o.id)]));
  const history = await ctx.db
    .selectFrom('flow_history')
    .selectAll()
    .where('task_id', '=', row.id)
    .orderBy('id')
    .execute();
  const names = await userNames(ctx.db, ctx.tenantId, [
    row.launcher_id,
    ...items.map((i) => i.userId),
    ...history.flatMap((h) => [
      h.actor_id ? String(h.actor_id) : '',
      h.on_behalf_of ? String(h.on_behalf_of) : '',
      ...((h.user_ids as unknown as string[]) ?? []).map(String),
    ]),
  ]);

  const nodes = index.order
    .filter((n) => n.type !== 'condition' && n.type !== 'parallel')
    .map((n) => {
      const latest = acts.filter((a) => a.nodeId === n.id).at(-1);
      let nodeState: 'done' | 'current' | 'pending' | 'rejected' | 'skipped' = 'pending';
      if (latest?.state === 'active') nodeState = 'current';
      else if (latest?.state === 'done') nodeState = 'done';
      else if (latest?.state === 'rejected') nodeState = 'rejected';
      else if (!latest) {
        // A node in a condition branch that was not taken.
        for (let c = index.nodes.get(n.id)?.container ?? null; c; c = c.parent) {
          const groupAct = acts.filter((a) => a.nodeId === c.group.id).at(-1);
          if (
            groupAct &&
            c.group.type === 'condition' &&
            groupAct.branchId &&
            groupAct.branchId !== c.branchId
          )
            nodeState = 'skipped';
        }
      }
      const handlers = latest
        ? items
            .filter((i) => i.activationId === latest.id)
            .map((i) => ({
              operatorId: operatorOf.get(i.id) ?? '',
              userId: i.userId,
              userName: names.get(i.userId) ?? '',
              state: i.state,
              handledAt: i.handledAt,
            }))
        : [];
      return { nodeId: n.id, name: nodeNameIn(n, ctx.locale), type: n.type, state: nodeState, handlers };
    });

  const form = await formFor(ctx.db, ctx.tenantId, row.form_name);
  const formData = visibleData(row.form_data, rights);
  return {
    task: {
      id: row.id,
      billNo: row.bill_no,
      title: titleIn(row, ctx.locale),
      flowId: row.definition_id,
      flowName: flowNameIn(def, ctx.locale),
      formName: row.form_name,
      launcherId: row.launcher_id,
      launcherName: names.get(row.launcher_id) ?? '',
      urgency: row.urgency,
      status: row.status,
      nodeName: [...new Set(items.filter((i) => i.state === 'pending').map((i) => nodeName(i.nodeId)))].join(
        ',',
      ),
      createdAt: row.created_at.getTime(),
    },
    form: form?.schema ?? null,
    formData,
    formLabels: await formLabels(ctx.db, ctx.tenantId, form?.schema, formData),
    fieldRights: rights,
    nodes,
    history: history.map((h) => ({
      id: String(h.id),
      action: h.action,
      actorId: h.actor_id ? String(h.actor_id) : null,
      actorName: h.actor_id ? (names.get(String(h.actor_id)) ?? '') : '',
      onBehalfOfName: h.on_behalf_of ? (names.get(String(h.on_behalf_of)) ?? '') : null,
      nodeId: h.node_id,
      nodeName: nodeName(h.node_id),
      opinion: h.opinion,
      signImg: h.sign_img,
      targetNodeName: h.target_node_id ? nodeName(h.target_node_id) : null,
      userNames: ((h.user_ids as unknown as string[]) ?? []).map((u) => names.get(String(u)) ?? ''),
      createdAt: millis(h.created_at) ?? 0,
    })),
    myItem:
      mine && myOperator
        ? {
            operatorId: String(myOperator.id),
            nodeId: mine.nodeId,
            nodeName: nodeName(mine.nodeId),
            rejectTo,
          }
        : null,
    recallable,
    canBreakOff: row.launcher_id === ctx.userId && row.status === FLOW_STATUS.inProgress,
    canEdit:
      row.launcher_id === ctx.userId &&
      ([FLOW_STATUS.draft, FLOW_STATUS.rejected, FLOW_STATUS.withdrawn] as number[]).includes(row.status),
  };
}

/**
 * GET /api/flow/FlowTask/{flowId}/{taskId}: a task of one flow, as the detail shows it (the same
 * party check); a task of another flow, or of another tenant, is 404.
 */
export async function flowTaskOfFlow(ctx: ServiceContext, flowId: string, taskId: string) {
  const row = await loadTask(ctx.db, ctx.tenantId, taskId);
  if (String(row.definition_id) !== flowId) throw notFound();
  return taskDetail(ctx, taskId);
}

/** GET /api/workflow/Engine/FlowTask/{id}: the launcher's own task, to edit. */
export async function taskForEdit(ctx: ServiceContext, id: string, formName?: string) {
  const row = await loadTask(ctx.db, ctx.tenantId, id);
  if (formName && row.form_name !== formName) throw notFound();
  if (row.launcher_id !== ctx.userId) throw flowError(ctx, 403, 'flow.error.notLauncher');
  return {
    id: row.id,
    flowId: row.definition_id,
    billNo: row.bill_no,
    formName: row.form_name,
    status: row.status,
    urgency: row.urgency,
    formData: row.form_data,
  };
}

/**
 * A new form's `defaultCurrent` fields filled with the caller (a user field) and his department (a
 * dept field), and those of them he may not change: where he may name nobody else (`callerReach`),
 * anything else would be refused on save.
 */
async function ownDefaults(
  ctx: ServiceContext,
  form: FormSchema,
  defaults: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; fixedFields: string[] }> {
  const own = form.fields.filter((f) => f.defaultCurrent && (f.type === 'user' || f.type === 'dept'));
  if (own.length === 0) return { data: defaults, fixedFields: [] };
  const reach = await callerReach(ctx);
  const data = { ...defaults };
  const fixedFields: string[] = [];
  for (const field of own) {
    const id = field.type === 'user' ? reach.userId : reach.deptId;
    // A user without a department (a supplier's) has none to start with: the field stays empty.
    if (!id) continue;
    data[field.name] = field.multiple ? [id] : id;
    if ((field.type === 'user' ? reach.users : reach.depts) === false) fixedFields.push(field.name);
  }
  return { data, fixedFields };
}

/** GET /api/workflow/Form/{Name}/{id}: the form's schema and a task's data (id 0: a new form's defaults). */
export async function formView(ctx: ServiceContext, name: string, id: string) {
  const form = await formFor(ctx.db, ctx.tenantId, name);
  if (!form) throw flowError(ctx, 404, 'flow.error.unknownForm', { name });
  if (id === '0') {
    const { data, fixedFields } = await ownDefaults(ctx, form.schema, emptyForm(form));
    const labels = await formLabels(ctx.db, ctx.tenantId, form.schema, data);
    return { id: '0', form: form.schema, data, labels, fixedFields };
  }
  const detail = await taskDetail(ctx, id);
  if (detail.task.formName !== name) throw notFound();
  return { id, form: form.schema, data: detail.formData };
}

/** getFlowTreeList: the released flows the caller may launch, grouped by their category. */
export async function flowTree(ctx: ServiceContext): Promise<z.infer<typeof flowTreeSchema>> {
  const defs = await ctx.db
    .selectFrom('flow_definition')
    .select([
      'id',
      'en_code',
      'full_name',
      'full_name_en',
      'full_name_tw',
      'icon',
      'icon_background',
      'form_name',
      'category',
      'launchers',
    ])
    .where('tenant_id', '=', ctx.tenantId)
    .where('state', '=', FLOW_DEFINITION_STATE.released)
    // A supplier's user sees only the flows opened to suppliers.
    .$if(!openToCaller(ctx, false), (q) => q.where('open_to_suppliers', '=', true))
    .orderBy('sort_code')
    .orderBy('id')
    .execute();
  const categories = await ctx.db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict_type as t', 't.id', 'i.type_id')
    .select(['i.en_code', 'i.full_name', 'i.full_name_en', 'i.full_name_tw'])
    .where('t.tenant_id', '=', ctx.tenantId)
    .where('t.en_code', '=', 'flowCategory')
    .execute();
  const label = (c: (typeof categories)[number]) =>
    nameInLocale(ctx.locale, c.full_name, c.full_name_en, c.full_name_tw);
  const categoryName = new Map(categories.map((c) => [c.en_code, label(c)]));
  const groups = new Map<string, z.infer<typeof flowTreeSchema>[number]>();
  for (const d of defs) {
    if (!(await mayLaunch(ctx.db, ctx.tenantId, ctx.userId, d.launchers as never))) continue;
    let group = groups.get(d.category);
    if (!group) {
      group = { category: d.category, categoryName: categoryName.get(d.category) ?? d.category, flows: [] };
      groups.set(d.category, group);
    }
    group.flows.push({
      id: String(d.id),
      enCode: d.en_code,
      fullName: flowNameIn(d, ctx.locale),
      icon: d.icon,
      iconBackground: d.icon_background,
      formName: d.form_name,
    });
  }
  return [...groups.values()];
}
