import {
  type Asn,
  type AsnLabels,
  type AsnSaveBody,
  type AsnSummary,
  DeliveryApi as D,
  type Page,
  type ReceiptSaveBody,
  type ShippableLine,
  type SupplierDelivery,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../api/request';

/** Query keys of the notice and receipt screens: a write reads again what it touched. */
export const deliveryKeys = {
  all: ['procurement', 'deliveries'] as const,
  list: (params: QueryParams) => ['procurement', 'deliveries', 'list', params] as const,
  one: (id: string) => ['procurement', 'deliveries', 'one', id] as const,
  labels: (side: string, id: string) => ['procurement', 'deliveries', 'labels', side, id] as const,
  portal: ['procurement', 'portalDeliveries'] as const,
  portalList: (params: QueryParams) => ['procurement', 'portalDeliveries', 'list', params] as const,
  portalOne: (id: string) => ['procurement', 'portalDeliveries', 'one', id] as const,
  shippable: ['procurement', 'portalDeliveries', 'shippable'] as const,
  figures: (supplierId: string) => ['procurement', 'deliveries', 'figures', supplierId] as const,
  ownFigures: ['procurement', 'portalDeliveries', 'figures'] as const,
};

export const receiptApi = {
  list: (params: QueryParams) => http.get<Page<AsnSummary>>(D.base, params),
  get: (id: string) => http.get<Asn>(`${D.base}/${id}`),
  figures: (supplierId: string) =>
    http.get<SupplierDelivery>(`${D.performance}/${supplierId}`, undefined, { silent: true }),
  /** Silent: the scan box says itself what a code did not find. */
  scan: (code: string) => http.get<Asn>(D.scan, { code }, { silent: true }),
  labels: (id: string) => http.get<AsnLabels>(D.labels(id)),
  receive: (body: ReceiptSaveBody) => http.post<Asn>(D.receipt, body),
  update: (id: string, body: Omit<ReceiptSaveBody, 'asnId'> & { version: number }) =>
    http.put<Asn>(`${D.receipt}/${id}`, body),
  confirm: (id: string, version: number) => http.post<Asn>(D.confirm(id), { version }),
  reverse: (id: string, version: number, reason: string) =>
    http.post<Asn>(D.reverse(id), { version, reason }),
};

export const portalDeliveryApi = {
  list: (params: QueryParams) => http.get<Page<AsnSummary>>(D.portal, params),
  figures: () => http.get<SupplierDelivery>(D.portalPerformance),
  get: (id: string) => http.get<Asn>(`${D.portal}/${id}`),
  shippable: () => http.get<ShippableLine[]>(D.shippable),
  labels: (id: string) => http.get<AsnLabels>(D.portalLabels(id)),
  create: (body: AsnSaveBody) => http.post<Asn>(D.portal, body),
  update: (id: string, body: AsnSaveBody & { version: number }) => http.put<Asn>(`${D.portal}/${id}`, body),
  remove: (id: string, version: number) => http.delete<null>(`${D.portal}/${id}?version=${version}`),
  send: (id: string, version: number) => http.post<Asn>(D.send(id), { version }),
  withdraw: (id: string, version: number) => http.post<Asn>(D.withdraw(id), { version }),
};
