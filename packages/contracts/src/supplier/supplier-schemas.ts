import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import {
  zAccount,
  zCreditCode,
  zEmail,
  zEnCode,
  zMobile,
  zName,
  zPassword,
  zTelephone,
} from '../validation/rules';
import {
  REGISTERED_CAPITAL_MAX,
  SUPPLIER_ACTIONS,
  SUPPLIER_HISTORY_ACTIONS,
  SUPPLIER_STATES,
  VENDOR_REPLY_MAX_LENGTH,
} from './supplier-schemas.core';

export * from './supplier-schemas.core';

const text = (max: number) => z.string().trim().max(max);
const optionalCode = z.union([z.literal(''), zEnCode({ max: 50 })]).default('');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const supplierContactSchema = z.object({
  contactName: zName({ max: 50 }),
  mobile: zMobile(),
  email: z.union([z.literal(''), zEmail({ max: 100 })]).default(''),
  phone: z.union([z.literal(''), zTelephone({ max: 30 })]).default(''),
  isPrimary: z.boolean().default(false),
});

export const supplierBankSchema = z.object({
  bankName: text(100).min(1),
  branch: text(100).default(''),
  accountNo: z
    .string()
    .trim()
    .regex(/^\d{6,32}$/),
});

export const supplierQualificationSchema = z.object({
  qualType: zEnCode({ max: 50 }),
  fileId: idSchema.nullable().default(null),
  expiresOn: isoDate.nullable().default(null),
});

/** Staff record a supplier (with its first user, optionally). */
export const supplierBodySchema = z.object({
  supplierName: text(200).min(1),
  creditCode: zCreditCode(),
  legalPerson: text(50).default(''),
  /** In 万元 (10,000 CNY), like the registration's. */
  registeredCapital: z.number().nonnegative().max(REGISTERED_CAPITAL_MAX).nullable().default(null),
  foundDate: isoDate.nullable().default(null),
  companyType: optionalCode,
  areaCode: z.union([z.literal(''), z.string().regex(/^\d{6,12}$/)]).default(''),
  address: text(200).default(''),
  businessScope: text(2000).default(''),
  contacts: z.array(supplierContactSchema).min(1).max(20),
  banks: z.array(supplierBankSchema).max(10).default([]),
  categories: z
    .array(zEnCode({ max: 50 }))
    .max(100)
    .default([]),
  qualifications: z.array(supplierQualificationSchema).max(50).default([]),
  /** The supplier's first user (its administrator). */
  user: z
    .object({
      account: zAccount({ max: 50 }),
      password: zPassword(),
      realName: zName({ max: 50 }),
      mobile: zMobile(),
    })
    .optional(),
});
export type SupplierBody = z.input<typeof supplierBodySchema>;

export const supplierQuerySchema = pageQuerySchema.extend({
  supplierName: text(100).optional(),
  supplierCode: text(50).optional(),
  creditCode: text(18).optional(),
  categoryCode: text(50).optional(),
  state: z.enum(SUPPLIER_STATES).optional(),
  areaCode: z
    .string()
    .regex(/^\d{2,12}$/)
    .optional(),
  blacklisted: z.enum(['true', 'false']).optional(),
  link: z.enum(['true', 'false']).optional(),
});

/** GET selector: a name or code to look for, or the ids of the values a form holds (at most 50). */
export const supplierSelectorQuerySchema = z.object({
  keyword: text(100).optional(),
  ids: z
    .string()
    .regex(/^\d{1,18}(,\d{1,18}){0,49}$/, { error: 'validation.invalid' })
    .optional(),
});

export const supplierOptionSchema = z.object({
  id: z.string(),
  supplierName: z.string(),
  supplierCode: z.string(),
  state: z.enum(SUPPLIER_STATES),
});

