import {
  type MsgTemplate,
  MsgTemplateApi,
  OrgApi,
  type Page,
  type Position,
  RoleApi,
  type RoleOption,
  type User,
  UserApi,
  type UserImportResult,
  type UserInfo,
  type UserLock,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

/** What the edit form sends; a new user also has an account and a password. */
export interface UserBody {
  realName: string;
  mobile: string;
  email: string;
  deptId: string | null;
  roleIds: string[];
  positionIds: string[];
  enabled: boolean;
}

/** Every query of the user screen starts with `all`, so a write refreshes them all. */
export const userKeys = {
  all: ['permission', 'users'] as const,
  list: (params: QueryParams) => [...userKeys.all, 'list', params] as const,
  info: (id: string | undefined) => [...userKeys.all, 'info', id] as const,
  /** Which users of a list page are locked out of signing in (asked beside the page). */
  locks: (ids: readonly string[]) => [...userKeys.all, 'locks', ids] as const,
  roleOptions: (tenantId: string | undefined) => [...userKeys.all, 'roleOptions', tenantId] as const,
  positionOptions: () => [...userKeys.all, 'positionOptions'] as const,
  /** The tenant's message templates (shared with the message screens' reads of them). */
  msgTemplates: () => ['msgTemplates'] as const,
};

export const userApi = {
  list: (params: QueryParams) => http.get<Page<User>>(UserApi.users, params),
  info: (id: string) => http.get<UserInfo>(`${UserApi.users}/${id}`),
  create: (body: UserBody & { account: string; password: string }) =>
    http.post<UserInfo>(UserApi.users, body),
  update: (id: string, body: UserBody) => http.put<UserInfo>(`${UserApi.users}/${id}`, body),
  remove: (id: string) => http.delete(`${UserApi.users}/${id}`),
  setState: (id: string, enabled: boolean) => http.put(UserApi.state(id), { enabled }),
  unlock: (id: string) => http.put(UserApi.unlock(id)),
  locks: (ids: readonly string[]) => http.post<UserLock[]>(UserApi.locks, { ids }),
  resetPassword: (id: string, password: string) => http.post(UserApi.resetPassword(id), { password }),
  /** The filtered list as a spreadsheet (the same filter as the list, without paging). */
  exportList: (filter: QueryParams) => http.blob(UserApi.export, filter),
  importFile: (file: File) => http.upload<UserImportResult>(UserApi.import, file),
  importTemplate: () => http.blob(UserApi.importTemplate),
  // Option lists for the form: silent, so a manager without those screens simply gets no options.
  roleOptions: (tenantId: string) =>
    http.get<RoleOption[]>(`${RoleApi.select}/${tenantId}`, undefined, { silent: true }),
  positionOptions: () => http.get<Position[]>(OrgApi.postAll, undefined, { silent: true }),
  msgTemplates: () => http.get<MsgTemplate[]>(MsgTemplateApi.all),
};
