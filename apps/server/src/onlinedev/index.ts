/**
 * Online development: the data models (系统数据 › 数据建模) — a real table per tenant and model,
 * made and altered by the DDL the planner (`model-ddl.ts`) writes from the model. The designer,
 * model pages and code generation build on it (docs/online-development.md).
 */
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import { dataInterfaceRoutes } from './data-interface-routes';
import { dataModelRoutes } from './data-model-routes';
import { dataScreenRoutes, dataScreenViewerRoutes } from './data-screen-routes';
import { dataSourceRoutes } from './data-source-routes';
import { dataSyncRoutes } from './data-sync-routes';
import {
  DATA_SYNC_JOB,
  type DataSyncJobData,
  reconcileDataSyncSchedules,
  runDataSyncJob,
} from './data-sync-service';
import { datasetRoutes } from './dataset-routes';
import { designRoutes } from './design-routes';
import { registerOnlineDevHooks } from './hooks';
import { mapRoutes } from './map-routes';
import { modelPageRoutes } from './model-page-routes';
import { registerPortalLive } from './portal-live';
import { portalRoutes } from './portal-routes';
import { reportRoutes } from './report-routes';
import { supplierEvaluationRoutes } from './supplier-evaluation';

export { seedDataScreenDemo } from './data-screen-seed';
export { modelTableName, planModelDdl } from './model-ddl';
export { addSupplierEvaluationToSeeded, seedSupplierEvaluation } from './seed';

export async function onlineDevDomain(app: FastifyInstance): Promise<void> {
  // A model page (menu type 3) opens a published design of the tenant; a flow's form may be one.
  registerOnlineDevHooks();
  await app.register(signedIn(dataModelRoutes));
  await app.register(signedIn(designRoutes));
  await app.register(signedIn(datasetRoutes));
  await app.register(signedIn(dataSourceRoutes));
  await app.register(signedIn(dataSyncRoutes));
  // A sync's run: the queue's policy is the default, each send and schedule carries its sync's own.
  const { jobs, config } = app.deps;
  jobs.define<DataSyncJobData>({
    name: DATA_SYNC_JOB,
    retryLimit: 2,
    retryDelaySeconds: config.jobs?.retryDelaySeconds ?? 60,
    expireInSeconds: 60 * 60,
    handler: (data, meta) => runDataSyncJob(app.deps, app.log, data, meta),
  });
  if (config.jobs?.workers)
    app.addHook('onReady', async () => {
      await jobs.start();
      await reconcileDataSyncSchedules(app.deps.db, jobs);
    });
  await app.register(signedIn(dataInterfaceRoutes));
  await app.register(signedIn(modelPageRoutes));
  await app.register(signedIn(reportRoutes));
  await app.register(signedIn(portalRoutes));
  await app.register(signedIn(mapRoutes));
  await app.register(signedIn(dataScreenRoutes));
  // The data screen viewer reads with its own short-lived tokens, not a session.
  await app.register(dataScreenViewerRoutes);
  // Portal widgets read again when a request wrote what their datasets read.
  registerPortalLive(app);
  await app.register(signedIn(supplierEvaluationRoutes));
}
