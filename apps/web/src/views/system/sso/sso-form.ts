import {
  SSO_DEFAULT_CLAIMS,
  type SsoClaimMap,
  type SsoKind,
  type SsoProvider,
  type SsoProviderSave,
  type SsoProviderTest,
} from '@srm/contracts/core';
import type { FormPath } from '../../../components/editorForm';

/** The editor's values: the provider's settings as the form holds them. */
export interface SsoFormValues {
  name: string;
  enabled: boolean;
  kind: SsoKind;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  claims: SsoClaimMap;
  allowedDomains: string[];
  linkByEmail: boolean;
  linkByMobile: boolean;
  createUsers: boolean;
  createDeptId: string | undefined;
  createRoleIds: string[];
  signOutAtProvider: boolean;
  sortCode: number;
}

export const CLAIM_KEYS = [
  'subject',
  'email',
  'emailVerified',
  'mobile',
  'mobileVerified',
  'name',
  'account',
] as const;

/** What the connection test reads; a change to one of them makes an earlier result stale. */
export const CONNECTION_FIELDS = ['kind', 'issuer', 'clientId', 'clientSecret'] as const;

export const NEW_SSO_PROVIDER: SsoFormValues = {
  name: '',
  enabled: true,
  kind: 'oidc',
  issuer: '',
  clientId: '',
  clientSecret: '',
  scopes: 'openid profile email',
  claims: SSO_DEFAULT_CLAIMS.oidc,
  allowedDomains: [],
  linkByEmail: false,
  linkByMobile: false,
  createUsers: false,
  createDeptId: undefined,
  createRoleIds: [],
  signOutAtProvider: true,
  sortCode: 0,
};

export function toFormValues(p: SsoProvider): SsoFormValues {
  return {
    name: p.name,
    enabled: p.enabled,
    kind: p.kind,
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: '',
    scopes: p.scopes,
    claims: p.claims,
    allowedDomains: p.allowedDomains,
    linkByEmail: p.linkByEmail,
    linkByMobile: p.linkByMobile,
    createUsers: p.createUsers,
    createDeptId: p.createDeptId ?? undefined,
    createRoleIds: p.createRoleIds,
    signOutAtProvider: p.signOutAtProvider,
    sortCode: p.sortCode,
  };
}

export function toSaveBody(v: SsoFormValues): SsoProviderSave {
  return {
    name: v.name.trim(),
    enabled: v.enabled,
    kind: v.kind,
    issuer: v.issuer.trim(),
    clientId: v.kind === 'oidc' ? v.clientId.trim() : '',
    ...(v.kind === 'oidc' && v.clientSecret ? { clientSecret: v.clientSecret } : {}),
    scopes: v.kind === 'oidc' ? v.scopes.trim() : '',
    claims: v.claims,
    allowedDomains: v.allowedDomains,
    linkByEmail: v.linkByEmail,
    linkByMobile: v.linkByMobile,
    createUsers: v.createUsers,
    createDeptId: v.createUsers ? (v.createDeptId ?? null) : null,
    createRoleIds: v.createUsers ? v.createRoleIds : [],
    signOutAtProvider: v.signOutAtProvider,
    sortCode: v.sortCode ?? 0,
  };
}

export function toTestBody(
  v: Pick<SsoFormValues, 'kind' | 'issuer' | 'clientId' | 'clientSecret'>,
  id: string | null,
): SsoProviderTest {
  return {
    kind: v.kind,
    issuer: v.issuer.trim(),
    clientId: v.kind === 'oidc' ? v.clientId.trim() : '',
    ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}),
    ...(id ? { id } : {}),
  };
}

/** A server field path (`claims.email`, `allowedDomains.0`) as the form's. */
export function formPathOf(path: string): FormPath | null {
  const [head, rest] = path.split('.');
  if (head === 'claims' && rest) return ['claims', rest];
  if (head === 'allowedDomains') return ['allowedDomains'];
  if (head === 'createRoleIds') return ['createRoleIds'];
  return head && head in NEW_SSO_PROVIDER ? [head] : null;
}
