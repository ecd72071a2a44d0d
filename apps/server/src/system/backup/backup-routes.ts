import { createReadStream } from 'node:fs';
import {
  BackupApi,
  backupInfoSchema,
  backupNameParamSchema,
  backupSchema,
  envelope,
  TaskPerm,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import { AppError, forbidden, notFound } from '../../core/errors';
import type { SignedInRequest, SignedInRoutes } from '../../core/scope';
import { contextOf } from '../../core/service-context';
import { lastBackupRun } from '../task/service';
import {
  type BackupContext,
  backupFile,
  cancelRestore,
  databaseSize,
  deleteBackup,
  listBackups,
  pendingRestore,
  requestRestore,
  takeBackup,
} from './service';

const tags = ['systemData'];
const NAME = `${BackupApi.backup}/:name`;

function context(request: SignedInRequest): BackupContext {
  const { deps } = request.server;
  return { ...contextOf(request), handle: deps.dbHandle, dataDir: deps.config.dataDir };
}

/** Writes need the embedded database (PostgreSQL is backed up by its own tools) and the tenant administrator. */
function writable(request: SignedInRequest): BackupContext {
  const ctx = context(request);
  if (!request.auth.isAdmin) throw forbidden();
  if (ctx.handle.kind !== 'pglite') throw new AppError(400, 'backup.embeddedOnly');
  return ctx;
}

/** System data → data backup (page code systemData.dataBackup). */
export const backupRoutes: SignedInRoutes = async (app) => {
  app.get(
    BackupApi.backup,
    {
      preValidation: requirePerm(TaskPerm.dataBackup),
      schema: {
        tags,
        summary:
          'The database kind and size, the tenant’s backups, the pending restore and the last backup job',
        response: { 200: envelope(backupInfoSchema) },
      },
    },
    async (request) => {
      const ctx = context(request);
      const embedded = ctx.handle.kind === 'pglite';
      return envelopeOk({
        embedded,
        databaseSize: await databaseSize(ctx.handle.db),
        backups: embedded ? await listBackups(ctx) : [],
        pendingRestore: embedded ? await pendingRestore(ctx.dataDir) : null,
        lastJob: await lastBackupRun(ctx.handle.db, ctx.tenantId, request.locale),
      });
    },
  );

  app.post(
    BackupApi.backup,
    {
      preValidation: requirePerm(TaskPerm.dataBackupAdd),
      schema: { tags, summary: 'Take a consistent backup now', response: { 200: envelope(backupSchema) } },
    },
    async (request) => envelopeOk(await takeBackup(writable(request), 'manual')),
  );

  app.delete(
    BackupApi.cancelRestore,
    {
      preValidation: requirePerm(TaskPerm.dataBackupRestore),
      schema: {
        tags,
        summary: 'Cancel the restore planned for the next start',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await cancelRestore(writable(request).dataDir);
      return envelopeOk(null);
    },
  );

  app.delete(
    NAME,
    {
      preValidation: requirePerm(TaskPerm.dataBackupDelete),
      schema: { tags, params: backupNameParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      if (!(await deleteBackup(writable(request), request.params.name))) throw notFound();
      return envelopeOk(null);
    },
  );

  app.get(
    `${NAME}/Actions/Download`,
    {
      preValidation: requirePerm(TaskPerm.dataBackupDownload),
      schema: {
        tags,
        summary: 'The backup’s gzipped tarball (tenant administrator)',
        params: backupNameParamSchema,
      },
    },
    async (request, reply) => {
      const file = await backupFile(writable(request), request.params.name);
      if (!file) throw notFound();
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(createReadStream(file));
    },
  );

  app.post(
    `${NAME}/Actions/Restore`,
    {
      preValidation: requirePerm(TaskPerm.dataBackupRestore),
      schema: {
        tags,
        summary: 'Restore this backup at the next start of the server',
        params: backupNameParamSchema,
        response: { 200: envelope(z.object({ pendingRestore: z.string() })) },
      },
    },
    async (request) => {
      if (!(await requestRestore(writable(request), request.params.name))) throw notFound();
      return envelopeOk({ pendingRestore: request.params.name });
    },
  );
};
