import type { DeptNode } from '@srm/contracts/core';
import { describe, expect, it } from 'vitest';
import {
  companiesOf,
  companyWithDepartments,
  filterOrgTree,
  findOrgNode,
  orgNodeIds,
} from '../src/components/org/orgTree';
import { orgNode } from './orgFixtures';

const node = orgNode;

// head (company) → east (company) → eastBuy (dept); head → buy (dept) → buyA (dept)
const tree = [
  node('1', 'company', [
    node('2', 'company', [node('3', 'department')]),
    node('4', 'department', [node('5', 'department')]),
  ]),
];

describe('org tree helpers', () => {
  it('companiesOf keeps companies only', () => {
    expect(orgNodeIds(companiesOf(tree))).toEqual(['1', '2']);
    expect(companiesOf(tree)[0]?.children?.[0]?.children).toBeNull();
  });

  it('companyWithDepartments cuts sub-companies, keeps own departments', () => {
    expect(orgNodeIds([companyWithDepartments(tree, '1') as DeptNode])).toEqual(['1', '4', '5']);
    expect(orgNodeIds([companyWithDepartments(tree, '2') as DeptNode])).toEqual(['2', '3']);
    expect(companyWithDepartments(tree, '4')).toBeUndefined();
    expect(companyWithDepartments(tree, undefined)).toBeUndefined();
  });

  it('filterOrgTree keeps hits with their ancestors, case-insensitive on name and code', () => {
    expect(orgNodeIds(filterOrgTree(tree, 'CODE5'))).toEqual(['1', '4', '5']);
    expect(orgNodeIds(filterOrgTree(tree, 'name-2'))).toEqual(['1', '2', '3']);
    expect(filterOrgTree(tree, 'nothing')).toEqual([]);
    expect(filterOrgTree(tree, '  ')).toBe(tree);
  });

  it('findOrgNode searches the whole depth', () => {
    expect(findOrgNode(tree, '5')?.deptName).toBe('name-5');
    expect(findOrgNode(tree, '9')).toBeUndefined();
  });
});
