import type { FastifyInstance } from 'fastify';
import type { Cluster } from '../core/cluster';
import { registerSignInGuard } from '../core/sign-in-guard';
import { CacheAdmin } from '../system/cache/index';
import { Monitor, ProcessRegistry } from '../system/monitor/index';
import { createOperator } from './operator-service';
import {
  platformBackupRoutes,
  platformHostRoutes,
  platformSignInRoutes,
  platformTenantRoutes,
} from './platform-routes';
import { operatorOnly } from './scope';
import { suspendedTenantGuard } from './tenant-service';

export { createOperator } from './operator-service';

/**
 * The platform operator's console (docs/rules.md#platform-operator), apart from every tenant: sign-in, the tenants
 * (create with a first administrator, suspend, resume), the host monitor, every cache and
 * whole-database backups, all under `/api/platform/` and answered only with an operator's session.
 * The operator named by `PLATFORM_OPERATOR` is made at start unless it exists.
 */
export async function platformDomain(app: FastifyInstance, options: { cluster: Cluster }): Promise<void> {
  registerSignInGuard(suspendedTenantGuard);
  const { platformOperator } = app.deps.config;
  if (platformOperator) {
    const made = await createOperator(app.deps.db, platformOperator.account, platformOperator.password);
    if (made.password)
      console.log(
        `platform operator "${platformOperator.account}" created; one-time password: ${made.password} (to be changed at the first sign-in at /platform/login)`,
      );
  }
  app.decorateRequest('operator', null);
  const processes = new ProcessRegistry(options.cluster);
  const monitor = new Monitor({
    db: app.deps.db,
    dbKind: app.dbKind,
    cluster: options.cluster,
    processes,
    now: Date.now,
  });
  const caches = new CacheAdmin(app.deps, options.cluster);
  app.addHook('onClose', async () => {
    monitor.close();
    await processes.close();
  });
  await app.register(platformSignInRoutes);
  await app.register(
    operatorOnly(platformTenantRoutes, platformHostRoutes(monitor, caches), platformBackupRoutes),
  );
}
