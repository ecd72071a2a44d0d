// Filling the stopped server's database straight (faster than through the API), for the benches
// that add data at scale.
import path from 'node:path';

/**
 * Runs `fill(query)` on the PostgreSQL database at `pgUrl`, or on the embedded one in `dataDir`,
 * and returns what `fill` returns.
 */
export async function fillDatabase(pgUrl, dataDir, fill) {
  if (pgUrl) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      return await fill((sql, params) => c.query(sql, params));
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
  try {
    return await fill((sql, params) => db.query(sql, params));
  } finally {
    await db.close();
  }
}
