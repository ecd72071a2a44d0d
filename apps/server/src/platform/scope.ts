import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { extractToken } from '../auth/session';
import { type OperatorAuth, resolveOperator } from './operator-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The platform operator of a platform route (platform/scope.ts); null elsewhere. */
    operator: OperatorAuth | null;
  }
}

/** The operator of a request in an operator scope: always there, the scope's hook checked it. */
export function operatorOf(request: { operator: OperatorAuth | null }): OperatorAuth {
  if (!request.operator) throw new Error('operator route outside the operator scope');
  return request.operator;
}

/**
 * Registers route plugins for the platform operator only. The tenant session hook (auth/hook.ts)
 * skips them (`auth: 'none'` on every route of the scope); this scope's hook admits an operator's
 * session alone: none 600, unknown 601, a tenant user's token 403.
 */
export function operatorOnly(...plugins: FastifyPluginAsyncZod[]) {
  return async function operatorScope(app: FastifyInstance): Promise<void> {
    app.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), auth: 'none' };
    });
    app.addHook('onRequest', async (request) => {
      request.operator = await resolveOperator(request.server.deps, extractToken(request));
    });
    for (const plugin of plugins) await app.register(plugin);
  };
}
