import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { resolveLocale } from '@srm/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import type { DbHandle } from '../db/index';
import { JobRunner } from '../jobs/runner';
import { createLogger, loggerOptions, registerAccessLog } from './access-log';
import { ActivityLog, registerActivityLogHooks } from './activity-log';
import { VersionedCache } from './cache';
import { openFileStore } from './file-store';
import { apiNotFound, frameworkError, genReqId, registerErrorHandlers, registerRequestHooks } from './http';
import type { Realtime } from './realtime';
import { headerBlockResponse, securityHeaders } from './security-headers';
import { createSerializerCompiler } from './serializer';
import { SettingsCache } from './settings';
import { createSmsGateway } from './sms';
import { StatementMeter } from './statement-meter';
import {
  readSignInPreloads,
  registerCompression,
  registerWebAssets,
  SIGN_IN_PATH,
  signInLinks,
} from './static-assets';
import { cleanInputValidatorCompiler } from './validation';
import { WrittenTables } from './written-tables';

/**
 * The Fastify instance every domain registers into: validation and serialisation from zod, the
 * shared services (`app.deps`), security headers, logs, error envelopes, compression, rate limits
 * and the OpenAPI document (uploads: `uploadRoutes`, core/multipart.ts). Domains add their routes after this.
 */
export async function createPlatform(
  config: AppConfig,
  opened: DbHandle,
  realtime: Realtime,
  onClose: () => Promise<void>,
): Promise<FastifyInstance> {
  const files = await openFileStore(config);
  // Statements are counted only when asked (GET /api/bench/statements; tests and the workflow bench).
  const meter = config.countStatements ? new StatementMeter() : null;
  // The tables each request writes, for the live portal widgets (core/written-tables.ts).
  const written = new WrittenTables();
  const handle = written.tracked(meter ? meter.metered(opened) : opened);
  const security = securityHeaders(config);
  const responseClass = headerBlockResponse(security);
  const logger = createLogger(config);
  const app = Fastify({
    ...loggerOptions(logger),
    // The security headers as one block made at start (core/security-headers.ts).
    ...(responseClass ? { http: { ServerResponse: responseClass } } : {}),
    genReqId,
    frameworkErrors: frameworkError,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  // Fastify's own logger is off (core/access-log.ts); app.log is the app's, for every scope.
  if (logger) app.log = logger;

  app.setValidatorCompiler(cleanInputValidatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ validate: config.validateResponses ?? false }));
  const jobs = new JobRunner(handle, {
    workers: config.jobs?.workers ?? false,
    pollingIntervalSeconds: config.jobs?.pollingIntervalSeconds,
    cronIntervalSeconds: config.jobs?.cronIntervalSeconds,
    onError: (error) => app.log.error({ err: error }, 'job runner error'),
  });
  const activity = new ActivityLog(handle.db, (error) =>
    app.log.error({ err: error }, 'activity log write failed'),
  );
  app.decorate('deps', {
    db: handle.db,
    config,
    settings: new SettingsCache(handle.db),
    cache: new VersionedCache(),
    files,
    activity,
    realtime,
    dbHandle: handle,
    jobs,
    statements: meter,
    writtenTables: written,
    // Without a provider the code is written to the log: a development machine reads it there.
    sms: createSmsGateway(config.sms, (m) =>
      app.log.info({ mobile: m.mobile, code: m.code, template: m.template }, 'SMS (recording gateway)'),
    ),
  });
  app.decorate('dbKind', handle.kind);
  // The last log rows are written before the database closes.
  app.addHook('onClose', async () => {
    await realtime.close();
    await jobs.stop();
    await activity.flush();
    await onClose();
  });

  meter?.register(app);
  written.register(app);
  registerRequestHooks(app, security);
  registerAccessLog(app, config);
  registerErrorHandlers(app);
  registerActivityLogHooks(app, activity);
  await registerCompression(app);

  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'SRM back-office API', version: '0.1.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  return app;
}

/** After the domains: the benchmark route when asked, the built web app, and 404 for the rest. */
export async function registerFallbacks(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (config.benchRoutes) {
    app.get('/api/bench/ping', { config: { auth: 'none' }, schema: { hide: true } }, async () => ({
      code: 0,
      msg: 'Success',
      data: null,
    }));
    // Statements run so far by requests and in the background (core/statement-meter.ts).
    app.get('/api/bench/statements', { config: { auth: 'none' }, schema: { hide: true } }, async () => ({
      code: 0,
      msg: 'Success',
      data: app.deps.statements?.snapshot() ?? null,
    }));
  }

  const webDist = config.webDist;
  const signInPreloads = webDist ? readSignInPreloads(webDist) : null;
  if (webDist) {
    await registerWebAssets(app, webDist);
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (!isApi && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      if (request.url.split('?')[0] === SIGN_IN_PATH) {
        reply.header('link', signInLinks(signInPreloads, resolveLocale(request.headers['accept-language'])));
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return apiNotFound(request, reply);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    dbKind: 'pglite' | 'pg';
  }
}
