import type { Compilable, CompiledQuery, Kysely, RawBuilder } from 'kysely';
import { PREPARE_MARK } from './index';
import type { Database } from './types';

type Db = Kysely<Database>;

class Slot {
  constructor(readonly name: string) {}
}

/** Stands for every value of the run: `params.x` puts a parameter that each run fills with its `x`. */
const slots = new Proxy({}, { get: (_target, name) => new Slot(String(name)) });

/**
 * A query built and compiled once per database, then run with new values: the hot paths skip
 * Kysely's builders and SQL compiler on every request. `build` reads its values from `params`
 * (each one becomes one parameter of the SQL, never an expanded list: pass an array to
 * `= any(…)` for several values).
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Db, params: P) => Compilable<R> | RawBuilder<R>,
): (db: Db, values: P) => Promise<R[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<R>; names: (string | null)[] }>();
  // A transaction is a new Kysely each time: it takes the SQL compiled last. Every database of
  // the process speaks PostgreSQL through the same compiler, and no plugin rewrites statements.
  let last: { query: CompiledQuery<R>; names: (string | null)[] } | undefined;
  return async (db, values) => {
    let entry = compiled.get(db) ?? (db.isTransaction ? last : undefined);
    if (!entry) {
      const built = build(db, slots as P);
      const compiledOnce = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      // Prepared on the server too (db/index.ts): planned once per connection.
      const query = { ...compiledOnce, sql: PREPARE_MARK + compiledOnce.sql };
      const names = query.parameters.map((value) => (value instanceof Slot ? value.name : null));
      entry = { query, names };
      if (!db.isTransaction) compiled.set(db, entry);
      last = entry;
    }
    const { query, names } = entry;
    const parameters = query.parameters.map((value, i) => {
      const name = names[i];
      return name == null ? value : values[name];
    });
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}
