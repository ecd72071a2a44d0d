import type { Backup, PlatformBackupInfo } from '@srm/contracts';
import type { Deps } from '../core/context';
import { AppError } from '../core/errors';
import { pgDumpAvailable, takePgDump } from '../system/backup/pg-dump';
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
 * Whole-database backups, filed under the platform rather than a tenant: the embedded database's
 * data folder (system/backup/whole-database.ts), restored at the next start; on PostgreSQL a
 * pg_dump archive when pg_dump is on the PATH (system/backup/pg-dump.ts), restored with the
 * database server's own tooling, else the server's own tooling backs it up.
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

/** The backups this deployment can take: the embedded database's, or pg_dump's; else none. */
async function listable(deps: Deps): Promise<BackupContext | null> {
  const ctx = context(deps);
  if (ctx.handle.kind === 'pglite') return ctx;
  return (await pgDumpAvailable()) ? ctx : null;
}

async function listed(deps: Deps): Promise<BackupContext> {
  const ctx = await listable(deps);
  if (!ctx) throw new AppError(400, 'backup.embeddedOnly');
  return ctx;
}

export async function backupInfo(deps: Deps): Promise<PlatformBackupInfo> {
  const ctx = context(deps);
  const isEmbedded = ctx.handle.kind === 'pglite';
  const pgDump = !isEmbedded && (await pgDumpAvailable());
  return {
    embedded: isEmbedded,
    pgDump,
    databaseSize: await databaseSize(ctx.handle.db),
    backups: isEmbedded || pgDump ? await listBackups(ctx) : [],
    pendingRestore: isEmbedded ? await pendingRestore(ctx.dataDir) : null,
  };
}

export async function takeWholeBackup(deps: Deps): Promise<Backup> {
  const ctx = await listed(deps);
  if (ctx.handle.kind === 'pglite') return takeBackup(ctx, 'manual');
  // The address of the database this server runs on (the handle's: a test's own database too).
  const url = ctx.handle.connectionString ?? deps.config.databaseUrl;
  if (!url) throw new AppError(400, 'backup.embeddedOnly');
  return takePgDump(ctx, url);
}
export const wholeBackupFile = async (deps: Deps, name: string) => backupFile(await listed(deps), name);
export const deleteWholeBackup = async (deps: Deps, name: string) => deleteBackup(await listed(deps), name);
// A restore replaces the embedded database at the next start; PostgreSQL's is pg_restore's.
export const requestWholeRestore = (deps: Deps, name: string) => requestRestore(embedded(deps), name);
export const cancelWholeRestore = (deps: Deps) => cancelRestore(embedded(deps).dataDir);
