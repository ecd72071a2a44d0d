import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/routes';
import type { AppConfig } from './config';
import { loggerOptions, registerAccessLog } from './core/access-log';
import { VersionedCache } from './core/cache';
import {
  apiNotFound,
  frameworkError,
  genReqId,
  registerErrorHandlers,
  registerRequestHooks,
} from './core/http';
import { registerSecurityHeaders } from './core/security-headers';
import { createSerializerCompiler } from './core/serializer';
import { SettingsCache } from './core/settings';
import { registerCompression, registerWebAssets } from './core/static-assets';
import { cleanInputValidatorCompiler } from './core/validation';
import { type DbHandle, openDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { seedDemo } from './db/seed';
import { fileRoutes } from './file/routes';
import { ChatHub } from './message/chat-hub';
import { chatRoutes } from './message/chat-routes';
import { registerChatSocket, SOCKET_HARD_MAX_BYTES } from './message/chat-socket';
import { mailRoutes } from './message/mail-routes';
import { messageRoutes } from './message/message-routes';
import { ensureMsgTemplates } from './message/msg-template';
import { msgTemplateRoutes } from './message/msg-template-routes';
import { noticeRoutes } from './message/notice-routes';
import { companyRoutes } from './org/company-routes';
import { deptRoutes } from './org/dept-routes';
import { positionRoutes } from './org/position-routes';
import { orgRoutes } from './org/routes';
import { authorizeRoutes } from './permission/authorize-routes';
import { filterRoutes } from './permission/filter-routes';
import { onlineRoutes } from './permission/online-routes';
import { roleRoutes } from './permission/role-routes';
import { currentUserRoutes } from './permission/routes';
import { subordinateRoutes } from './permission/subordinate-routes';
import { userRoutes } from './permission/user-routes';
import { ActivityLog, registerActivityLogHooks } from './system/activity-log';
import { activityLogRoutes } from './system/activity-log-routes';
import { menuRoutes } from './system/menu-routes';
import { systemRoutes } from './system/routes';
import { wechatRoutes } from './system/wechat-routes';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Opens (or takes) the database, migrates it, seeds the demo tenant when asked or on the first embedded start. */
async function prepareDb(config: AppConfig): Promise<{ handle: DbHandle; seeded: boolean; owned: boolean }> {
  if (config.db) return { handle: config.db, seeded: false, owned: false };
  const handle = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onIdleError: (error) => console.error(`database connection error: ${error.message}`),
  });
  const applied = await migrateToLatest(handle.db);
  const firstEmbeddedStart = handle.kind === 'pglite' && applied.includes('0001_init');
  const seeded = config.seedDemo || firstEmbeddedStart ? await seedDemo(handle.db) : false;
  // Tenants made before a default template existed get it now (edited ones are kept).
  await ensureMsgTemplates(handle.db);
  return { handle, seeded, owned: true };
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const { handle, seeded, owned } = await prepareDb(config);

  const app = Fastify({
    ...loggerOptions(config),
    genReqId,
    frameworkErrors: frameworkError,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(cleanInputValidatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ validate: config.validateResponses ?? false }));
  const activity = new ActivityLog(handle.db, (error) =>
    app.log.error({ err: error }, 'activity log write failed'),
  );
  const hub = new ChatHub(config.redisUrl, config.redisPrefix ?? 'srm', (error) =>
    app.log.error({ err: error }, 'realtime delivery error'),
  );
  await hub.ready;
  app.decorate('deps', {
    db: handle.db,
    config,
    settings: new SettingsCache(handle.db),
    cache: new VersionedCache(),
    activity,
    realtime: hub,
  });
  app.decorate('dbKind', handle.kind);
  if (seeded) app.log.info('demo data seeded');
  // The last log rows are written before the database closes.
  app.addHook('onClose', async () => {
    await hub.close();
    await activity.flush();
    if (owned) await handle.close();
  });

  registerSecurityHeaders(app, config);
  registerAccessLog(app, config);
  registerRequestHooks(app);
  registerErrorHandlers(app);
  registerActivityLogHooks(app, activity);
  await registerCompression(app);

  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
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

  await app.register(authRoutes);
  await app.register(currentUserRoutes);
  await app.register(orgRoutes);
  await app.register(companyRoutes);
  await app.register(deptRoutes);
  await app.register(positionRoutes);
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(filterRoutes);
  await app.register(authorizeRoutes);
  await app.register(systemRoutes);
  await app.register(activityLogRoutes);
  await app.register(menuRoutes);
  await app.register(wechatRoutes);
  await app.register(onlineRoutes);
  await app.register(subordinateRoutes);
  await app.register(messageRoutes);
  await app.register(mailRoutes);
  await app.register(noticeRoutes);
  await app.register(msgTemplateRoutes);
  await app.register(chatRoutes);
  await app.register(websocket, { options: { maxPayload: SOCKET_HARD_MAX_BYTES } });
  await app.register(async (scope) => registerChatSocket(scope, hub));
  await app.register(fileRoutes);

  if (config.benchRoutes) {
    app.get('/api/bench/ping', { config: { auth: 'none' }, schema: { hide: true } }, async () => ({
      code: 0,
      msg: 'Success',
      data: null,
    }));
  }

  const webDist = config.webDist;
  if (webDist) {
    await registerWebAssets(app, webDist);
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (!isApi && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return apiNotFound(request, reply);
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    dbKind: 'pglite' | 'pg';
  }
}
