import type { DeptNode, UserPick } from '@srm/contracts/core';
import { userLabel } from './userPickers';

/** A node of the user tree: a company or department (a group, never a value) or a user (a value). */
export interface UserTreeNode {
  /** A user's id; `org:<id>` for a company or department, `org:none` for the users without one. */
  value: string;
  kind: 'company' | 'department' | 'none' | 'user';
  /** The text in the tree: "name (account)" for a user, the name for an org node. */
  label: string;
  /** Lower-case text a search matches: name and account of a user, name and code of an org node. */
  search: string;
  /** The org node's code or the user's account (stable test ids). */
  code: string;
  /** Users in this node and below it. */
  userCount: number;
  children?: UserTreeNode[];
}

export const NO_DEPT_VALUE = 'org:none';
export const orgValue = (id: string) => `org:${id}`;
export const isUserValue = (value: string) => !value.startsWith('org:');

function userNode(user: UserPick): UserTreeNode {
  return {
    value: user.id,
    kind: 'user',
    label: userLabel(user),
    search: `${user.realName} ${user.account}`.toLowerCase(),
    code: user.account,
    userCount: 1,
  };
}

/**
 * Companies → departments → users. Every user hangs under its department (or company); org nodes
 * without any user below them are left out (checking one would pick nobody), and users whose
 * department is not in the tree go to a last "no department" group titled `noDeptTitle`.
 */
export function buildUserTree(org: DeptNode[], users: UserPick[], noDeptTitle: string): UserTreeNode[] {
  const byDept = new Map<string, UserPick[]>();
  for (const u of users) {
    const key = u.deptId ?? '';
    byDept.set(key, [...(byDept.get(key) ?? []), u]);
  }
  const placed = new Set<string>();
  const build = (nodes: DeptNode[]): UserTreeNode[] =>
    nodes.flatMap((n) => {
      const members = byDept.get(n.id) ?? [];
      placed.add(n.id);
      const children = [...build(n.children ?? []), ...members.map(userNode)];
      if (!children.length) return [];
      return [
        {
          value: orgValue(n.id),
          kind: n.deptType,
          label: n.deptName,
          search: `${n.deptName} ${n.enCode}`.toLowerCase(),
          code: n.enCode,
          userCount: children.reduce((sum, c) => sum + c.userCount, 0),
          children,
        },
      ];
    });
  const tree = build(org);
  const homeless = users.filter((u) => !u.deptId || !placed.has(u.deptId));
  if (homeless.length) {
    tree.push({
      value: NO_DEPT_VALUE,
      kind: 'none',
      label: noDeptTitle,
      search: noDeptTitle.toLowerCase(),
      code: 'none',
      userCount: homeless.length,
      children: homeless.map(userNode),
    });
  }
  return tree;
}

/** The org nodes that hold other org nodes (opened at first; leaf departments stay closed). */
export function groupValues(nodes: UserTreeNode[]): string[] {
  return nodes.flatMap((n) =>
    n.children?.some((c) => c.kind !== 'user') ? [n.value, ...groupValues(n.children)] : [],
  );
}

/** Whether a node matches the search; the tree select keeps a matched group with all its users. */
export function matchesUserSearch(node: UserTreeNode, keyword: string): boolean {
  const k = keyword.trim().toLowerCase();
  return !k || node.search.includes(k);
}
