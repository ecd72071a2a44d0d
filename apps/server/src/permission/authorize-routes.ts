import {
  AuthorizeApi,
  AuthorizePerm,
  authorizeDataSchema,
  authorizeObjectSchema,
  authorizeObjectsParamSchema,
  authorizeObjectsQuerySchema,
  authorizeParamSchema,
  authorizeSaveSchema,
  envelope,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { transaction } from '../db/transaction';
import {
  addedGrants,
  assertCallerHolds,
  assertObjectOfTenant,
  buildTrees,
  listObjects,
  loadObjectGrants,
  loadTenantItems,
  normaliseGrants,
  replaceGrants,
} from './authorize-service';

const tags = ['authorize'];

/** The authorize screen: grant trees of a role, position or user, and saving them. */
export const authorizeRoutes: SignedInRoutes = async (app) => {
  const { db } = app.deps;

  app.get(
    `${AuthorizeApi.objects}/:objectType`,
    {
      preValidation: requirePerm(AuthorizePerm.authorize),
      schema: {
        tags,
        summary: 'Roles, positions or users of the tenant to authorize (keyword on name and code)',
        params: authorizeObjectsParamSchema,
        querystring: authorizeObjectsQuerySchema,
        response: { 200: envelope(z.array(authorizeObjectSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      return envelopeOk(
        await listObjects(db, auth.tenantId, request.params.objectType, request.query.keyword),
      );
    },
  );

  app.get(
    `${AuthorizeApi.data}/:objectType/:objectId`,
    {
      preValidation: requirePerm(AuthorizePerm.authorize),
      schema: {
        tags,
        summary: "The tenant's menu, button, column, data and app trees with the object's own grants",
        params: authorizeParamSchema,
        response: { 200: envelope(authorizeDataSchema) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { objectType, objectId } = request.params;
      await assertObjectOfTenant(db, auth.tenantId, objectType, objectId);
      const [items, checked] = await Promise.all([
        loadTenantItems(db, auth.tenantId),
        loadObjectGrants(db, auth.tenantId, objectType, objectId),
      ]);
      return envelopeOk({ trees: buildTrees(items, request.locale), checked });
    },
  );

  app.put(
    `${AuthorizeApi.data}/:objectType/:objectId`,
    {
      preValidation: requirePerm(AuthorizePerm.authorizeSave),
      schema: {
        tags,
        summary:
          "Replaces the object's grants of all five tabs (one transaction; an unknown or foreign id: 404)",
        params: authorizeParamSchema,
        body: authorizeSaveSchema,
        response: { 200: envelope(authorizeDataSchema.shape.checked) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { objectType, objectId } = request.params;
      const saved = await transaction(db, async (tx) => {
        await assertObjectOfTenant(tx, auth.tenantId, objectType, objectId);
        const items = await loadTenantItems(tx, auth.tenantId);
        const grants = normaliseGrants(items, request.body);
        // What the object had, with its directories, so that only what is really new is checked.
        const before = normaliseGrants(
          items,
          await loadObjectGrants(tx, auth.tenantId, objectType, objectId),
        );
        await assertCallerHolds(tx, auth, addedGrants(before, grants));
        await replaceGrants(tx, auth.tenantId, objectType, objectId, grants);
        return loadObjectGrants(tx, auth.tenantId, objectType, objectId);
      });
      return envelopeOk(saved, t(request.locale, 'common.saved'));
    },
  );
};
