// The zod-free part of supplier-register.ts: the public registration's paths, the admission and
// change forms (workflow form schemas), statuses and the staff screen's codes.

/** Public calls of the self-registration (no session; rate-limited per client address). */
export const VendorRegisterApi = {
  /** GET: a proof-of-work challenge (ALTCHA) for the form. */
  challenge: '/api/base/vendor/register/challenge',
  /** GET ?tenant=: the form's choices (categories, qualification and company types) and the password rule. */
  options: '/api/base/vendor/register/options',
  /** GET `${invitation}/{token}`: what an invitation prefills. */
  invitation: '/api/base/vendor/register/invitation',
  /** POST multipart: a qualification file (PDF or image ≤ 10 MB, checked by content). */
  upload: '/api/base/vendor/register/upload',
  /** POST: submits an application (proof of work, or an invitation token). */
  submit: '/api/base/vendor/register',
  /** POST {no, token | mobile}: the application's status; with the token also its data when rejected. */
  status: '/api/base/vendor/register/status',
  /** POST {no, token, form}: a rejected application corrected and sent again (the secret link only). */
  resubmit: '/api/base/vendor/register/resubmit',
} as const;

/** Staff calls: invitations and the applications they lead to. */
export const VendorAdmissionApi = {
  /** GET paged; POST creates (answers the one-time link once). */
  invitation: '/api/base/vendor/Invitation',
  /** GET paged: applications with their status and the caller's open to-do. */
  application: '/api/base/vendor/Application',
} as const;

/** Supplier-side calls: a change of bank or legal data, a further supply category. */
export const VendorRequestApi = {
  /** GET: the caller's supplier's change requests; POST: a new one (goes through `VendorChange`). */
  change: '/api/base/vendor/Change',
  /** GET: the caller's supplier's category applications; POST: apply for further categories. */
  category: '/api/base/vendor/CategoryApply',
} as const;

/** The codes of the staff screen of invitations and admission applications (seeded with its menu page). */
export const VENDOR_ADMISSION_CODES = {
  page: 'base.vendor.invitation',
  invite: 'base.vendor.invitation.add',
} as const;
export const VendorAdmissionPerm = VENDOR_ADMISSION_CODES;

/** The business licence's code in the `qualificationType` dictionary: every application carries one. */
export const BUSINESS_LICENCE_CODE = 'license';

/** An application's number as the status page takes it. */
export const APPLICATION_NO_PATTERN = /^VA\d{14}$/;

export const APPLICATION_STATUSES = ['submitted', 'inReview', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Invitations as the buyer sees them. */
export const INVITATION_STATUSES = ['invited', 'registered', 'admitted', 'rejected', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const CHANGE_KINDS = ['bank', 'legal'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Days an invitation link stays valid unless the buyer chooses otherwise. */
export const INVITATION_DEFAULT_DAYS = 7;
export const INVITATION_MAX_DAYS = 30;

/** The workflow forms of the supplier domain (registered by the vendor domain). */
export const VENDOR_ADMISSION_FORM_NAME = 'VendorAdmission';
export const VENDOR_CHANGE_FORM_NAME = 'VendorChange';
