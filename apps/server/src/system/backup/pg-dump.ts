import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Backup } from '@srm/contracts';
import { AppError } from '../../core/errors';
import { type BackupContext, backupDir, stamp } from './whole-database';

/**
 * Whole-database backups of PostgreSQL with `pg_dump` when it is on the server's PATH: one
 * consistent snapshot (pg_dump's own transaction) of every tenant, in its custom format, filed
 * beside the embedded database's backups (`DATA_DIR/backups`, the same listing and download). A
 * restore is `pg_restore --clean` on the database server with the service stopped: the server
 * never replaces the database it runs on.
 */

/** Longer than any sane dump of this product's data; a hung dump must not hold the request for ever. */
const DUMP_TIMEOUT_MS = 30 * 60_000;

let available: Promise<boolean> | undefined;

/** Whether `pg_dump` runs here (asked once per process). */
export function pgDumpAvailable(): Promise<boolean> {
  available ??= new Promise((resolve) => {
    const child = spawn('pg_dump', ['--version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
  return available;
}

/**
 * The connection in libpq's environment variables: the password never on the command line (where
 * every user of the host could read it in the process list).
 */
function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PGHOST: decodeURIComponent(url.hostname) || undefined,
    PGPORT: url.port || undefined,
    PGUSER: decodeURIComponent(url.username) || undefined,
    PGPASSWORD: decodeURIComponent(url.password) || undefined,
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)) || undefined,
  };
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Takes a pg_dump archive of the whole database; a failed dump leaves nothing listed. */
export async function takePgDump(ctx: BackupContext, databaseUrl: string): Promise<Backup> {
  const dir = backupDir(ctx.dataDir);
  await mkdir(dir, { recursive: true });
  const now = new Date();
  const name = `backup-${stamp(now)}-${randomBytes(3).toString('hex')}.dump`;
  const tmp = path.join(dir, `.${name}.partial`);
  const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--no-privileges'], {
    env: libpqEnvironment(databaseUrl),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 2000) stderr += chunk.toString('utf8');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), DUMP_TIMEOUT_MS);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  try {
    await pipeline(child.stdout, createWriteStream(tmp));
    const code = await exited;
    if (code !== 0) {
      const reason = stderr.split('\n').find((line) => line.trim()) ?? `exit ${code}`;
      throw new AppError(400, 'backup.dumpFailed', { reason: reason.slice(0, 300) });
    }
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  } finally {
    clearTimeout(timer);
  }
  // Listed only once whole.
  await rename(tmp, path.join(dir, name));
  const size = (await stat(path.join(dir, name))).size;
  const meta = { tenantId: ctx.tenantId, source: 'manual' as const, createdAt: now.getTime(), size };
  await writeFile(path.join(dir, `${name}.json`), JSON.stringify(meta));
  return { name, size, createdAt: meta.createdAt, source: 'manual' };
}
