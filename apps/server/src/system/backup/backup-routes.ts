import {
  BackupApi,
  backupInfoSchema,
  backupNameParamSchema,
  envelope,
  restoreResultSchema,
  TaskPerm,
  tenantBackupSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import { forbidden, notFound } from '../../core/errors';
import { t } from '../../core/i18n';
import type { SignedInRequest, SignedInRoutes } from '../../core/scope';
import { lastBackupRun, recordManualBackup, syncTenantSchedules } from '../task/task-service';
import {
  deleteTenantBackup,
  listTenantBackups,
  restoreTenantBackup,
  type TenantBackupContext,
  takeTenantBackup,
  tenantBackupFile,
} from './tenant-backup';

const tags = ['systemData'];
const NAME = `${BackupApi.backup}/:name`;

function context(request: SignedInRequest): TenantBackupContext {
  const { deps } = request.server;
  return { db: deps.db, files: deps.files, tenantId: request.auth.tenantId };
}

/** Backups hold the tenant's users with their password hashes: the tenant administrator's alone. */
function admin(request: SignedInRequest): TenantBackupContext {
  if (!request.auth.isAdmin) throw forbidden();
  return context(request);
}

/**
 * System data → data backup (page code systemData.dataBackup): the tenant's own rows and files,
 * backed up, downloaded and restored at once (system/backup/tenant-backup.ts). Another tenant's
 * backup is not found.
 */
export const backupRoutes: SignedInRoutes = async (app) => {
  app.get(
    BackupApi.backup,
    {
      preValidation: requirePerm(TaskPerm.dataBackup),
      schema: {
        tags,
        summary: 'The tenant’s backups and its last backup job',
        response: { 200: envelope(backupInfoSchema) },
      },
    },
    async (request) => {
      const ctx = context(request);
      return envelopeOk({
        backups: await listTenantBackups(ctx),
        lastJob: await lastBackupRun(ctx.db, ctx.tenantId, request.locale),
      });
    },
  );

  app.post(
    BackupApi.backup,
    {
      preValidation: requirePerm(TaskPerm.dataBackupAdd),
      schema: {
        tags,
        summary: 'Back the tenant up now: its rows and its files (tenant administrator)',
        response: { 200: envelope(tenantBackupSchema) },
      },
    },
    async (request) => {
      const ctx = admin(request);
      const started = new Date();
      const backup = await takeTenantBackup(ctx, 'manual');
      await recordManualBackup(ctx.db, ctx.tenantId, backup, started);
      return envelopeOk(backup, t(request.locale, 'backup.taken'));
    },
  );

  app.delete(
    NAME,
    {
      preValidation: requirePerm(TaskPerm.dataBackupDelete),
      schema: { tags, params: backupNameParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      if (!(await deleteTenantBackup(admin(request), request.params.name))) throw notFound();
      return envelopeOk(null);
    },
  );

  app.get(
    `${NAME}/Actions/Download`,
    {
      preValidation: requirePerm(TaskPerm.dataBackupDownload),
      schema: {
        tags,
        summary: 'The backup file: gzipped JSON lines (tenant administrator)',
        params: backupNameParamSchema,
      },
    },
    async (request, reply) => {
      const file = await tenantBackupFile(admin(request), request.params.name);
      if (!file) throw notFound();
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(file);
    },
  );

  app.post(
    `${NAME}/Actions/Restore`,
    {
      preValidation: requirePerm(TaskPerm.dataBackupRestore),
      schema: {
        tags,
        summary:
          'Replace the tenant’s rows and files with the backup’s, at once and in one transaction; no other tenant is touched (tenant administrator)',
        params: backupNameParamSchema,
        response: { 200: envelope(restoreResultSchema) },
      },
    },
    async (request) => {
      const ctx = admin(request);
      const { jobs } = request.server.deps;
      const done = await restoreTenantBackup(ctx, request.params.name, {
        ready: () => jobs.start(),
        sync: (tx, before) => syncTenantSchedules(jobs, tx, ctx.tenantId, before),
      });
      if (!done) throw notFound();
      return envelopeOk(done, t(request.locale, 'backup.restored'));
    },
  );
};
