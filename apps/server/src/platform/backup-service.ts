import type { Backup, PlatformBackupInfo } from '@srm/contracts';
import type { Deps } from '../core/context';
import { AppError } from '../core/errors';
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
} from '../system/backup/whole-database';

/**
 * Whole-database backups: the embedded database's data folder (system/backup/whole-database.ts), filed
 * under the platform rather than a tenant. On PostgreSQL the server's own tooling backs it up.
 */
const PLATFORM = 'platform';

function context(deps: Deps): BackupContext {
  return { tenantId: PLATFORM, handle: deps.dbHandle, dataDir: deps.config.dataDir };
}

function embedded(deps: Deps): BackupContext {
  const ctx = context(deps);
  if (ctx.handle.kind !== 'pglite') throw new AppError(400, 'backup.embeddedOnly');
  return ctx;
}

export async function backupInfo(deps: Deps): Promise<PlatformBackupInfo> {
  const ctx = context(deps);
  const isEmbedded = ctx.handle.kind === 'pglite';
  return {
    embedded: isEmbedded,
    databaseSize: await databaseSize(ctx.handle.db),
    backups: isEmbedded ? await listBackups(ctx) : [],
    pendingRestore: isEmbedded ? await pendingRestore(ctx.dataDir) : null,
  };
}

export const takeWholeBackup = (deps: Deps): Promise<Backup> => takeBackup(embedded(deps), 'manual');
export const wholeBackupFile = (deps: Deps, name: string) => backupFile(embedded(deps), name);
export const deleteWholeBackup = (deps: Deps, name: string) => deleteBackup(embedded(deps), name);
export const requestWholeRestore = (deps: Deps, name: string) => requestRestore(embedded(deps), name);
export const cancelWholeRestore = (deps: Deps) => cancelRestore(embedded(deps).dataDir);
