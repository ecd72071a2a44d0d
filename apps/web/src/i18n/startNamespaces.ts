/**
 * The namespaces the sign-in page needs, in a module of their own: the build (vite.config.ts) names
 * their chunks for the server, which announces them with the sign-in page (core/static-assets.ts).
 */
export const START_NAMESPACES = ['common', 'auth'];
