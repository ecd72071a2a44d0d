import { type BillRule, BillRuleApi, type BillRuleBody, type Page } from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

export const billRuleKeys = {
  all: ['billRules'] as const,
  list: (params: QueryParams) => [...billRuleKeys.all, params] as const,
};

export const billRuleApi = {
  list: (params: QueryParams) => http.get<Page<BillRule>>(BillRuleApi.billRule, params),
  create: (body: BillRuleBody) => http.post<BillRule>(BillRuleApi.billRule, body),
  update: (id: string, body: BillRuleBody) => http.put<BillRule>(`${BillRuleApi.billRule}/${id}`, body),
  remove: (id: string) => http.delete(`${BillRuleApi.billRule}/${id}`),
};
