import {
  type ConditionItem,
  type FlowLaunchers,
  type FlowMessageKey,
  type FlowNode,
  type FormSchema,
  flowMessage,
  MAX_ID,
} from '@srm/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../core/errors';
import type { MessageKey } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import type { Database } from '../db/types';

/**
 * Every user, role, position and department (or company) id a flow definition or a form names
 * must be one of the caller's tenant (issue 36 §4): ids are sequential across tenants, so a
 * definition naming another tenant's user would hand him work and push him counts.
 */
export type IdKind = 'user' | 'role' | 'position' | 'dept' | 'supplier';

/** One id and where it was named: the request field, and the node of the tree when in one. */
export interface IdRef {
  kind: IdKind;
  id: string;
  field: string;
  nodeId?: string | undefined;
}

const isId = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{1,19}$/.test(v) && (v.length < MAX_ID.length || v <= MAX_ID);

const SOURCE_KIND = { launcherDept: 'dept', launcherRole: 'role', launcherPosition: 'position' } as const;

/** The ids of a definition (its launcher list, its tree's assignees and branch conditions). */
export function definitionIds(def: {
  launchers: FlowLaunchers;
  flowTemplateJson: FlowNode;
  form?: FormSchema | undefined;
}): IdRef[] {
  const out: IdRef[] = [];
  const { launchers } = def;
  for (const id of launchers.userIds ?? []) out.push({ kind: 'user', id, field: 'launchers.userIds' });
  for (const id of launchers.roleIds ?? []) out.push({ kind: 'role', id, field: 'launchers.roleIds' });
  for (const id of launchers.deptIds ?? []) out.push({ kind: 'dept', id, field: 'launchers.deptIds' });
  for (const id of launchers.positionIds ?? [])
    out.push({ kind: 'position', id, field: 'launchers.positionIds' });
  const idFields = new Map<string, IdKind>();
  for (const f of def.form?.fields ?? [])
    if (f.type === 'user' || f.type === 'dept') idFields.set(f.name, f.type);
  const field = 'flowTemplateJson';
  const conditions = (item: ConditionItem | null | undefined, nodeId: string) => {
    if (!item) return;
    if (item.kind === 'group') {
      for (const child of item.items) conditions(child, nodeId);
      return;
    }
    const kind = item.source === 'form' ? idFields.get(item.field ?? '') : SOURCE_KIND[item.source];
    if (!kind) return;
    const values = Array.isArray(item.value) ? item.value : [item.value];
    for (const v of values) {
      const id = typeof v === 'number' ? String(v) : v;
      if (isId(id)) out.push({ kind, id, field, nodeId });
    }
  };
  const walk = (node: FlowNode | null | undefined) => {
    for (let cur = node; cur; cur = cur.next) {
      if (cur.type === 'approver' || cur.type === 'copy') {
        const a = cur.assignee;
        const nodeId = cur.id;
        if (a.kind === 'users') for (const id of a.userIds) out.push({ kind: 'user', id, field, nodeId });
        if (a.kind === 'roles') for (const id of a.roleIds) out.push({ kind: 'role', id, field, nodeId });
        if (a.kind === 'positions')
          for (const id of a.positionIds) out.push({ kind: 'position', id, field, nodeId });
      }
      if (cur.type === 'condition')
        for (const branch of cur.branches) {
          if (!branch.isDefault) conditions(branch.condition, branch.id);
          walk(branch.next);
        }
      if (cur.type === 'parallel') for (const branch of cur.branches) walk(branch.next);
    }
  };
  walk(def.flowTemplateJson);
  return out;
}

/** The user and department ids a form's data names, by field (`lines.0.owner` in a table). */
export function formIds(form: FormSchema, data: Record<string, unknown>): IdRef[] {
  const out: IdRef[] = [];
  const add = (type: string, value: unknown, field: string) => {
    if (type !== 'user' && type !== 'dept' && type !== 'supplier') return;
    for (const v of Array.isArray(value) ? value : [value])
      if (isId(v)) out.push({ kind: type, id: v, field });
  };
  for (const f of form.fields) {
    const value = data[f.name];
    if (f.type === 'table' && Array.isArray(value))
      value.forEach((row, i) => {
        for (const c of f.columns ?? [])
          add(c.type, (row as Record<string, unknown> | null)?.[c.name], `${f.name}.${i}.${c.name}`);
      });
    else add(f.type, value, f.name);
  }
  return out;
}

const TABLE = {
  user: 'sys_user',
  role: 'sys_role',
  position: 'sys_position',
  dept: 'sys_dept',
  supplier: 'vendor_supplier',
} as const;
const MESSAGE: Record<IdKind, FlowMessageKey> = {
  user: 'flow.error.foreignUser',
  role: 'flow.error.foreignRole',
  position: 'flow.error.foreignPosition',
  dept: 'flow.error.foreignDept',
  supplier: 'flow.error.foreignSupplier',
};

/**
 * The first of `refs` that is no row of the caller's tenant, refused 400 in the caller's language:
 * the message names the id, `data.fields` the request field, `data.nodes` the node where in the tree.
 */
export async function assertTenantIds(
  ctx: Pick<ServiceContext, 'tenantId' | 'locale'>,
  db: Kysely<Database>,
  refs: readonly IdRef[],
): Promise<void> {
  for (const kind of Object.keys(TABLE) as IdKind[]) {
    const ids = [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
    if (ids.length === 0) continue;
    const rows = await db
      .selectFrom(TABLE[kind])
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', ids)
      .execute();
    const known = new Set(rows.map((r) => String(r.id)));
    const bad = refs.find((r) => r.kind === kind && !known.has(r.id));
    if (!bad) continue;
    const message = flowMessage(MESSAGE[kind], ctx.locale, { id: bad.id });
    throw new AppError(400, message as MessageKey, undefined, {
      reason: 'foreignId',
      nodeId: bad.nodeId ?? null,
      fields: { [bad.field]: message },
      ...(bad.nodeId ? { nodes: [{ nodeId: bad.nodeId, code: 'foreignId', message }] } : {}),
    });
  }
}
