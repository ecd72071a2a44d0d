import { envelope, WechatApi, WX_QR_EXPIRE_SECONDS, wxBindStateSchema } from '@srm/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordServerError } from '../core/activity-log';
import { envelopeOk } from '../core/envelope';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import {
  bindOpenid,
  bindRequestOf,
  bindStateOf,
  CALLBACK_BODY_LIMIT,
  hasValidSignature,
  isFresh,
  parseWechatMessage,
  SeenSignatures,
  unbind,
  wxBindScene,
} from './wechat-bind';
import { WechatApiError, WechatMpClient } from './wechat-client';

export { wxBindScene } from './wechat-bind';

/** The callback answers WeChat in plain text, never the JSON envelope. */
function plain(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

/** What WeChat adds to the callback address (signature, timestamp, nonce; echostr to verify it). */
const callbackQuerySchema = z.object({
  signature: z.string().max(64).optional(),
  timestamp: z.string().max(16).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(128).optional(),
  openid: z.string().max(128).optional(),
});

/**
 * The WeChat official-account binding (docs/rules.md#wechat-binding): the bind QR code, WeChat's
 * callback that completes the binding, the caller's binding state and unbinding.
 */
export const wechatRoutes: SignedInRoutes = async (app) => {
  const { db } = app.deps;
  const mp = app.deps.config.wechatMp;
  // One client per process: its access token is cached here.
  const client = mp ? new WechatMpClient(mp, { timeoutMs: mp.timeoutMs }) : null;

  app.get(
    WechatApi.qrCode,
    {
      // Every call creates a QR code on WeChat (a daily quota): a loop in a browser must not spend it.
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          // Per user: colleagues behind one proxy must not share one allowance.
          keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
        },
      },
      schema: {
        tags: ['wechat'],
        summary:
          "A temporary QR code for binding the caller's account to the official account; data is its ticket",
        response: { 200: envelope(z.string()) },
      },
    },
    async (request) => {
      // Any signed-in user, for their own account.
      const auth = request.auth;
      if (!client) throw new AppError(503, 'wechat.notConfigured');
      try {
        const qr = await client.createTempQrCode(
          wxBindScene(auth.tenantId, auth.userId),
          WX_QR_EXPIRE_SECONDS,
        );
        return envelopeOk(qr.ticket);
      } catch (error) {
        if (!(error instanceof WechatApiError)) throw error;
        request.log.error(
          {
            wechat: { failure: error.failure, endpoint: error.endpoint, errcode: error.errcode },
            err: error,
          },
          'WeChat QR code request failed',
        );
        recordServerError(request, error);
        throw error.errcode === undefined
          ? new AppError(502, 'wechat.unreachable')
          : new AppError(502, 'wechat.failed', { errcode: error.errcode });
      }
    },
  );

  app.get(
    WechatApi.bindState,
    {
      schema: {
        tags: ['wechat'],
        summary: "Whether the caller's account is bound to the official account, and since when",
        response: { 200: envelope(wxBindStateSchema) },
      },
    },
    async (request) => {
      // Any signed-in user, for their own account.
      const auth = request.auth;
      return envelopeOk(await bindStateOf(db, auth.tenantId, auth.userId));
    },
  );

  app.delete(
    WechatApi.bind,
    {
      schema: {
        tags: ['wechat'],
        summary: "Unbinds the caller's account from the official account (fine when not bound)",
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = request.auth;
      await unbind(db, auth.tenantId, auth.userId);
      return envelopeOk(null, t(request.locale, 'wechat.unbound'));
    },
  );
};

/** WeChat's callback that completes a binding: public, checked by WeChat's signature. */
export const wechatCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const mp = app.deps.config.wechatMp;
  // The callback is on only with the token WeChat signs it with.
  const callbackToken = mp?.token ?? null;
  if (mp && !callbackToken)
    app.log.warn('WECHAT_MP_TOKEN is not set: the WeChat callback is off and accounts cannot be bound');
  const seen = new SeenSignatures();

  // WeChat's server calls these (signed with the token, no session). Their own scope: the XML body
  // parser, the small body limit and the plain-text errors apply to them only.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['text/xml', 'application/xml'],
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) return plain(reply, 400, 'bad request');
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'WeChat callback refused');
        return plain(reply, status, 'bad request');
      }
      request.log.error({ err: error }, 'WeChat callback failed');
      recordServerError(request, error);
      return plain(reply, 500, 'error');
    });

    const common = { config: { auth: 'none' as const }, bodyLimit: CALLBACK_BODY_LIMIT };

    scope.get(
      WechatApi.callback,
      {
        ...common,
        schema: {
          tags: ['wechat'],
          summary:
            "WeChat's check of the server address: answers echostr (plain text) when signed with the token; 404 while the callback is off",
          security: [],
          querystring: callbackQuerySchema,
        },
      },
      async (request, reply) => {
        if (!callbackToken) return plain(reply, 404, 'not found');
        if (!hasValidSignature(callbackToken, request.query)) return plain(reply, 403, 'invalid signature');
        // WeChat signs the query, not the body: a verification query must not come back as an event.
        seen.add((request.query.signature ?? '').toLowerCase(), Date.now());
        return plain(reply, 200, request.query.echostr ?? '');
      },
    );

    scope.post(
      WechatApi.callback,
      {
        ...common,
        schema: {
          tags: ['wechat'],
          summary:
            'WeChat event messages (XML, plaintext mode, signed, at most 5 minutes old): a bind QR scan (SCAN, or subscribe by scanning) binds the scanner to the user its scene names; answers success',
          security: [],
          querystring: callbackQuerySchema,
        },
      },
      async (request, reply) => {
        if (!callbackToken) return plain(reply, 404, 'not found');
        const query = request.query;
        if (!hasValidSignature(callbackToken, query)) return plain(reply, 403, 'invalid signature');
        const now = Date.now();
        if (!isFresh(query.timestamp, now)) return plain(reply, 403, 'stale timestamp');
        const signature = (query.signature ?? '').toLowerCase();
        // The same signed query again (a retry, or a replay with another body): handled once.
        if (seen.has(signature, now)) return plain(reply, 200, 'success');
        // Taken before any await, so two copies arriving together are not both handled.
        seen.add(signature, now);
        const event = typeof request.body === 'string' ? parseWechatMessage(request.body) : null;
        if (!event) {
          request.log.info('WeChat callback: the body is not a WeChat XML message');
          return plain(reply, 400, 'bad request');
        }
        const bind = bindRequestOf(event);
        if (bind) {
          const bound = await bindOpenid(db, bind.tenantId, bind.userId, event.FromUserName);
          if (bound)
            request.log.info({ tenantId: bind.tenantId, userId: bind.userId }, 'WeChat account bound');
          else
            request.log.debug(
              { tenantId: bind.tenantId, userId: bind.userId },
              'WeChat bind scene names no enabled user of that tenant: ignored',
            );
        } else {
          request.log.debug({ msgType: event.MsgType, event: event.Event }, 'WeChat message not handled');
        }
        return plain(reply, 200, 'success');
      },
    );
  });
};
