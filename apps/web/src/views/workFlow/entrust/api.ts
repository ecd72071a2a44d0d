import { type FlowDelegate, type FlowDelegateSave, FlowTaskApi } from '@srm/contracts/core';
import { http } from '../../../api/request';

export const entrustKeys = {
  all: ['workFlow', 'entrust'] as const,
};

export const entrustApi = {
  list: () => http.get<FlowDelegate[]>(FlowTaskApi.entrust),
  /** Silent: a refusal (self, chain, overlap) is shown in the dialog, on its field. */
  create: (body: FlowDelegateSave) => http.post<{ id: string }>(FlowTaskApi.entrust, body, { silent: true }),
  update: (id: string, body: FlowDelegateSave) =>
    http.put<{ id: string }>(`${FlowTaskApi.entrust}/${id}`, body, { silent: true }),
  end: (id: string) => http.delete<null>(`${FlowTaskApi.entrust}/${id}`),
};
