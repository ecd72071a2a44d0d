/** Language: the translatable texts and the tenant's overrides of them, on the web and the server. */
export { languageRoutes } from './language-routes';
export { registerMessageOverrides } from './message-overrides';
