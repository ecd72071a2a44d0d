import {
  API,
  envelope,
  type LockScreenBody,
  type LoginBody,
  lockScreenBodySchema,
  loginBodySchema,
  loginResultSchema,
} from '@srm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import { verifyPassword } from '../core/password';
import { login } from './service';

const nullData = envelope(z.null());

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // One counter per client address for both sign-in routes together (a per-route limit would
  // give a guesser twice the tries by alternating spellings).
  const limiter = app.createRateLimit({ max: app.deps.config.loginRateLimit, timeWindow: 60_000 });
  const signInLimit = async (request: FastifyRequest): Promise<void> => {
    const limit = await limiter(request);
    if (!limit.isAllowed && limit.isExceeded) throw new AppError(429, 'error.tooMany');
  };
  const loginRoute = {
    // Before the body is validated: malformed tries count too.
    preValidation: signInLimit,
    config: { auth: 'none' as const },
    schema: {
      tags: ['session'],
      summary: 'Sign in with account, mobile or mobile@account',
      security: [],
      body: loginBodySchema,
      response: { 200: envelope(loginResultSchema) },
    },
  };
  const loginHandler = async (request: FastifyRequest) => {
    // Validated by the route's body schema.
    const body = request.body as LoginBody;
    const result = await login(app.deps, request, body.userName, body.passWord);
    return envelopeOk(result, t(request.locale, 'auth.loginOk'));
  };
  app.post(API.login, loginRoute, loginHandler);
  app.post(API.loginOauth, loginRoute, loginHandler);

  const lockRoute = {
    config: { rateLimit: { max: app.deps.config.loginRateLimit, timeWindow: 60_000 } },
    schema: {
      tags: ['session'],
      summary: 'Unlock the lock screen: re-checks the signed-in user password',
      body: lockScreenBodySchema,
      response: { 200: nullData },
    },
  };
  const lockHandler = async (request: FastifyRequest<{ Body: LockScreenBody }>) => {
    const auth = requireAuth(request.auth);
    const user = await app.deps.db
      .selectFrom('sys_user')
      .select(['account', 'mobile', 'password_hash'])
      .where('id', '=', auth.userId)
      .where('tenant_id', '=', auth.tenantId)
      .executeTakeFirstOrThrow();
    const account = request.body.account.trim();
    if (account !== user.account && account !== user.mobile && !account.endsWith(`@${user.account}`)) {
      throw new AppError(400, 'auth.wrongAccount');
    }
    if (!(await verifyPassword(user.password_hash, request.body.password))) {
      throw new AppError(400, 'auth.wrongPassword');
    }
    return envelopeOk(null, t(request.locale, 'auth.unlockOk'));
  };
  app.post(API.lockScreen, lockRoute, lockHandler);
  app.post(API.lockScreenOauth, lockRoute, lockHandler);

  app.post(
    API.logout,
    { schema: { tags: ['session'], summary: 'Sign out: ends the session', response: { 200: nullData } } },
    async (request: FastifyRequest, _reply: FastifyReply) => {
      const auth = requireAuth(request.auth);
      await app.deps.db
        .updateTable('sys_session')
        .set({ ended_reason: 'logout', ended_at: new Date() })
        .where('id', '=', auth.sessionId)
        .where('ended_reason', 'is', null)
        .execute();
      // Every chat socket of this session (its tabs share the token) gets `logout` and closes.
      await app.deps.realtime.endSessions([auth.sessionId], 'auth.logoutOk');
      return envelopeOk(null, t(request.locale, 'auth.logoutOk'));
    },
  );
};
