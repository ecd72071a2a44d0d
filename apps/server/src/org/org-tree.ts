import type { Dept, DeptNode, DeptType, SubCompanyNode } from '@srm/contracts';
import type { Kysely } from 'kysely';
import { conflictWith, notFound } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import { userWrites } from '../core/user-writes';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';

export interface DeptRow {
  id: string;
  parent_id: string;
  dept_name: string;
  dept_type: 'company' | 'department';
  order_num: number;
}

/** The enabled companies and departments of a tenant, in tree order (from the one loader, `loadOrg`). */
export async function loadDepts(db: Kysely<Database>, tenantId: string): Promise<DeptRow[]> {
  return (await loadOrg(db, tenantId))
    .filter((d) => d.enabled)
    .map((d) => ({
      id: d.id,
      parent_id: d.parentId,
      dept_name: d.deptName,
      dept_type: d.deptType,
      order_num: d.orderNum,
    }));
}

function ancestors(depts: DeptRow[], deptId: string | null): DeptRow[] {
  const byId = new Map(depts.map((d) => [d.id, d]));
  const chain: DeptRow[] = [];
  let current = deptId ? byId.get(deptId) : undefined;
  while (current && chain.length < 100) {
    chain.push(current);
    current = byId.get(current.parent_id);
  }
  return chain;
}

/** The nearest company at or above the department: the default company of a session. */
export function companyOfDept(depts: DeptRow[], deptId: string | null): DeptRow | null {
  return ancestors(depts, deptId).find((d) => d.dept_type === 'company') ?? null;
}

/** The companies of the tree that contains the department (docs/rules.md#tenancy), as a tree. */
export function companyTree(depts: DeptRow[], deptId: string | null): SubCompanyNode[] {
  const chain = ancestors(depts, deptId);
  const root = chain.at(-1);
  if (!root) return [];
  const companies = depts.filter((d) => d.dept_type === 'company');
  const build = (node: DeptRow): SubCompanyNode => {
    const children = companies.filter((c) => c.parent_id === node.id).map(build);
    return { id: node.id, deptName: node.dept_name, children: children.length ? children : null };
  };
  if (root.dept_type === 'company') return [build(root)];
  return companies.filter((c) => c.parent_id === root.id).map(build);
}

export function flattenTree(nodes: SubCompanyNode[]): SubCompanyNode[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children ?? [])]);
}

/** Companies and departments of a tenant (all of them, disabled included), with the manager name. */
export async function loadOrg(db: Kysely<Database>, tenantId: string): Promise<Dept[]> {
  const rows = await db
    .selectFrom('sys_dept as d')
    .leftJoin('sys_user as u', (j) => j.onRef('u.id', '=', 'd.manager_id').on('u.deleted', '=', false))
    .select([
      'd.id',
      'd.parent_id',
      'd.dept_name',
      'd.en_code',
      'd.dept_type',
      'd.order_num',
      'd.enabled',
      'd.manager_id',
      'u.real_name as manager_name',
    ])
    .where('d.tenant_id', '=', tenantId)
    .orderBy('d.order_num')
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    parentId: String(r.parent_id),
    deptName: r.dept_name,
    enCode: r.en_code,
    deptType: r.dept_type,
    orderNum: r.order_num,
    enabled: r.enabled,
    managerId: r.manager_id == null ? null : String(r.manager_id),
    managerName: r.manager_id == null ? null : (r.manager_name ?? null),
  }));
}

/**
 * loadOrg for reading only (shared, do not mutate), cached per tenant under both versions read with
 * the session: departments bump `version`, user names and deletions (the manager name) bump
 * `user_version` (the tenant's counters, migration 0013). Saves the query on every list request that filters
 * by department or is limited by a department data rule.
 */
export function orgOf(ctx: ServiceContext): Promise<readonly Dept[]> {
  const auth = ctx.auth;
  const { db, cache } = ctx.deps;
  return cache.get(`org:${auth.tenantId}`, `${auth.cacheVersion}.${auth.userVersion}`, () =>
    loadOrg(db, auth.tenantId),
  );
}

