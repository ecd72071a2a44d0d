export { dictionaryRoutes } from './dictionary-routes';
export { dictionaryPageRoutes } from './page-routes';
export { startupRoutes } from './startup-routes';

// Other domains import `usage.ts` (declareDictUsage) and `dictionary-service.ts` (assertDictValue)
// directly: both are leaves, so no import cycle runs through this plugin's routes.
