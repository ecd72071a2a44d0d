import {
  deptPostNodeSchema,
  deptPostTreeQuerySchema,
  envelope,
  idParamSchema,
  OrgApi,
  OrgPerm,
  pageOf,
  positionCreateSchema,
  positionPageQuerySchema,
  positionSchema,
  positionStateSchema,
  positionUpdateSchema,
  UserPerm,
} from '@srm/contracts';
import { z } from 'zod';
import { requireAnyPerm, requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import {
  createPosition,
  deletePosition,
  deptPostTree,
  enabledPositions,
  getPosition,
  pagePositions,
  setPositionEnabled,
  updatePosition,
} from './position-service';

const tags = ['organisation'];

export const positionRoutes: SignedInRoutes = async (app) => {
  app.get(
    OrgApi.position,
    {
      preValidation: requirePerm(OrgPerm.position),
      schema: {
        tags,
        summary:
          'Positions, paged: of a department, or of a company and its departments (keyword on name and code)',
        querystring: positionPageQuerySchema,
        response: { 200: envelope(pageOf(positionSchema)) },
      },
    },
    async (request) => envelopeOk(await pagePositions(contextOf(request), request.query)),
  );

  app.get(
    OrgApi.postAll,
    {
      // The user screen's position picker needs it too.
      preValidation: requireAnyPerm(OrgPerm.position, UserPerm.userAdd, UserPerm.userEdit),
      schema: {
        tags,
        summary: 'Every enabled position of the tenant',
        response: { 200: envelope(z.array(positionSchema)) },
      },
    },
    async (request) => envelopeOk(await enabledPositions(contextOf(request))),
  );

  app.get(
    OrgApi.deptPostTree,
    {
      preValidation: requirePerm(OrgPerm.position),
      schema: {
        tags,
        summary: "The tenant's companies and departments with their positions, as a tree",
        querystring: deptPostTreeQuerySchema,
        response: { 200: envelope(z.array(deptPostNodeSchema)) },
      },
    },
    async (request) => envelopeOk(await deptPostTree(contextOf(request), request.query)),
  );

  app.get(
    `${OrgApi.position}/:id`,
    {
      preValidation: requirePerm(OrgPerm.position),
      schema: {
        tags,
        summary: 'Position details',
        params: idParamSchema,
        response: { 200: envelope(positionSchema) },
      },
    },
    async (request) => envelopeOk(await getPosition(app.deps.db, request.auth.tenantId, request.params.id)),
  );

  app.post(
    OrgApi.position,
    {
      preValidation: requirePerm(OrgPerm.positionAdd),
      schema: {
        tags,
        summary: 'Creates a position in a company or department',
        body: positionCreateSchema,
        response: { 200: envelope(positionSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createPosition(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${OrgApi.position}/:id`,
    {
      preValidation: requirePerm(OrgPerm.positionEdit),
      schema: {
        tags,
        summary: 'Updates a position',
        params: idParamSchema,
        body: positionUpdateSchema,
        response: { 200: envelope(positionSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updatePosition(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.put(
    `${OrgApi.position}/:id/Actions/State`,
    {
      preValidation: requirePerm(OrgPerm.positionEdit),
      schema: {
        tags,
        summary: 'Enables or disables a position (a disabled position grants nothing to its users)',
        params: idParamSchema,
        body: positionStateSchema,
        response: { 200: envelope(positionSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await setPositionEnabled(contextOf(request), request.params.id, request.body.enabled),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${OrgApi.position}/:id`,
    {
      preValidation: requirePerm(OrgPerm.positionDelete),
      schema: {
        tags,
        summary: 'Deletes a position with its user assignments and grants (one transaction)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deletePosition(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.ok'));
    },
  );
};
