/**
 * Signing in through a tenant's identity provider (decisions §12, docs/sign-in.md).
 *
 * Start: a random `state` (kept as a hash, used once, 10 minutes), bound to this browser by a
 * cookie whose hash is kept with it; for OIDC a PKCE verifier and a nonce; the provider's address.
 * Callback (`SsoLtcuthCallback`): the state is taken (deleted) first, so a replayed answer finds
 * none; its browser's cookie must match; the provider's answer is checked (OIDC: by openid-client;
 * CAS: the ticket validated for exactly our service address, which carries the state); then the
 * provider's subject names the local user: linked before, or linked now by a verified e-mail or
 * mobile, or made now, each only when the provider allows it; otherwise a clear refusal. The
 * session starts as a password sign-in's does (auth/ `startSession`), with the address that ends
 * it at the provider too.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type LoginResult,
  SSO_STATE_TTL_SECONDS,
  type SsoCallback,
  type SsoClaimMap,
  type SsoProviderChoice,
} from '@srm/contracts';
import { sql } from 'kysely';
import { startSession, writeLoginLog } from '../auth/index';
import type { Deps } from '../core/context';
import { AppError } from '../core/errors';
import type { MessageKey } from '../core/i18n';
import { hashPassword } from '../core/password';
import type { Origin } from '../core/service-context';
import { signInRefusal } from '../core/sign-in-guard';
import { transaction } from '../db/transaction';
import type { UserRow } from '../db/types';
import { insertProvisionedUser } from '../permission/index';
import { CasError, casLoginUrl, casLogoutUrl, validateTicket } from './cas-client';
import { authorizationUrl, endSessionUrl, exchangeCode, OidcError, type OidcSettings } from './oidc-client';
import { ProviderError } from './provider-fetch';
import { claimsOf, type ProviderRow, redirectUriOf, secretOf } from './sso-provider-service';

const ID = /^\d{1,18}$/;
const random = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** An in-app path only (as the web's guard takes it), else none. */
function safePath(target: string | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '';
  return target.slice(0, 1000);
}

/** The tenant's enabled providers for the sign-in page: by tenant code, else the platform's own tenant. */
export async function providerChoices(
  deps: Deps,
  tenantCode: string | undefined,
): Promise<SsoProviderChoice[]> {
  let tenant = deps.db.selectFrom('tenant').select('id').where('suspended_at', 'is', null);
  tenant = tenantCode ? tenant.where('code', '=', tenantCode) : tenant.orderBy('id').limit(1);
  const row = await tenant.executeTakeFirst();
  if (!row) return [];
  const rows = await deps.db
    .selectFrom('sys_sso_provider')
    .select(['id', 'name', 'kind'])
    .where('tenant_id', '=', String(row.id))
    .where('enabled', '=', true)
    .orderBy('sort_code')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: String(r.id), name: r.name, kind: r.kind }));
}

/** An enabled provider of a tenant that is not suspended, or 404. */
async function liveProvider(deps: Deps, id: string, tenantId?: string): Promise<ProviderRow> {
  if (!ID.test(id)) throw new AppError(404, 'sso.noProvider');
  let query = deps.db
    .selectFrom('sys_sso_provider as p')
    .innerJoin('tenant as t', 't.id', 'p.tenant_id')
    .selectAll('p')
    .where('p.id', '=', id)
    .where('p.enabled', '=', true)
    .where('t.suspended_at', 'is', null);
  if (tenantId) query = query.where('p.tenant_id', '=', tenantId);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError(404, 'sso.noProvider');
  return row;
}

function oidcSettings(deps: Deps, row: ProviderRow): OidcSettings {
  return { issuer: row.issuer, clientId: row.client_id, clientSecret: secretOf({ deps }, row) };
}

