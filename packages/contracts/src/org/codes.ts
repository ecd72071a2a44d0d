/**
 * Organisation (permission menu group): permission codes and API paths of the company, department
 * and position screens. A page's code is its menu enCode; its buttons are `page.add|edit|delete`.
 */
export const OrgPerm = {
  organize: 'permission.organize',
  organizeAdd: 'permission.organize.add',
  organizeEdit: 'permission.organize.edit',
  organizeDelete: 'permission.organize.delete',
  department: 'permission.department',
  departmentAdd: 'permission.department.add',
  departmentEdit: 'permission.department.edit',
  departmentDelete: 'permission.department.delete',
  position: 'permission.position',
  positionAdd: 'permission.position.add',
  positionEdit: 'permission.position.edit',
  positionDelete: 'permission.position.delete',
} as const;
export type OrgPermCode = (typeof OrgPerm)[keyof typeof OrgPerm];

export const OrgApi = {
  /** Companies: GET tree; POST create; GET/PUT/DELETE `${company}/{id}`; PUT `${company}/{id}/Actions/Move`. */
  companyTree: '/api/permission/Organize/tree',
  company: '/api/permission/Organize',
  /** Companies and their departments as one tree (disabled included), for the org pickers and panels. */
  orgTree: '/api/permission/Organize/orgTree',
  /** Departments: GET `tree?companyId=`; GET list (paged); POST create; GET/PUT/DELETE `/{id}`. */
  deptTree: '/api/permission/Department/tree',
  dept: '/api/permission/Department',
  deptListAll: '/api/sys/dept/list-all',
  deptListDept: '/api/sys/dept/listDept',
  deptSubAll: '/api/sys/dept/getDeptSubAll',
  deptKeyList: '/api/sys/dept/key/queryDeptKeyList',
  /** Positions: GET list (paged); POST create; GET/PUT/DELETE `/{id}`. */
  position: '/api/permission/Position',
  positionState: (id: string) => `/api/permission/Position/${id}/Actions/State`,
  postAll: '/api/sys/post/all',
  deptPostTree: '/api/sys/post/queryDeptPostTree',
} as const;
