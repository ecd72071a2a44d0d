// The zod-free part of supplier-schemas.ts (shared by the web without zod).
import type { ValidationMessageKey } from '../validation/rules.core';
import { BAD_TEXT_KEY, isCleanText } from '../validation/text.core';

/**
 * The supplier domain's staff permission codes, seeded with the `base` menu group
 * (supplier records, vendor notices). Supplier users never hold them: the vendor-side calls check
 * that the caller belongs to a supplier instead.
 */
export const VENDOR_CODES = {
  /** The purchasing side's supplier directory (the menu group). */
  base: 'base',
  supplier: 'base.vendor.supplier',
  supplierAdd: 'base.vendor.supplier.add',
  supplierEdit: 'base.vendor.supplier.edit',
  supplierState: 'base.vendor.supplier.state',
  supplierExport: 'base.vendor.supplier.export',
  notice: 'base.vendorNotice',
  noticeAdd: 'base.vendorNotice.add',
  noticeEdit: 'base.vendorNotice.edit',
  noticeDelete: 'base.vendorNotice.delete',
  noticeCheck: 'base.vendorNotice.check',
  noticeExport: 'base.vendorNotice.export',
} as const;
/** The same codes under the name the permission-code checks look for (`…Perm`). */
export const VendorPerm = VENDOR_CODES;

/** `ent.entType` of a supplier's enterprise (1 is the tenant's own, purchasing one). */
export const SUPPLIER_ENT_TYPE = 2;

/**
 * The supplier's own menu: the pages its users see instead of the purchasing
 * side's menu. The nav shows a supplier's user only this directory, and staff never see it.
 */
export const VENDOR_PORTAL_MENU = 'vendorPortal';
export const VendorPortalPerm = {
  portal: VENDOR_PORTAL_MENU,
  inbox: 'vendorPortal.inbox',
  company: 'vendorPortal.company',
  users: 'vendorPortal.users',
  /** The launch catalogue of the flows opened to suppliers (the staff's launch page). */
  flowLaunch: 'vendorPortal.flowLaunch',
  /** Its purchase orders, answered line by line (procurement/). */
  orders: 'vendorPortal.orders',
  /** Its advance ship notices and package labels (procurement/). */
  deliveries: 'vendorPortal.deliveries',
  /** Its invoices against received lines (procurement/). */
  invoices: 'vendorPortal.invoices',
  /** The requests for quotation it is invited to, and its quotes (procurement/). */
  rfqs: 'vendorPortal.rfqs',
} as const;

/** The supplier's notice inbox page (its menu's address). */
export const VENDOR_INBOX_PATH = '/vendorPortal/inbox';
/** The inbox with one notice open: what a notice's internal message and the home page link to. */
export const vendorInboxNoticePath = (noticeId: string) =>
  `${VENDOR_INBOX_PATH}?${new URLSearchParams({ id: noticeId })}`;

export const VendorNoticeApi = {
  /** GET paged (staff). */
  list: '/api/base/vendorNotice/list',
  /** GET paged: the caller's supplier's inbox, unread first. */
  listByVendor: '/api/base/vendorNotice/listByVendor',
  /** GET ?noticeId=: per-supplier progress (read / replied / overdue). */
  itemList: '/api/base/vendorNotice/itemList',
  /** GET ?noticeId=: the replies and acknowledgements, with the counts. */
  queryMsgByNotice: '/api/base/vendorNotice/queryMsgByNotice',
  /** POST: a new draft (state 0). */
  save: '/api/base/vendorNotice/save',
  /** POST: edits a draft (body with id). */
  update: '/api/base/vendorNotice/update',
  /** POST {ids}: deletes drafts. */
  delete: '/api/base/vendorNotice/delete',
  /** GET `${info}/{id}`: staff see the notice with its item lines; a supplier's user its own line. */
  info: '/api/base/vendorNotice/info',
  /** GET `${deleteInfoById}/{itemId}`: removes one target supplier from a draft. */
  deleteInfoById: '/api/base/vendorNotice/deleteInfoById',
  /** GET `${check}/{id}`: publishes a draft (state 1). */
  check: '/api/base/vendorNotice/check',
  /** GET `${reverse}/{id}`: back to draft while no supplier has replied. */
  reverse: '/api/base/vendorNotice/reverse',
  /** GET `${updateIsRead}/{id}`: the supplier marks the notice read. */
  updateIsRead: '/api/base/vendorNotice/updateIsRead',
  /** POST `${reply}/{id}`: the supplier's reply (draft kept until sent). */
  reply: '/api/base/vendorNotice/reply',
  /** GET `${acknowledge}/{id}`: the supplier acknowledges the notice. */
  acknowledge: '/api/base/vendorNotice/acknowledge',
  /** POST `${remind}/{id}`: an internal message to the suppliers that have not replied. */
  remind: '/api/base/vendorNotice/remind',
  /** GET `${exportProgress}/{id}`: the progress as .xlsx (?link=true: a one-time link). */
  exportProgress: '/api/base/vendorNotice/export',
  /** POST multipart: an attachment (PDF or image, at most 10 MB, checked by content). */
  upload: '/api/base/vendorNotice/upload',
} as const;

