import { type DeptNode, OrgApi } from '@srm/contracts/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { http } from '../../api/request';

/** Query keys of everything the org screens read: one prefix, so a write refreshes them all. */
export const ORG_QUERY_KEY = ['org'] as const;

/** Companies and departments as one tree (disabled included); shared by every org picker and panel. */
export function useOrgTree() {
  return useQuery({
    queryKey: [...ORG_QUERY_KEY, 'orgTree'],
    queryFn: () => http.get<DeptNode[]>(OrgApi.orgTree),
  });
}

/** After a write: the org tree, company, department and position lists are read again. */
export function invalidateOrg(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ORG_QUERY_KEY });
}

/** The tree with departments cut away (companies keep only their sub-companies). */
export function companiesOf(nodes: DeptNode[]): DeptNode[] {
  return nodes
    .filter((n) => n.deptType === 'company')
    .map((n) => {
      const children = companiesOf(n.children ?? []);
      return { ...n, children: children.length ? children : null };
    });
}

export function findOrgNode(nodes: DeptNode[], id: string | undefined): DeptNode | undefined {
  if (!id) return undefined;
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = findOrgNode(n.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}

/** The company node with only its own departments below it (its sub-companies cut away). */
export function companyWithDepartments(
  nodes: DeptNode[],
  companyId: string | undefined,
): DeptNode | undefined {
  const company = findOrgNode(nodes, companyId);
  if (company?.deptType !== 'company') return undefined;
  const depts = (list: DeptNode[]): DeptNode[] =>
    list
      .filter((n) => n.deptType === 'department')
      .map((n) => {
        const children = depts(n.children ?? []);
        return { ...n, children: children.length ? children : null };
      });
  const children = depts(company.children ?? []);
  return { ...company, children: children.length ? children : null };
}

/** Nodes whose name or code contains the keyword, with their ancestors (so the path stays visible). */
export function filterOrgTree(nodes: DeptNode[], keyword: string): DeptNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return nodes;
  return nodes.flatMap((n) => {
    const children = filterOrgTree(n.children ?? [], k);
    const hit = n.deptName.toLowerCase().includes(k) || n.enCode.toLowerCase().includes(k);
    return hit || children.length
      ? [{ ...n, children: hit ? n.children : children.length ? children : null }]
      : [];
  });
}

export function orgNodeIds(nodes: DeptNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...orgNodeIds(n.children ?? [])]);
}