export const supplierSchema = z.object({
  id: z.string(),
  entId: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
  creditCode: z.string(),
  state: z.enum(SUPPLIER_STATES),
  blacklisted: z.boolean(),
  blacklistReason: z.string(),
  areaCode: z.string(),
  categories: z.array(z.string()),
  createTime: z.number(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const vendorFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** The download address (`/api/file/Download/vendorFile/{id}`). */
  url: z.string(),
});
export type VendorFile = z.infer<typeof vendorFileSchema>;

export const supplierDetailSchema = supplierSchema.extend({
  legalPerson: z.string(),
  registeredCapital: z.number().nullable(),
  foundDate: z.string().nullable(),
  companyType: z.string(),
  address: z.string(),
  businessScope: z.string(),
  // Plain texts: what was stored is shown even if a rule changed since.
  contacts: z.array(
    z.object({
      id: z.string(),
      contactName: z.string(),
      mobile: z.string(),
      email: z.string(),
      phone: z.string(),
      isPrimary: z.boolean(),
    }),
  ),
  banks: z.array(
    z.object({ id: z.string(), bankName: z.string(), branch: z.string(), accountNo: z.string() }),
  ),
  categoryLines: z.array(z.object({ categoryCode: z.string(), qualified: z.boolean() })),
  qualifications: z.array(
    z.object({
      id: z.string(),
      qualType: z.string(),
      expiresOn: z.string().nullable(),
      /** Expired, expiring within 30 days, or fine. */
      expiry: z.enum(['expired', 'expiring', 'valid', 'none']),
      file: vendorFileSchema.nullable(),
    }),
  ),
  users: z.array(
    z.object({
      id: z.string(),
      account: z.string(),
      realName: z.string(),
      mobile: z.string(),
      enabled: z.boolean(),
    }),
  ),
  /** The supplier's administrator (its first user): manages sub-accounts and the profile. */
  adminUserId: z.string().nullable(),
  /** The staff user responsible for the supplier (told of expiring qualifications). */
  buyerName: z.string(),
});
export type SupplierDetail = z.infer<typeof supplierDetailSchema>;

/** What a supplier's administrator edits of its own record: nothing legal, nothing bank. */
export const supplierProfileBodySchema = z.object({
  areaCode: z.union([z.literal(''), z.string().regex(/^\d{6,12}$/)]).default(''),
  address: text(200).default(''),
  businessScope: text(2000).default(''),
  contacts: z.array(supplierContactSchema).min(1).max(20),
});
export type SupplierProfileBody = z.input<typeof supplierProfileBodySchema>;

export const supplierHistorySchema = z.object({
  id: z.string(),
  action: z.enum(SUPPLIER_HISTORY_ACTIONS),
  /** Field by field: what it was and what it became (texts as stored). */
  changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
  remark: z.string(),
  changedByName: z.string(),
  changedAt: z.number(),
});
export type SupplierHistory = z.infer<typeof supplierHistorySchema>;

/** A notice as one supplier received it (staff, the supplier's notices tab). */
export const supplierNoticeLineSchema = z.object({
  id: z.string(),
  noticeId: z.string(),
  title: z.string(),
  state: z.number().int(),
  publishedAt: z.number().nullable(),
  delivered: z.boolean(),
  readAt: z.number().nullable(),
  replyState: z.number().int(),
  overdue: z.boolean(),
});
export type SupplierNoticeLine = z.infer<typeof supplierNoticeLineSchema>;

/** A sub-account: it signs in as `mobile@account` (its mobile at the administrator's account). */
export const vendorSubUserBodySchema = z.object({
  realName: zName({ max: 50 }),
  mobile: zMobile(),
  email: z.union([z.literal(''), zEmail({ max: 100 })]).default(''),
  password: zPassword(),
});
export type VendorSubUserBody = z.input<typeof vendorSubUserBodySchema>;
export const vendorSubUserStateSchema = z.object({ enabled: z.boolean() });
export const vendorSubUserPasswordSchema = z.object({ password: zPassword() });
export const vendorUserSchema = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string(),
  mobile: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  isAdmin: z.boolean(),
  createTime: z.number(),
});
export type VendorUser = z.infer<typeof vendorUserSchema>;

export const supplierStateBodySchema = z.object({ action: z.enum(SUPPLIER_ACTIONS) });
export const supplierBlacklistBodySchema = z
  .object({ blacklisted: z.boolean(), reason: text(500).default('') })
  .refine((b) => !b.blacklisted || b.reason.length > 0, { path: ['reason'], message: 'validation.required' });

// ---- Vendor notices ----

export const vendorNoticeBodySchema = z.object({
  title: text(200).min(1),
  /** An item code of the `noticeType` dictionary, or '' for none. */
  noticeType: optionalCode,
  /** HTML; sanitised on save and on display. */
  bodyHtml: z.string().max(200_000).default(''),
  replyRequired: z.boolean().default(false),
  /** Epoch milliseconds, or null for none. */
  replyDeadline: z.number().int().positive().max(8.64e15).nullable().default(null),
  fileIds: z.array(idSchema).max(20).default([]),
  /** The target suppliers (item lines). */
  supplierIds: z.array(idSchema).min(1).max(5000),
});
export type VendorNoticeBody = z.input<typeof vendorNoticeBodySchema>;
export const vendorNoticeUpdateSchema = vendorNoticeBodySchema.extend({ id: idSchema });

