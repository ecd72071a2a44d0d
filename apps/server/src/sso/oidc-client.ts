/**
 * OpenID Connect with `openid-client` (an OpenID-certified relying party): discovery, the
 * authorisation address with PKCE (S256), state and nonce, the code exchange whose ID token it
 * checks (signature by the provider's keys, issuer, audience, expiry, nonce), the user info, and
 * the RP-initiated logout address. Every call goes through provider-fetch.ts. A provider's
 * discovery is kept a few minutes per (issuer, client id, secret), so a sign-in does not fetch it
 * twice, and a changed setting is a different entry.
 */
import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { AppConfig } from '../config';
import { ProviderError, providerFetch } from './provider-fetch';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const KEEP_MS = 5 * 60_000;
const kept = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

function keyOf(s: OidcSettings): string {
  return createHash('sha256')
    .update(JSON.stringify([s.issuer, s.clientId, s.clientSecret]))
    .digest('hex');
}

/** Discovery's failures, said without the provider's own words (they may echo what was sent). */
export class OidcError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OidcError';
  }
}

/** The guard's own refusal, where the library wrapped it (a failed fetch becomes its cause). */
function guardRefusal(error: unknown): ProviderError | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof ProviderError) return e;
  return undefined;
}

function reasonOf(error: unknown): string {
  const e = error as { code?: unknown; error?: unknown; name?: unknown } | null;
  return String(e?.error ?? e?.code ?? e?.name ?? 'error').slice(0, 80);
}

/** The provider's configuration, discovered (or kept from a recent discovery). */
export async function discover(
  config: AppConfig,
  s: OidcSettings,
  fresh = false,
): Promise<oidc.Configuration> {
  const key = keyOf(s);
  const known = kept.get(key);
  if (!fresh && known && Date.now() - known.at < KEEP_MS) return known.config;
  const execute = config.identityProviderAllowHttp ? [oidc.allowInsecureRequests] : [];
  const made = oidc
    .discovery(
      new URL(s.issuer),
      s.clientId,
      { client_secret: s.clientSecret || undefined },
      s.clientSecret ? oidc.ClientSecretBasic(s.clientSecret) : oidc.None(),
      { [oidc.customFetch]: providerFetch(config) as oidc.CustomFetch, execute },
    )
    .catch((error: unknown) => {
      kept.delete(key);
      throw guardRefusal(error) ?? new OidcError(reasonOf(error));
    });
  kept.set(key, { at: Date.now(), config: made });
  return made;
}

/** Forgets every kept discovery of an issuer (its provider was saved or deleted). */
export function forgetDiscovery(): void {
  kept.clear();
}

export interface OidcStart {
  url: string;
  codeVerifier: string;
  nonce: string;
}

export async function authorizationUrl(
  config: AppConfig,
  s: OidcSettings,
  o: { redirectUri: string; scopes: string; state: string },
): Promise<OidcStart> {
  const c = await discover(config, s);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(c, {
    redirect_uri: o.redirectUri,
    scope: o.scopes.split(/\s+/).includes('openid') ? o.scopes : `openid ${o.scopes}`.trim(),
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: o.state,
    nonce,
  });
  return { url: url.href, codeVerifier, nonce };
}

export interface OidcIdentity {
  claims: Record<string, unknown>;
  idToken: string;
}

/**
 * The provider's answer at the redirect address exchanged for tokens; the ID token's checks are the
 * library's, and a failing one is an OidcError. The user info's claims are merged under the ID
 * token's (which win), for providers that put only `sub` in the token.
 */
export async function exchangeCode(
  config: AppConfig,
  s: OidcSettings,
  o: { redirectUri: string; code: string; state: string; iss?: string; codeVerifier: string; nonce: string },
): Promise<OidcIdentity> {
  const c = await discover(config, s);
  const current = new URL(o.redirectUri);
  current.searchParams.set('code', o.code);
  current.searchParams.set('state', o.state);
  if (o.iss) current.searchParams.set('iss', o.iss);
  try {
    const tokens = await oidc.authorizationCodeGrant(c, current, {
      pkceCodeVerifier: o.codeVerifier,
      expectedState: o.state,
      expectedNonce: o.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims || !tokens.id_token) throw new OidcError('noIdToken');
    let info: Record<string, unknown> = {};
    if (c.serverMetadata().userinfo_endpoint && tokens.access_token) {
      info = (await oidc.fetchUserInfo(c, tokens.access_token, idClaims.sub)) as Record<string, unknown>;
    }
    return { claims: { ...info, ...idClaims }, idToken: tokens.id_token };
  } catch (error) {
    if (error instanceof OidcError) throw error;
    throw guardRefusal(error) ?? new OidcError(reasonOf(error));
  }
}

/** Where sign-out ends the session at the provider too, or '' when it offers no such address. */
export async function endSessionUrl(
  config: AppConfig,
  s: OidcSettings,
  o: { idToken: string; afterLogout: string },
): Promise<string> {
  const c = await discover(config, s);
  if (!c.serverMetadata().end_session_endpoint) return '';
  return oidc.buildEndSessionUrl(c, { id_token_hint: o.idToken, post_logout_redirect_uri: o.afterLogout })
    .href;
}

/** The endpoints discovery found, for the administrator's test. */
export async function discoveredEndpoints(
  config: AppConfig,
  s: OidcSettings,
): Promise<Record<string, string>> {
  const meta = (await discover(config, s, true)).serverMetadata();
  const out: Record<string, string> = { issuer: meta.issuer };
  for (const key of [
    'authorization_endpoint',
    'token_endpoint',
    'userinfo_endpoint',
    'jwks_uri',
    'end_session_endpoint',
  ] as const) {
    const value = meta[key];
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}
