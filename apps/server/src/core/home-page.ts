import type { ServiceContext } from './service-context';

/**
 * The current user's home portal (`portalId` of the current user, spec §3), answered by the domain
 * that owns portals (onlinedev/portal-view.ts): the current-user answer sits below it, so it
 * registers when its plugin does. Until then (or for a deployment without it) there is none.
 */
type HomePortalOf = (ctx: ServiceContext) => Promise<string>;

let homePortalOf: HomePortalOf = async () => '';

export function registerHomePortal(fn: HomePortalOf): void {
  homePortalOf = fn;
}

/** The id of the portal the current user's home page shows ('' for the product's own home). */
export function homePortal(ctx: ServiceContext): Promise<string> {
  return homePortalOf(ctx);
}
