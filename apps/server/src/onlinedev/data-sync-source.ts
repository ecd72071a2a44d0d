/**
 * Reading what a data sync copies (docs/data-sync.md): a data source's table described from its
 * own information_schema (types with their sizes, the primary key), and its rows read in batches
 * by statements the product writes — identifiers quoted from the description, values bound, on
 * the source's read-only session (data-source-drivers.ts).
 */
import type { DataSourceKind } from '@srm/contracts';
import type { SourceClient } from './data-source-drivers';
import { fieldCodeOf, fieldForColumn, type ShapeColumn, type SourceColumnInfo } from './data-sync-logic';

export interface DescribedTable {
  schema: string;
  table: string;
  columns: (SourceColumnInfo & { shape: ShapeColumn['type'] })[];
  primaryKey: string[];
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** A column's type as the mapping check sees it; a column no field takes is `json` (not copied). */
function shapeOf(column: SourceColumnInfo): ShapeColumn['type'] {
  const proposed = fieldForColumn(column, 'x');
  if ('skip' in proposed) return 'json';
  switch (proposed.field.kind) {
    case 'integer':
    case 'decimal':
      return 'number';
    case 'date':
    case 'datetime':
    case 'boolean':
      return proposed.field.kind;
    default:
      return 'text';
  }
}

/** The table's columns and primary key, or null when the source has no such table. */
export async function describeTable(
  client: SourceClient,
  kind: DataSourceKind,
  schema: string,
  table: string,
): Promise<DescribedTable | null> {
  if (kind === 'postgres') {
    const columns = await client.query(
      `select column_name as name, data_type, udt_name, character_maximum_length as len,
         numeric_precision as prec, numeric_scale as scale
       from information_schema.columns where table_schema = $1 and table_name = $2
       order by ordinal_position`,
      [schema || 'public', table],
    );
    if (!columns.length) return null;
    const keys = await client.query(
      `select k.column_name as name from information_schema.table_constraints t
       join information_schema.key_column_usage k on k.constraint_name = t.constraint_name
         and k.table_schema = t.table_schema and k.table_name = t.table_name
       where t.constraint_type = 'PRIMARY KEY' and t.table_schema = $1 and t.table_name = $2
       order by k.ordinal_position`,
      [schema || 'public', table],
    );
    return {
      schema: schema || 'public',
      table,
      columns: columns.map((c) => {
        const info: SourceColumnInfo = {
          name: String(c.name),
          dataType: String(c.data_type).toLowerCase(),
          columnType: String(c.udt_name ?? c.data_type),
          charLength: num(c.len),
          // PostgreSQL gives integers a binary precision: only a numeric's is its digits.
          precision: /^(numeric|decimal)$/.test(String(c.data_type)) ? num(c.prec) : null,
          scale: num(c.scale),
        };
        return { ...info, shape: shapeOf(info) };
      }),
      primaryKey: keys.map((k) => String(k.name)),
    };
  }
  const columns = await client.query(
    `select column_name as name, data_type as data_type, column_type as column_type,
       character_maximum_length as len, numeric_precision as prec, numeric_scale as scale,
       column_key as column_key, database() as db
     from information_schema.columns where table_schema = database() and table_name = ?
     order by ordinal_position`,
    [table],
  );
  if (!columns.length) return null;
  return {
    schema: String(columns[0]?.db ?? schema),
    table,
    columns: columns.map((c) => {
      const info: SourceColumnInfo = {
        name: String(c.name),
        dataType: String(c.data_type).toLowerCase(),
        columnType: String(c.column_type).toLowerCase(),
        charLength: num(c.len),
        precision: num(c.prec),
        scale: num(c.scale),
      };
      return { ...info, shape: shapeOf(info) };
    }),
    primaryKey: columns.filter((c) => String(c.column_key) === 'PRI').map((c) => String(c.name)),
  };
}

/** The proposal's field codes: each column's own, numbered where two would meet. */
export function fieldCodes(columns: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const column of columns) {
    let code = fieldCodeOf(column);
    for (let n = 2; taken.has(code); n++) code = `${fieldCodeOf(column).slice(0, 27)}_${n}`;
    taken.add(code);
    out.set(column, code);
  }
  return out;
}

const quote = (kind: DataSourceKind, name: string) =>
  kind === 'postgres' ? `"${name.replaceAll('"', '""')}"` : `\`${name.replaceAll('`', '``')}\``;

/** The name under which a read answers the watermark's value as text. */
export const WATERMARK_ALIAS = '__srm_wm';

export interface TableRead {
  kind: DataSourceKind;
  table: DescribedTable;
  /** Columns read (mapped, key). */
  columns: readonly string[];
  /** Full mode: rows in key order, paged. */
  keyColumns: readonly string[];
  watermarkColumn: string | null;
}

/**
 * The statement and values of one batch: in the watermark's order after `after` (a column's
 * value of null is never after anything), or all rows of one watermark value (`equal`), or a page
 * of the key's order for a full run.
 */
export function batchStatement(
  read: TableRead,
  at: { after?: string | null; equal?: string; offset?: number; limit: number },
): { text: string; values: unknown[] } {
  const q = (name: string) => quote(read.kind, name);
  const types = new Map(read.table.columns.map((c) => [c.name, c.shape]));
  // PostgreSQL's dates and times as its own text (pg would make them local JavaScript dates).
  const selected = read.columns.map((c) => {
    const shape = types.get(c);
    return read.kind === 'postgres' && (shape === 'date' || shape === 'datetime')
      ? `${q(c)}::text as ${q(c)}`
      : q(c);
  });
  const from =
    read.kind === 'postgres' ? `${q(read.table.schema)}.${q(read.table.table)}` : q(read.table.table);
  const p = (n: number) => (read.kind === 'postgres' ? `$${n}` : '?');
  if (read.watermarkColumn) {
    const wm = q(read.watermarkColumn);
    const asText = read.kind === 'postgres' ? `${wm}::text` : `cast(${wm} as char)`;
    selected.push(`${asText} as ${q(WATERMARK_ALIAS)}`);
    const head = `select ${selected.join(', ')} from ${from}`;
    if (at.equal !== undefined)
      return { text: `${head} where ${wm} = ${p(1)} limit ${at.limit}`, values: [at.equal] };
    if (at.after !== null && at.after !== undefined)
      return { text: `${head} where ${wm} > ${p(1)} order by ${wm} limit ${at.limit}`, values: [at.after] };
    return { text: `${head} where ${wm} is not null order by ${wm} limit ${at.limit}`, values: [] };
  }
  const order = read.keyColumns.map(q).join(', ');
  return {
    text: `select ${selected.join(', ')} from ${from} order by ${order} limit ${at.limit} offset ${at.offset ?? 0}`,
    values: [],
  };
}
