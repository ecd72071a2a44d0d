import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, schemaSourceFromScratch } from '../../scripts/db-types';
import { formatted, MIGRATION_INDEX, migrationIndexSource } from '../../scripts/migration-index';

/**
 * What is derived from the migrations is committed, so the bundle needs no database or folder scan
 * at build time; these checks fail while it is stale. The fix is one command: `npm run db:types`.
 */
const STALE = 'is stale: run `npm run db:types` and commit the result';

describe('files generated from the migrations', () => {
  it('the migration index lists every file of migrations/', () => {
    const expected = formatted(migrationIndexSource(), MIGRATION_INDEX);
    expect(readFileSync(MIGRATION_INDEX, 'utf8'), `migrations/index.ts ${STALE}`).toBe(expected);
  });

  it('the Kysely table types are those of a PGlite database migrated from scratch', async () => {
    const expected = await schemaSourceFromScratch();
    expect(readFileSync(SCHEMA_FILE, 'utf8'), `db/schema.ts ${STALE}`).toBe(expected);
  }, 120_000);

  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.warn(
      '\n!!! SKIPPED: the table types against PostgreSQL (set DATABASE_URL to compare them there too) !!!\n',
    );
  }
  it.skipIf(!databaseUrl)(
    'the Kysely table types are those of a PostgreSQL database migrated from scratch',
    async () => {
      const name = `srm_types_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
        const url = new URL(databaseUrl ?? '');
        url.pathname = `/${name}`;
        const expected = await schemaSourceFromScratch(url.toString());
        expect(readFileSync(SCHEMA_FILE, 'utf8'), `db/schema.ts ${STALE}`).toBe(expected);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
