import { OrgApi } from '@srm/contracts/core';
import { http } from '../../../api/request';

/** A department as the add and edit forms send it. */
export interface DeptBody {
  parentId: string;
  deptName: string;
  enCode: string;
  managerId: string | null;
  orderNum: number;
  enabled: boolean;
}

/**
 * Department writes. Departments are read with the org tree (`useOrgTree`), so every write is
 * followed by `invalidateOrg`.
 */
export const departmentApi = {
  create: (body: DeptBody) => http.post(OrgApi.dept, body),
  update: (id: string, body: DeptBody) => http.put(`${OrgApi.dept}/${id}`, body),
  remove: (id: string) => http.delete(`${OrgApi.dept}/${id}`),
};
