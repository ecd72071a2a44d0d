import { envelope, SubordinateApi, subordinateSchema } from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { subordinatesOf } from './subordinate-service';

/**
 * The signed-in user's subordinates: everyone in the departments they manage (`sys_dept.manager_id`)
 * and in those departments' sub-departments, themselves excluded. Any signed-in user may ask.
 */
export const subordinateRoutes: SignedInRoutes = async (app) => {
  app.get(
    SubordinateApi.current,
    {
      schema: {
        tags: ['current user'],
        summary: 'People of the departments the signed-in user manages, sub-departments included',
        response: { 200: envelope(z.array(subordinateSchema)) },
      },
    },
    async (request) => envelopeOk(await subordinatesOf(contextOf(request))),
  );
};
