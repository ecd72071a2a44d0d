import {
  BillRuleCode,
  type FieldRight,
  FLOW_DEFINITION_STATE,
  FLOW_STATUS,
  FLOW_TASK_CODES,
  type FlowLaunchers,
  type FlowMessageKey,
  type FlowNode,
  type FlowStatus,
  type FlowTaskSaved,
  type FlowUrgency,
  flowMessage,
  nodeNameIn,
} from '@srm/contracts';
import type { Kysely, Transaction } from 'kysely';
import { hasPerm } from '../core/access';
import type { Deps } from '../core/context';
import { AppError, fieldError, notFound } from '../core/errors';
import { type MessageKey, t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { isSupplierUser, liveStaffOf } from '../core/user-reach';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { nextBillNo } from '../system/bill-rule';
import {
  type Actor,
  type Delegation,
  type FlowAction,
  type Refusal,
  type TaskState,
  type TransitionContext,
  transition,
} from './engine';
import { bindFlowFiles } from './file-service';
import { assertFormParties, type CallerReach, callerReach } from './form-parties';
import { checkForm, formFor, type RegisteredForm, type TaskTitles, taskTitles } from './forms';
import { cachedDelegations, delegationsOf, launcherFacts, orgLookup } from './org-lookup';
import {
  hasState,
  insertTask,
  jsonb,
  loadItemTask,
  loadTask,
  persistTransition,
  type TaskRow,
  versionIndex,
} from './task-store';
import { assertTenantIds, formIds } from './tenant-ids';

type Tx = Transaction<Database>;

/** A refusal whose message is a workflow text (already in the caller's language). */
export function flowError(
  ctx: Pick<ServiceContext, 'locale'>,
  code: number,
  key: FlowMessageKey,
  params: Record<string, string> = {},
  data: unknown = null,
): AppError {
  return new AppError(code, flowMessage(key, ctx.locale, params) as MessageKey, undefined, data);
}

/** What acting on a task needs of the actor: a request's context, or the server acting for a launcher. */
type ActorCtx = Pick<ServiceContext, 'tenantId' | 'userId' | 'locale' | 'now' | 'deps'>;

function refusalError(ctx: Pick<ServiceContext, 'locale'>, refusal: Refusal): AppError {
  return flowError(ctx, refusal.httpCode, refusal.messageKey, refusal.params, {
    nodeId: refusal.nodeId,
    reason: refusal.code,
  });
}

/**
 * The engine's context for the caller. `canMonitor` and, for a signed-in caller, his delegations
 * (`cachedDelegations`) are read before the transaction opens: those caches read through the
 * shared database handle, which on the embedded database is the one connection the transaction
 * holds. Without them (the server acting for a launcher) the delegations are read in `db`.
 */
async function engineContext(
  ctx: ActorCtx,
  db: Kysely<Database>,
  flowId: string,
  canMonitor: boolean,
  delegations?: Delegation[],
): Promise<TransitionContext> {
  const actor: Actor = { userId: ctx.userId, canMonitor };
  return {
    actor,
    now: ctx.now().getTime(),
    flowId,
    lookup: orgLookup(db, ctx.tenantId),
    delegations: delegations ?? (await delegationsOf(db, ctx.tenantId, ctx.userId, ctx.now())),
  };
}

/** What a signed-in caller's action reads before its transaction: the monitor right and his delegations. */
async function callerFacts(ctx: ServiceContext): Promise<{ canMonitor: boolean; delegations: Delegation[] }> {
  const [canMonitor, delegations] = await Promise.all([
    hasPerm(ctx, FLOW_TASK_CODES.flowMonitor),
    cachedDelegations(ctx),
  ]);
  return { canMonitor, delegations };
}

/**
 * Whether the engine would take the caller's recall of his approved item now: the same checks as the
 * action (the next node has not acted, in a sequence nobody after him decided, the task runs on), run
 * on a copy of the state; nothing is written. The task page offers Recall only then.
 */
export async function recallWouldPass(
  ctx: ServiceContext,
  row: TaskRow,
  index: Awaited<ReturnType<typeof versionIndex>>['index'],
  state: TaskState,
  itemId: string,
): Promise<boolean> {
  const { canMonitor, delegations } = await callerFacts(ctx);
  const engine = await engineContext(ctx, ctx.db, row.definition_id, canMonitor, delegations);
  try {
    return (await transition(index, state, { type: 'recall', itemId }, engine)).ok;
  } catch {
    // A state the engine cannot read is not a reason to refuse the page: only Recall is not offered.
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------
// Idempotency

/**
 * Runs `fn` in one transaction under an `Idempotency-Key`: the key is claimed first (a concurrent
 * request with the same key waits for this one and then finds its answer), and the answer is stored
 * with the action, so a replay returns it and changes nothing. Without a key, just the transaction.
 */
export async function idempotent<T>(
  ctx: ServiceContext,
  key: string | undefined,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (!key) return transaction(ctx.db, fn);
  return transaction(ctx.db, async (tx) => {
    const claimed = await tx
      .insertInto('flow_idempotency')
      .values({ tenant_id: ctx.tenantId, user_id: ctx.userId, idem_key: key, response: jsonb(null) })
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'idem_key']).doNothing())
      .returning('idem_key')
      .executeTakeFirst();
    if (!claimed) {
      const first = await tx
        .selectFrom('flow_idempotency')
        .select('response')
        .where('tenant_id', '=', ctx.tenantId)
        .where('user_id', '=', ctx.userId)
        .where('idem_key', '=', key)
        .executeTakeFirstOrThrow();
      return first.response as T;
    }
    const answer = await fn(tx);
    await tx
      .updateTable('flow_idempotency')
      .set({ response: jsonb(answer ?? null) })
      .where('tenant_id', '=', ctx.tenantId)
      .where('user_id', '=', ctx.userId)
      .where('idem_key', '=', key)
      .execute();
    return answer;
  });
}

