export { dictionaryRoutes } from './dictionary-routes';
export { startupRoutes } from './startup-routes';

// Other domains import `usage.ts` (declareDictUsage) and `dictionary-service.ts` (assertDictValue)
// directly: both are leaves, so no import cycle runs through this plugin's routes.
// Dictionaries: the maintenance screen's calls and the start-up loads of the shared caches, both
// for signed-in users (registered by system/index.ts inside `signedIn`).
