import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import { ssoProviderRoutes, ssoSignInRoutes } from './sso-routes';

/**
 * Single sign-on (docs/sign-in.md): a tenant's identity providers (OIDC, CAS), the sign-in page's
 * start and the spec's callback. Sessions are auth/'s (`startSession`), users permission/'s.
 */
export async function ssoDomain(app: FastifyInstance): Promise<void> {
  await app.register(ssoSignInRoutes);
  await app.register(signedIn(ssoProviderRoutes));
}
