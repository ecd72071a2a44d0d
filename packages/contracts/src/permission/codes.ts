/**
 * Permission codes (enCode) that the server checks and the browser hides elements by.
 * A page's code is its menu enCode; its buttons and columns are `page.code`.
 */
export const Perm = {
  system: 'system',
  log: 'system.log',
  logExport: 'system.log.export',
  logIpColumn: 'system.log.ipAddress',
} as const;
export type PermCode = (typeof Perm)[keyof typeof Perm];
