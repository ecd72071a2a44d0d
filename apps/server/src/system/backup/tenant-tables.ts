import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/types';

/**
 * A tenant's tables, discovered from the schema (so a table added later is in every backup without
 * a change here): every table with a `tenant_id` column, and every table whose rows hang by a
 * foreign key from such a table (a bill rule's counters, a task's node activations). Ordered
 * parents first; a foreign key that closes a cycle (a department's manager, a user's department)
 * is written in a second pass.
 */
export interface TenantTable {
  name: string;
  /** Every stored column (generated ones left out). */
  columns: string[];
  /** The primary key's columns; empty for a table without one. */
  key: string[];
  /** Columns whose `json` type has no equality: compared as text. */
  jsonColumns: string[];
  /** Null: the table has `tenant_id`; else the foreign key its rows are found through. */
  via: { column: string; parent: string; parentColumn: string } | null;
  /** Foreign-key columns set in a second pass, after every table's rows are in. */
  late: string[];
  /** Has an identity column (`generated always`): ids are kept with `overriding system value`. */
  identity: string | null;
}

/** A foreign key into a tenant table from a kept one, whose rows must go before the row they name. */
export interface Referrer {
  table: string;
  column: string;
  parent: string;
  parentColumn: string;
}

export interface TenantSchema {
  /** Backed up and replaced, parents first. */
  tables: TenantTable[];
  /** Tenant tables a backup leaves out and a restore leaves as they are. */
  kept: string[];
  referrers: Referrer[];
  /** How every tenant table's rows are found (the kept ones too): null for `tenant_id`. */
  via: ReadonlyMap<string, TenantTable['via']>;
}

/**
 * Tenant tables that are not the tenant's data but the server's record of what happens: a
 * restore leaves them as they are (and a backup does not carry them).
 */
export const KEPT_TABLES: Readonly<Record<string, string>> = {
  sys_session: 'live sign-ins: the administrator restoring stays signed in',
  sys_tenant_cache_version: 'cache counters only grow (a restore bumps them)',
  sys_temp_download: 'five-minute export links',
  flow_idempotency: 'replay guard of requests already answered',
  flow_outbox: 'notices already sent stay sent',
  flow_todo_count: 'kept exact by triggers on flow_operator',
  sys_user_change: 'written by triggers on sys_user',
  sys_login_failure: 'lockout counters',
  sys_task_run: 'the run log: what ran stays logged (the backup screen’s last job among it)',
  sys_login_log: 'the audit trail: a restore does not erase it',
  sys_request_log: 'the audit trail: a restore does not erase it',
  sys_error_log: 'the audit trail: a restore does not erase it',
};

interface ColumnRow {
  tbl: string;
  col: string;
  notnull: boolean;
  identity: string;
  generated: string;
  type: string;
}
interface ForeignKeyRow {
  child: string;
  col: string;
  parent: string;
  pcol: string;
  cols: number;
}

export async function tenantSchema(db: Kysely<Database>): Promise<TenantSchema> {
  const [columns, fks, keys] = await Promise.all([
    sql<ColumnRow>`select c.relname as tbl, a.attname as col, a.attnotnull as notnull,
        a.attidentity::text as identity, a.attgenerated::text as generated,
        format_type(a.atttypid, a.atttypmod) as type
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(db),
    sql<ForeignKeyRow>`select ch.relname as child, pa.relname as parent,
        (select attname from pg_attribute where attrelid = k.conrelid and attnum = k.conkey[1]) as col,
        (select attname from pg_attribute where attrelid = k.confrelid and attnum = k.confkey[1]) as pcol,
        cardinality(k.conkey) as cols
      from pg_constraint k join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
      join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = current_schema()
      order by ch.relname, col`.execute(db),
    sql<{ tbl: string; col: string }>`select t.relname as tbl, a.attname as col
      from pg_constraint k join pg_class t on t.oid = k.conrelid
      join pg_namespace n on n.oid = k.connamespace
      cross join lateral unnest(k.conkey) with ordinality as u(attnum, ord)
      join pg_attribute a on a.attrelid = t.oid and a.attnum = u.attnum
      where k.contype = 'p' and n.nspname = current_schema()
      order by t.relname, u.ord`.execute(db),
  ]);
  const byTable = new Map<string, ColumnRow[]>();
  for (const c of columns.rows) byTable.set(c.tbl, [...(byTable.get(c.tbl) ?? []), c]);
  const single = fks.rows.filter((f) => Number(f.cols) === 1);

  // Tenant tables: `tenant_id`, then whatever hangs from one by a foreign key, until nothing is added.
  const via = new Map<string, TenantTable['via']>();
  for (const [name, cols] of byTable) if (cols.some((c) => c.col === 'tenant_id')) via.set(name, null);
  for (let added = true; added; ) {
    added = false;
    for (const f of single) {
      if (via.has(f.child) || !via.has(f.parent) || f.parent === f.child) continue;
      via.set(f.child, { column: f.col, parent: f.parent, parentColumn: f.pcol });
      added = true;
    }
  }
  const kept = [...via.keys()].filter((n) => n in KEPT_TABLES).sort();
  const names = [...via.keys()].filter((n) => !(n in KEPT_TABLES)).sort();
  const chosen = new Set(names);

  // Parents first (depth-first, by name); an edge back to a table still being visited is cut.
  const parentsOf = (name: string) =>
    single.filter((f) => f.child === name && f.parent !== name && chosen.has(f.parent));
  const order: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const late = new Map<string, string[]>();
  const visit = (name: string) => {
    state.set(name, 'open');
    for (const f of parentsOf(name)) {
      const s = state.get(f.parent);
      if (s === 'done') continue;
      if (s === 'open') {
        const column = byTable.get(name)?.find((c) => c.col === f.col);
        if (column?.notnull) throw new Error(`tenant backup: cycle through the required ${name}.${f.col}`);
        late.set(name, [...(late.get(name) ?? []), f.col]);
        continue;
      }
      visit(f.parent);
    }
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of names) if (!state.has(name)) visit(name);

  const tables = order.map((name): TenantTable => {
    const cols = (byTable.get(name) ?? []).filter((c) => !c.generated);
    return {
      name,
      columns: cols.map((c) => c.col),
      key: keys.rows.filter((k) => k.tbl === name).map((k) => k.col),
      jsonColumns: cols.filter((c) => c.type === 'json').map((c) => c.col),
      via: via.get(name) ?? null,
      late: late.get(name) ?? [],
      identity: cols.find((c) => c.identity === 'a' || c.identity === 'd')?.col ?? null,
    };
  });
  const referrers = single
    .filter((f) => !chosen.has(f.child) && chosen.has(f.parent) && via.has(f.child))
    .map((f) => ({ table: f.child, column: f.col, parent: f.parent, parentColumn: f.pcol }));
  return { tables, kept, referrers, via };
}

/** `alias`'s rows of the tenant: by `tenant_id`, or through the parent they hang from. */
export function tenantFilter(
  schema: TenantSchema,
  table: string,
  alias: string,
  tenantId: string,
  depth = 0,
): RawBuilder<boolean> {
  const link = schema.via.get(table) ?? null;
  if (!link) return sql<boolean>`${sql.ref(`${alias}.tenant_id`)} = ${tenantId}`;
  const inner = `p${depth}`;
  return sql<boolean>`${sql.ref(`${alias}.${link.column}`)} in (select ${sql.ref(`${inner}.${link.parentColumn}`)}
    from ${sql.table(link.parent)} as ${sql.table(inner)}
    where ${tenantFilter(schema, link.parent, inner, tenantId, depth + 1)})`;
}
