import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Cluster } from '../../core/cluster';
import { signedIn } from '../../core/scope';
import { monitorRoutes } from './monitor-routes';
import { Monitor } from './monitor-service';
import { ProcessRegistry } from './processes';

export { Monitor, ProcessRegistry };

/**
 * The tenant's monitor (its sessions, jobs and storage). Every process announces itself from
 * start-up, and samples the host (`Monitor`, the platform operator's view of the machine).
 */
export const monitorPlugin =
  (cluster: Cluster): FastifyPluginAsyncZod =>
  async (app) => {
    const processes = new ProcessRegistry(cluster);
    await processes
      .announce()
      .catch((error: Error) => app.log.warn({ err: error }, 'process announcement failed'));
    const monitor = new Monitor({ db: app.deps.db, dbKind: app.dbKind, cluster, processes, now: Date.now });
    app.addHook('onClose', async () => {
      monitor.close();
      await processes.close();
    });
    await app.register(signedIn(monitorRoutes));
  };
