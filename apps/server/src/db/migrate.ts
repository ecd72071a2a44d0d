import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { down0001, up0001 } from './migrations/0001_init';
import { down0002, up0002 } from './migrations/0002_cache_version';
import { down0003, up0003 } from './migrations/0003_dept_manager';
import { down0004, up0004 } from './migrations/0004_request_log';
import { down0005, up0005 } from './migrations/0005_data_rules';
import { down0006, up0006 } from './migrations/0006_user_search';
import { down0007, up0007 } from './migrations/0007_messages';
import { down0008, up0008 } from './migrations/0008_notices';
import { down0009, up0009 } from './migrations/0009_chat';
import { down0010, up0010 } from './migrations/0010_user_list_perf';
import { down0011, up0011 } from './migrations/0011_msg_template';
import { down0012, up0012 } from './migrations/0012_wx_user';
import { down0014, up0014 } from './migrations/0014_login_guard';
import type { Database } from './types';

/** Migrations are TS modules bundled with the server; the name orders them. */
export const migrations: Record<string, Migration> = {
  '0001_init': { up: up0001, down: down0001 },
  '0002_cache_version': { up: up0002, down: down0002 },
  '0003_dept_manager': { up: up0003, down: down0003 },
  '0004_request_log': { up: up0004, down: down0004 },
  '0005_data_rules': { up: up0005, down: down0005 },
  '0006_user_search': { up: up0006, down: down0006 },
  '0007_messages': { up: up0007, down: down0007 },
  '0008_notices': { up: up0008, down: down0008 },
  '0009_chat': { up: up0009, down: down0009 },
  '0010_user_list_perf': { up: up0010, down: down0010 },
  '0011_msg_template': { up: up0011, down: down0011 },
  '0012_wx_user': { up: up0012, down: down0012 },
  '0014_login_guard': { up: up0014, down: down0014 },
};

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
