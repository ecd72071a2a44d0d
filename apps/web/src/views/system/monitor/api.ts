import { OpsApi, type TenantMonitor } from '@srm/contracts/core';
import { http } from '../../../api/request';

export const monitorKeys = {
  all: ['system', 'monitor'] as const,
  host: ['system', 'monitor', 'host'] as const,
};

export const monitorApi = {
  /** The tenant administrator's monitor: his tenant's sessions, jobs and storage. */
  tenant: () => http.get<TenantMonitor>(OpsApi.monitor),
};
