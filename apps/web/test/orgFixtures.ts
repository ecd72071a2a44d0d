import type { DeptNode } from '@srm/contracts/core';

/** An org tree node for the web tests (name and code derived from the id). */
export const orgNode = (id: string, deptType: DeptNode['deptType'], children: DeptNode[] = []): DeptNode => ({
  id,
  parentId: '0',
  deptName: `name-${id}`,
  enCode: `code${id}`,
  deptType,
  orderNum: 0,
  enabled: true,
  managerId: null,
  managerName: null,
  children: children.length ? children : null,
});
