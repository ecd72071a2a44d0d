/**
 * Permission codes (enCode) that the server checks and the browser hides elements by.
 * A page's code is its menu enCode; its buttons and columns are `page.code`.
 */
export const Perm = {
  /** The menu directories: granted so their pages show in the menu. */
  permission: 'permission',
  system: 'system',
  /** Link menus (type 7, docs/rules.md#menus): external help and the API documentation. */
  help: 'system.help',
  apiDocs: 'system.apiDocs',
  log: 'system.log',
  logExport: 'system.log.export',
  logIpColumn: 'system.log.ipAddress',
  /** The icon gallery: every icon the menu editor offers, to copy a name from. */
  icons: 'system.icons',
} as const;
export type PermCode = (typeof Perm)[keyof typeof Perm];
