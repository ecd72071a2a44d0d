import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { authDomain } from './auth/index';
import { ChatHub } from './chat/hub';
import { chatDomain } from './chat/index';
import type { AppConfig } from './config';
import { createPlatform, registerFallbacks } from './core/platform';
import { type DbHandle, openDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { fileDomain } from './file/index';
import { generatedDomains } from './generated/index';
import { messageDomain } from './message/index';
import { ensureMsgTemplates } from './message/msg-template';
import { addSupplierEvaluationToSeeded, onlineDevDomain } from './onlinedev/index';
import { orgDomain } from './org/index';
import { permissionDomain } from './permission/index';
import { platformDomain } from './platform/index';
import { procurementDomain } from './procurement/index';
import { seedDemo } from './setup/seed';
import { ssoDomain } from './sso/index';
import { supplierDomain } from './supplier/index';
import { applyPendingRestore } from './system/backup/index';
import { systemDomain } from './system/index';
import { registerMessageOverrides } from './system/language/index';
import { workflowDomain } from './workflow/index';

export { MAX_UPLOAD_BYTES } from './core/multipart';

/** Opens (or takes) the database, migrates it, seeds the demo tenant when asked or on the first embedded start (also for `npm run operator:create`). */
export async function prepareDb(
  config: AppConfig,
): Promise<{ handle: DbHandle; seeded: boolean; owned: boolean; applied: string[] }> {
  if (config.db) return { handle: config.db, seeded: false, owned: false, applied: [] };
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const handle = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    // A restore chosen on the data backup screen replaces the embedded data folder now.
    loadDataDir: config.databaseUrl ? undefined : await applyPendingRestore(config.dataDir, pgliteDir),
    onIdleError: (error) => console.error(`database connection error: ${error.message}`),
  });
  const applied = await migrateToLatest(handle.db);
  const firstEmbeddedStart = handle.kind === 'pglite' && applied.includes('0001_init');
  const seeded =
    config.seedDemo || firstEmbeddedStart ? await seedDemo(handle.db, { suppliers: true }) : false;
  // Tenants made before a default template existed get it now (edited ones are kept).
  await ensureMsgTemplates(handle.db);
  return { handle, seeded, owned: true, applied };
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const { handle, seeded, owned, applied } = await prepareDb(config);
  // Realtime delivery is the chat domain's hub; every domain reaches it as app.deps.realtime.
  let log: FastifyInstance['log'] | null = null;
  const hub = new ChatHub(config.redisUrl, config.redisPrefix ?? 'srm', (error) =>
    log?.error({ err: error }, 'realtime delivery error'),
  );
  await hub.ready;
  const app = await createPlatform(config, handle, hub, async () => {
    if (owned) await handle.close();
  });
  log = app.log;
  if (applied.length) app.log.info(`database migrated: ${applied.length} migration(s) applied`);
  if (seeded) app.log.info('demo data seeded');

  // The domains: each registers its routes in its own scope (see docs/ARCHITECTURE.md).
  // Server messages in the tenant's own words (system/language): a root hook that must follow the
  // session hook and precede every route (403s, 404s and validation envelopes included); auth takes
  // it as an option because neither core nor auth may import the system domain.
  await app.register(authDomain, { afterSession: registerMessageOverrides });
  await app.register(permissionDomain);
  await app.register(ssoDomain);
  await app.register(orgDomain);
  await app.register(systemDomain, { cluster: hub });
  await app.register(messageDomain);
  await app.register(chatDomain, { hub });
  await app.register(fileDomain);
  await app.register(workflowDomain);
  await app.register(supplierDomain);
  await app.register(procurementDomain);
  await app.register(onlineDevDomain);
  // The domains the code generator wrote (generated/modules.ts lists them).
  await app.register(generatedDomains);
  // The platform operator's console, apart from every tenant (above the domains: it makes tenants).
  await app.register(platformDomain, { cluster: hub });
  // Demo additions made through the domains' own services (the designers'), for tenants seeded
  // before them: after the domains, whose registrations (the designed forms) they need.
  const evaluations = await addSupplierEvaluationToSeeded(handle.db);
  if (evaluations.length) app.log.info(`supplier evaluation demo added to ${evaluations.length} tenant(s)`);

  await registerFallbacks(app, config);
  return app;
}
