import {
  RfqApi as A,
  type BidBoard,
  type BidRank,
  type Page,
  type PortalRfq,
  type QuoteSaveBody,
  type RequisitionChoice,
  type Rfq,
  type RfqComparison,
  type RfqFile,
  type RfqSaveBody,
  type RfqSummary,
  type RfqSupplierChoice,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../api/request';

/** Query keys of the request-for-quotation screens: a write reads again what it touched. */
export const rfqKeys = {
  all: ['procurement', 'rfqs'] as const,
  list: (params: QueryParams) => ['procurement', 'rfqs', 'list', params] as const,
  one: (id: string) => ['procurement', 'rfqs', 'one', id] as const,
  quotes: (id: string) => ['procurement', 'rfqs', 'quotes', id] as const,
  /** Staff's live board of an auction (the socket's `bidBoard` frames land here too). */
  board: (id: string) => ['procurement', 'rfqs', 'board', id] as const,
  suppliers: (keyword: string, categoryCode: string) =>
    ['procurement', 'rfqs', 'suppliers', keyword, categoryCode] as const,
  requisitions: (keyword: string) => ['procurement', 'rfqs', 'requisitions', keyword] as const,
  portal: ['procurement', 'portalRfqs'] as const,
  portalList: (params: QueryParams) => ['procurement', 'portalRfqs', 'list', params] as const,
  portalOne: (id: string) => ['procurement', 'portalRfqs', 'one', id] as const,
  /** The supplier's rank in an auction (and the socket's `bidRank` frames). */
  rank: (id: string) => ['procurement', 'portalRfqs', 'rank', id] as const,
};

export const rfqApi = {
  list: (params: QueryParams) => http.get<Page<RfqSummary>>(A.base, params),
  get: (id: string) => http.get<Rfq>(`${A.base}/${id}`),
  create: (body: RfqSaveBody) => http.post<Rfq>(A.base, body),
  update: (id: string, body: RfqSaveBody & { version: number }) => http.put<Rfq>(`${A.base}/${id}`, body),
  remove: (id: string) => http.delete<null>(`${A.base}/${id}`),
  publish: (id: string, version: number) => http.post<Rfq>(A.publish(id), { version }),
  close: (id: string, version: number) => http.post<Rfq>(A.close(id), { version }),
  newRound: (id: string, version: number, deadline: number) =>
    http.post<Rfq>(A.newRound(id), { version, deadline }),
  cancel: (id: string, version: number, reason: string) => http.post<Rfq>(A.cancel(id), { version, reason }),
  award: (id: string, version: number, lines: { lineId: string; supplierId: string }[]) =>
    http.post<Rfq>(A.award(id), { version, lines }),
  quotes: (id: string) => http.get<RfqComparison>(A.quotes(id)),
  board: (id: string) => http.get<BidBoard>(A.board(id)),
  suspendBid: (id: string, version: number) => http.post<Rfq>(A.suspendBid(id), { version }),
  resumeBid: (id: string, version: number) => http.post<Rfq>(A.resumeBid(id), { version }),
  suppliers: (keyword: string, categoryCode: string) =>
    http.get<RfqSupplierChoice[]>(A.suppliers, {
      keyword: keyword || undefined,
      categoryCode: categoryCode || undefined,
    }),
  requisitions: (keyword: string) =>
    http.get<RequisitionChoice[]>(A.requisitions, keyword ? { keyword } : undefined),
};

export const portalRfqApi = {
  list: (params: QueryParams) => http.get<Page<RfqSummary>>(A.portal, params),
  get: (id: string) => http.get<PortalRfq>(`${A.portal}/${id}`),
  saveQuote: (id: string, body: QuoteSaveBody) => http.put<PortalRfq>(A.quote(id), body),
  withdraw: (id: string, version: number) => http.post<PortalRfq>(A.withdrawQuote(id), { version }),
  upload: (file: File) => http.upload<RfqFile>(A.upload, file),
  rank: (id: string) => http.get<BidRank>(A.bids(id)),
  bid: (id: string, lines: { rfqLineId: string; unitPrice: string }[]) =>
    http.post<BidRank>(A.bids(id), { lines }),
};
