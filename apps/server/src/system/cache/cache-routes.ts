import { cacheListSchema, cacheNameParamSchema, envelope, OpsApi, OpsPerm } from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import { t } from '../../core/i18n';
import type { SignedInRoutes } from '../../core/scope';
import type { CacheAdmin } from './cache-service';

const tags = ['cache'];

export const cacheRoutes =
  (admin: CacheAdmin): SignedInRoutes =>
  async (app) => {
    app.get(
      OpsApi.cache,
      {
        preValidation: requirePerm(OpsPerm.cache),
        schema: {
          tags,
          summary: `The caller's tenant's entries of every cache of the answering process (entries, approximate bytes, hit rate, last clear) and, with Redis, its keys; no other tenant's (permission ${OpsPerm.cache})`,
          response: { 200: envelope(cacheListSchema) },
        },
      },
      async (request) => envelopeOk(await admin.list(request.auth.tenantId)),
    );

    app.delete(
      `${OpsApi.cache}/:name`,
      {
        preValidation: requirePerm(OpsPerm.cacheClear),
        schema: {
          tags,
          summary: `Clears the tenant's entries of one cache in every server process, every other tenant's stay; 404 for an unknown name (permission ${OpsPerm.cacheClear})`,
          params: cacheNameParamSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await admin.clear(request.params.name, request.auth.tenantId);
        return envelopeOk(null, t(request.locale, 'cache.cleared'));
      },
    );

    app.post(
      OpsApi.cacheClearAll,
      {
        preValidation: requirePerm(OpsPerm.cacheClear),
        schema: {
          tags,
          summary: `Clears the tenant's entries of every cache in every server process, every other tenant's stay (permission ${OpsPerm.cacheClear})`,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await admin.clear(undefined, request.auth.tenantId);
        return envelopeOk(null, t(request.locale, 'cache.cleared'));
      },
    );
  };
