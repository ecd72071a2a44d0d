import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { PASSWORD_CLASSES } from '../system/sys-config.core';
import { zAccount, zCreditCode, zEmail, zEnCode, zMobile, zName, zTelephone } from '../validation/rules';
import {
  APPLICATION_STATUSES,
  BUSINESS_LICENCE_CODE,
  CHANGE_KINDS,
  INVITATION_DEFAULT_DAYS,
  INVITATION_MAX_DAYS,
  INVITATION_STATUSES,
} from './supplier-register.core';
import { REGISTERED_CAPITAL_MAX, supplierBankSchema } from './supplier-schemas';

export * from './supplier-forms.core';
export * from './supplier-register.core';

const text = (max: number) => z.string().trim().max(max);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(v)));
const optionalCode = z.union([z.literal(''), zEnCode({ max: 50 })]).default('');
const tenantCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,50}$/);

export const registerQualificationSchema = z.object({
  qualType: zEnCode({ max: 50 }),
  /** An upload of this registration: its id and the key the upload answered (anonymous files are claimed by it). */
  fileId: idSchema,
  fileKey: z.string().regex(/^[0-9a-f]{32}$/),
  expiresOn: isoDate,
});

export const registerContactSchema = z.object({
  contactName: zName({ max: 50 }),
  mobile: zMobile(),
  email: z.union([z.literal(''), zEmail({ max: 100 })]).default(''),
  phone: z.union([z.literal(''), zTelephone({ max: 30 })]).default(''),
});

/** The company, categories, contact, bank and qualifications of an application (what approvers see). */
export const registerFormSchema = z.object({
  supplierName: text(200).min(1),
  creditCode: zCreditCode(),
  legalPerson: zName({ max: 50 }),
  registeredCapital: z.number().nonnegative().max(REGISTERED_CAPITAL_MAX).nullable().default(null),
  foundDate: isoDate.nullable().default(null),
  companyType: optionalCode,
  areaCode: z.string().regex(/^\d{6,12}$/),
  address: text(200).min(1),
  businessScope: text(2000).min(1),
  categories: z
    .array(zEnCode({ max: 50 }))
    .min(1)
    .max(100),
  contact: registerContactSchema,
  bank: supplierBankSchema,
  qualifications: z.array(registerQualificationSchema).min(1).max(20),
});
export type RegisterForm = z.input<typeof registerFormSchema>;

/** The future vendor account: account and the password twice (the rule is the tenant's password rule). */
const accountSchema = z.object({
  account: zAccount({ max: 50 }),
  password: z.string().min(1).max(100),
  confirmPassword: z.string().max(100),
});

const withChecks = <
  T extends z.ZodType<{
    password?: string;
    confirmPassword?: string;
    qualifications: { qualType: string }[];
  }>,
>(
  schema: T,
) =>
  schema
    .refine((b) => b.password === undefined || b.password === b.confirmPassword, {
      path: ['confirmPassword'],
      message: 'validation.passwordMismatch',
    })
    .refine((b) => b.qualifications.some((q) => q.qualType === BUSINESS_LICENCE_CODE), {
      path: ['qualifications'],
      message: 'validation.businessLicence',
    });

export const registerBodySchema = withChecks(
  registerFormSchema.extend(accountSchema.shape).extend({
    /** The tenant registered with (a code); the platform's own when absent. */
    tenant: tenantCode.optional(),
    /** The ALTCHA payload (base64 JSON of the challenge and its solution); not needed with an invitation. */
    altcha: z.string().max(10_000).optional(),
    /** An invitation's token: prefills the form, skips the proof of work, used once. */
    invitationToken: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,100}$/)
      .optional(),
  }),
);
export type RegisterBody = z.input<typeof registerBodySchema>;

/**
 * Who may read an application: its number with the link's secret token (everything, and the form of a
 * rejected one), or with the contact's mobile (the state and a rejection's reason only: numbers are
 * guessable and a mobile is no secret).
 */
export const applicationAccessSchema = z
  .object({
    no: z.string().regex(/^VA\d{14}$/),
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,100}$/)
      .optional(),
    mobile: zMobile().optional(),
  })
  .refine((b) => b.token !== undefined || b.mobile !== undefined, {
    path: ['mobile'],
    message: 'validation.required',
  });

/** A correction needs the application's secret link (its token): number and mobile never suffice. */
export const resubmitBodySchema = withChecks(
  registerFormSchema.extend({
    no: z.string().regex(/^VA\d{14}$/),
    token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
    password: z.string().max(100).optional(),
    confirmPassword: z.string().max(100).optional(),
  }),
);

export const registerOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  get children() {
    return z.array(registerOptionSchema).optional();
  },
});
export type RegisterOption = { code: string; name: string; children?: RegisterOption[] | undefined };

