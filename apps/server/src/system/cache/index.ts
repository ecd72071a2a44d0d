import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Cluster } from '../../core/cluster';
import { signedIn } from '../../core/scope';
import { cacheRoutes } from './cache-routes';
import { CacheAdmin } from './cache-service';

export { CacheAdmin } from './cache-service';

/** The cache screen's calls; the clear subscription starts with the app, in every process. */
export const cachePlugin =
  (cluster: Cluster): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = new CacheAdmin(app.deps, cluster);
    await app.register(signedIn(cacheRoutes(admin)));
  };
