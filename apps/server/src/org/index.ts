import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import { companyRoutes } from './company-routes';
import { deptRoutes } from './dept-routes';
import { positionRoutes } from './position-routes';
import { orgRoutes } from './sub-company-routes';

/** The organisation: companies, departments and positions. */
export async function orgDomain(app: FastifyInstance): Promise<void> {
  await app.register(signedIn(orgRoutes, companyRoutes, deptRoutes, positionRoutes));
}
