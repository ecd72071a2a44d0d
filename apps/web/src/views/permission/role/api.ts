import { type Page, type Role, RoleApi, type RoleUser } from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

/** A role as the add and edit form sends it. */
export interface RoleBody {
  roleName: string;
  enCode: string;
  orderNum: number;
  enabled: boolean;
}

/** One prefix for the role list and its users, so a write reads both again (`roleKeys.all`). */
export const roleKeys = {
  all: ['role'] as const,
  list: (params: QueryParams) => ['role', 'list', params] as const,
  users: (params: QueryParams) => ['role', 'users', params] as const,
};

export const roleApi = {
  list: (params: QueryParams) => http.get<Page<Role>>(RoleApi.list, params),
  create: (body: RoleBody) => http.post<Role>(RoleApi.save, body),
  update: (id: string, body: RoleBody) => http.post<Role>(RoleApi.update, { ...body, id }),
  setState: (id: string, enabled: boolean) =>
    http.put<Role>(`${RoleApi.role}/${id}/Actions/State`, { enabled }),
  remove: (id: string) => http.post(RoleApi.delete, { id }),
  users: (params: QueryParams) => http.get<Page<RoleUser>>(RoleApi.userList, params),
  addUsers: (roleId: string, userIds: string[]) => http.post(RoleApi.addUsers, { roleId, userIds }),
  removeUsers: (roleId: string, userIds: string[]) => http.post(RoleApi.removeUsers, { roleId, userIds }),
};
