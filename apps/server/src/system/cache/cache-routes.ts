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
          summary: `Every cache of the answering process (entries, approximate bytes, hit rate, last clear) and, with Redis, its keys under the prefix (permission ${OpsPerm.cache})`,
          response: { 200: envelope(cacheListSchema) },
        },
      },
      async () => envelopeOk(await admin.list()),
    );

    app.delete(
      `${OpsApi.cache}/:name`,
      {
        preValidation: requirePerm(OpsPerm.cacheClear),
        schema: {
          tags,
          summary: `Clears one cache in every server process; 404 for an unknown name (permission ${OpsPerm.cacheClear})`,
          params: cacheNameParamSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await admin.clear(request.params.name);
        return envelopeOk(null, t(request.locale, 'cache.cleared'));
      },
    );

    app.post(
      OpsApi.cacheClearAll,
      {
        preValidation: requirePerm(OpsPerm.cacheClear),
        schema: {
          tags,
          summary: `Clears every cache in every server process (permission ${OpsPerm.cacheClear})`,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await admin.clear();
        return envelopeOk(null, t(request.locale, 'cache.cleared'));
      },
    );
  };
