// Single sign-on (issue 40 §1, decisions §12): a tenant signs its users in with its own identity
// providers, OpenID Connect (authorisation code with PKCE, state and nonce) or CAS 3.0 (a ticket
// checked by serviceValidate). External identities are linked to local users by (provider,
// subject); linking by a verified e-mail or mobile, and creating users at the first sign-in, are
// each a provider setting, off by default. Only a host:port on the platform's allow-list
// (IDENTITY_PROVIDER_HOSTS) is reached; the client secret is kept encrypted and never answered
// (docs/sign-in.md). The schemas are in sso.ts.

export const SsoPerm = {
  sso: 'system.sso',
  ssoAdd: 'system.sso.add',
  ssoEdit: 'system.sso.edit',
  ssoDelete: 'system.sso.delete',
} as const;

export const SsoApi = {
  /** GET `?tenant=<tenant code>` (public): the enabled providers the sign-in page offers. */
  providers: '/api/oauth/Sso/Providers',
  /**
   * POST `{ providerId, redirect? }` (public): answers the provider's address to go to, and sets
   * the cookie that binds the sign-in to this browser.
   */
  start: '/api/oauth/Sso/Actions/Start',
  /** POST `{ provider, code, state }` (OIDC) or `{ provider, ticket, service }` (CAS): signs in. */
  callback: '/api/applets/app/sys/login/SsoLtcuthCallback',
  /**
   * The administration: GET list, POST create; GET/PUT/DELETE `${provider}/{id}`; POST
   * `${provider}/Actions/Test` (discovery as typed, with the kept secret of `id` when none is typed).
   */
  provider: '/api/system/SsoProvider',
} as const;

/** The web page the provider sends the browser back to: `${origin}${SSO_CALLBACK_PATH}/{id}`. */
export const SSO_CALLBACK_PATH = '/sso/callback';
/** The cookie that binds a started sign-in to the browser that started it. */
export const SSO_BINDING_COOKIE = 'srm_sso';
/** How long a started sign-in may take at the provider, in seconds. */
export const SSO_STATE_TTL_SECONDS = 600;
export const SSO_PROVIDERS_PER_TENANT = 20;

export const SSO_KINDS = ['oidc', 'cas'] as const;
export type SsoKind = (typeof SSO_KINDS)[number];

/**
 * Which claim (OIDC) or attribute (CAS) holds each fact of the user. An empty `subject` on CAS is
 * the ticket's own user; an empty entry elsewhere is not read.
 */
export interface SsoClaimMap {
  subject: string;
  email: string;
  emailVerified: string;
  mobile: string;
  mobileVerified: string;
  name: string;
  account: string;
}

export const SSO_DEFAULT_CLAIMS: Record<SsoKind, SsoClaimMap> = {
  oidc: {
    subject: 'sub',
    email: 'email',
    emailVerified: 'email_verified',
    mobile: 'phone_number',
    mobileVerified: 'phone_number_verified',
    name: 'name',
    account: 'preferred_username',
  },
  // CAS attributes are released as the server decides; none is "verified" unless mapped so.
  cas: {
    subject: '',
    email: 'mail',
    emailVerified: '',
    mobile: 'mobile',
    mobileVerified: '',
    name: 'displayName',
    account: '',
  },
};

/** A provider as its administrator sees it: never the secret, only whether one is kept. */
export interface SsoProvider {
  id: string;
  name: string;
  kind: SsoKind;
  enabled: boolean;
  /** OIDC: the issuer identifier; CAS: the server's base address (…/cas). */
  issuer: string;
  clientId: string;
  secretSet: boolean;
  scopes: string;
  claims: SsoClaimMap;
  /** E-mail domains whose users may sign in here; empty: any. */
  allowedDomains: string[];
  linkByEmail: boolean;
  linkByMobile: boolean;
  createUsers: boolean;
  createDeptId: string | null;
  createRoleIds: string[];
  /** Sign-out also ends the session at the provider (RP-initiated logout, CAS logout). */
  signOutAtProvider: boolean;
  sortCode: number;
  /** The address to register at the provider as the redirect URI (OIDC) or service (CAS). */
  redirectUri: string;
  linkedUsers: number;
  updatedAt: number | null;
}

/** What the sign-in page shows of a provider. */
export interface SsoProviderChoice {
  id: string;
  name: string;
  kind: SsoKind;
}

export interface SsoStarted {
  /** The provider's address the browser goes to. */
  url: string;
}

export interface SsoTestResult {
  issuer: string;
  /** OIDC: the endpoints discovery found; CAS: the validation address. */
  endpoints: Record<string, string>;
  ms: number;
}
