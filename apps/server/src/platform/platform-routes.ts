import { createReadStream } from 'node:fs';
import {
  backupSchema,
  cacheListSchema,
  cacheNameParamSchema,
  databaseBackupNameParamSchema,
  envelope,
  idParamSchema,
  monitorSchema,
  PlatformApi,
  type PlatformLoginBody,
  platformBackupInfoSchema,
  platformLoginBodySchema,
  platformLoginResultSchema,
  platformOperatorSchema,
  type TenantCreate,
  tenantCreateSchema,
  tenantRowSchema,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { AppError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import { originOf } from '../core/service-context';
import type { CacheAdmin } from '../system/cache/index';
import type { Monitor } from '../system/monitor/index';
import {
  backupInfo,
  cancelWholeRestore,
  deleteWholeBackup,
  requestWholeRestore,
  takeWholeBackup,
  wholeBackupFile,
} from './backup-service';
import { operatorInfo, operatorLogin, operatorLogout } from './operator-service';
import { operatorOf } from './scope';
import { createTenant, listTenants, resumeTenant, suspendTenant } from './tenant-service';

const tags = ['platform'];
const nullData = envelope(z.null());
const BACKUP = `${PlatformApi.backup}/:name`;

/** Operator sign-in: public, rate limited per client address. */
export const platformSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = app.createRateLimit({ max: app.deps.config.loginRateLimit, timeWindow: 60_000 });
  app.post(
    PlatformApi.login,
    {
      preValidation: async (request: FastifyRequest) => {
        const limit = await limiter(request);
        if (!limit.isAllowed && limit.isExceeded) throw new AppError(429, 'error.tooMany');
      },
      config: { auth: 'none' },
      schema: {
        tags,
        summary: 'Platform operator sign-in (a one-time password only together with newPassword)',
        security: [],
        body: platformLoginBodySchema,
        response: { 200: envelope(platformLoginResultSchema) },
      },
    },
    async (request) => {
      const body = request.body as PlatformLoginBody;
      const result = await operatorLogin(app.deps, originOf(request), body);
      return envelopeOk(result, t(request.locale, 'auth.loginOk'));
    },
  );
};

/** The operator's own session and the tenants. */
export const platformTenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PlatformApi.me,
    {
      schema: {
        tags,
        summary: 'The signed-in operator',
        response: { 200: envelope(platformOperatorSchema) },
      },
    },
    async (request) => envelopeOk(await operatorInfo(app.deps.db, operatorOf(request))),
  );
  app.post(
    PlatformApi.logout,
    { schema: { tags, summary: 'Operator sign-out', response: { 200: nullData } } },
    async (request) => {
      await operatorLogout(app.deps.db, operatorOf(request));
      return envelopeOk(null, t(request.locale, 'auth.logoutOk'));
    },
  );
  app.get(
    PlatformApi.tenants,
    {
      schema: {
        tags,
        summary: 'Every tenant of the deployment with its state, users and first administrator',
        response: { 200: envelope(z.array(tenantRowSchema)) },
      },
    },
    async () => envelopeOk(await listTenants(app.deps)),
  );
  app.post(
    PlatformApi.tenants,
    {
      schema: {
        tags,
        summary: 'Create a tenant with its root company, roles, menus, dictionaries and first administrator',
        body: tenantCreateSchema,
        response: { 200: envelope(tenantRowSchema) },
      },
    },
    async (request) => {
      const row = await createTenant(app.deps, request.locale, request.body as TenantCreate);
      return envelopeOk(row, t(request.locale, 'platform.tenantCreated'));
    },
  );
  app.post(
    `${PlatformApi.tenants}/:id/Actions/Suspend`,
    {
      schema: {
        tags,
        summary: 'Suspend a tenant: its users cannot sign in and their sessions end (602)',
        params: idParamSchema,
        response: { 200: nullData },
      },
    },
    async (request) => {
      await suspendTenant(app.deps, request.params.id);
      return envelopeOk(null, t(request.locale, 'platform.tenantSuspended'));
    },
  );
  app.post(
    `${PlatformApi.tenants}/:id/Actions/Resume`,
    {
      schema: {
        tags,
        summary: 'Resume a suspended tenant',
        params: idParamSchema,
        response: { 200: nullData },
      },
    },
    async (request) => {
      await resumeTenant(app.deps, request.params.id);
      return envelopeOk(null, t(request.locale, 'platform.tenantResumed'));
    },
  );
};

