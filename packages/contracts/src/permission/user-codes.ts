/**
 * Users (permission menu group): permission codes and API paths of the user screen. The page's code
 * is its menu enCode; its buttons are `permission.user.add|edit|delete|resetPassword|state`.
 */
export const UserPerm = {
  user: 'permission.user',
  userAdd: 'permission.user.add',
  userEdit: 'permission.user.edit',
  userDelete: 'permission.user.delete',
  userResetPassword: 'permission.user.resetPassword',
  userState: 'permission.user.state',
} as const;
export type UserPermCode = (typeof UserPerm)[keyof typeof UserPerm];

export const UserApi = {
  /** GET paged list; POST create; GET/PUT/DELETE `${users}/{id}`. */
  users: '/api/permission/Users',
  /** Signed-in users of the tenant, for pickers (any signed-in user). */
  selector: '/api/permission/Users/Selector',
  all: '/api/permission/Users/All',
  /** POST `${users}/{id}/Actions/ResetPassword`; PUT `${users}/{id}/Actions/State`. */
  resetPassword: (id: string) => `/api/permission/Users/${id}/Actions/ResetPassword`,
  state: (id: string) => `/api/permission/Users/${id}/Actions/State`,
} as const;
