import {
  type Application,
  type Invitation,
  type InvitationBody,
  type InvitationCreated,
  type Page,
  VendorAdmissionApi,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

/** Query keys of the invitations and applications screen. */
export const admissionKeys = {
  invitations: () => ['vendor', 'invitations'] as const,
  invitationList: (params: QueryParams) => ['vendor', 'invitations', 'list', params] as const,
  applicationList: (params: QueryParams) => ['vendor', 'applications', 'list', params] as const,
};

export const admissionApi = {
  invitations: (params: QueryParams) => http.get<Page<Invitation>>(VendorAdmissionApi.invitation, params),
  invite: (body: InvitationBody) => http.post<InvitationCreated>(VendorAdmissionApi.invitation, body),
  applications: (params: QueryParams) => http.get<Page<Application>>(VendorAdmissionApi.application, params),
};