export const vendorNoticeQuerySchema = pageQuerySchema.extend({
  state: z.enum(['0', '1']).optional(),
});
export const vendorInboxQuerySchema = pageQuerySchema.extend({
  isRead: z.enum(['0', '1']).optional(),
  /** '1': only what waits for the supplier: unread, or a reply required and not sent yet. */
  open: z.enum(['1']).optional(),
});
export const vendorNoticeItemQuerySchema = pageQuerySchema.extend({
  noticeId: idSchema,
  /** Only the lines in this situation. */
  status: z.enum(['unread', 'read', 'replied', 'notReplied', 'overdue']).optional(),
});
export const noticeIdQuerySchema = z.object({ noticeId: idSchema });
export const idsBodySchema = z.object({ ids: z.array(idSchema).min(1).max(500) });
/** The shape of a reply; `vendorReplyProblem` (the web checks it too) is the rest of its rule. */
export const vendorReplyBodySchema = z.object({
  replyText: text(VENDOR_REPLY_MAX_LENGTH).default(''),
  fileIds: z.array(idSchema).max(10).default([]),
  /** false keeps a draft; true sends it. */
  send: z.boolean(),
});
export const exportQuerySchema = z.object({ link: z.enum(['true', 'false']).optional() });

export const vendorNoticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  noticeType: z.string(),
  bodyHtml: z.string(),
  replyRequired: z.boolean(),
  replyDeadline: z.number().nullable(),
  state: z.number().int(),
  creatorName: z.string(),
  publishedAt: z.number().nullable(),
  createTime: z.number(),
  files: z.array(vendorFileSchema),
  targetCount: z.number().int(),
  readCount: z.number().int(),
  repliedCount: z.number().int(),
  /** Staff: the item lines (target suppliers). */
  items: z
    .array(
      z.object({
        id: z.string(),
        supplierId: z.string(),
        supplierCode: z.string(),
        supplierName: z.string(),
      }),
    )
    .optional(),
  /** A supplier's user: its own line. */
  mine: z
    .object({
      readAt: z.number().nullable(),
      readByName: z.string(),
      ackAt: z.number().nullable(),
      replyText: z.string(),
      replyState: z.number().int(),
      repliedAt: z.number().nullable(),
      files: z.array(vendorFileSchema),
    })
    .optional(),
});
export type VendorNotice = z.infer<typeof vendorNoticeSchema>;

export const vendorInboxItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  noticeType: z.string(),
  replyRequired: z.boolean(),
  replyDeadline: z.number().nullable(),
  publishedAt: z.number().nullable(),
  isRead: z.number().int(),
  readAt: z.number().nullable(),
  ackAt: z.number().nullable(),
  replyState: z.number().int(),
  overdue: z.boolean(),
});
export type VendorInboxItem = z.infer<typeof vendorInboxItemSchema>;

export const vendorNoticeItemSchema = z.object({
  id: z.string(),
  supplierId: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
  supplierState: z.enum(SUPPLIER_STATES),
  delivered: z.boolean(),
  readAt: z.number().nullable(),
  readByName: z.string(),
  ackAt: z.number().nullable(),
  replyState: z.number().int(),
  repliedAt: z.number().nullable(),
  overdue: z.boolean(),
  remindedAt: z.number().nullable(),
});
export type VendorNoticeItem = z.infer<typeof vendorNoticeItemSchema>;

export const vendorNoticeProgressSchema = z.object({
  targets: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  acknowledged: z.number().int(),
  replied: z.number().int(),
  overdue: z.number().int(),
});

export const vendorNoticeMsgSchema = z.object({
  summary: vendorNoticeProgressSchema,
  list: z.array(
    z.object({
      itemId: z.string(),
      supplierId: z.string(),
      supplierName: z.string(),
      replyText: z.string(),
      repliedAt: z.number().nullable(),
      repliedByName: z.string(),
      ackAt: z.number().nullable(),
      ackByName: z.string(),
      files: z.array(vendorFileSchema),
    }),
  ),
});
