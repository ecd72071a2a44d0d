/**
 * Roles (permission menu group): permission codes and API paths of the role screen. The page's code
 * is its menu enCode; its buttons are `permission.role.add|edit|delete`.
 */
export const RolePerm = {
  role: 'permission.role',
  roleAdd: 'permission.role.add',
  roleEdit: 'permission.role.edit',
  roleDelete: 'permission.role.delete',
} as const;
export type RolePermCode = (typeof RolePerm)[keyof typeof RolePerm];

export const RoleApi = {
  /** GET, paged (keyword on name and code, enabled filter). */
  list: '/api/sys/role/list',
  /** GET `${select}/{tenantId}`: enabled roles of the tenant for selectors. */
  select: '/api/sys/role/select',
  save: '/api/sys/role/save',
  update: '/api/sys/role/update',
  /** GET `${info}/{id}`. */
  info: '/api/sys/role/info',
  /** POST {id}: deletes the role with its user relations and grants. */
  delete: '/api/sys/role/delete',
  /** PUT `${role}/{id}/Actions/State` {enabled}. */
  role: '/api/permission/Role',
  /** GET ?roleId=, paged users of the role. */
  userList: '/api/sys/role/userList',
  addUsers: '/api/sys/role/addUsers',
  removeUsers: '/api/sys/role/removeUsers',
} as const;
