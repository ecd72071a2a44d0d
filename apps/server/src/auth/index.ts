import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { signedIn } from '../core/scope';
import { sessionHook } from './hook';
// Its built-in jobs (ending idle sessions, purging the logs) register with the task registry.
import './jobs';
import { sessionRoutes, signInRoutes } from './sign-in-routes';

// What other domains call: the sessions are written here alone (test/unit/table-owners.test.ts).
export { endSessions, type SessionsOf } from './end-sessions';
export { clearLoginFailures, startSession, writeLoginLog } from './sign-in-service';

/**
 * Sessions: the session hook of every /api request, sign-in, lock screen and sign-out. Not
 * encapsulated (fastify-plugin), so the hook reaches the routes of every domain registered after it.
 */
export const authDomain = fp(async function authDomain(
  app: FastifyInstance,
  options: { afterSession?: (app: FastifyInstance) => void },
): Promise<void> {
  await app.register(sessionHook);
  // Root hooks that read the session (the tenant's message overrides) go right after it, before any route.
  options.afterSession?.(app);
  await app.register(signInRoutes);
  await app.register(signedIn(sessionRoutes));
});
