import { envelope, monitorSchema, OpsApi, OpsPerm } from '@srm/contracts';
import { requirePerm } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import type { SignedInRoutes } from '../../core/scope';
import type { Monitor } from './monitor-service';

export const monitorRoutes =
  (monitor: Monitor): SignedInRoutes =>
  async (app) => {
    app.get(
      OpsApi.monitor,
      {
        preValidation: requirePerm(OpsPerm.monitor),
        schema: {
          tags: ['monitor'],
          summary: `One sample of CPU, memory, load, disks, the Node process, the database, Redis and the connected server processes, with the recent samples (permission ${OpsPerm.monitor})`,
          response: { 200: envelope(monitorSchema) },
        },
      },
      async () => envelopeOk(await monitor.sample()),
    );
  };
