/**
 * A visually built dataset as SQL text: the same text an administrator could have written, with
 * its parameters as `:code`, so that it takes the one path of the guard and the runner. Every name
 * is checked against the catalog first (a problem is answered at its path) and written quoted; a
 * typed value is a quoted literal (PostgreSQL's standard strings: only the quote is doubled), then
 * parsed again by the guard. Pure.
 */
import type { DatasetParam, DatasetTable, DatasetTableColumn, VisualDataset } from '@srm/contracts';

export type VisualProblems = Record<string, string>;

const id = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

const OPS: Record<string, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };
const NUMERIC_AGGREGATES = new Set(['sum', 'avg']);

/**
 * The SQL of `visual` over `tables`, or the problems by path under `visual.` (message keys of
 * dataset.*), never both.
 */
export function compileVisual(
  visual: VisualDataset,
  params: readonly DatasetParam[],
  tables: ReadonlyMap<string, DatasetTable>,
): { sql: string } | { problems: VisualProblems } {
  const problems: VisualProblems = {};
  const main = tables.get(visual.table);
  if (!main) return { problems: { 'visual.table': 'dataset.unknownTable' } };
  const mainColumns = new Map(main.columns.map((c) => [c.name, c]));
  const joined = new Map<string, Map<string, DatasetTableColumn>>();
  const joins: string[] = [];
  visual.joins.forEach((join, i) => {
    const via = mainColumns.get(join.via);
    const target = via?.references ? tables.get(via.references) : undefined;
    if (!via || !target) {
      problems[`visual.joins.${i}.via`] = 'dataset.noReference';
      return;
    }
    if (joined.has(join.via)) {
      problems[`visual.joins.${i}.via`] = 'dataset.duplicate';
      return;
    }
    joined.set(join.via, new Map(target.columns.map((c) => [c.name, c])));
    joins.push(`left join ${id(target.name)} as ${id(join.via)} on ${id(join.via)}.id = t0.${id(join.via)}`);
  });

  /** A column reference as SQL, with its catalog column; null (and a problem) when unknown. */
  const columnOf = (ref: string, path: string): { sql: string; column: DatasetTableColumn } | null => {
    const [first, second] = ref.split('.') as [string, string | undefined];
    const column = second === undefined ? mainColumns.get(first) : joined.get(first)?.get(second);
    if (!column) {
      problems[path] = 'dataset.unknownColumn';
      return null;
    }
    return { sql: second === undefined ? `t0.${id(first)}` : `${id(first)}.${id(second)}`, column };
  };

  const select: string[] = [];
  const groups: string[] = [];
  const aliases = new Set<string>();
  let aggregated = false;
  visual.columns.forEach((item, i) => {
    const path = `visual.columns.${i}`;
    const found = columnOf(item.column, `${path}.column`);
    if (aliases.has(item.alias)) problems[`${path}.alias`] = 'dataset.duplicate';
    aliases.add(item.alias);
    if (!found) return;
    let expr = found.sql;
    if (item.bucket) {
      if (found.column.type !== 'date' && found.column.type !== 'datetime') {
        problems[`${path}.bucket`] = 'dataset.bucketNotDate';
        return;
      }
      expr = `date_trunc(${literal(item.bucket)}, ${expr})::date`;
    }
    if (item.aggregate) {
      aggregated = true;
      if (NUMERIC_AGGREGATES.has(item.aggregate) && found.column.type !== 'number') {
        problems[`${path}.aggregate`] = 'dataset.aggregateNotNumber';
        return;
      }
      expr = item.aggregate === 'countDistinct' ? `count(distinct ${expr})` : `${item.aggregate}(${expr})`;
    } else {
      groups.push(expr);
    }
    select.push(`${expr} as ${id(item.alias)}`);
  });

  const declared = new Map(params.map((p) => [p.code, p]));
  const where: string[] = [];
  visual.filters.forEach((filter, i) => {
    const path = `visual.filters.${i}`;
    const found = columnOf(filter.column, `${path}.column`);
    if (!found) return;
    if (filter.op === 'isNull' || filter.op === 'notNull') {
      where.push(`${found.sql} is ${filter.op === 'isNull' ? '' : 'not '}null`);
      return;
    }
    let operand: string;
    if (filter.param) {
      if (!declared.has(filter.param)) {
        problems[`${path}.param`] = 'dataset.undeclaredParam';
        return;
      }
      operand = `:${filter.param}`;
    } else if (filter.value !== undefined && filter.value !== '') {
      if (filter.op !== 'like' && !valueSuits(found.column.type, filter.value)) {
        problems[`${path}.value`] = 'dataset.valueType';
        return;
      }
      operand = literal(filter.value);
    } else {
      problems[`${path}.value`] = 'dataset.filterValue';
      return;
    }
    if (filter.op === 'like') where.push(`${found.sql}::text ilike '%' || ${operand} || '%'`);
    else {
      // A typed value compares as the column's type; a parameter carries its declared type.
      const cast = !filter.param && found.column.type !== 'text' ? `::${castOf(found.column.type)}` : '';
      where.push(`${found.sql} ${OPS[filter.op]} ${operand}${cast}`);
    }
  });

  const order: string[] = [];
  visual.sort.forEach((item, i) => {
    if (!aliases.has(item.alias)) problems[`visual.sort.${i}.alias`] = 'dataset.unknownColumn';
    else order.push(`${id(item.alias)} ${item.order}`);
  });

  if (Object.keys(problems).length) return { problems };
  const lines = [`select ${select.join(', ')}`, `from ${id(main.name)} as t0`, ...joins];
  if (where.length) lines.push(`where ${where.join(' and ')}`);
  if (aggregated && groups.length) lines.push(`group by ${groups.join(', ')}`);
  if (order.length) lines.push(`order by ${order.join(', ')}`);
  return { sql: lines.join('\n') };
}

/**
 * Whether a typed value reads as a column's or a parameter's type (checked before a run, not left
 * to a failed one).
 */
export function valueSuits(type: DatasetTableColumn['type'], value: string): boolean {
  switch (type) {
    case 'number':
      return /^-?\d{1,30}(\.\d{1,30})?$/.test(value);
    case 'id':
      return /^\d{1,18}$/.test(value);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
    case 'datetime':
      return !Number.isNaN(Date.parse(value));
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'json':
      return false;
    default:
      return true;
  }
}

function castOf(type: DatasetTableColumn['type']): string {
  switch (type) {
    case 'number':
      return 'numeric';
    case 'id':
      return 'bigint';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}
