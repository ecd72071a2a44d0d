import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDb } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemo } from '../src/setup/seed';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// Per run, so that several runs (side by side on one server) never drop each other's databases.
export const TEMPLATE_DB = `srm_test_${process.pid}_template`;

/** A database of a run whose process is gone (an interrupted run): `srm_test_<pid>_…`. */
function isStale(name: string): boolean {
  const pid = Number(/^srm_test_(\d+)_/.exec(name)?.[1]);
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** 'pg' when TEST_DB=pg and DATABASE_URL is set, else 'pglite'. */
    testDb: 'pglite' | 'pg';
    /** pglite: the gzip dump of the migrated, seeded database. */
    pgliteDump: string;
    /** pg: the admin connection string and the template database name. */
    pgAdminUrl: string;
    pgTemplate: string;
    /** pg: the run's id in its database names (the setup's process id). */
    pgRunId: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * The tests' seed leaves out the workflow demo (its manager account and tasks would change the users,
 * departments and counters other tests count); workflow tests seed it into a tenant of their own.
 */
const TEST_SEED = { workflowDemo: false };

/** One migrated + seeded database per run; each test file starts a fresh copy of it. */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (process.env.TEST_DB === 'pg' && databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // Leftovers of an interrupted run.
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'srm_test_%'",
    );
    for (const row of stale.rows) {
      if (isStale(row.datname)) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    }
    await admin.query(`create database "${TEMPLATE_DB}"`);
    const handle = await openDb({ databaseUrl: withDatabase(databaseUrl, TEMPLATE_DB), poolSize: 2 });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, TEST_SEED);
    await handle.close();
    project.provide('testDb', 'pg');
    project.provide('pgAdminUrl', databaseUrl);
    project.provide('pgTemplate', TEMPLATE_DB);
    project.provide('pgRunId', String(process.pid));
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`drop database if exists "${TEMPLATE_DB}" with (force)`);
      await admin.end();
    };
  }
  const handle = await openDb({});
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, TEST_SEED);
  const dump = await handle.pglite!.dumpDataDir('gzip');
  await handle.close();
  const dir = path.join(root, 'node_modules/.cache/srm-test');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `seed-${process.pid}.tar.gz`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDb', 'pglite');
  project.provide('pgliteDump', file);
  project.provide('pgAdminUrl', '');
  project.provide('pgTemplate', '');
  project.provide('pgRunId', '');
  return async () => {
    const { rm } = await import('node:fs/promises');
    await rm(file, { force: true });
  };
}
