import {
  AuthorizePerm,
  comboxOptionSchema,
  comboxQuerySchema,
  envelope,
  FilterApi,
  OrgPerm,
  RolePerm,
  UserPerm,
} from '@srm/contracts';
import { z } from 'zod';
import { requireAnyPerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { comboxOptions } from './filter-service';

/** The pages whose list filters offer roles, positions, companies or departments. */
const FILTER_PAGES = [
  UserPerm.user,
  RolePerm.role,
  OrgPerm.position,
  OrgPerm.department,
  OrgPerm.organize,
  AuthorizePerm.authorize,
];

export const filterRoutes: SignedInRoutes = async (app) => {
  app.get(
    FilterApi.comboxList,
    {
      preValidation: requireAnyPerm(...FILTER_PAGES),
      schema: {
        tags: ['filters'],
        summary:
          'Filter drop-down options: enabled roles, positions, companies or departments of the tenant (type), keyword on name and code',
        querystring: comboxQuerySchema,
        response: { 200: envelope(z.array(comboxOptionSchema)) },
      },
    },
    async (request) => envelopeOk(await comboxOptions(contextOf(request), request.query)),
  );
};
