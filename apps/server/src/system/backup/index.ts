/**
 * Data backup. The tenant administrator's screen backs up and restores his tenant's rows and files
 * (`tenant-backup.ts`, over the tables of `tenant-tables.ts`); whole-database backups of the
 * embedded data folder (`whole-database.ts`) hold every tenant and are the platform operator's.
 */
export { backupRoutes } from './backup-routes';
export * from './tenant-backup';
export * from './whole-database';
