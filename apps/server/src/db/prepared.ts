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
 * Runs a marked text as a named (server-side prepared) statement, named by its text like every
 * marked statement (db/index.ts): PostgreSQL parses it once per connection.
 */
export type NamedStatementRunner = (text: string, values: unknown[]) => Promise<unknown[]>;

const namedRunners = new WeakMap<Db, NamedStatementRunner>();

/**
 * The database `db` runs the queries of `prepared` as named statements (db/index.ts, on a
 * PostgreSQL pool): each connection parses and plans a statement once, and a statement whose plan
 * does not depend on its values (a primary-key or unique-key lookup) keeps a generic plan — the
 * per-request planning of such a query costs PostgreSQL more than running it. A transaction's
 * handle is another object: queries inside a transaction go through Kysely and the pool's client,
 * which runs the same marked text under the same name.
 */
export function useNamedStatements(db: Db, run: NamedStatementRunner): void {
  namedRunners.set(db, run);
}

/**
 * A query built and compiled once per database, then run with new values: the hot paths skip
 * Kysely's builders and SQL compiler on every request, and on PostgreSQL the planner too (see
 * `useNamedStatements`). `build` reads its values from `params` (each one becomes one parameter of
 * the SQL, never an expanded list: pass an array to `= any(…)` for several values).
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
    const named = namedRunners.get(db);
    if (named) return (await named(query.sql, parameters)) as R[];
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}