export const registerOptionsSchema = z.object({
  tenant: z.string(),
  categories: z.array(registerOptionSchema),
  qualificationTypes: z.array(registerOptionSchema),
  companyTypes: z.array(registerOptionSchema),
  /** The tenant's password rule (the form checks as the user types). */
  password: z.object({
    passwordMinLength: z.number().int(),
    passwordMaxLength: z.number().int(),
    passwordClasses: z.array(z.enum(PASSWORD_CLASSES)),
    passwordExpiryDays: z.number().int(),
    passwordHistory: z.number().int(),
  }),
});
export type RegisterOptions = z.infer<typeof registerOptionsSchema>;

export const invitationPrefillSchema = z.object({
  tenant: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  mobile: z.string(),
  email: z.string(),
  expiresAt: z.number(),
});
export type InvitationPrefill = z.infer<typeof invitationPrefillSchema>;

export const registerUploadSchema = z.object({
  id: z.string(),
  /** The claim key: the submit names the file with it (nobody else's anonymous upload can be taken). */
  key: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type RegisterUpload = z.infer<typeof registerUploadSchema>;

export const registerResultSchema = z.object({
  applicationNo: z.string(),
  /** The status page's secret (only in this answer; the link carries it). */
  token: z.string(),
  status: z.enum(APPLICATION_STATUSES),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

export const applicationStatusSchema = z.object({
  applicationNo: z.string(),
  /** Read with the secret link (true) or with number and mobile (false: no name, account or form). */
  byLink: z.boolean(),
  /** The company's name ('' without the link). */
  supplierName: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  rejectReason: z.string(),
  submittedAt: z.number(),
  decidedAt: z.number().nullable(),
  /** The account to sign in with once approved ('' without the link). */
  account: z.string(),
  /** A rejected application's data, for correcting it (file keys included, password left out); only with the link. */
  form: z.record(z.string(), z.unknown()).nullable(),
  tenant: z.string(),
});
export type ApplicationStatusView = z.infer<typeof applicationStatusSchema>;

// ---- Staff ----

export const invitationBodySchema = z
  .object({
    companyName: text(200).min(1),
    contactName: zName({ max: 50 }),
    mobile: z.union([z.literal(''), zMobile()]).default(''),
    email: z.union([z.literal(''), zEmail({ max: 100 })]).default(''),
    days: z.number().int().min(1).max(INVITATION_MAX_DAYS).default(INVITATION_DEFAULT_DAYS),
  })
  .refine((b) => b.mobile !== '' || b.email !== '', {
    path: ['mobile'],
    message: 'validation.mobileOrEmail',
  });
export type InvitationBody = z.input<typeof invitationBodySchema>;

export const invitationQuerySchema = pageQuerySchema.extend({
  status: z.enum(INVITATION_STATUSES).optional(),
});

export const invitationSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  mobile: z.string(),
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.number(),
  createTime: z.number(),
  creatorName: z.string(),
  applicationNo: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationCreatedSchema = invitationSchema.extend({
  /** The one-time link (its token is kept only as a hash: shown this once). */
  link: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

export const applicationQuerySchema = pageQuerySchema.extend({
  status: z.enum(APPLICATION_STATUSES).optional(),
});

export const applicationSchema = z.object({
  id: z.string(),
  applicationNo: z.string(),
  scope: z.enum(['register', 'category']),
  supplierName: z.string(),
  creditCode: z.string(),
  categories: z.array(z.string()),
  status: z.enum(APPLICATION_STATUSES),
  rejectReason: z.string(),
  taskId: z.string().nullable(),
  /** The caller's open to-do on the application's task (operator id), if any. */
  operatorId: z.string().nullable(),
  createTime: z.number(),
  supplierCode: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

// ---- Supplier side ----

export const legalChangeSchema = z.object({
  supplierName: text(200).min(1),
  legalPerson: zName({ max: 50 }),
  registeredCapital: z.number().nonnegative().max(REGISTERED_CAPITAL_MAX).nullable().default(null),
  companyType: optionalCode,
  areaCode: z.union([z.literal(''), z.string().regex(/^\d{6,12}$/)]).default(''),
  address: text(200).default(''),
  businessScope: text(2000).default(''),
});

export const changeBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bank'),
    reason: text(500).default(''),
    bank: z.array(supplierBankSchema).min(1).max(10),
  }),
  z.object({ kind: z.literal('legal'), reason: text(500).default(''), legal: legalChangeSchema }),
]);
export type ChangeBody = z.input<typeof changeBodySchema>;

export const changeSchema = z.object({
  id: z.string(),
  kind: z.enum(CHANGE_KINDS),
  status: z.enum(APPLICATION_STATUSES),
  reason: z.string(),
  rejectReason: z.string(),
  /** What is asked for: `{bank: [...]}` or `{legal: {...}}`. */
  after: z.record(z.string(), z.unknown()),
  /** What it replaces, as it stood when asked (same shape; null for requests of older versions). */
  before: z.record(z.string(), z.unknown()).nullable(),
  createTime: z.number(),
  decidedAt: z.number().nullable(),
});
export type VendorChange = z.infer<typeof changeSchema>;

export const categoryApplyBodySchema = z.object({
  categories: z
    .array(zEnCode({ max: 50 }))
    .min(1)
    .max(50),
});
