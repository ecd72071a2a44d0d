import { randomBytes } from 'node:crypto';
import {
  FLOW_DEFINITION_STATE,
  type FlowDefinitionDetail,
  type FlowDefinitionState,
  type FlowDefinitionSummary,
  type FlowMessageKey,
  type FlowNode,
  flowDefinitionSaveSchema,
  flowMessage,
} from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { AppError, fieldError, notFound } from '../core/errors';
import { type MessageKey, t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { anyColumnLike } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import type { JsonValue } from '../db/schema';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { indexTree, validateTree } from './engine';
import { formFor, isSourcedForm } from './forms';
import { assertTenantIds, definitionIds } from './tenant-ids';

// The unique index behind the check below: a create that loses the race answers as the check does.
declareUnique('flow_definition_tenant_id_en_code_key', { field: 'enCode', key: 'org.codeTaken' });

/** What a workflow service call needs: never the request. */
/** What the definition services need of the acting user's context. */
export type FlowContext = Pick<ServiceContext, 'db' | 'tenantId' | 'userId' | 'locale'>;

export type FlowDefinitionInput = z.output<typeof flowDefinitionSaveSchema>;

/** A refusal whose message is a workflow text (already in the caller's language). */
function flowError(code: number, ctx: FlowContext, key: FlowMessageKey, data: unknown = null): AppError {
  return new AppError(code, flowMessage(key, ctx.locale) as MessageKey, undefined, data);
}

const jsonb = (value: unknown) => sql<JsonValue>`cast(${JSON.stringify(value)} as jsonb)`;
const millis = (value: Date | string) => new Date(value).getTime();

type Row = {
  id: string | number | bigint;
  en_code: string;
  full_name: string;
  full_name_en: string;
  full_name_tw: string;
  category: string;
  icon: string;
  icon_background: string;
  form_name: string;
  open_to_suppliers: boolean;
  description: string;
  sort_code: number;
  state: number;
  current_version: number;
  created_at: Date | string;
  updated_at: Date | string;
};

function summary(r: Row): FlowDefinitionSummary {
  return {
    id: String(r.id),
    enCode: r.en_code,
    fullName: r.full_name,
    fullNameEn: r.full_name_en,
    fullNameTw: r.full_name_tw,
    category: r.category,
    icon: r.icon,
    iconBackground: r.icon_background,
    formName: r.form_name,
    openToSuppliers: r.open_to_suppliers,
    description: r.description,
    sortCode: r.sort_code,
    state: r.state as FlowDefinitionState,
    currentVersion: r.current_version,
    createdAt: millis(r.created_at),
    updatedAt: millis(r.updated_at),
  };
}

const SUMMARY_COLUMNS = [
  'id',
  'en_code',
  'full_name',
  'full_name_en',
  'full_name_tw',
  'category',
  'icon',
  'icon_background',
  'form_name',
  'open_to_suppliers',
  'description',
  'sort_code',
  'state',
  'current_version',
  'created_at',
  'updated_at',
] as const;

function definitions(ctx: FlowContext) {
  return ctx.db.selectFrom('flow_definition').where('tenant_id', '=', ctx.tenantId);
}

export async function listDefinitions(
  ctx: FlowContext,
  query: {
    keyword?: string | undefined;
    category?: string | undefined;
    currentPage: number;
    pageSize: number;
  },
): Promise<{ list: FlowDefinitionSummary[]; total: number }> {
  let q = definitions(ctx);
  if (query.category) q = q.where('category', '=', query.category);
  if (query.keyword) {
    const { keyword } = query;
    // Any of its three names: a reader finds a flow by the name the list shows them.
    q = q.where((eb) => anyColumnLike(eb, ['full_name', 'full_name_en', 'full_name_tw', 'en_code'], keyword));
  }
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    q
      .select(SUMMARY_COLUMNS)
      .orderBy('sort_code')
      .orderBy('id')
      .offset((query.currentPage - 1) * query.pageSize)
      .limit(query.pageSize)
      .execute(),
  ]);
  return { total: Number(count.n), list: rows.map(summary) };
}

