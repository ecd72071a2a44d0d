import {
  type ApplicationStatusView,
  type InvitationPrefill,
  type RegisterOptions,
  type RegisterResult,
  type RegisterUpload,
  VendorRegisterApi,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

/**
 * Who may read an application: its number with the link's token (all of it), or with the contact's
 * mobile (its state and a rejection's reason only).
 */
export type ApplicationAccess = { no: string; token?: string; mobile?: string };

/** The public calls of the self-registration (no session). */
export const registerApi = {
  // Silent: the page says why it could not load (an unknown enterprise or a failure to retry).
  options: (tenant?: string) =>
    http.get<RegisterOptions>(VendorRegisterApi.options, { tenant }, { silent: true }),
  /** Silent: an unusable link is told on the page itself. */
  invitation: (token: string) =>
    http.get<InvitationPrefill>(`${VendorRegisterApi.invitation}/${encodeURIComponent(token)}`, undefined, {
      silent: true,
    }),
  upload: (file: File, tenant: string) =>
    http.upload<RegisterUpload>(`${VendorRegisterApi.upload}?tenant=${encodeURIComponent(tenant)}`, file),
  submit: (body: Record<string, unknown>) => http.post<RegisterResult>(VendorRegisterApi.submit, body),
  /** Silent: an unknown number or a wrong mobile is told beside the lookup form. */
  status: (access: ApplicationAccess) =>
    http.post<ApplicationStatusView>(VendorRegisterApi.status, access, { silent: true }),
  resubmit: (body: Record<string, unknown>) => http.post<RegisterResult>(VendorRegisterApi.resubmit, body),
};

/** The status page's address of an application (the token is its secret: the link is the key). */
export const statusPath = (no: string, token: string) =>
  `/base/vendor/register?no=${encodeURIComponent(no)}&token=${encodeURIComponent(token)}`;