/** Why a provider gave no usable answer, as the user reads it; the reason is logged, never a secret. */
function providerRefusal(origin: Origin, row: ProviderRow, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const reason =
    error instanceof OidcError || error instanceof CasError
      ? error.reason
      : error instanceof ProviderError
        ? error.problem
        : 'unexpected';
  origin.log?.warn(
    { provider: String(row.id), kind: row.kind, reason },
    'single sign-on refused by the provider',
  );
  if (!(error instanceof OidcError || error instanceof CasError || error instanceof ProviderError))
    throw error;
  return new AppError(400, 'sso.providerFailed', { name: row.name, reason });
}

export interface SsoStart {
  url: string;
  /** The cookie's value that binds the sign-in to this browser. */
  binding: string;
}

export async function startSso(
  deps: Deps,
  origin: Origin,
  body: { providerId: string; redirect?: string | undefined },
  publicBase: string,
): Promise<SsoStart> {
  const row = await liveProvider(deps, body.providerId);
  const state = random();
  const binding = random();
  const redirectUri = redirectUriOf(publicBase, String(row.id));
  let url: string;
  let codeVerifier = '';
  let nonce = '';
  try {
    if (row.kind === 'oidc') {
      const started = await authorizationUrl(deps.config, oidcSettings(deps, row), {
        redirectUri,
        scopes: row.scopes,
        state,
      });
      ({ url, codeVerifier, nonce } = started);
    } else {
      url = casLoginUrl(row.issuer, `${redirectUri}?state=${state}`);
    }
  } catch (error) {
    throw providerRefusal(origin, row, error);
  }
  const cutoff = new Date(Date.now() - SSO_STATE_TTL_SECONDS * 1000);
  await deps.db.deleteFrom('sys_sso_state').where('created_at', '<', cutoff).execute();
  await deps.db
    .insertInto('sys_sso_state')
    .values({
      state_hash: sha256(state),
      provider_id: row.id,
      tenant_id: row.tenant_id,
      binding_hash: sha256(binding),
      code_verifier: codeVerifier,
      nonce,
      redirect: safePath(body.redirect),
    })
    .execute();
  return { url, binding };
}

/** The facts of the user the provider vouches for, read by the provider's claim map. */
interface Identity {
  subject: string;
  email: string;
  emailVerified: boolean;
  mobile: string;
  mobileVerified: boolean;
  name: string;
  account: string;
}

function readIdentity(map: SsoClaimMap, claims: Record<string, unknown>, fallbackSubject = ''): Identity {
  const read = (name: string) => {
    if (!name) return '';
    const value = claims[name];
    if (Array.isArray(value)) return String(value[0] ?? '').trim();
    return value === undefined || value === null || typeof value === 'object' ? '' : String(value).trim();
  };
  // No claim named for it: the provider vouches for its values itself (a CAS server, which
  // releases what the enterprise's directory holds).
  const yes = (name: string) => !name || claims[name] === true || claims[name] === 'true';
  return {
    subject: (read(map.subject) || fallbackSubject).slice(0, 255),
    email: read(map.email).toLowerCase().slice(0, 100),
    emailVerified: yes(map.emailVerified),
    mobile: read(map.mobile).replace(/^\+86/, '').replace(/[\s-]/g, '').slice(0, 20),
    mobileVerified: yes(map.mobileVerified),
    name: read(map.name).slice(0, 50),
    account: read(map.account).slice(0, 50),
  };
}

