import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import './file-service';
import { admissionRoutes } from './admission-routes';
import {
  QUALIFICATION_EXPIRY_CRON,
  QUALIFICATION_EXPIRY_JOB,
  remindExpiringQualifications,
} from './expiry-job';
import { vendorNoticeRoutes } from './notice-routes';
import { portalRoutes } from './portal-routes';
import { registerPublicRoutes } from './register-routes';
import { supplierRoutes } from './supplier-routes';

export { seedDemoSuppliers, seedVendors } from './seed';

/**
 * Suppliers: supplier records and their life cycle (`supplier-*`), vendor notices
 * (`notice-*`, docs/rules.md#vendor-notices), vendor attachments (`file-service.ts`, the `vendorFile`
 * attachment type), the supplier's own side (`portal-*`: profile, sub-accounts), the history of
 * changes (`history-service.ts`), the daily qualification-expiry job (`expiry-job.ts`), the public
 * self-registration (`register-*`, with its proof of work in `core/proof-of-work.ts`) and admission, change
 * approval and further categories (`admission-*`: the `VendorAdmission` and `VendorChange`
 * workflow forms and what their approval does). Importing `supplier-service.ts` registers the
 * sign-in guard that refuses the users of frozen and eliminated suppliers, and the recipient
 * filter that keeps news from them.
 */
export async function supplierDomain(app: FastifyInstance): Promise<void> {
  const { jobs, config } = app.deps;
  jobs.define<Record<string, never>>({
    name: QUALIFICATION_EXPIRY_JOB,
    retryLimit: 2,
    retryDelaySeconds: config.jobs?.retryDelaySeconds ?? 60,
    handler: async () => {
      await remindExpiringQualifications(app.deps);
    },
  });
  if (config.jobs?.workers) {
    app.addHook('onReady', async () => {
      await jobs.schedule(QUALIFICATION_EXPIRY_JOB, QUALIFICATION_EXPIRY_CRON, {});
    });
  }
  await app.register(signedIn(supplierRoutes, vendorNoticeRoutes, portalRoutes, admissionRoutes));
  await app.register(registerPublicRoutes);
}