/** Every definition of the tenant; `releasedOnly` for pickers (optionally of one category). */
export async function allDefinitions(
  ctx: FlowContext,
  filter: { releasedOnly?: boolean; category?: string | undefined; suppliersOnly?: boolean } = {},
): Promise<FlowDefinitionSummary[]> {
  let q = definitions(ctx);
  if (filter.suppliersOnly) q = q.where('open_to_suppliers', '=', true);
  if (filter.releasedOnly) q = q.where('state', '=', FLOW_DEFINITION_STATE.released);
  if (filter.category) q = q.where('category', '=', filter.category);
  const rows = await q.select(SUMMARY_COLUMNS).orderBy('sort_code').orderBy('id').execute();
  return rows.map(summary);
}

export async function getDefinition(
  ctx: FlowContext,
  by: { id: string } | { code: string },
  db: Kysely<Database> = ctx.db,
): Promise<FlowDefinitionDetail> {
  let q = db.selectFrom('flow_definition').where('tenant_id', '=', ctx.tenantId);
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('en_code', '=', by.code);
  const row = await q.select([...SUMMARY_COLUMNS, 'launchers', 'flow_template_json']).executeTakeFirst();
  if (!row) throw notFound();
  const versions = await db
    .selectFrom('flow_version')
    .select(['version', 'created_at'])
    .where('definition_id', '=', String(row.id))
    .orderBy('version', 'desc')
    .execute();
  return {
    ...summary(row),
    launchers: row.launchers as unknown as FlowDefinitionDetail['launchers'],
    flowTemplateJson: row.flow_template_json,
    versions: versions.map((v) => ({ version: v.version, createdAt: millis(v.created_at) })),
  };
}

async function assertCodeFree(ctx: FlowContext, db: Kysely<Database>, enCode: string, selfId?: string) {
  let q = db
    .selectFrom('flow_definition')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('en_code', '=', enCode);
  if (selfId) q = q.where('id', '<>', selfId);
  if (await q.executeTakeFirst()) throw fieldError({ enCode: t(ctx.locale, 'org.codeTaken') });
}

/** Refuses a tree that cannot be released, naming each node at fault in the caller's language. */
export function assertReleasable(ctx: FlowContext, tree: FlowNode): void {
  const errors = validateTree(tree, indexTree(tree));
  if (errors.length === 0) return;
  throw flowError(400, ctx, 'flow.error.invalidTree', {
    nodes: errors.map((e) => ({
      nodeId: e.nodeId,
      code: e.code,
      message: flowMessage(e.messageKey, ctx.locale, e.params),
    })),
  });
}

function columns(input: FlowDefinitionInput) {
  return {
    en_code: input.enCode,
    full_name: input.fullName,
    full_name_en: input.fullNameEn,
    full_name_tw: input.fullNameTw,
    category: input.category,
    icon: input.icon,
    icon_background: input.iconBackground,
    form_name: input.formName,
    launchers: jsonb(input.launchers),
    open_to_suppliers: input.openToSuppliers,
    flow_template_json: jsonb(input.flowTemplateJson),
    description: input.description,
    sort_code: input.sortCode,
  };
}

/** Every id the definition names is of the caller's tenant (save, import, release): else 400 naming it. */
async function assertOwnIds(
  ctx: FlowContext,
  db: Kysely<Database>,
  def: Pick<FlowDefinitionInput, 'launchers' | 'flowTemplateJson' | 'formName'>,
): Promise<void> {
  const form = await formFor(db, ctx.tenantId, def.formName);
  // A designed form must be a published design of the tenant's (another's id is unknown here).
  if (!form && isSourcedForm(def.formName))
    throw new AppError(
      404,
      flowMessage('flow.error.unknownForm', ctx.locale, { name: def.formName }) as MessageKey,
    );
  return assertTenantIds(ctx, db, definitionIds({ ...def, form: form?.schema }));
}

