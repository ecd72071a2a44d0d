import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthInfo } from '../core/context';
import { AppError } from '../core/errors';
import { routeConfigOf } from '../core/fastify-internals';
import { storedLocale } from '../core/i18n';
import { extractToken, keptSession, resolveSession } from './session';

/**
 * The session of every /api request, by the route's `config.auth`: required (the default) answers
 * 600/601/602 without a valid session, optional loads one if sent, none skips. It runs for the
 * whole application, after the locale hook of core/http.ts.
 */
export const sessionHook = fp(async function sessionHook(app: FastifyInstance) {
  // A callback hook: the routes that need no session (and the static files) pay no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.is404 || !request.url.startsWith('/api/') || request.url.startsWith('/api/docs'))
      return done();
    const mode = routeConfigOf(request)?.auth ?? 'required';
    if (mode === 'none') return done();
    const token = extractToken(request);
    if (!token) return done(mode === 'required' ? new AppError(600, 'auth.tokenMissing') : undefined);
    const accept = (auth: AuthInfo) => {
      request.auth = auth;
      // The language the asking screen names (our client always does) answers; the user's own
      // only when the request names none (a script, a link opened outside the app).
      if (!request.headers['accept-language']) {
        const stored = storedLocale(auth.language);
        if (stored) request.locale = stored;
      }
    };
    // Most requests: the session kept in process answers at once, without a promise.
    const kept = keptSession(request.server.deps, token);
    if (kept) {
      accept(kept);
      return done();
    }
    resolveSession(request.server.deps, token).then(
      (auth) => {
        accept(auth);
        done();
      },
      (error: unknown) => {
        if (mode === 'required' || !(error instanceof AppError)) done(error as Error);
        else done();
      },
    );
  });
});