async function liveUser(deps: Deps, tenantId: string, userId: string): Promise<UserRow | undefined> {
  return deps.db
    .selectFrom('sys_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/** The single user of the tenant with this value, or none (none also when two have it). */
async function onlyUserWith(
  deps: Deps,
  tenantId: string,
  column: 'email' | 'mobile',
  value: string,
): Promise<UserRow | undefined> {
  const rows = await deps.db
    .selectFrom('sys_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('deleted', '=', false)
    .where(sql<string>`lower(${sql.ref(column)})`, '=', value.toLowerCase())
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** An account name not yet taken across the platform, from what the provider says of the user. */
async function freeAccount(deps: Deps, identity: Identity): Promise<string> {
  const wanted =
    (identity.account || identity.email.split('@')[0] || `sso_${sha256(identity.subject).slice(0, 10)}`)
      .replace(/[^A-Za-z0-9_.@-]/g, '')
      .slice(0, 40) || `sso_${sha256(identity.subject).slice(0, 10)}`;
  for (let n = 0; n < 20; n += 1) {
    const candidate = n === 0 ? wanted : `${wanted}${n + 1}`;
    const taken = await deps.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', candidate)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${wanted}_${randomBytes(3).toString('hex')}`;
}

/** Who the provider's subject is here: linked, linked now, made now, or a refusal. */
async function localUser(deps: Deps, row: ProviderRow, identity: Identity): Promise<UserRow> {
  const tenantId = String(row.tenant_id);
  const link = await deps.db
    .selectFrom('sys_sso_identity')
    .select('user_id')
    .where('provider_id', '=', row.id)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  if (link) {
    const user = await liveUser(deps, tenantId, String(link.user_id));
    if (user) return user;
    // Its user was deleted: the subject is nobody's now.
    await deps.db
      .deleteFrom('sys_sso_identity')
      .where('provider_id', '=', row.id)
      .where('subject', '=', identity.subject)
      .execute();
  }
  let user: UserRow | undefined;
  if (row.link_by_email && identity.email && identity.emailVerified)
    user = await onlyUserWith(deps, tenantId, 'email', identity.email);
  if (!user && row.link_by_mobile && identity.mobile && identity.mobileVerified)
    user = await onlyUserWith(deps, tenantId, 'mobile', identity.mobile);
  if (user) {
    const linked = await deps.db
      .insertInto('sys_sso_identity')
      .values({ provider_id: row.id, subject: identity.subject, tenant_id: tenantId, user_id: user.id })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    // The user is linked to another subject of this provider already: not silently a second one.
    if (!linked) throw new AppError(400, 'sso.alreadyLinked', { name: row.name });
    return user;
  }
  if (!row.create_users) throw new AppError(400, 'sso.noAccount', { name: row.name });
  const roleIds = (Array.isArray(row.create_role_ids) ? row.create_role_ids : []).map(String);
  const account = await freeAccount(deps, identity);
  const passwordHash = await hashPassword(random());
  const id = await transaction(deps.db, async (tx) => {
    const made = await insertProvisionedUser(
      tx,
      tenantId,
      {
        account,
        realName: identity.name || account,
        email: identity.emailVerified ? identity.email : '',
        mobile: identity.mobileVerified ? identity.mobile : '',
        deptId: row.create_dept_id === null ? null : String(row.create_dept_id),
      },
      roleIds,
      passwordHash,
    );
    await tx
      .insertInto('sys_sso_identity')
      .values({ provider_id: row.id, subject: identity.subject, tenant_id: tenantId, user_id: made })
      .execute();
    return made;
  });
  const made = await liveUser(deps, tenantId, id);
  if (!made) throw new AppError(400, 'sso.noAccount', { name: row.name });
  return made;
}

export interface SsoSignedIn extends LoginResult {
  /** The in-app path the sign-in was started for ('' for the home page). */
  redirect: string;
}

export async function finishSso(
  deps: Deps,
  origin: Origin,
  body: SsoCallback,
  publicBase: string,
  bindingCookie: string | undefined,
): Promise<SsoSignedIn> {
  const providerId = body.provider;
  const redirectUri = redirectUriOf(publicBase, providerId);
  const logFailure = async (msg: MessageKey, user: UserRow | null = null, account = `sso:${providerId}`) =>
    writeLoginLog(deps, origin, { user, account, success: false, msg });
  const refuse = async (key: MessageKey, params?: Record<string, string>) => {
    await logFailure(key);
    return new AppError(400, key, params);
  };

  // The state: the OIDC answer's own, or the one in the CAS service address (which must be ours).
  let state: string;
  if ('code' in body) state = body.state;
  else {
    let service: URL;
    try {
      service = new URL(body.service);
    } catch {
      throw await refuse('sso.badState');
    }
    const stated = service.searchParams.get('state') ?? '';
    if (
      `${service.origin}${service.pathname}` !== redirectUri ||
      !stated ||
      body.service !== `${redirectUri}?state=${stated}`
    )
      throw await refuse('sso.badState');
    state = stated;
  }
  if (!ID.test(providerId)) throw await refuse('sso.badState');
  const started = await deps.db
    .deleteFrom('sys_sso_state')
    .where('state_hash', '=', sha256(state))
    .where('provider_id', '=', providerId)
    .returningAll()
    .executeTakeFirst();
  if (!started || !bindingCookie || !sameHash(started.binding_hash, sha256(bindingCookie)))
    throw await refuse('sso.badState');
  if (Date.now() - new Date(started.created_at).getTime() > SSO_STATE_TTL_SECONDS * 1000)
    throw await refuse('sso.expired');
  const row = await liveProvider(deps, providerId, String(started.tenant_id)).catch(async (error) => {
    await logFailure('sso.noProvider');
    throw error;
  });

  let identity: Identity;
  let idToken = '';
  try {
    if ('code' in body) {
      if (row.kind !== 'oidc') throw await refuse('sso.badState');
      const answer = await exchangeCode(deps.config, oidcSettings(deps, row), {
        redirectUri,
        code: body.code,
        state,
        iss: body.iss,
        codeVerifier: started.code_verifier,
        nonce: started.nonce,
      });
      idToken = answer.idToken;
      identity = readIdentity(claimsOf(row), answer.claims);
    } else {
      if (row.kind !== 'cas') throw await refuse('sso.badState');
      const answer = await validateTicket(deps.config, row.issuer, {
        ticket: body.ticket,
        service: body.service,
      });
      identity = readIdentity(claimsOf(row), answer.attributes, answer.user);
    }
  } catch (error) {
    const refusal = providerRefusal(origin, row, error);
    if (!(error instanceof AppError)) await logFailure(refusal.key);
    throw refusal;
  }
  if (!identity.subject) throw await refuse('sso.providerFailed', { name: row.name, reason: 'noSubject' });
  const domains = (Array.isArray(row.allowed_domains) ? row.allowed_domains : []).map(String);
  if (domains.length && !domains.includes(identity.email.split('@')[1] ?? ''))
    throw await refuse('sso.domainRefused', { name: row.name });

  const label = `${row.name}:${identity.account || identity.email || identity.subject}`.slice(0, 100);
  let user: UserRow;
  try {
    user = await localUser(deps, row, identity);
  } catch (error) {
    if (error instanceof AppError) await logFailure(error.key, null, label);
    throw error;
  }
  if (!user.enabled) {
    await logFailure('auth.disabled', user, label);
    throw new AppError(400, 'auth.disabled');
  }
  const refusal = await signInRefusal(deps, user);
  if (refusal) {
    await logFailure(refusal, user, label);
    throw new AppError(400, refusal);
  }
  let ssoLogoutUrl = '';
  if (row.sign_out_at_provider) {
    const afterLogout = `${publicBase}/login`;
    ssoLogoutUrl =
      row.kind === 'cas'
        ? casLogoutUrl(row.issuer, afterLogout)
        : await endSessionUrl(deps.config, oidcSettings(deps, row), { idToken, afterLogout }).catch(() => '');
  }
  await deps.db
    .updateTable('sys_sso_identity')
    .set({ last_sign_in_at: new Date() })
    .where('provider_id', '=', row.id)
    .where('subject', '=', identity.subject)
    .execute();
  const result = await startSession(deps, origin, user, label, { ssoLogoutUrl });
  return { ...result, redirect: started.redirect };
}