/** The node with this id and type (any type when omitted); another tenant's id is not found. */
export function findNode(org: readonly Dept[], id: string, type?: DeptType): Dept {
  const node = org.find((d) => d.id === id);
  if (!node || (type && node.deptType !== type)) throw notFound();
  return node;
}

/** Tree of the nodes below `parentId` that `keep` accepts (a rejected node cuts its branch). */
export function buildTree(
  org: Dept[],
  parentId: string,
  keep: (d: Dept) => boolean = () => true,
): DeptNode[] {
  const byParent = new Map<string, Dept[]>();
  for (const d of org) {
    if (!keep(d)) continue;
    const list = byParent.get(d.parentId) ?? [];
    list.push(d);
    byParent.set(d.parentId, list);
  }
  const build = (pid: string, depth: number): DeptNode[] =>
    depth > 100
      ? []
      : (byParent.get(pid) ?? []).map((d) => {
          const children = build(d.id, depth + 1);
          return { ...d, children: children.length ? children : null };
        });
  return build(parentId, 0);
}

export function flatten(nodes: DeptNode[]): DeptNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** Ids of the node and everything below it. */
export function subtreeIds(org: readonly Dept[], id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of org) {
      if (!ids.has(d.id) && ids.has(d.parentId)) {
        ids.add(d.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The departments of a company (not those of its sub-companies), as a tree under it. */
export function companyDeptTree(org: Dept[], companyId: string): DeptNode[] {
  return buildTree(org, companyId, (d) => d.deptType === 'department');
}

/** "总公司/采购部": the names from the root down. */
export function fullName(org: Dept[], node: Dept): string {
  const byId = new Map(org.map((d) => [d.id, d]));
  const names: string[] = [];
  let current: Dept | undefined = node;
  while (current && names.length < 100) {
    names.unshift(current.deptName);
    current = byId.get(current.parentId);
  }
  return names.join('/');
}

/** A live user of the tenant, else 404. */
export async function assertTenantUser(db: Kysely<Database>, tenantId: string, userId: string) {
  const row = await db
    .selectFrom('sys_user')
    .select('id')
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw notFound();
}

/** Live users and positions attached directly to the node. */
export async function countAttached(
  db: Kysely<Database>,
  tenantId: string,
  nodeId: string,
): Promise<{ users: number; positions: number }> {
  const [users, positions] = await Promise.all([
    db
      .selectFrom('sys_user')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('dept_id', '=', nodeId)
      .where('deleted', '=', false)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sys_position')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('dept_id', '=', nodeId)
      .executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.n), positions: Number(positions.n) };
}

/** Refuses deleting an organisation node that still has children, users or positions. */
export async function assertDeletable(
  db: Kysely<Database>,
  tenantId: string,
  node: Dept,
  org: Dept[],
): Promise<void> {
  if (org.some((d) => d.parentId === node.id))
    throw conflictWith(node.deptType === 'company' ? 'org.companyHasChildren' : 'org.deptHasChildren');
  const { users, positions } = await countAttached(db, tenantId, node.id);
  if (users > 0) throw conflictWith('org.hasUsers');
  if (positions > 0) throw conflictWith('org.hasPositions');
}

/** Deletes a node with no dependants; deleted users keep no reference to it. */
export async function deleteNode(db: Kysely<Database>, tenantId: string, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    await userWrites().removing(tx, tenantId, { deptId: id });
    await tx.deleteFrom('sys_dept').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  });
}

/** A deleted user manages no department any more (permission/user-admin-service.ts). */
export async function dropDeptManager(tx: Kysely<Database>, tenantId: string, userId: string): Promise<void> {
  await tx
    .updateTable('sys_dept')
    .set({ manager_id: null })
    .where('tenant_id', '=', tenantId)
    .where('manager_id', '=', userId)
    .execute();
}
