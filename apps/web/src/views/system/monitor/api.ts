import { type MonitorInfo, OpsApi } from '@srm/contracts/core';
import { http } from '../../../api/request';

export const monitorKeys = {
  all: ['system', 'monitor'] as const,
};

export const monitorApi = {
  sample: () => http.get<MonitorInfo>(OpsApi.monitor),
};
