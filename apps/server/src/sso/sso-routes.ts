import {
  envelope,
  idParamSchema,
  loginResultSchema,
  SSO_BINDING_COOKIE,
  SSO_STATE_TTL_SECONDS,
  SsoApi,
  type SsoCallback,
  SsoPerm,
  ssoCallbackSchema,
  ssoProviderChoiceSchema,
  ssoProviderSaveSchema,
  ssoProviderSchema,
  ssoProvidersQuerySchema,
  ssoProviderTestSchema,
  ssoStartedSchema,
  ssoStartSchema,
  ssoTestResultSchema,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAnyPerm, requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf, originOf } from '../core/service-context';
import {
  createProvider,
  deleteProvider,
  getProvider,
  listProviders,
  testProvider,
  updateProvider,
} from './sso-provider-service';
import { finishSso, providerChoices, startSso } from './sso-sign-in';

const tags = ['single sign-on'];
const P = SsoPerm;
const S = SsoApi.provider;
/** Where the binding cookie is sent: the callback alone. */
const COOKIE_PATH = SsoApi.callback.slice(0, SsoApi.callback.lastIndexOf('/'));
const allowList = 'only hosts on the platform’s allow-list (IDENTITY_PROVIDER_HOSTS) are reached';

/** The address users open the product at: PUBLIC_URL, else this request's own origin. */
export function publicBase(request: FastifyRequest): string {
  return request.server.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** The sign-in page's side: public, counted per client address like the password sign-in. */
export const ssoSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = app.createRateLimit({ max: app.deps.config.loginRateLimit, timeWindow: 60_000 });
  const limit = async (request: FastifyRequest): Promise<void> => {
    const answer = await limiter(request);
    if (!answer.isAllowed && answer.isExceeded) throw new AppError(429, 'error.tooMany');
  };
  const publicRoute = { preValidation: limit, config: { auth: 'none' as const } };

  app.get(
    SsoApi.providers,
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary:
          "The tenant's enabled identity providers for the sign-in page (by tenant code; left out: the platform's own tenant)",
        security: [],
        querystring: ssoProvidersQuerySchema,
        response: { 200: envelope(z.object({ list: z.array(ssoProviderChoiceSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await providerChoices(app.deps, request.query.tenant) }),
  );

  app.post(
    SsoApi.start,
    {
      ...publicRoute,
      schema: {
        tags,
        summary: `Starts a sign-in at a provider: answers its address and sets the cookie that binds the sign-in to this browser (${allowList})`,
        security: [],
        body: ssoStartSchema,
        response: { 200: envelope(ssoStartedSchema) },
      },
    },
    async (request, reply) => {
      const started = await startSso(app.deps, originOf(request), request.body, publicBase(request));
      const secure = publicBase(request).startsWith('https:') ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${SSO_BINDING_COOKIE}=${started.binding}; Path=${COOKIE_PATH}; Max-Age=${SSO_STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
      reply.header('cache-control', 'no-store');
      return envelopeOk({ url: started.url });
    },
  );

  app.post(
    SsoApi.callback,
    {
      ...publicRoute,
      schema: {
        tags,
        summary:
          "The provider's answer, `{ provider, code, state }` (OIDC) or `{ provider, ticket, service }` (CAS), from the browser that started the sign-in: signs in as /api/sys/login does",
        security: [],
        body: ssoCallbackSchema,
        response: { 200: envelope(loginResultSchema.extend({ redirect: z.string() })) },
      },
    },
    async (request, reply) => {
      const binding = cookieOf(request, SSO_BINDING_COOKIE);
      // The binding is spent whatever the answer: a second try starts again.
      reply.header(
        'set-cookie',
        `${SSO_BINDING_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`,
      );
      const result = await finishSso(
        app.deps,
        originOf(request),
        request.body as SsoCallback,
        publicBase(request),
        binding,
      );
      return envelopeOk(result, t(request.locale, 'auth.loginOk'));
    },
  );
};

/** The tenant administrator's providers (系统管理 › 单点登录). */
export const ssoProviderRoutes: SignedInRoutes = async (app) => {
  app.get(
    S,
    {
      preValidation: requirePerm(P.sso),
      schema: {
        tags,
        summary: `The tenant's identity providers; a secret is never answered, only whether one is kept (permission ${P.sso})`,
        response: { 200: envelope(z.object({ list: z.array(ssoProviderSchema) })) },
      },
    },
    async (request) => envelopeOk({ list: await listProviders(contextOf(request), publicBase(request)) }),
  );

  app.post(
    `${S}/Actions/Test`,
    {
      preValidation: requireAnyPerm(P.ssoAdd, P.ssoEdit),
      schema: {
        tags,
        summary: `Runs discovery as typed (OIDC), or has the CAS server refuse a made-up ticket; the kept secret of \`id\` when none is typed (${allowList})`,
        body: ssoProviderTestSchema,
        response: { 200: envelope(ssoTestResultSchema) },
      },
    },
    async (request) => envelopeOk(await testProvider(contextOf(request), request.body, publicBase(request))),
  );

  app.get(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.sso),
      schema: {
        tags,
        summary: 'An identity provider (without its secret)',
        params: idParamSchema,
        response: { 200: envelope(ssoProviderSchema) },
      },
    },
    async (request) =>
      envelopeOk(await getProvider(contextOf(request), request.params.id, publicBase(request))),
  );

  app.post(
    S,
    {
      preValidation: requirePerm(P.ssoAdd),
      schema: {
        tags,
        summary: 'Creates an identity provider; its secret is kept sealed',
        body: ssoProviderSaveSchema,
        response: { 200: envelope(ssoProviderSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await createProvider(contextOf(request), request.body, publicBase(request)),
        t(request.locale, 'common.saved'),
      ),
  );

  app.put(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.ssoEdit),
      schema: {
        tags,
        summary: 'Saves an identity provider; an empty secret keeps the kept one',
        params: idParamSchema,
        body: ssoProviderSaveSchema,
        response: { 200: envelope(ssoProviderSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateProvider(contextOf(request), request.params.id, request.body, publicBase(request)),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${S}/:id`,
    {
      preValidation: requirePerm(P.ssoDelete),
      schema: {
        tags,
        summary: 'Deletes an identity provider and its links to users',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteProvider(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.deleted'));
    },
  );
};
