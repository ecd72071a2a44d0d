import {
  PurchaseOrderApi as A,
  type Page,
  type PoAnswerBody,
  type PoSaveBody,
  type PoSupplierChoice,
  type PurchaseOrder,
  type PurchaseOrderSummary,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../api/request';

/** Query keys of the order screens: a write reads again what it touched. */
export const orderKeys = {
  all: ['procurement', 'orders'] as const,
  list: (params: QueryParams) => ['procurement', 'orders', 'list', params] as const,
  one: (id: string) => ['procurement', 'orders', 'one', id] as const,
  suppliers: (keyword: string) => ['procurement', 'suppliers', keyword] as const,
  portal: ['procurement', 'portal'] as const,
  portalList: (params: QueryParams) => ['procurement', 'portal', 'list', params] as const,
  portalOne: (id: string) => ['procurement', 'portal', 'one', id] as const,
};

export const orderApi = {
  list: (params: QueryParams) => http.get<Page<PurchaseOrderSummary>>(A.base, params),
  get: (id: string) => http.get<PurchaseOrder>(`${A.base}/${id}`),
  suppliers: (keyword: string) =>
    http.get<PoSupplierChoice[]>(A.suppliers, keyword ? { keyword } : undefined),
  create: (body: PoSaveBody) => http.post<PurchaseOrder>(A.base, body),
  update: (id: string, body: PoSaveBody & { version: number }) =>
    http.put<PurchaseOrder>(`${A.base}/${id}`, body),
  remove: (id: string) => http.delete<null>(`${A.base}/${id}`),
  submit: (id: string, version: number) => http.post<PurchaseOrder>(A.submit(id), { version }),
  close: (id: string, version: number) => http.post<PurchaseOrder>(A.close(id), { version }),
  cancel: (id: string, version: number, reason: string) =>
    http.post<PurchaseOrder>(A.cancel(id), { version, reason }),
  decide: (id: string, body: { version: number; lineId: string; accept: boolean; reason: string }) =>
    http.post<PurchaseOrder>(A.decide(id), body),
};

export const portalOrderApi = {
  list: (params: QueryParams) => http.get<Page<PurchaseOrderSummary>>(A.portal, params),
  get: (id: string) => http.get<PurchaseOrder>(`${A.portal}/${id}`),
  answer: (id: string, body: PoAnswerBody) => http.post<PurchaseOrder>(A.answer(id), body),
};
