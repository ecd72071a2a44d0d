import {
  AreaApi,
  AreaPerm,
  areaChildrenQuerySchema,
  areaCodeParamSchema,
  areaCreateSchema,
  areaItemSchema,
  areaListQuerySchema,
  areaMatchSchema,
  areaSearchQuerySchema,
  areaUpdateSchema,
  envelope,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePerm } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import { t } from '../../core/i18n';
import type { SignedInRoutes } from '../../core/scope';
import { contextOf } from '../../core/service-context';
import { type AreaContext, areaChildren, createArea, searchAreas, updateArea } from './area-service';

const tags = ['areas'];

/** Forms open a level per click and search as the user types: generous, but a loop is stopped. */
const READ_LIMIT = {
  max: 300,
  timeWindow: 60_000,
  // Per user when signed in (colleagues behind one proxy), else per address.
  keyGenerator: (request: FastifyRequest) => (request.auth ? `u${request.auth.userId}` : `ip${request.ip}`),
};

/** Signed in: the tenant's corrections; anonymous: the shipped data. */
function readerOf(request: FastifyRequest): AreaContext {
  return { db: request.server.deps.db, tenantId: request.auth?.tenantId ?? null };
}

/** The area screen (signed in). */
export const areaRoutes: SignedInRoutes = async (app) => {
  app.get(
    AreaApi.area,
    {
      preValidation: requirePerm(AreaPerm.area),
      schema: {
        tags,
        summary:
          'The area screen: children of parentCode (disabled included), or with keyword the matches by name, short name or code prefix',
        querystring: areaListQuerySchema,
        response: { 200: envelope(z.array(areaItemSchema)) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { keyword, parentCode } = request.query;
      if (keyword) return envelopeOk((await searchAreas(ctx, keyword, { enabledOnly: false })).matches);
      return envelopeOk(await areaChildren(ctx, parentCode, { enabledOnly: false }));
    },
  );

  app.post(
    AreaApi.area,
    {
      preValidation: requirePerm(AreaPerm.areaAdd),
      schema: {
        tags,
        summary:
          'Adds an entry the shipped data lacks (a province, a city under a province, a district under a city)',
        body: areaCreateSchema,
        response: { 200: envelope(areaItemSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createArea(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${AreaApi.area}/:code`,
    {
      preValidation: requirePerm(AreaPerm.areaEdit),
      schema: {
        tags,
        summary: "Corrects an entry for the caller's tenant: name, short name, enabled",
        params: areaCodeParamSchema,
        body: areaUpdateSchema,
        response: { 200: envelope(areaItemSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateArea(contextOf(request), request.params.code, request.body),
        t(request.locale, 'common.saved'),
      ),
  );
};

/** The reads of forms: public (auth optional), so the supplier registration can use them. */
export const areaPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    AreaApi.children,
    {
      config: { auth: 'optional', rateLimit: READ_LIMIT },
      schema: {
        tags,
        summary:
          "Enabled children of parentCode for forms; signed in: the tenant's corrections, anonymous: the shipped data",
        security: [],
        querystring: areaChildrenQuerySchema,
        response: { 200: envelope(z.array(areaItemSchema)) },
      },
    },
    async (request) =>
      envelopeOk(await areaChildren(readerOf(request), request.query.parentCode, { enabledOnly: true })),
  );

  app.get(
    AreaApi.search,
    {
      config: { auth: 'optional', rateLimit: READ_LIMIT },
      schema: {
        tags,
        summary: 'Enabled entries matching a name or code, each with its path from the province, for forms',
        security: [],
        querystring: areaSearchQuerySchema,
        response: { 200: envelope(z.array(areaMatchSchema)) },
      },
    },
    async (request) =>
      envelopeOk((await searchAreas(readerOf(request), request.query.keyword, { enabledOnly: true })).paths),
  );
};