async function insertDraft(
  ctx: FlowContext,
  db: Kysely<Database>,
  input: FlowDefinitionInput,
): Promise<string> {
  await assertOwnIds(ctx, db, input);
  await assertCodeFree(ctx, db, input.enCode);
  const row = await db
    .insertInto('flow_definition')
    .values({ tenant_id: ctx.tenantId, created_by: ctx.userId, ...columns(input) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export function createDefinition(ctx: FlowContext, input: FlowDefinitionInput): Promise<string> {
  return transaction(ctx.db, (tx) => insertDraft(ctx, tx, input));
}

/** Saves the draft; a released flow keeps running its frozen version until the next release. */
export async function updateDefinition(
  ctx: FlowContext,
  id: string,
  input: FlowDefinitionInput,
): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    await getDefinition(ctx, { id }, tx);
    await assertOwnIds(ctx, tx, input);
    await assertCodeFree(ctx, tx, input.enCode, id);
    await tx
      .updateTable('flow_definition')
      .set({ ...columns(input), updated_at: sql`now()`, row_version: sql`row_version + 1` })
      .where('id', '=', id)
      .where('tenant_id', '=', ctx.tenantId)
      .execute();
  });
}

export async function deleteDefinition(ctx: FlowContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    await getDefinition(ctx, { id }, tx);
    const used = await tx
      .selectFrom('flow_task')
      .select('id')
      .where('definition_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) throw flowError(409, ctx, 'flow.error.inUse');
    await tx
      .deleteFrom('flow_definition')
      .where('id', '=', id)
      .where('tenant_id', '=', ctx.tenantId)
      .execute();
  });
}

/** The document ExportData gives and import takes back. */
export async function exportDefinition(ctx: FlowContext, id: string): Promise<FlowDefinitionInput> {
  const d = await getDefinition(ctx, { id });
  return {
    enCode: d.enCode,
    fullName: d.fullName,
    fullNameEn: d.fullNameEn,
    fullNameTw: d.fullNameTw,
    category: d.category,
    icon: d.icon,
    iconBackground: d.iconBackground,
    formName: d.formName,
    launchers: d.launchers,
    openToSuppliers: d.openToSuppliers,
    flowTemplateJson: d.flowTemplateJson as FlowNode,
    description: d.description,
    sortCode: d.sortCode,
  };
}

/** Imports an exported document as a new draft; its tree must pass the release checks. */
export function importDefinition(ctx: FlowContext, input: FlowDefinitionInput): Promise<string> {
  assertReleasable(ctx, input.flowTemplateJson);
  return createDefinition(ctx, input);
}

/** Gives every node and branch a new id, keeping the references between them (reject targets, handlers). */
export function renumberTree(tree: FlowNode): FlowNode {
  const salt = randomBytes(3).toString('hex');
  const ids = new Map<string, string>();
  let n = 0;
  const fresh = (id: string) => {
    let next = ids.get(id);
    if (!next) {
      n += 1;
      next = `n${salt}_${n}`;
      ids.set(id, next);
    }
    return next;
  };
  const copy = structuredClone(tree);
  const walk = (node: FlowNode | null | undefined) => {
    for (let cur = node; cur; cur = cur.next) {
      cur.id = fresh(cur.id);
      if (cur.type === 'condition' || cur.type === 'parallel')
        for (const branch of cur.branches) {
          branch.id = fresh(branch.id);
          walk(branch.next);
        }
    }
  };
  walk(copy);
  const remap = (node: FlowNode | null | undefined) => {
    for (let cur = node; cur; cur = cur.next) {
      if ((cur.type === 'approver' || cur.type === 'copy') && cur.assignee.kind === 'nodeHandler')
        cur.assignee = { kind: 'nodeHandler', nodeId: ids.get(cur.assignee.nodeId) ?? cur.assignee.nodeId };
      if (cur.type === 'approver' && cur.rejectTo?.kind === 'node')
        cur.rejectTo = { kind: 'node', nodeId: ids.get(cur.rejectTo.nodeId) ?? cur.rejectTo.nodeId };
      if (cur.type === 'condition' || cur.type === 'parallel')
        for (const branch of cur.branches) remap(branch.next);
    }
  };
  remap(copy);
  return copy;
}

