import { envelope, OpsApi, OpsPerm, tenantMonitorSchema } from '@srm/contracts';
import { requirePerm } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import type { SignedInRoutes } from '../../core/scope';
import { contextOf } from '../../core/service-context';
import { tenantMonitor } from './tenant-monitor';

/** The tenant administrator's monitor: his tenant's sessions, jobs and storage, never the host's. */
export const monitorRoutes: SignedInRoutes = async (app) => {
  app.get(
    OpsApi.monitor,
    {
      preValidation: requirePerm(OpsPerm.monitor),
      schema: {
        tags: ['monitor'],
        summary: `The caller's tenant only: its open sessions and sign-ins, its scheduled jobs and their recent runs, its rows, files and backups; nothing of the host or another tenant (permission ${OpsPerm.monitor})`,
        response: { 200: envelope(tenantMonitorSchema) },
      },
    },
    async (request) => envelopeOk(await tenantMonitor({ ...contextOf(request), locale: request.locale })),
  );
};
