/**
 * Online development: the data models (系统数据 › 数据建模) — a real table per tenant and model,
 * made and altered by the DDL the planner (`model-ddl.ts`) writes from the model. The designer,
 * model pages and code generation build on it (docs/online-development.md).
 */
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import { dataInterfaceRoutes } from './data-interface-routes';
import { dataModelRoutes } from './data-model-routes';
import { dataSourceRoutes } from './data-source-routes';
import { datasetRoutes } from './dataset-routes';
import { designRoutes } from './design-routes';
import { registerOnlineDevHooks } from './hooks';
import { modelPageRoutes } from './model-page-routes';
import { registerPortalLive } from './portal-live';
import { portalRoutes } from './portal-routes';
import { reportRoutes } from './report-routes';
import { supplierEvaluationRoutes } from './supplier-evaluation';

export { modelTableName, planModelDdl } from './model-ddl';
export { addSupplierEvaluationToSeeded, seedSupplierEvaluation } from './seed';

export async function onlineDevDomain(app: FastifyInstance): Promise<void> {
  // A model page (menu type 3) opens a published design of the tenant; a flow's form may be one.
  registerOnlineDevHooks();
  await app.register(signedIn(dataModelRoutes));
  await app.register(signedIn(designRoutes));
  await app.register(signedIn(datasetRoutes));
  await app.register(signedIn(dataSourceRoutes));
  await app.register(signedIn(dataInterfaceRoutes));
  await app.register(signedIn(modelPageRoutes));
  await app.register(signedIn(reportRoutes));
  await app.register(signedIn(portalRoutes));
  // Portal widgets read again when a request wrote what their datasets read.
  registerPortalLive(app);
  await app.register(signedIn(supplierEvaluationRoutes));
}
