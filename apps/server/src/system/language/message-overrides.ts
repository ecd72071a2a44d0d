import type { FastifyInstance } from 'fastify';
import { messageOverrides } from '../../core/i18n';
import { keptTenantOverrides, tenantOverrides } from './language-service';

/**
 * After the session is known, the rest of a signed-in request (handler, errors, field messages)
 * runs with the tenant's server-message overrides, so every `t()` answers the tenant's text. A
 * hook on the root instance, after the session hook: it sees `request.auth`.
 */
export function registerMessageOverrides(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const auth = request.auth;
    if (!auth) return done();
    const kept = keptTenantOverrides(request.server.deps, auth);
    if (kept) return kept.server.size ? messageOverrides.run(kept.server, done) : done();
    tenantOverrides(request.server.deps, auth).then(
      (loaded) => (loaded.server.size ? messageOverrides.run(loaded.server, done) : done()),
      (error: Error) => done(error),
    );
  });
}
