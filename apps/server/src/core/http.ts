import { randomBytes } from 'node:crypto';
import { resolveLocale } from '@srm/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLost, RETRY_AFTER_SECONDS } from '../db/connection-lost';
import { recordServerError } from './activity-log';
import { AppError } from './errors';
import { setFirstHeaders } from './fastify-internals';
import { type MessageKey, t } from './i18n';
import { REQUEST_ID, writesHeaderBlock } from './security-headers';
import { uniqueViolation } from './unique-violation';
import { issuesToFields } from './validation';

/**
 * New request ids: this process's random prefix (72 bits, so two processes or two starts never
 * share one) and a counter, e.g. `q3Vx9kPzT0aB-2s1`; a UUID per request cost several times more.
 */
const REQUEST_ID_PREFIX = randomBytes(9).toString('base64url');
let requestCount = 0;

/**
 * Request ids: an incoming x-request-id (sane) is kept, else a new one. It is also left on Node's
 * request, where the server's response class writes it into the answer's header block.
 */
export function genReqId(req: {
  headers: Record<string, string | string[] | undefined>;
  [REQUEST_ID]?: string;
}): string {
  const incoming = req.headers['x-request-id'];
  let id: string;
  if (typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming)) id = incoming;
  else {
    requestCount += 1;
    id = `${REQUEST_ID_PREFIX}-${requestCount.toString(36)}`;
  }
  req[REQUEST_ID] = id;
  return id;
}

/** Errors bypass the route's response schema: the body is serialised here. */
function sendEnvelope(reply: FastifyReply, httpStatus: number, body: unknown) {
  return reply.code(httpStatus).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function sendError(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  // A refusal that says when to ask again (a rate limit, a cool-down) says it in the header too.
  const wait = (error.data as { retryAfter?: unknown } | null | undefined)?.retryAfter;
  if (error.code === 429 && typeof wait === 'number' && wait > 0) reply.header('retry-after', String(wait));
  return sendEnvelope(reply, 200, {
    code: error.code,
    msg: t(request.locale, error.key, error.params),
    data: error.data,
  });
}

/**
 * Hooks in order: request id (genReqId) → security headers, id header, locale → session
 * (auth/hook.ts) → [route: permission → zod validation] → handler. The server's response class
 * writes the security headers and the request id into every answer (`headerBlockResponse`); where a response is of
 * another class, the first hook of all sets them, so answers refused by the sign-in check, 404s
 * and errors carry them too.
 */
export function registerRequestHooks(app: FastifyInstance, securityHeaders: Record<string, string>) {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('auth', null);
  app.decorateRequest('permsPromise', null);
  app.decorateRequest('receivedAt', 0);

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(securityHeaders)) headers[name.toLowerCase()] = value;
  // Callback hooks, not async ones, and one where one will do: every request runs them, and a
  // promise (or a hook) per request is measurable.
  app.addHook('onRequest', (request, reply, done) => {
    request.receivedAt = performance.now();
    // The server's own responses write the set and the id themselves (core/security-headers.ts).
    if (!writesHeaderBlock(reply.raw)) {
      setFirstHeaders(reply, headers);
      reply.header('x-request-id', request.id);
    }
    request.locale = resolveLocale(request.headers['accept-language']);
    done();
  });
}

function fastifyClientErrorKey(error: FastifyError): MessageKey {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return 'error.payloadTooLarge';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'error.badJson';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415)
    return 'error.badMediaType';
  return 'error.badRequest';
}

/**
 * Errors of the router itself (a malformed percent-encoding, a path parameter over the length
 * limit): no hook has run, so the language comes from the header; the answer is the envelope.
 */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.receivedAt = performance.now();
  request.locale = resolveLocale(request.headers['accept-language']);
  if (!writesHeaderBlock(reply.raw)) reply.header('x-request-id', request.id);
  return sendError(reply, request, new AppError(400, 'error.badUrl'));
}

export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, request, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = issuesToFields(error.validation, request.locale);
      return sendError(reply, request, new AppError(400, 'error.badRequest', undefined, { fields }));
    }
    const taken = uniqueViolation(error, request);
    if (taken) return sendError(reply, request, taken);
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, request, new AppError(429, 'error.tooMany'));
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, request, new AppError(400, fastifyClientErrorKey(error)));
    }
    if (isConnectionLost(error)) {
      // The transaction died with the connection (rolled back): the same request may be sent again.
      request.log.warn({ err: error }, 'database connection lost');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendEnvelope(reply, 503, {
        code: 503,
        msg: t(request.locale, 'error.dbUnavailable'),
        data: null,
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    recordServerError(request, error);
    return sendEnvelope(reply, 500, {
      code: 500,
      msg: t(request.locale, 'error.server', { requestId: String(request.id) }),
      data: null,
    });
  });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  return sendError(reply, request, new AppError(404, 'error.apiNotFound', { path }));
}
