import {
  OrgApi,
  type Page,
  type Position,
  type PostStaffUserListBody,
  type User,
  UserApi,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';
import { ORG_QUERY_KEY } from '../../../components/org';

/** A position as the add and edit forms send it. */
export interface PositionBody {
  deptId: string;
  positionName: string;
  enCode: string;
  orderNum: number;
  enabled: boolean;
}

/** Under the org prefix, so any org write (`invalidateOrg`) reads them again. */
export const positionKeys = {
  list: (params: QueryParams) => [...ORG_QUERY_KEY, 'positions', params] as const,
  staff: (body: PostStaffUserListBody) => [...ORG_QUERY_KEY, 'positionStaff', body] as const,
};

export const positionApi = {
  list: (params: QueryParams) => http.get<Page<Position>>(OrgApi.position, params),
  /** The users holding a position, paged (a POST with the filter in the body). */
  staff: (body: PostStaffUserListBody) => http.post<Page<User>>(UserApi.postStaffUserList, body),
  create: (body: PositionBody) => http.post(OrgApi.position, body),
  update: (id: string, body: PositionBody) => http.put(`${OrgApi.position}/${id}`, body),
  setState: (id: string, enabled: boolean) => http.put(OrgApi.positionState(id), { enabled }),
  remove: (id: string) => http.delete(`${OrgApi.position}/${id}`),
};
