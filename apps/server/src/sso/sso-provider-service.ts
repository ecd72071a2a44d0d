/**
 * A tenant's identity providers (系统管理 › 单点登录, docs/sign-in.md): OIDC or CAS, the client
 * secret sealed at rest (core/secret-box.ts) and never answered, the department and roles of users
 * made at a first sign-in checked to be the tenant's (404 otherwise), and a test that runs
 * discovery (OIDC) or asks the CAS server to refuse a made-up ticket, through provider-fetch.ts.
 */
import {
  type Locale,
  SSO_CALLBACK_PATH,
  SSO_DEFAULT_CLAIMS,
  SSO_PROVIDERS_PER_TENANT,
  type SsoClaimMap,
  type SsoKind,
  type SsoProvider,
  type SsoProviderSave,
  type SsoProviderTest,
  type SsoTestResult,
  validationMessage,
} from '@srm/contracts';
import type { Kysely, Selectable } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import { type MessageKey, t } from '../core/i18n';
import { openSecret, sealSecret } from '../core/secret-box';
import type { ServiceContext } from '../core/service-context';
import { declareUnique } from '../core/unique-violation';
import type { Database } from '../db/types';
import { CasError, probeCas } from './cas-client';
import { discoveredEndpoints, forgetDiscovery, OidcError } from './oidc-client';
import { ProviderError } from './provider-fetch';

declareUnique('sys_sso_provider_tenant_id_name_key', { field: 'name', key: 'sso.nameTaken' });

export type ProviderRow = Selectable<Database['sys_sso_provider']>;
const ID = /^\d{1,18}$/;
const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The address a provider sends the browser back to (registered at the provider as is). */
export function redirectUriOf(publicBase: string, providerId: string): string {
  return `${publicBase}${SSO_CALLBACK_PATH}/${providerId}`;
}

export function claimsOf(row: ProviderRow): SsoClaimMap {
  return { ...SSO_DEFAULT_CLAIMS[row.kind], ...(row.claims as Partial<SsoClaimMap>) };
}

function toProvider(row: ProviderRow, publicBase: string, linkedUsers: number): SsoProvider {
  return {
    id: String(row.id),
    name: row.name,
    kind: row.kind,
    enabled: row.enabled,
    issuer: row.issuer,
    clientId: row.client_id,
    secretSet: row.client_secret_sealed !== '',
    scopes: row.scopes,
    claims: claimsOf(row),
    allowedDomains: strings(row.allowed_domains),
    linkByEmail: row.link_by_email,
    linkByMobile: row.link_by_mobile,
    createUsers: row.create_users,
    createDeptId: row.create_dept_id === null ? null : String(row.create_dept_id),
    createRoleIds: strings(row.create_role_ids),
    signOutAtProvider: row.sign_out_at_provider,
    sortCode: row.sort_code,
    redirectUri: redirectUriOf(publicBase, String(row.id)),
    linkedUsers,
    updatedAt: ms(row.updated_at ?? row.created_at),
  };
}

