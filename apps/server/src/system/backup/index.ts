/** Data backup: snapshots of the embedded database, download, and a restore at the next start. */
export { backupRoutes } from './backup-routes';
export { applyPendingRestore } from './service';
