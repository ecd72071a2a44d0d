import {
  InvoiceApi as A,
  type Invoice,
  type InvoiceableLine,
  type InvoiceSaveBody,
  type InvoiceSummary,
  type Page,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../api/request';

export const invoiceKeys = {
  all: ['procurement', 'invoices'] as const,
  list: (params: QueryParams) => ['procurement', 'invoices', 'list', params] as const,
  one: (id: string) => ['procurement', 'invoices', 'one', id] as const,
  portal: ['procurement', 'portalInvoices'] as const,
  portalList: (params: QueryParams) => ['procurement', 'portalInvoices', 'list', params] as const,
  portalOne: (id: string) => ['procurement', 'portalInvoices', 'one', id] as const,
  invoiceable: ['procurement', 'portalInvoices', 'invoiceable'] as const,
};

export const invoiceApi = {
  list: (params: QueryParams) => http.get<Page<InvoiceSummary>>(A.base, params),
  get: (id: string) => http.get<Invoice>(`${A.base}/${id}`),
  approve: (id: string, version: number) => http.post<Invoice>(A.approve(id), { version }),
  reject: (id: string, version: number, reason: string) =>
    http.post<Invoice>(A.reject(id), { version, reason }),
};

export const portalInvoiceApi = {
  list: (params: QueryParams) => http.get<Page<InvoiceSummary>>(A.portal, params),
  get: (id: string) => http.get<Invoice>(`${A.portal}/${id}`),
  invoiceable: () => http.get<InvoiceableLine[]>(A.invoiceable),
  submit: (body: InvoiceSaveBody) => http.post<Invoice>(A.portal, body),
};
