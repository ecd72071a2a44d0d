import { type CompanyDetail, OrgApi } from '@srm/contracts/core';
import { http } from '../../../api/request';
import { ORG_QUERY_KEY } from '../../../components/org';

/** A company as the edit form sends it; a new one also names its parent. */
export interface CompanyBody {
  deptName: string;
  enCode: string;
  orderNum: number;
  enabled: boolean;
}

/** Under the org prefix, so any org write (`invalidateOrg`) reads them again. */
export const companyKeys = {
  detail: (id: string | null) => [...ORG_QUERY_KEY, 'company', id] as const,
};

/** Companies: the tree itself is read with `useOrgTree`; every write is followed by `invalidateOrg`. */
export const companyApi = {
  detail: (id: string) => http.get<CompanyDetail>(`${OrgApi.company}/${id}`),
  create: (body: CompanyBody & { parentId: string }) => http.post(OrgApi.company, body),
  update: (id: string, body: CompanyBody) => http.put(`${OrgApi.company}/${id}`, body),
  move: (id: string, parentId: string) => http.put(`${OrgApi.company}/${id}/Actions/Move`, { parentId }),
  remove: (id: string) => http.delete(`${OrgApi.company}/${id}`),
};
