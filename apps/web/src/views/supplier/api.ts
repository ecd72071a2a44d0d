import {
  type Application,
  type ChangeBody,
  type Page,
  type Supplier,
  SupplierApi,
  type SupplierDetail,
  type SupplierEvaluation,
  SupplierEvaluationApi,
  type SupplierHistory,
  type SupplierNoticeLine,
  type SupplierProfileBody,
  supplierHistoryPath,
  supplierNoticesPath,
  type VendorChange,
  type VendorFile,
  type VendorInboxItem,
  type VendorNotice,
  VendorNoticeApi,
  type VendorNoticeBody,
  type VendorNoticeItem,
  VendorRequestApi,
  type VendorSubUserBody,
  type VendorUser,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../api/request';

const N = VendorNoticeApi;

/** Query keys of the supplier screens: a write reads again what it touched. */
export const vendorKeys = {
  suppliers: () => ['vendor', 'suppliers'] as const,
  supplierList: (params: QueryParams) => ['vendor', 'suppliers', 'list', params] as const,
  supplier: (id: string) => ['vendor', 'suppliers', 'detail', id] as const,
  evaluation: (id: string) => ['vendor', 'suppliers', 'evaluation', id] as const,
  history: (id: string, params: QueryParams) => ['vendor', 'suppliers', 'history', id, params] as const,
  supplierNotices: (id: string, params: QueryParams) =>
    ['vendor', 'suppliers', 'notices', id, params] as const,
  notices: () => ['vendor', 'notices'] as const,
  noticeList: (params: QueryParams) => ['vendor', 'notices', 'list', params] as const,
  notice: (id: string) => ['vendor', 'notices', 'info', id] as const,
  progress: (id: string, params: QueryParams) => ['vendor', 'notices', 'progress', id, params] as const,
  replies: (id: string) => ['vendor', 'notices', 'replies', id] as const,
  inbox: () => ['vendor', 'inbox'] as const,
  inboxList: (params: QueryParams) => ['vendor', 'inbox', 'list', params] as const,
  inboxInfo: (id: string) => ['vendor', 'inbox', 'info', id] as const,
  mine: () => ['vendor', 'mine'] as const,
  myUsers: (params: QueryParams) => ['vendor', 'mine', 'users', params] as const,
  myChanges: () => ['vendor', 'mine', 'changes'] as const,
  myCategoryApps: () => ['vendor', 'mine', 'categoryApps'] as const,
};

export type NoticeMessages = {
  summary: {
    targets: number;
    delivered: number;
    read: number;
    acknowledged: number;
    replied: number;
    overdue: number;
  };
  list: {
    itemId: string;
    supplierId: string;
    supplierName: string;
    replyText: string;
    repliedAt: number | null;
    repliedByName: string;
    ackAt: number | null;
    ackByName: string;
    files: VendorFile[];
  }[];
};

export const supplierApi = {
  list: (params: QueryParams) => http.get<Page<Supplier>>(SupplierApi.base, params),
  exportList: (params: QueryParams) => http.blob(SupplierApi.export, params),
  detail: (id: string) => http.get<SupplierDetail>(`${SupplierApi.base}/${id}`),
  history: (id: string, params: QueryParams) =>
    http.get<Page<SupplierHistory>>(supplierHistoryPath(id), params),
  /** The latest approved evaluation (the supplier evaluation page's rows), null when none. */
  evaluation: (id: string) =>
    http.get<SupplierEvaluation | null>(`${SupplierEvaluationApi.base}/${id}`, undefined, { silent: true }),
  notices: (id: string, params: QueryParams) =>
    http.get<Page<SupplierNoticeLine>>(supplierNoticesPath(id), params),
  state: (id: string, action: string) =>
    http.put<SupplierDetail>(`${SupplierApi.base}/${id}/Actions/State`, { action }),
  blacklist: (id: string, blacklisted: boolean, reason: string) =>
    http.put<SupplierDetail>(`${SupplierApi.base}/${id}/Actions/Blacklist`, { blacklisted, reason }),
};

export const noticeApi = {
  list: (params: QueryParams) => http.get<Page<VendorNotice>>(N.list, params),
  info: (id: string) => http.get<VendorNotice>(`${N.info}/${id}`),
  save: (id: string | undefined, body: VendorNoticeBody) =>
    id ? http.post<VendorNotice>(N.update, { ...body, id }) : http.post<VendorNotice>(N.save, body),
  remove: (ids: string[]) => http.post<null>(N.delete, { ids }),
  check: (id: string) => http.get<VendorNotice>(`${N.check}/${id}`),
  reverse: (id: string) => http.get<VendorNotice>(`${N.reverse}/${id}`),
  items: (params: QueryParams) => http.get<Page<VendorNoticeItem>>(N.itemList, params),
  messages: (noticeId: string) => http.get<NoticeMessages>(N.queryMsgByNotice, { noticeId }),
  remind: (id: string) => http.post<{ reminded: number }>(`${N.remind}/${id}`),
  exportProgress: (id: string) => http.blob(`${N.exportProgress}/${id}`),
  upload: (file: File) => http.upload<VendorFile>(N.upload, file),
};

export const inboxApi = {
  list: (params: QueryParams) => http.get<Page<VendorInboxItem>>(N.listByVendor, params),
  info: (id: string) => http.get<VendorNotice>(`${N.info}/${id}`),
  read: (id: string) => http.get<VendorNotice>(`${N.updateIsRead}/${id}`),
  acknowledge: (id: string) => http.get<VendorNotice>(`${N.acknowledge}/${id}`),
  reply: (id: string, body: { replyText: string; fileIds: string[]; send: boolean }) =>
    http.post<VendorNotice>(`${N.reply}/${id}`, body),
};

export const portalApi = {
  mine: () => http.get<SupplierDetail>(SupplierApi.mine),
  saveProfile: (body: SupplierProfileBody) => http.put<SupplierDetail>(SupplierApi.mine, body),
  users: (params: QueryParams) => http.get<Page<VendorUser>>(SupplierApi.mineUsers, params),
  addUser: (body: VendorSubUserBody) => http.post<VendorUser>(SupplierApi.mineUsers, body),
  setEnabled: (id: string, enabled: boolean) =>
    http.put<null>(`${SupplierApi.mineUsers}/${id}/Actions/State`, { enabled }),
  resetPassword: (id: string, password: string) =>
    http.put<null>(`${SupplierApi.mineUsers}/${id}/Actions/ResetPassword`, { password }),
};

/** The supplier's own requests: a change of bank or legal data, further categories (silent: the forms show the refusal). */
export const requestApi = {
  changes: () => http.get<VendorChange[]>(VendorRequestApi.change),
  requestChange: (body: ChangeBody) =>
    http.post<VendorChange>(VendorRequestApi.change, body, { silent: true }),
  categoryApps: () => http.get<Application[]>(VendorRequestApi.category),
  applyCategories: (categories: string[]) =>
    http.post<Application>(VendorRequestApi.category, { categories }, { silent: true }),
};
