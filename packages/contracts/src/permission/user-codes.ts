/**
 * Users (permission menu group): permission codes and API paths of the user screen. The page's code
 * is its menu enCode; its buttons are `permission.user.add|edit|delete|resetPassword|state|import|export`
 * and its columns `permission.user.mobile|email`.
 */
export const UserPerm = {
  user: 'permission.user',
  userAdd: 'permission.user.add',
  userEdit: 'permission.user.edit',
  userDelete: 'permission.user.delete',
  userResetPassword: 'permission.user.resetPassword',
  /** Lifts the sign-in locks of a user (every address). */
  userUnlock: 'permission.user.unlock',
  userState: 'permission.user.state',
  userImport: 'permission.user.import',
  userExport: 'permission.user.export',
  /** Columns: without them the answers leave the field out. */
  userMobileColumn: 'permission.user.mobile',
  userEmailColumn: 'permission.user.email',
  /** Data rules of the user list (`DATA_RULE_PAGES`): rows created by the user, of their department… */
  userDataOwn: 'permission.user.data.own',
  userDataDept: 'permission.user.data.dept',
  userDataDeptAndBelow: 'permission.user.data.deptAndBelow',
  userDataCompany: 'permission.user.data.company',
  userDataAll: 'permission.user.data.all',
} as const;
export type UserPermCode = (typeof UserPerm)[keyof typeof UserPerm];

export const UserApi = {
  /** GET paged list; POST create; GET/PUT/DELETE `${users}/{id}`. */
  users: '/api/permission/Users',
  /** Enabled users of the tenant, for pickers (holders of a page that picks users). */
  selector: '/api/permission/Users/Selector',
  all: '/api/permission/Users/All',
  /** POST `${users}/{id}/Actions/ResetPassword`; PUT `${users}/{id}/Actions/State`. */
  resetPassword: (id: string) => `/api/permission/Users/${id}/Actions/ResetPassword`,
  state: (id: string) => `/api/permission/Users/${id}/Actions/State`,
  /** PUT: lifts the user's sign-in locks. */
  unlock: (id: string) => `/api/permission/Users/${id}/Actions/Unlock`,
  /** POST {ids}: which of these users are locked out of signing in now (not part of the stored pages: locks run out with time). */
  locks: '/api/permission/Users/Actions/Locks',
  /** GET: the .xlsx import template in the caller's language. */
  importTemplate: '/api/permission/Users/Actions/ImportTemplate',
  /** POST multipart (field `file`, .xlsx): good rows in, bad rows reported. */
  import: '/api/permission/Users/Actions/Import',
  /** GET: the filtered list as .xlsx (same query as the list). */
  export: '/api/permission/Users/Actions/Export',
  /** GET chat contacts (keyword, currentPage, pageSize): enabled users of the tenant. */
  imUser: '/api/permission/Users/ImUser',
  /** POST `${imUserSelector}/{id}` {keyword}: contacts other than the user `id`. */
  imUserSelector: '/api/permission/Users/ImUser/Selector',
  /** POST {positionId?, deptId?, keyword?, currentPage, pageSize}: users of a position or department. */
  postStaffUserList: '/api/sys/postStaff/userList',
  /** Aliases (docs/rules.md#api): list (GET query), update (POST body with id), info (GET `${sysInfo}/{id}`). */
  sysList: '/api/sys/user/list',
  sysUpdate: '/api/sys/user/update',
  sysInfo: '/api/sys/user/info',
  /** POST: the current user's password change (same body as Current/Actions/ModifyPassword). */
  sysUpdatePassword: '/api/sys/user/login/updatePwd',
} as const;

/** Import limits: a larger file or more rows are refused whole with a clear message. */
export const USER_IMPORT_MAX_ROWS = 5000;
export const USER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Password of imported rows whose password cell is empty. */
export const USER_IMPORT_DEFAULT_PASSWORD = 'abc12345';
