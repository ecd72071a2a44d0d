import {
  API,
  challengeSchema,
  envelope,
  type LockScreenBody,
  type LoginBody,
  lockScreenBodySchema,
  loginBodySchema,
  loginResultSchema,
  SmsCodeApi,
  type SmsCodePurpose,
  type SmsCodeSend,
  smsCodeLoginSchema,
  smsCodeResetSchema,
  smsCodeSendSchema,
  smsCodeSentSchema,
  subCompanyRefSchema,
  switchCompanyBodySchema,
} from '@srm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import { newChallenge } from '../core/proof-of-work';
import type { SignedInRequest, SignedInRoutes } from '../core/scope';
import { contextOf, originOf } from '../core/service-context';
import { login, logout, switchCompany, unlockScreen } from './sign-in-service';
import { resetPasswordWithCode, sendSmsCode, signInWithCode } from './sms-code-service';

const nullData = envelope(z.null());

/** Sign-in: public, rate limited per client address. */
export const signInRoutes: FastifyPluginAsyncZod = async (app) => {
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
    const result = await login(app.deps, originOf(request), body.userName, body.passWord, {
      newPassword: body.newPassword,
      altcha: body.altcha,
    });
    return envelopeOk(result, t(request.locale, 'auth.loginOk'));
  };
  app.post(API.login, loginRoute, loginHandler);
  app.post(API.loginOauth, loginRoute, loginHandler);

  // Counted with the sign-ins: fetching challenges in bulk costs a guesser tries.
  app.get(
    API.loginChallenge,
    {
      preValidation: signInLimit,
      config: { auth: 'none' },
      schema: {
        tags: ['session'],
        summary: 'A proof-of-work challenge (ALTCHA) for a sign-in whose answer asked for one',
        security: [],
        response: { 200: envelope(challengeSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return envelopeOk(await newChallenge(app.deps.config));
    },
  );

  // Verification codes (sms-code-service.ts): counted with the sign-ins, each send a solved proof.
  const codeRoute = { preValidation: signInLimit, config: { auth: 'none' as const } };
  app.get(
    SmsCodeApi.challenge,
    {
      ...codeRoute,
      schema: {
        tags: ['session'],
        summary: 'A proof-of-work challenge (ALTCHA) for the next verification code',
        security: [],
        response: { 200: envelope(challengeSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return envelopeOk(await newChallenge(app.deps.config));
    },
  );
  app.post(
    SmsCodeApi.send,
    {
      ...codeRoute,
      schema: {
        tags: ['session'],
        summary:
          'Sends a 6-digit code by SMS to sign in or set a forgotten password (the same answer whether or not the mobile has an account; 429 within 60 s)',
        security: [],
        body: smsCodeSendSchema,
        response: { 200: envelope(smsCodeSentSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await sendSmsCode(
          app.deps,
          originOf(request),
          request.body as SmsCodeSend & { purpose: SmsCodePurpose },
        ),
        t(request.locale, 'auth.codeSent'),
      ),
  );
  app.post(
    SmsCodeApi.login,
    {
      ...codeRoute,
      schema: {
        tags: ['session'],
        summary:
          'Sign in with a mobile (or mobile@account) and its verification code, as /api/sys/login does',
        security: [],
        body: smsCodeLoginSchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await signInWithCode(app.deps, originOf(request), request.body as { userName: string; code: string }),
        t(request.locale, 'auth.loginOk'),
      ),
  );
  app.post(
    SmsCodeApi.resetPassword,
    {
      ...codeRoute,
      schema: {
        tags: ['session'],
        summary: "Sets a forgotten password with the mobile's verification code; the user's sessions end",
        security: [],
        body: smsCodeResetSchema,
        response: { 200: nullData },
      },
    },
    async (request) => {
      await resetPasswordWithCode(
        app.deps,
        originOf(request),
        request.body as { userName: string; code: string; newPassword: string },
      );
      return envelopeOk(null, t(request.locale, 'auth.passwordResetOk'));
    },
  );
};

/** The signed-in user's session: unlock the lock screen, sign out, act within another company. */
export const sessionRoutes: SignedInRoutes = async (app) => {
  const lockRoute = {
    config: { rateLimit: { max: app.deps.config.loginRateLimit, timeWindow: 60_000 } },
    schema: {
      tags: ['session'],
      summary: 'Unlock the lock screen: re-checks the signed-in user password',
      body: lockScreenBodySchema,
      response: { 200: nullData },
    },
  };
  const lockHandler = async (request: SignedInRequest<{ Body: LockScreenBody }>) => {
    await unlockScreen(contextOf(request), request.body);
    return envelopeOk(null, t(request.locale, 'auth.unlockOk'));
  };
  app.post(API.lockScreen, lockRoute, lockHandler);
  app.post(API.lockScreenOauth, lockRoute, lockHandler);

  app.post(
    API.logout,
    {
      schema: {
        tags: ['session'],
        summary:
          'Sign out: ends the session; one started through a provider that ends its own answers `logoutUrl`, where the browser goes next',
        response: { 200: envelope(z.object({ logoutUrl: z.string() }).nullable()) },
      },
    },
    async (request: SignedInRequest, _reply: FastifyReply) =>
      envelopeOk(await logout(contextOf(request)), t(request.locale, 'auth.logoutOk')),
  );

  app.post(
    API.switchCompany,
    {
      schema: {
        tags: ['organisation'],
        summary: 'Acts within another company of the tree; stored on the session',
        body: switchCompanyBodySchema,
        response: { 200: envelope(subCompanyRefSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await switchCompany(contextOf(request), request.body.companyId),
        t(request.locale, 'org.switchOk'),
      ),
  );
};
