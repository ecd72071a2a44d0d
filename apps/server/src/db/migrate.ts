import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { migrations } from './migrations/index';
import type { Database } from './types';

// The list is generated from the files of migrations/ (`npm run db:types`); a test keeps it complete.
export { migrations };

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Brings the schema to the latest version; a no-op when it already is. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: new StaticMigrationProvider(),
    // Migrations written side by side land in either order: a database that already ran a later
    // one (e.g. 0011) still runs an earlier one added after it (0010). Each is independent.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
