/**
 * System configuration: grouped settings applied without restart in every server process (the
 * cache in core/settings.ts is tagged with the tenant's config version that the session query
 * reads), and the password rule every password path enforces (password-policy.ts).
 */
export { checkNewPassword, passwordExpired, recordPasswordHistory } from './password-policy';
export { sysConfigPublicRoutes, sysConfigRoutes } from './sys-config-routes';
export { PUBLIC_CONFIG_KEYS } from './sys-config-service';