export const SupplierApi = {
  /** GET paged (filters); POST creates; GET `${base}/{id}` detail. */
  base: '/api/base/vendor/Supplier',
  /** GET: .xlsx of the filtered list. */
  export: '/api/base/vendor/Supplier/Actions/Export',
  /** GET: the caller's own supplier (supplier users). */
  mine: '/api/base/vendor/Supplier/Mine',
  /** GET paged; POST creates a sub-account; PUT `${mineUsers}/{id}/Actions/State|ResetPassword`. */
  mineUsers: '/api/base/vendor/Supplier/Mine/Users',
  /** GET `?keyword=` or `?ids=1,2`: suppliers to pick in a form's supplier field (any staff user). */
  selector: '/api/base/vendor/Supplier/Selector',
} as const;

/** A supplier as a form's picker offers it. */
export interface SupplierOption {
  id: string;
  supplierName: string;
  supplierCode: string;
  state: SupplierState;
}

/** Staff calls on one supplier: `${SupplierApi.base}/{id}/History`, `…/Notices`. */
export const supplierHistoryPath = (id: string) => `${SupplierApi.base}/${id}/History`;
export const supplierNoticesPath = (id: string) => `${SupplierApi.base}/${id}/Notices`;

/** What a history line of a supplier records. */
export const SUPPLIER_HISTORY_ACTIONS = [
  'created',
  'state',
  'blacklist',
  'profile',
  'userAdded',
  'userState',
  'userPassword',
  /** An approved change request of bank or legal data (supplier side, through `VendorChange`). */
  'change',
  /** Further supply categories admitted. */
  'categories',
] as const;
export type SupplierHistoryAction = (typeof SUPPLIER_HISTORY_ACTIONS)[number];

/** Days before a qualification expires at which its supplier and buyer are told (once each). */
export const QUALIFICATION_REMINDER_DAYS = [30, 7, 1] as const;

/** Attachment type of the file domain's download route (`/api/file/Download/vendorFile/{id}`). */
export const VENDOR_FILE_TYPE = 'vendorFile';
/** Vendor attachments: at most 10 MB each. */
export const VENDOR_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const SUPPLIER_STATES = ['potential', 'qualified', 'frozen', 'eliminated'] as const;
export type SupplierState = (typeof SUPPLIER_STATES)[number];
export const SUPPLIER_ACTIONS = ['qualify', 'freeze', 'unfreeze', 'eliminate'] as const;
export type SupplierAction = (typeof SUPPLIER_ACTIONS)[number];

/** The life cycle: potential → qualified → frozen ↔ qualified → eliminated (from any live state). */
const TRANSITIONS: Record<SupplierAction, { from: readonly SupplierState[]; to: SupplierState }> = {
  qualify: { from: ['potential'], to: 'qualified' },
  freeze: { from: ['qualified'], to: 'frozen' },
  unfreeze: { from: ['frozen'], to: 'qualified' },
  eliminate: { from: ['potential', 'qualified', 'frozen'], to: 'eliminated' },
};

/** The state an action leads to, or null when the action is not allowed from `state`. */
export function nextSupplierState(state: SupplierState, action: SupplierAction): SupplierState | null {
  const rule = TRANSITIONS[action];
  return rule.from.includes(state) ? rule.to : null;
}

/** Suppliers whose users may sign in and receive notices. */
export function supplierActive(state: SupplierState): boolean {
  return state === 'potential' || state === 'qualified';
}

/** A supplier's reply: 0 none, 1 draft kept, 2 sent. */
export const REPLY_STATES = [0, 1, 2] as const;

/**
 * A supplier's registered capital (注册资本) is kept and shown in 万元 (10,000 CNY), as the business
 * licence states it: what the registration, the change request and the staff record take, with two
 * decimals, up to this many 万元.
 */
export const REGISTERED_CAPITAL_MAX = 1e11;

/** The longest reply text to a vendor notice (characters, after trimming). */
export const VENDOR_REPLY_MAX_LENGTH = 5000;

/**
 * The one rule of a supplier's reply to a vendor notice, checked by the server and by the inbox form
 * before it asks to send: the text is clean (no NUL, no unpaired surrogate) and at most
 * `VENDOR_REPLY_MAX_LENGTH` characters after trimming; a reply to send has text or a file (a draft may
 * be empty). The message key of the first problem of the text, or null.
 */
export function vendorReplyProblem(reply: {
  replyText: string;
  fileCount: number;
  send: boolean;
}): ValidationMessageKey | null {
  const text = reply.replyText.trim();
  if (!isCleanText(text)) return BAD_TEXT_KEY;
  if (text.length > VENDOR_REPLY_MAX_LENGTH) return 'validation.tooLong';
  if (reply.send && !text && reply.fileCount === 0) return 'validation.required';
  return null;
}
