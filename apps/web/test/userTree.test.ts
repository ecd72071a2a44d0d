import type { UserPick } from '@srm/contracts/core';
import { describe, expect, it } from 'vitest';
import {
  buildUserTree,
  groupValues,
  isUserValue,
  matchesUserSearch,
  NO_DEPT_VALUE,
  type UserTreeNode,
} from '../src/components/user/userTree';
import { orgNode } from './orgFixtures';

const node = orgNode;
const user = (id: string, deptId: string | null): UserPick => ({
  id,
  realName: `张${id}`,
  account: `acc${id}`,
  deptId,
  deptName: deptId ? `name-${deptId}` : null,
});

// head (1) → east (2) → eastBuy (3); head → buy (4) → buyA (5); head → empty (6)
const org = [
  node('1', 'company', [
    node('2', 'company', [node('3', 'department')]),
    node('4', 'department', [node('5', 'department')]),
    node('6', 'department'),
  ]),
];

const shape = (nodes: UserTreeNode[]): unknown[] =>
  nodes.map((n) => (n.children ? { [n.value]: shape(n.children) } : n.value));

describe('user tree', () => {
  it('hangs users under their department or company, after the sub-units', () => {
    const tree = buildUserTree(
      org,
      [user('10', '3'), user('11', '1'), user('12', '5'), user('13', '3')],
      '无',
    );
    expect(shape(tree)).toEqual([
      { 'org:1': [{ 'org:2': [{ 'org:3': ['10', '13'] }] }, { 'org:4': [{ 'org:5': ['12'] }] }, '11'] },
    ]);
    expect(tree[0]?.userCount).toBe(4);
    expect(tree[0]?.children?.[0]).toMatchObject({
      kind: 'company',
      label: 'name-2',
      code: 'code2',
      userCount: 2,
    });
    expect(tree[0]?.children?.[2]).toMatchObject({ kind: 'user', label: '张11 (acc11)', code: 'acc11' });
  });

  it('leaves out org nodes without users and groups users without a known department last', () => {
    const tree = buildUserTree(org, [user('10', '3'), user('20', null), user('21', '99')], '未分配部门');
    expect(shape(tree)).toEqual([
      { 'org:1': [{ 'org:2': [{ 'org:3': ['10'] }] }] },
      { [NO_DEPT_VALUE]: ['20', '21'] },
    ]);
    expect(tree[1]).toMatchObject({ kind: 'none', label: '未分配部门', userCount: 2 });
    expect(buildUserTree(org, [], '无')).toEqual([]);
  });

  it('only users are values; groups holding groups open first; search on name, account, org name', () => {
    const tree = buildUserTree(org, [user('10', '3'), user('12', '5')], '无');
    expect(['10', 'org:3', NO_DEPT_VALUE].map(isUserValue)).toEqual([true, false, false]);
    expect(groupValues(tree)).toEqual(['org:1', 'org:2', 'org:4']);
    const eastBuy = tree[0]?.children?.[0]?.children?.[0] as UserTreeNode;
    const u10 = eastBuy.children?.[0] as UserTreeNode;
    expect(matchesUserSearch(u10, '张1')).toBe(true);
    expect(matchesUserSearch(u10, 'ACC10')).toBe(true);
    expect(matchesUserSearch(u10, 'acc12')).toBe(false);
    expect(matchesUserSearch(eastBuy, 'name-3')).toBe(true);
    expect(matchesUserSearch(eastBuy, '  ')).toBe(true);
  });
});
