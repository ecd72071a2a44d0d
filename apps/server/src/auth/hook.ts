import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/errors';
import { storedLocale } from '../core/i18n';
import { extractToken, resolveSession } from './session';

/**
 * The session of every /api request, by the route's `config.auth`: required (the default) answers
 * 600/601/602 without a valid session, optional loads one if sent, none skips. It runs for the
 * whole application, after the locale hook of core/http.ts.
 */
export const sessionHook = fp(async function sessionHook(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    const mode = request.routeOptions.config?.auth ?? 'required';
    if (mode === 'none') return;
    const token = extractToken(request);
    if (!token) {
      if (mode === 'required') throw new AppError(600, 'auth.tokenMissing');
      return;
    }
    try {
      request.auth = await resolveSession(request.server.deps, token);
    } catch (error) {
      if (mode === 'required' || !(error instanceof AppError)) throw error;
      return;
    }
    const stored = storedLocale(request.auth.language);
    if (stored) request.locale = stored;
  });
});
