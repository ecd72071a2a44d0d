import {
  RoleApi,
  SsoApi,
  type SsoProvider,
  type SsoProviderSave,
  type SsoProviderTest,
  type SsoTestResult,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

const S = SsoApi.provider;

export const ssoKeys = {
  all: ['ssoProviders'] as const,
  list: () => [...ssoKeys.all, 'list'] as const,
  one: (id: string) => [...ssoKeys.all, 'one', id] as const,
  roles: (tenantId: string) => [...ssoKeys.all, 'roles', tenantId] as const,
};

// Writes and tests are silent: the editor shows a refusal at its field or in its test result.
export const ssoApi = {
  list: () => http.get<{ list: SsoProvider[] }>(S),
  get: (id: string) => http.get<SsoProvider>(`${S}/${id}`),
  create: (body: SsoProviderSave) => http.post<SsoProvider>(S, body, { silent: true }),
  update: (id: string, body: SsoProviderSave) => http.put<SsoProvider>(`${S}/${id}`, body, { silent: true }),
  remove: (id: string) => http.delete(`${S}/${id}`, undefined, { silent: true }),
  test: (body: SsoProviderTest) => http.post<SsoTestResult>(`${S}/Actions/Test`, body, { silent: true }),
  roles: (tenantId: string) =>
    http.get<{ id: string; roleName: string }[]>(`${RoleApi.select}/${tenantId}`, undefined, {
      silent: true,
    }),
};