async function linkedCounts(db: Kysely<Database>, tenantId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('sys_sso_identity')
    .select(['provider_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy('provider_id')
    .execute();
  return new Map(rows.map((r) => [String(r.provider_id), Number(r.n)]));
}

export async function listProviders(ctx: ServiceContext, publicBase: string): Promise<SsoProvider[]> {
  const rows = await ctx.db
    .selectFrom('sys_sso_provider')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .orderBy('sort_code')
    .orderBy('id')
    .execute();
  const linked = await linkedCounts(ctx.db, ctx.auth.tenantId);
  return rows.map((row) => toProvider(row, publicBase, linked.get(String(row.id)) ?? 0));
}

async function providerRow(ctx: ServiceContext, id: string): Promise<ProviderRow> {
  if (!ID.test(id)) throw notFound();
  const row = await ctx.db
    .selectFrom('sys_sso_provider')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getProvider(ctx: ServiceContext, id: string, publicBase: string): Promise<SsoProvider> {
  const row = await providerRow(ctx, id);
  return toProvider(row, publicBase, (await linkedCounts(ctx.db, ctx.auth.tenantId)).get(id) ?? 0);
}

type Saved = SsoProviderSave & Required<Pick<SsoProviderSave, 'allowedDomains' | 'createRoleIds'>>;

/** The department and roles of users made at a first sign-in: the tenant's, or 404. */
async function assertRefs(ctx: ServiceContext, input: Saved): Promise<void> {
  if (input.createDeptId) {
    const dept = await ctx.db
      .selectFrom('sys_dept')
      .select('id')
      .where('tenant_id', '=', ctx.auth.tenantId)
      .where('id', '=', input.createDeptId)
      .executeTakeFirst();
    if (!dept) throw notFound();
  }
  const roleIds = [...new Set(input.createRoleIds)];
  if (roleIds.length) {
    const found = await ctx.db
      .selectFrom('sys_role')
      .select('id')
      .where('tenant_id', '=', ctx.auth.tenantId)
      .where('id', 'in', roleIds)
      .execute();
    if (found.length !== roleIds.length) throw notFound();
  }
}

function columnsOf(input: Saved) {
  const kind = input.kind as SsoKind;
  return {
    name: input.name,
    kind,
    enabled: input.enabled ?? true,
    issuer: input.issuer.trim().replace(/\/+$/, kind === 'cas' ? '' : '/'),
    client_id: kind === 'oidc' ? (input.clientId ?? '').trim() : '',
    scopes: kind === 'oidc' ? (input.scopes ?? 'openid profile email').trim() : '',
    claims: JSON.stringify({ ...SSO_DEFAULT_CLAIMS[kind], ...(input.claims ?? {}) }),
    allowed_domains: JSON.stringify([...new Set(input.allowedDomains)]),
    link_by_email: input.linkByEmail ?? false,
    link_by_mobile: input.linkByMobile ?? false,
    create_users: input.createUsers ?? false,
    create_dept_id: input.createDeptId ?? null,
    create_role_ids: JSON.stringify([...new Set(input.createRoleIds)]),
    sign_out_at_provider: input.signOutAtProvider ?? true,
    sort_code: input.sortCode ?? 0,
  };
}

export async function createProvider(
  ctx: ServiceContext,
  input: Saved,
  publicBase: string,
): Promise<SsoProvider> {
  await assertRefs(ctx, input);
  const count = await ctx.db
    .selectFrom('sys_sso_provider')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', ctx.auth.tenantId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= SSO_PROVIDERS_PER_TENANT)
    throw new AppError(400, 'sso.tooMany', { max: SSO_PROVIDERS_PER_TENANT });
  const row = await ctx.db
    .insertInto('sys_sso_provider')
    .values({
      tenant_id: ctx.auth.tenantId,
      ...columnsOf(input),
      client_secret_sealed:
        input.kind === 'oidc' && input.clientSecret ? sealSecret(ctx.deps.config, input.clientSecret) : '',
      created_by: ctx.auth.userId,
      updated_by: ctx.auth.userId,
      updated_at: ctx.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProvider(row, publicBase, 0);
}

/** Saves a provider; an empty secret keeps the kept one (a CAS provider keeps none). */
export async function updateProvider(
  ctx: ServiceContext,
  id: string,
  input: Saved,
  publicBase: string,
): Promise<SsoProvider> {
  await providerRow(ctx, id);
  await assertRefs(ctx, input);
  const secret =
    input.kind === 'cas'
      ? { client_secret_sealed: '' }
      : input.clientSecret
        ? { client_secret_sealed: sealSecret(ctx.deps.config, input.clientSecret) }
        : {};
  const row = await ctx.db
    .updateTable('sys_sso_provider')
    .set({ ...columnsOf(input), ...secret, updated_by: ctx.auth.userId, updated_at: ctx.now() })
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  forgetDiscovery();
  return getProvider(ctx, id, publicBase);
}

/** Deletes a provider with its links to users (they sign in by password or another provider). */
export async function deleteProvider(ctx: ServiceContext, id: string): Promise<void> {
  await providerRow(ctx, id);
  await ctx.db
    .deleteFrom('sys_sso_provider')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .execute();
  forgetDiscovery();
}

export function secretOf(
  ctx: Pick<ServiceContext, 'deps'>,
  row: Pick<ProviderRow, 'client_secret_sealed'>,
): string {
  return row.client_secret_sealed ? openSecret(ctx.deps.config, row.client_secret_sealed) : '';
}

/** A provider's failure in the reader's language, at the field it concerns. */
export function providerProblem(locale: Locale, error: unknown): AppError {
  if (error instanceof ProviderError) {
    const key = `sso.${error.problem}` as MessageKey;
    return fieldError({ issuer: t(locale, key, error.params) });
  }
  if (error instanceof OidcError || error instanceof CasError)
    return fieldError({ issuer: t(locale, 'sso.discoveryFailed', { reason: error.reason }) });
  throw error;
}

/** Runs discovery (OIDC) or a made-up ticket's refusal (CAS) as typed. */
export async function testProvider(
  ctx: ServiceContext,
  input: SsoProviderTest,
  publicBase: string,
): Promise<SsoTestResult> {
  let secret = input.clientSecret ?? '';
  if (!secret && input.id) secret = secretOf(ctx, await providerRow(ctx, input.id));
  const started = Date.now();
  try {
    if (input.kind === 'cas') {
      const service = redirectUriOf(publicBase, input.id ?? '0');
      await probeCas(ctx.deps.config, input.issuer, service);
      const issuer = input.issuer.replace(/\/+$/, '');
      return {
        issuer,
        endpoints: { login: `${issuer}/login`, serviceValidate: `${issuer}/p3/serviceValidate` },
        ms: Date.now() - started,
      };
    }
    if (!(input.clientId ?? '').trim())
      throw fieldError({ clientId: validationMessage('validation.required', ctx.locale) });
    const endpoints = await discoveredEndpoints(ctx.deps.config, {
      issuer: input.issuer.trim(),
      clientId: (input.clientId ?? '').trim(),
      clientSecret: secret,
    });
    return { issuer: endpoints.issuer ?? input.issuer, endpoints, ms: Date.now() - started };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw providerProblem(ctx.locale, error);
  }
}