/** A new draft with a free code (`code.copy`, `code.copy2`, …) and new node ids. */
export async function copyDefinition(ctx: FlowContext, id: string): Promise<string> {
  const source = await exportDefinition(ctx, id);
  return transaction(ctx.db, async (tx) => {
    const taken = new Set(
      (
        await tx
          .selectFrom('flow_definition')
          .select('en_code')
          .where('tenant_id', '=', ctx.tenantId)
          .where('en_code', 'like', `${source.enCode.slice(0, 40)}.copy%`)
          .execute()
      ).map((r) => r.en_code),
    );
    const base = `${source.enCode.slice(0, 40)}.copy`;
    let code = base;
    for (let i = 2; taken.has(code); i += 1) code = `${base}${i}`;
    const copied = (name: string, locale: typeof ctx.locale) => {
      const suffix = flowMessage('flow.copySuffix', locale);
      return name ? `${name.slice(0, 50 - suffix.length)}${suffix}` : '';
    };
    return insertDraft(ctx, tx, {
      ...source,
      enCode: code,
      fullName: copied(source.fullName, ctx.locale),
      fullNameEn: copied(source.fullNameEn, 'en-US'),
      fullNameTw: copied(source.fullNameTw, 'zh-TW'),
      flowTemplateJson: renumberTree(source.flowTemplateJson),
    });
  });
}

/** Validates the draft tree and freezes it as the next numbered version; new tasks use that one. */
export async function releaseDefinition(ctx: FlowContext, id: string): Promise<number> {
  return transaction(ctx.db, async (tx) => {
    const row = await tx
      .selectFrom('flow_definition')
      .select(['id', 'flow_template_json', 'form_name', 'current_version', 'launchers'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    const parsed = flowDefinitionSaveSchema.shape.flowTemplateJson.safeParse(row.flow_template_json);
    if (!parsed.success) throw flowError(400, ctx, 'flow.error.invalidTree');
    assertReleasable(ctx, parsed.data);
    const launchers = flowDefinitionSaveSchema.shape.launchers.safeParse(row.launchers);
    // A draft saved before ids were checked is checked here: nothing foreign is ever released.
    await assertOwnIds(ctx, tx, {
      launchers: launchers.success ? launchers.data : { all: false },
      flowTemplateJson: parsed.data,
      formName: row.form_name,
    });
    const version = row.current_version + 1;
    await tx
      .insertInto('flow_version')
      .values({
        tenant_id: ctx.tenantId,
        definition_id: id,
        version,
        flow_template_json: jsonb(parsed.data),
        form_name: row.form_name,
        created_by: ctx.userId,
      })
      .execute();
    await tx
      .updateTable('flow_definition')
      .set({
        state: FLOW_DEFINITION_STATE.released,
        current_version: version,
        updated_at: sql`now()`,
        row_version: sql`row_version + 1`,
      })
      .where('id', '=', id)
      .execute();
    return version;
  });
}

/** Blocks new launches of a released flow; tasks in flight finish on the version they started on. */
export async function stopDefinition(ctx: FlowContext, id: string): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    const d = await getDefinition(ctx, { id }, tx);
    if (d.currentVersion === 0) throw flowError(409, ctx, 'flow.error.notReleased');
    await tx
      .updateTable('flow_definition')
      .set({
        state: FLOW_DEFINITION_STATE.stopped,
        updated_at: sql`now()`,
        row_version: sql`row_version + 1`,
      })
      .where('id', '=', id)
      .execute();
  });
}
