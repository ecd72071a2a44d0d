// `npm run db:types`: regenerates what is derived from the migrations — the migration index
// (`src/db/migrations/index.ts`) and the Kysely table types (`src/db/schema.ts`). Run it after adding
// a migration or merging branches that add some; `npm test` fails while either file is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import { generate, PostgresDialect } from 'kysely-codegen';
import { formatted, MIGRATION_INDEX, migrationIndexSource } from './migration-index';

export const SCHEMA_FILE = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));

/**
 * Columns limited by `check (col in ('a', 'b'))` get the union of those texts as their type, so the
 * constraint is written once (in the migration) and the compiler still knows the values.
 */
async function checkedUnions(db: Kysely<unknown>): Promise<Record<string, string>> {
  const { rows } = await sql<{ tbl: string; def: string; dflt: boolean; nullable: boolean }>`
    select c.conrelid::regclass::text as tbl, pg_get_constraintdef(c.oid) as def,
      a.atthasdef as dflt, not a.attnotnull as nullable
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'c' and n.nspname = 'public' and cardinality(c.conkey) = 1`.execute(db);
  const out: Record<string, string> = {};
  for (const { tbl, def, dflt, nullable } of rows) {
    // PostgreSQL prints `col in ('a', 'b')` as `((col = ANY (ARRAY['a'::text, 'b'::text])))`.
    const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.+)\]\)\)\)$/.exec(def);
    if (!match?.[1] || !match[2]) continue;
    const values = [...match[2].matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => `'${m[1]}'`);
    if (!values.length) continue;
    // An override replaces the whole column type: keep its default and its null.
    const union = [...values, ...(nullable ? ['null'] : [])].join(' | ');
    out[`${tbl}.${match[1]}`] = dflt ? `Generated<${union}>` : union;
  }
  return out;
}

/** Text columns whose values no check constraint lists (yet): their unions are kept here. */
const UNCHECKED_UNIONS: Record<string, string> = {
  'sys_menu.category': "Generated<'web' | 'app'>",
  'sys_session.ended_reason': "'logout' | 'forced' | 'replaced' | 'expired' | 'suspended' | null",
};

/** The source of `src/db/schema.ts`: the tables of a database migrated from scratch. */
export async function schemaSource(db: Kysely<unknown>): Promise<string> {
  const source = await generate({
    db,
    dialect: new PostgresDialect(),
    overrides: { columns: { ...UNCHECKED_UNIONS, ...(await checkedUnions(db)) } },
    excludePattern: 'kysely_*',
    outFile: null,
    print: false,
    logger: undefined,
  });
  return formatted(source, SCHEMA_FILE);
}

/**
 * Migrates an empty database with the current migrations and generates the types: an in-memory
 * PGlite, or the (empty, scratch) PostgreSQL database at `databaseUrl`.
 */
export async function schemaSourceFromScratch(databaseUrl?: string): Promise<string> {
  const { openDb } = await import('../src/db/index');
  const { migrateToLatest } = await import('../src/db/migrate');
  const handle = await openDb({ databaseUrl, poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
    return await schemaSource(handle.db as unknown as Kysely<unknown>);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // The index first: the types come from the migrations it lists.
  writeFileSync(MIGRATION_INDEX, formatted(migrationIndexSource(), MIGRATION_INDEX));
  writeFileSync(SCHEMA_FILE, await schemaSourceFromScratch());
  console.log(`wrote ${MIGRATION_INDEX}\nwrote ${SCHEMA_FILE}`);
}
