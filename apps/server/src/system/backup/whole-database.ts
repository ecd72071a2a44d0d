import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_NAME_PATTERN, type Backup } from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import type { ServiceContext } from '../../core/service-context';
import type { DbHandle } from '../../db/index';
import type { Database } from '../../db/types';

/**
 * Whole-database backups of the embedded database (the platform operator's: they hold every
 * tenant, so no tenant route reaches them; a tenant administrator's backup is `tenant-backup.ts`): gzipped tarballs of its data folder under `DATA_DIR/backups`,
 * each with a small `.json` beside it (the tenant that took it, manual or scheduled). A restore
 * only writes `restore.json`; the server swaps the data folder at its next start (`applyPendingRestore`),
 * since the running database cannot be replaced under its own connection.
 */
export type BackupContext = Pick<ServiceContext, 'tenantId'> & { handle: DbHandle; dataDir: string };

interface BackupMeta {
  tenantId: string;
  source: 'manual' | 'schedule';
  createdAt: number;
  size: number;
}

const RESTORE_FILE = 'restore.json';

export function backupDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** A time in a file name: `20261125T201500Z`. */
export function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

async function readMeta(dir: string, name: string): Promise<BackupMeta | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as BackupMeta;
  } catch {
    return null;
  }
}

/** The tenant's backups, newest first. */
export async function listBackups(ctx: BackupContext): Promise<Backup[]> {
  const dir = backupDir(ctx.dataDir);
  // No folder yet (or something else in its place): no backups to list.
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME_PATTERN.test(n));
  const out: Backup[] = [];
  for (const name of names) {
    const meta = await readMeta(dir, name);
    if (!meta || meta.tenantId !== ctx.tenantId) continue;
    out.push({ name, size: meta.size, createdAt: meta.createdAt, source: meta.source });
  }
  return out.sort((a, b) => b.createdAt - a.createdAt || b.name.localeCompare(a.name));
}

/** The file of one of the tenant's backups, or null (unknown, malformed or another tenant's). */
export async function backupFile(ctx: BackupContext, name: string): Promise<string | null> {
  if (!BACKUP_NAME_PATTERN.test(name)) return null;
  const dir = backupDir(ctx.dataDir);
  const meta = await readMeta(dir, name);
  if (!meta || meta.tenantId !== ctx.tenantId) return null;
  const file = path.join(dir, name);
  return existsSync(file) ? file : null;
}

/**
 * A consistent snapshot: taken while holding the embedded database's one connection (no
 * transaction of anyone is open, writers queue for the moment it takes), after a checkpoint so the
 * data files hold every committed write. Keeps the tenant's newest `keep` scheduled backups.
 */
export async function takeBackup(
  ctx: BackupContext,
  source: 'manual' | 'schedule',
  keep?: number,
): Promise<Backup> {
  const pglite = ctx.handle.pglite;
  if (ctx.handle.kind !== 'pglite' || !pglite) {
    throw new Error('backups of PostgreSQL belong to its own tools (pg_dump, base backups)');
  }
  const dir = backupDir(ctx.dataDir);
  await mkdir(dir, { recursive: true });
  const blob = await ctx.handle.db.connection().execute(async (conn) => {
    await sql`checkpoint`.execute(conn);
    return pglite.dumpDataDir('gzip');
  });
  const now = new Date();
  const name = `backup-${stamp(now)}-${randomBytes(3).toString('hex')}.tar.gz`;
  const bytes = Buffer.from(await blob.arrayBuffer());
  // Written under a temporary name first: a listed backup is always complete.
  const tmp = path.join(dir, `.${name}.partial`);
  await writeFile(tmp, bytes);
  await rename(tmp, path.join(dir, name));
  const meta: BackupMeta = { tenantId: ctx.tenantId, source, createdAt: now.getTime(), size: bytes.length };
  await writeFile(path.join(dir, `${name}.json`), JSON.stringify(meta));
  if (keep !== undefined && source === 'schedule') {
    const scheduled = (await listBackups(ctx)).filter((b) => b.source === 'schedule');
    for (const old of scheduled.slice(keep)) await deleteBackup(ctx, old.name);
  }
  return { name, size: meta.size, createdAt: meta.createdAt, source };
}

/** False when the tenant has no such backup. */
export async function deleteBackup(ctx: BackupContext, name: string): Promise<boolean> {
  const file = await backupFile(ctx, name);
  if (!file) return false;
  if ((await pendingRestore(ctx.dataDir)) === name) await cancelRestore(ctx.dataDir);
  await rm(file, { force: true });
  await rm(`${file}.json`, { force: true });
  return true;
}

export async function pendingRestore(dataDir: string): Promise<string | null> {
  try {
    const { name } = JSON.parse(await readFile(path.join(backupDir(dataDir), RESTORE_FILE), 'utf8')) as {
      name: string;
    };
    return typeof name === 'string' && BACKUP_NAME_PATTERN.test(name) ? name : null;
  } catch {
    return null;
  }
}

/** Marks a backup to replace the database at the next start; false when the tenant has no such backup. */
export async function requestRestore(ctx: BackupContext, name: string): Promise<boolean> {
  if (!(await backupFile(ctx, name))) return false;
  await writeFile(path.join(backupDir(ctx.dataDir), RESTORE_FILE), JSON.stringify({ name }));
  return true;
}

export async function cancelRestore(dataDir: string): Promise<void> {
  await rm(path.join(backupDir(dataDir), RESTORE_FILE), { force: true });
}

/**
 * At start-up, before the embedded database opens: when a restore was requested, the current data
 * folder moves aside (`pglite-before-restore-<time>`, kept for the operator) and the backup's
 * tarball is returned for the new, empty folder to load.
 */
export async function applyPendingRestore(dataDir: string, pgliteDir: string): Promise<Blob | undefined> {
  const name = await pendingRestore(dataDir);
  if (!name) return undefined;
  const file = path.join(backupDir(dataDir), name);
  await cancelRestore(dataDir);
  if (!existsSync(file)) return undefined;
  const tarball = await readFile(file);
  if (existsSync(pgliteDir)) await rename(pgliteDir, `${pgliteDir}-before-restore-${stamp(new Date())}`);
  return new Blob([tarball]);
}

/** The database's size in bytes as PostgreSQL reports it. */
export async function databaseSize(db: Kysely<Database>): Promise<number> {
  const row = await sql<{ size: string }>`select pg_database_size(current_database())::text as size`.execute(
    db,
  );
  return Number(row.rows[0]?.size ?? 0);
}
