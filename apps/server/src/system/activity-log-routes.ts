import {
  envelope,
  errorLogQuerySchema,
  errorLogSchema,
  LogApi,
  logPageOf,
  Perm,
  requestLogQuerySchema,
  requestLogSchema,
} from '@srm/contracts';
import { requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { pageErrorLogs, pageRequestLogs } from './activity-log-service';

/** System → log, tabs request and error (the sign-in tab is in routes.ts). Page code system.log. */
export const activityLogRoutes: SignedInRoutes = async (app) => {
  app.get(
    LogApi.request,
    {
      preValidation: requirePerm(Perm.log),
      schema: {
        tags: ['system'],
        summary: `Request log of the tenant: writes, failed and slow reads (newest first); ipAddress only with column ${Perm.logIpColumn}`,
        querystring: requestLogQuerySchema,
        response: { 200: envelope(logPageOf(requestLogSchema)) },
      },
    },
    async (request) => envelopeOk(await pageRequestLogs(contextOf(request), request.query)),
  );

  app.get(
    LogApi.error,
    {
      preValidation: requirePerm(Perm.log),
      schema: {
        tags: ['system'],
        summary: `Error log of the tenant: unexpected server errors and errors reported by browsers; ipAddress only with column ${Perm.logIpColumn}`,
        querystring: errorLogQuerySchema,
        response: { 200: envelope(logPageOf(errorLogSchema)) },
      },
    },
    async (request) => envelopeOk(await pageErrorLogs(contextOf(request), request.query)),
  );
};