// ---------------------------------------------------------------------------------------------------
// Launching

interface DefinitionRow {
  id: string;
  full_name: string;
  form_name: string;
  state: number;
  current_version: number;
  launchers: FlowLaunchers;
  open_to_suppliers: boolean;
}

async function loadDefinition(db: Kysely<Database>, tenantId: string, id: string): Promise<DefinitionRow> {
  const row = await db
    .selectFrom('flow_definition')
    .select(['id', 'full_name', 'form_name', 'state', 'current_version', 'launchers', 'open_to_suppliers'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, id: String(row.id), launchers: row.launchers as unknown as FlowLaunchers };
}

/** Whether the user is among a flow's launchers (everyone, or chosen users, roles, departments, positions). */
export async function mayLaunch(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  launchers: FlowLaunchers,
): Promise<boolean> {
  if (launchers.all) return true;
  if (launchers.userIds?.includes(userId)) return true;
  const facts = await launcherFacts(db, tenantId, userId);
  return (
    (launchers.roleIds ?? []).some((r) => facts.roleIds.includes(r)) ||
    (launchers.positionIds ?? []).some((p) => facts.positionIds.includes(p)) ||
    (launchers.deptIds ?? []).some((d) => facts.deptIds.includes(d))
  );
}

/**
 * Whether the flow is there at all for the caller: a supplier's user (entType 2) sees and launches
 * only flows opened to suppliers; to him every other flow is not found.
 */
export function openToCaller(ctx: Pick<ServiceContext, 'auth'>, openToSuppliers: boolean): boolean {
  return openToSuppliers || !isSupplierUser(ctx.auth);
}

async function assertLaunchable(
  ctx: ServiceContext,
  db: Kysely<Database>,
  def: DefinitionRow,
): Promise<void> {
  if (!openToCaller(ctx, def.open_to_suppliers)) throw notFound();
  if (def.state === FLOW_DEFINITION_STATE.stopped) throw flowError(ctx, 409, 'flow.error.flowStopped');
  if (def.current_version === 0 || def.state !== FLOW_DEFINITION_STATE.released)
    throw flowError(ctx, 409, 'flow.error.notReleased');
  if (!(await mayLaunch(db, ctx.tenantId, ctx.userId, def.launchers)))
    throw flowError(ctx, 403, 'flow.error.notLaunchable');
}

async function latestVersion(db: Kysely<Database>, def: DefinitionRow): Promise<string> {
  const row = await db
    .selectFrom('flow_version')
    .select('id')
    .where('definition_id', '=', def.id)
    .where('version', '=', def.current_version)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** The start node's field rights (what the launcher edits). */
function startRights(tree: FlowNode): Record<string, FieldRight> {
  return tree.type === 'start' ? (tree.formRights ?? {}) : {};
}

/**
 * What the launch form of a released flow the caller may launch with `formName` needs: the start
 * node's field rights (hidden and read-only fields) and the approver nodes whose approvers the
 * launcher names.
 */
export async function launchForm(
  ctx: ServiceContext,
  flowId: string,
  formName: string,
): Promise<{ fieldRights: Record<string, FieldRight>; chooseNodes: { nodeId: string; name: string }[] }> {
  const def = await loadDefinition(ctx.db, ctx.tenantId, flowId);
  if (def.form_name !== formName) throw flowError(ctx, 400, 'flow.error.formMismatch');
  await assertLaunchable(ctx, ctx.db, def);
  const { tree, index } = await versionIndex(ctx.db, await latestVersion(ctx.db, def));
  const chooseNodes = index.order
    .filter((n) => n.type === 'approver' && n.assignee.kind === 'launcherChooses')
    .map((n) => ({ nodeId: n.id, name: nodeNameIn(n, ctx.locale) }));
  return { fieldRights: startRights(tree), chooseNodes };
}

/**
 * Of these ids, those that are users of the tenant (not deleted) but not live staff (`liveStaffOf`:
 * enabled, not a supplier's user), and those that are no user of the tenant at all.
 */
async function notStaff(
  ctx: Pick<ServiceContext, 'tenantId'>,
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<{ unknown: string[]; refused: string[] }> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return { unknown: [], refused: [] };
  const rows = await db
    .selectFrom('sys_user as u')
    .select(['u.id', liveStaffOf('u').as('staff')])
    .where('u.tenant_id', '=', ctx.tenantId)
    .where('u.deleted', '=', false)
    .where('u.id', 'in', unique)
    .execute();
  const staff = new Map(rows.map((r) => [String(r.id), Boolean(r.staff)]));
  return {
    unknown: unique.filter((id) => !staff.has(id)),
    refused: unique.filter((id) => staff.get(id) === false),
  };
}

/**
 * Every workflow target a person chooses (transfer, delegation, copy-to, assign) must be a live
 * staff user of the tenant: a disabled one or a supplier's user is refused 400 with the message at
 * `field`, in the caller's language; an id that is no user of the tenant is not found (404).
 */
/**
 * A task's approval never goes to its launcher by a person's hand (transfer, the monitor's assign):
 * nobody approves his own request (a delegation skips it too, engine/delegation.ts).
 */
function assertNotLauncher(
  ctx: Pick<ServiceContext, 'locale'>,
  launcherId: string,
  field: string,
  userIds: readonly string[],
) {
  if (!userIds.includes(launcherId)) return;
  const key = 'flow.error.targetIsLauncher';
  throw flowError(ctx, 400, key, {}, { fields: { [field]: flowMessage(key, ctx.locale) } });
}

export async function assertStaffTargets(
  ctx: Pick<ServiceContext, 'tenantId' | 'locale'>,
  db: Kysely<Database>,
  field: string,
  userIds: readonly string[],
): Promise<void> {
  const { unknown, refused } = await notStaff(ctx, db, userIds);
  if (unknown.length > 0) throw notFound();
  if (refused.length === 0) return;
  const key = 'flow.error.targetNotStaff';
  throw flowError(ctx, 400, key, {}, { fields: { [field]: flowMessage(key, ctx.locale) } });
}

/** The approvers a launcher names follow the same rule: 400 at `choices.{nodeId}` otherwise (unknown ones too). */
async function assertChoices(ctx: ServiceContext, db: Kysely<Database>, choices?: Record<string, string[]>) {
  const { unknown, refused } = await notStaff(ctx, db, Object.values(choices ?? {}).flat());
  const bad = new Set([...unknown, ...refused]);
  if (bad.size === 0) return;
  const key = 'flow.error.choiceUnknown';
  const nodes = Object.entries(choices ?? {}).filter(([, ids]) => ids.some((id) => bad.has(id)));
  const message = flowMessage(key, ctx.locale);
  throw flowError(
    ctx,
    400,
    key,
    {},
    {
      reason: 'choiceUnknown',
      nodeId: nodes[0]?.[0] ?? null,
      fields: Object.fromEntries(nodes.map(([nodeId]) => [`choices.${nodeId}`, message])),
    },
  );
}

/**
 * `validForm` for a signed-in caller: also every user and department the data names is of the
 * tenant and, where changed from `stored`, one he may name (`form-parties.ts`).
 */
async function callerForm(
  ctx: ServiceContext,
  db: Kysely<Database>,
  reach: CallerReach,
  formName: string,
  input: Record<string, unknown>,
  stored: Record<string, unknown>,
  rights: Record<string, FieldRight>,
): Promise<{ form: RegisteredForm; data: Record<string, unknown> }> {
  const { form, data } = await validForm(ctx, db, formName, input, stored, rights);
  await assertFormParties(ctx, db, reach, form.schema, data, stored);
  return { form, data };
}

/** The tenant's form of the name (404 when it has none), inside `db` (the open transaction). */
export async function taskForm(
  ctx: Pick<ServiceContext, 'locale' | 'tenantId'>,
  db: Kysely<Database>,
  formName: string,
): Promise<RegisteredForm> {
  const form = await formFor(db, ctx.tenantId, formName);
  if (!form) throw flowError(ctx, 404, 'flow.error.unknownForm', { name: formName });
  return form;
}

async function validForm(
  ctx: Pick<ServiceContext, 'locale' | 'tenantId'>,
  db: Kysely<Database>,
  formName: string,
  input: Record<string, unknown>,
  stored: Record<string, unknown>,
  rights: Record<string, FieldRight>,
): Promise<{ form: RegisteredForm; data: Record<string, unknown> }> {
  const form = await taskForm(ctx, db, formName);
  const { data, fields } = checkForm(form, input, stored, rights, ctx.locale);
  if (Object.keys(fields).length > 0) throw fieldError(fields);
  return { form, data };
}

export interface TaskInput {
  formData: Record<string, unknown>;
  urgency: FlowUrgency;
  submit: boolean;
  choices?: Record<string, string[]> | undefined;
}

async function submitInTx(
  ctx: ActorCtx,
  tx: Tx,
  row: TaskRow,
  input: TaskInput,
  formData: Record<string, unknown>,
  canMonitor: boolean,
  delegations?: Delegation[],
): Promise<FlowStatus> {
  const before = hasState(row);
  const { index } = await versionIndex(tx, row.version_id as string);
  const engine = await engineContext(ctx, tx, row.definition_id, canMonitor, delegations);
  const action: FlowAction = before
    ? { type: 'resubmit', formData, urgency: input.urgency, choices: input.choices }
    : {
        type: 'submit',
        launcher: await launcherFacts(tx, ctx.tenantId, row.launcher_id),
        formData,
        urgency: input.urgency,
        choices: input.choices,
      };
  const result = await transition(index, before, action, engine);
  if (!result.ok) throw refusalError(ctx, result.refusal);
  const form = await formFor(tx, ctx.tenantId, row.form_name);
  if (form?.onSubmitted)
    await form.onSubmitted(tx, {
      tenantId: ctx.tenantId,
      taskId: row.id,
      launcherId: row.launcher_id,
      formData: result.state.formData,
      locale: ctx.locale,
    });
  await persistTransition(ctx.deps, tx, row, before, result.state, result.effects);
  return result.state.status;
}

/** A new task of a released flow: saved as a draft, or submitted. `formName` (form routes) must match. */
export async function createTask(
  ctx: ServiceContext,
  flowId: string,
  input: TaskInput,
  idemKey?: string,
  formName?: string,
): Promise<FlowTaskSaved> {
  await ctx.deps.jobs.start();
  if (formName) await taskForm(ctx, ctx.db, formName);
  const [{ canMonitor, delegations }, reach] = await Promise.all([callerFacts(ctx), callerReach(ctx)]);
  return idempotent(ctx, idemKey, async (tx) => {
    const def = await loadDefinition(tx, ctx.tenantId, flowId);
    if (formName && def.form_name !== formName) throw flowError(ctx, 400, 'flow.error.formMismatch');
    await assertLaunchable(ctx, tx, def);
    const versionId = await latestVersion(tx, def);
    const { tree } = await versionIndex(tx, versionId);
    const { form, data: formData } = await callerForm(
      ctx,
      tx,
      reach,
      def.form_name,
      input.formData,
      {},
      startRights(tree),
    );
    await assertChoices(ctx, tx, input.choices);
    const launcher = await tx
      .selectFrom('sys_user')
      .select('real_name')
      .where('id', '=', ctx.userId)
      .executeTakeFirstOrThrow();
    const row = await insertTask(tx, {
      tenant_id: ctx.tenantId,
      definition_id: def.id,
      version_id: versionId,
      ...taskTitles(form.schema, def.full_name, launcher.real_name),
      launcher_id: ctx.userId,
      urgency: input.urgency,
      status: FLOW_STATUS.draft,
      form_name: def.form_name,
      form_data: jsonb(formData),
    });
    const withFiles = await bindFlowFiles(ctx, tx, form, row.id, formData);
    if (withFiles !== formData)
      await tx
        .updateTable('flow_task')
        .set({ form_data: jsonb(withFiles) })
        .where('id', '=', row.id)
        .execute();
    const status = input.submit
      ? await submitInTx(ctx, tx, row, input, withFiles, canMonitor, delegations)
      : FLOW_STATUS.draft;
    // Taken late: other launchers wait on the rule's counter only until this commits.
    const billNo = await nextBillNo(tx, ctx.tenantId, BillRuleCode.flowTask, () => ctx.now());
    await tx.updateTable('flow_task').set({ bill_no: billNo }).where('id', '=', row.id).execute();
    return { id: row.id, billNo, status };
  });
}

/** Edits a draft (and submits it when asked), or edits and resubmits a rejected or withdrawn task. */
export async function updateTask(
  ctx: ServiceContext,
  id: string,
  input: TaskInput,
  idemKey?: string,
  formName?: string,
): Promise<FlowTaskSaved> {
  await ctx.deps.jobs.start();
  const [{ canMonitor, delegations }, reach] = await Promise.all([callerFacts(ctx), callerReach(ctx)]);
  return idempotent(ctx, idemKey, async (tx) => {
    let row = await loadTask(tx, ctx.tenantId, id, true);
    if (formName && row.form_name !== formName) throw notFound();
    if (row.launcher_id !== ctx.userId) throw flowError(ctx, 403, 'flow.error.notLauncher');
    const editable: number[] = [FLOW_STATUS.draft, FLOW_STATUS.rejected, FLOW_STATUS.withdrawn];
    if (!editable.includes(row.status)) throw flowError(ctx, 409, 'flow.error.notEditable');
    const def = await loadDefinition(tx, ctx.tenantId, row.definition_id);
    if (input.submit) await assertLaunchable(ctx, tx, def);
    // A draft starts on the version released when it is submitted; a resubmitted task keeps its own.
    if (row.status === FLOW_STATUS.draft && input.submit) {
      const versionId = await latestVersion(tx, def);
      if (versionId !== row.version_id) {
        await tx.updateTable('flow_task').set({ version_id: versionId }).where('id', '=', row.id).execute();
        row = { ...row, version_id: versionId };
      }
    }
    const { tree } = await versionIndex(tx, row.version_id as string);
    const checked = await callerForm(
      ctx,
      tx,
      reach,
      row.form_name,
      input.formData,
      row.form_data,
      startRights(tree),
    );
    const formData = await bindFlowFiles(ctx, tx, checked.form, row.id, checked.data);
    await assertChoices(ctx, tx, input.choices);
    let status: FlowStatus = row.status as FlowStatus;
    if (input.submit) status = await submitInTx(ctx, tx, row, input, formData, canMonitor, delegations);
    else {
      await tx
        .updateTable('flow_task')
        .set({ form_data: jsonb(formData), urgency: input.urgency })
        .where('id', '=', row.id)
        .execute();
      // A rejected or withdrawn task keeps its engine state; its form waits for the resubmit.
      const state = hasState(row);
      if (state)
        await tx
          .updateTable('flow_task')
          .set({ engine_state: jsonb({ ...state, formData, urgency: input.urgency }) })
          .where('id', '=', row.id)
          .execute();
    }
    return { id: row.id, billNo: row.bill_no, status };
  });
}

/** A task a domain launches for someone without his request (a public registration, a supplier's change). */
export interface FormLaunch {
  tenantId: string;
  formName: string;
  /** Whose task it is: he gets its result message and may see it among his launched tasks. */
  launcherId: string;
  /** The task's title in the three languages (the lists show the reader's); none: the form's title and the launcher's name. */
  titles?: TaskTitles | undefined;
  formData: Record<string, unknown>;
  locale: ServiceContext['locale'];
  /**
   * Called with the new task's id before it is submitted, in the same transaction: a domain ties
   * its record to the task first (a model row launched from its page), so the form's submit hook
   * finds it.
   */
  beforeSubmit?: ((tx: Tx, taskId: string) => Promise<void>) | undefined;
}

/**
 * Launches and submits a task of the released flow bound to `formName`, inside the caller's
 * transaction (call `deps.jobs.start()` before opening it). The flow's launcher list does not apply:
 * the domain decides who may apply. No released flow bound to the form: 409 (nothing is written).
 */
export async function launchFormTask(deps: Deps, tx: Tx, launch: FormLaunch): Promise<FlowTaskSaved> {
  const ctx: ActorCtx = {
    tenantId: launch.tenantId,
    userId: launch.launcherId,
    locale: launch.locale,
    now: () => new Date(),
    deps,
  };
  const found = await tx
    .selectFrom('flow_definition')
    .select('id')
    .where('tenant_id', '=', launch.tenantId)
    .where('form_name', '=', launch.formName)
    .where('state', '=', FLOW_DEFINITION_STATE.released)
    .where('current_version', '>', 0)
    .orderBy('sort_code')
    .orderBy('id')
    .executeTakeFirst();
  if (!found) throw flowError(ctx, 409, 'flow.error.notReleased');
  const def = await loadDefinition(tx, launch.tenantId, String(found.id));
  const versionId = await latestVersion(tx, def);
  const { tree } = await versionIndex(tx, versionId);
  const { form, data: formData } = await validForm(
    ctx,
    tx,
    def.form_name,
    launch.formData,
    {},
    startRights(tree),
  );
  await assertTenantIds(ctx, tx, formIds(form.schema, formData));
  const titles =
    launch.titles ??
    taskTitles(
      form.schema,
      def.full_name,
      (
        await tx
          .selectFrom('sys_user')
          .select('real_name')
          .where('id', '=', launch.launcherId)
          .executeTakeFirstOrThrow()
      ).real_name,
    );
  const row = await insertTask(tx, {
    tenant_id: launch.tenantId,
    definition_id: def.id,
    version_id: versionId,
    ...titles,
    launcher_id: launch.launcherId,
    urgency: 1,
    status: FLOW_STATUS.draft,
    form_name: def.form_name,
    form_data: jsonb(formData),
  });
  await launch.beforeSubmit?.(tx, row.id);
  const status = await submitInTx(ctx, tx, row, { formData, urgency: 1, submit: true }, formData, false);
  const billNo = await nextBillNo(tx, launch.tenantId, BillRuleCode.flowTask);
  await tx.updateTable('flow_task').set({ bill_no: billNo }).where('id', '=', row.id).execute();
  return { id: row.id, billNo, status };
}

/**
 * Sends a task that was rejected back to its launcher through the flow again with corrected form
 * data (the domain's own resubmit, for a launcher who is not signed in). 409 unless rejected.
 */
export async function resubmitFormTask(
  deps: Deps,
  tx: Tx,
  task: {
    tenantId: string;
    taskId: string;
    formData: Record<string, unknown>;
    locale: FormLaunch['locale'];
    /** New titles when what they name changed (a corrected company name). */
    titles?: TaskTitles;
  },
): Promise<FlowTaskSaved> {
  const row = await loadTask(tx, task.tenantId, task.taskId, true);
  const ctx: ActorCtx = {
    tenantId: task.tenantId,
    userId: row.launcher_id,
    locale: task.locale,
    now: () => new Date(),
    deps,
  };
  if (row.status !== FLOW_STATUS.rejected || !hasState(row))
    throw flowError(ctx, 409, 'flow.error.notEditable');
  const { tree } = await versionIndex(tx, row.version_id as string);
  const { form, data: formData } = await validForm(
    ctx,
    tx,
    row.form_name,
    task.formData,
    row.form_data,
    startRights(tree),
  );
  await assertTenantIds(ctx, tx, formIds(form.schema, formData));
  if (task.titles) await tx.updateTable('flow_task').set(task.titles).where('id', '=', row.id).execute();
  const status = await submitInTx(ctx, tx, row, { formData, urgency: 1, submit: true }, formData, false);
  return { id: row.id, billNo: row.bill_no, status };
}

// ---------------------------------------------------------------------------------------------------
// Acting on a task

export type ItemAction =
  | {
      type: 'audit';
      opinion: string;
      signImg?: string | undefined;
      copyIds?: string[] | undefined;
      /** Changes to the fields the approver's node makes editable (others keep their values). */
      formData?: Record<string, unknown> | undefined;
    }
  | { type: 'reject'; opinion: string }
  | { type: 'transfer'; opinion: string; toUserId: string }
  | { type: 'recall'; opinion: string };

/**
 * One action on a to-do item (audit, reject, transfer) or on one's own approval (recall), in one
 * transaction: the task row is locked and version-checked, the engine decides, the to-do is claimed
 * with a conditional update (a second action finds it handled: 409), and everything is written.
 */
export async function actOnItem(
  ctx: ServiceContext,
  operatorId: string,
  action: ItemAction,
  idemKey?: string,
): Promise<{ status: number }> {
  await ctx.deps.jobs.start();
  const { canMonitor, delegations } = await callerFacts(ctx);
  // Only an approver changing form fields names users or departments.
  const reach = action.type === 'audit' && action.formData ? await callerReach(ctx) : null;
  return idempotent(ctx, idemKey, async (tx) => {
    // The item and its task, the task locked (actions on one task queue here), in one round trip.
    const found = await loadItemTask(tx, ctx.tenantId, operatorId);
    if (!found) throw notFound();
    const { row } = found;
    const op = { item_key: found.itemKey, user_id: found.itemUserId };
    if (action.type === 'transfer') {
      await assertStaffTargets(ctx, tx, 'toUserId', [action.toUserId]);
      assertNotLauncher(ctx, String(row.launcher_id), 'toUserId', [action.toUserId]);
    }
    if (action.type === 'audit' && action.copyIds)
      await assertStaffTargets(ctx, tx, 'copyIds', action.copyIds);
    const before = hasState(row);
    if (!before) throw notFound();
    // A to-do already handled (by him, or for him) is 已处理 whatever became of the task since.
    const item = before.items.find((i) => i.id === op.item_key);
    if (
      action.type !== 'recall' &&
      item &&
      item.state !== 'pending' &&
      item.state !== 'waiting' &&
      (item.userId === ctx.userId || item.handledBy === ctx.userId)
    )
      throw flowError(ctx, 409, 'flow.error.handled');
    const { index } = await versionIndex(tx, row.version_id as string);
    let current = before;
    if (action.type === 'audit' && action.formData && item) {
      // The approver edits only what his node allows; a field it does not name stays read-only.
      const node = index.nodes.get(item.nodeId)?.node;
      const rights = node && 'formRights' in node ? (node.formRights ?? {}) : {};
      const form = await formFor(tx, ctx.tenantId, row.form_name);
      if (form) {
        const { data, fields } = checkForm(
          form,
          { ...before.formData, ...action.formData },
          before.formData,
          rights,
          ctx.locale,
          'readonly',
        );
        if (Object.keys(fields).length > 0) throw fieldError(fields);
        if (reach) await assertFormParties(ctx, tx, reach, form.schema, data, before.formData);
        current = { ...before, formData: await bindFlowFiles(ctx, tx, form, row.id, data) };
      }
    }
    const engine = await engineContext(ctx, tx, row.definition_id, canMonitor, delegations);
    const engineAction: FlowAction =
      action.type === 'transfer'
        ? { type: 'transfer', itemId: op.item_key, toUserId: action.toUserId, opinion: action.opinion }
        : { type: action.type, itemId: op.item_key, opinion: action.opinion };
    const result = await transition(index, current, engineAction, engine);
    if (!result.ok) throw refusalError(ctx, result.refusal);
    const { state, effects } = result;
    if (action.type === 'audit' && action.copyIds?.length) {
      const item = state.items.find((i) => i.id === op.item_key);
      const userIds = [...new Set(action.copyIds)];
      for (const userId of userIds)
        state.circulations.push({ nodeId: item?.nodeId ?? '', userId, at: engine.now });
      effects.push({ type: 'copy', nodeId: item?.nodeId ?? '', userIds });
      effects.push({
        type: 'history',
        entry: {
          action: 'copy',
          actorId: ctx.userId,
          onBehalfOf: null,
          nodeId: item?.nodeId ?? null,
          itemId: op.item_key,
          opinion: '',
          at: engine.now,
          targetNodeId: null,
          userIds,
        },
      });
    }
    await persistTransition(ctx.deps, tx, row, before, state, effects, {
      signImg:
        action.type === 'audit' && action.signImg
          ? { itemId: op.item_key, image: action.signImg }
          : undefined,
      pushUserIds: [String(op.user_id)],
      // The claim: exactly one action turns a pending to-do into a handled one.
      claim:
        action.type === 'recall'
          ? undefined
          : { itemKey: op.item_key, lost: () => flowError(ctx, 409, 'flow.error.handled') },
    });
    return { status: state.status };
  });
}

export type TaskAction =
  | { type: 'breakOff'; opinion: string }
  | { type: 'cancel'; opinion: string }
  | { type: 'assign'; opinion: string; nodeId: string; userIds: string[] };

/** An action on a whole task: the launcher's withdrawal, the monitor's terminate and assign. */
export async function actOnTask(
  ctx: ServiceContext,
  taskId: string,
  action: TaskAction,
  idemKey?: string,
): Promise<{ status: number }> {
  await ctx.deps.jobs.start();
  const { canMonitor, delegations } = await callerFacts(ctx);
  return idempotent(ctx, idemKey, async (tx) => {
    const row = await loadTask(tx, ctx.tenantId, taskId, true);
    if (action.type === 'assign') {
      await assertStaffTargets(ctx, tx, 'userIds', action.userIds);
      assertNotLauncher(ctx, String(row.launcher_id), 'userIds', action.userIds);
    }
    const before = hasState(row);
    if (!before) {
      if (action.type === 'breakOff' && row.launcher_id !== ctx.userId)
        throw flowError(ctx, 403, 'flow.error.notLauncher');
      throw flowError(ctx, 409, 'flow.error.notInProgress');
    }
    const { index } = await versionIndex(tx, row.version_id as string);
    const engine = await engineContext(ctx, tx, row.definition_id, canMonitor, delegations);
    const result = await transition(index, before, action, engine);
    if (!result.ok) throw refusalError(ctx, result.refusal);
    await persistTransition(ctx.deps, tx, row, before, result.state, result.effects);
    return { status: result.state.status };
  });
}

/** Approves several to-dos, each in its own transaction: one that fails leaves the others approved. */
export async function batchAudit(
  ctx: ServiceContext,
  ids: readonly string[],
  opinion: string,
): Promise<{ succeeded: string[]; failed: { id: string; code: number; msg: string }[] }> {
  const succeeded: string[] = [];
  const failed: { id: string; code: number; msg: string }[] = [];
  for (const id of new Set(ids)) {
    try {
      await actOnItem(ctx, id, { type: 'audit', opinion });
      succeeded.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push({ id, code: error.code, msg: t(ctx.locale, error.key, error.params) });
    }
  }
  return { succeeded, failed };
}

// ---------------------------------------------------------------------------------------------------
// Timers

/** A timer or timeout job: the engine decides; a stale or early one just ends (never undoes an action). */
export async function runTimer(
  deps: Deps,
  job: { tenantId: string; taskId: string; activationId: string; kind: 'timer' | 'timeout' },
  now: Date = new Date(),
): Promise<boolean> {
  await deps.jobs.start();
  return transaction(deps.db, async (tx) => {
    const row = await loadTask(tx, job.tenantId, job.taskId, true).catch(() => null);
    const before = row ? hasState(row) : null;
    if (!row || !before) return false;
    const { index } = await versionIndex(tx, row.version_id as string);
    const action: FlowAction =
      job.kind === 'timer'
        ? { type: 'timerFire', activationId: job.activationId }
        : { type: 'timeout', activationId: job.activationId };
    const result = await transition(index, before, action, {
      actor: { userId: '0', canMonitor: false },
      now: now.getTime(),
      flowId: row.definition_id,
      lookup: orgLookup(tx, job.tenantId),
      delegations: [],
    });
    if (!result.ok) return false;
    await persistTransition(deps, tx, row, before, result.state, result.effects);
    return true;
  });
}

export type { TaskState };