/** The host: monitor and every cache of every tenant. */
export const platformHostRoutes =
  (monitor: Monitor, caches: CacheAdmin): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      PlatformApi.monitor,
      {
        schema: {
          tags,
          summary:
            'One sample of the host: CPU, memory, disks, the process, the database, Redis, the processes',
          response: { 200: envelope(monitorSchema) },
        },
      },
      async () => envelopeOk(await monitor.sample()),
    );
    app.get(
      PlatformApi.cache,
      {
        schema: {
          tags,
          summary: 'Every cache of the answering process (all tenants) and, with Redis, its keys',
          response: { 200: envelope(cacheListSchema) },
        },
      },
      async () => envelopeOk(await caches.list()),
    );
    app.delete(
      `${PlatformApi.cache}/:name`,
      {
        schema: {
          tags,
          summary: 'Clear one cache in every process (all tenants)',
          params: cacheNameParamSchema,
          response: { 200: nullData },
        },
      },
      async (request) => {
        await caches.clear(request.params.name);
        return envelopeOk(null, t(request.locale, 'cache.cleared'));
      },
    );
    app.post(
      PlatformApi.cacheClearAll,
      { schema: { tags, summary: 'Clear every cache in every process', response: { 200: nullData } } },
      async (request) => {
        await caches.clear();
        return envelopeOk(null, t(request.locale, 'cache.cleared'));
      },
    );
  };

/** Whole-database backups (the embedded database's data folder, or pg_dump's archive) and restores. */
export const platformBackupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    PlatformApi.backup,
    {
      schema: {
        tags,
        summary: 'The database kind and size, the whole-database backups and the pending restore',
        response: { 200: envelope(platformBackupInfoSchema) },
      },
    },
    async () => envelopeOk(await backupInfo(deps)),
  );
  app.post(
    PlatformApi.backup,
    {
      schema: {
        tags,
        summary:
          'Take a whole-database backup now (embedded database, or PostgreSQL with pg_dump on the PATH)',
        response: { 200: envelope(backupSchema) },
      },
    },
    async () => envelopeOk(await takeWholeBackup(deps)),
  );
  app.delete(
    PlatformApi.cancelRestore,
    {
      schema: { tags, summary: 'Cancel the restore planned for the next start', response: { 200: nullData } },
    },
    async () => {
      await cancelWholeRestore(deps);
      return envelopeOk(null);
    },
  );
  app.delete(
    BACKUP,
    {
      schema: {
        tags,
        summary: 'Delete a backup',
        params: databaseBackupNameParamSchema,
        response: { 200: nullData },
      },
    },
    async (request) => {
      if (!(await deleteWholeBackup(deps, request.params.name))) throw notFound();
      return envelopeOk(null);
    },
  );
  app.get(
    `${BACKUP}/Actions/Download`,
    {
      schema: {
        tags,
        summary: 'The backup’s file: a gzipped tarball, or a pg_dump archive',
        params: databaseBackupNameParamSchema,
      },
    },
    async (request, reply) => {
      const file = await wholeBackupFile(deps, request.params.name);
      if (!file) throw notFound();
      return reply
        .type(file.endsWith('.dump') ? 'application/octet-stream' : 'application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(createReadStream(file));
    },
  );
  app.post(
    `${BACKUP}/Actions/Restore`,
    {
      schema: {
        tags,
        summary: 'Restore the whole database from this backup at the next start of the server',
        params: databaseBackupNameParamSchema,
        response: { 200: envelope(z.object({ pendingRestore: z.string() })) },
      },
    },
    async (request) => {
      if (!(await requestWholeRestore(deps, request.params.name))) throw notFound();
      return envelopeOk({ pendingRestore: request.params.name });
    },
  );
};
