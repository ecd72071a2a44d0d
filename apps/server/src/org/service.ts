import type { SubCompanyNode } from '@srm/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export interface DeptRow {
  id: string;
  parent_id: string;
  dept_name: string;
  dept_type: 'company' | 'department';
  order_num: number;
}

export function loadDepts(db: Kysely<Database>, tenantId: string): Promise<DeptRow[]> {
  return db
    .selectFrom('sys_dept')
    .select(['id', 'parent_id', 'dept_name', 'dept_type', 'order_num'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .orderBy('order_num')
    .orderBy('id')
    .execute();
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

/** The companies of the tree that contains the department (decisions §2), as a tree. */
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
