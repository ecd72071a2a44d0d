/**
 * A visually built dataset as SQL text. Over the product's tables it is the same text an
 * administrator could have written, with its parameters as `:code`, so that it takes the one path
 * of the guard and the runner: a typed value is a quoted literal (PostgreSQL's standard strings:
 * only the quote is doubled), then parsed again by the guard. Over a data source it is that
 * source's dialect, with every value and parameter bound (`binds`), since no guard parses it. Every
 * name is checked against the catalog first (a problem is answered at its path) and written
 * quoted. Pure.
 */
import type {
  DatasetDateBucket,
  DatasetParam,
  DatasetTable,
  DatasetTableColumn,
  VisualDataset,
} from '@srm/contracts';

export type VisualProblems = Record<string, string>;
type ColumnType = DatasetTableColumn['type'];

/** What is bound at a placeholder of a source's statement: a parameter's value or a typed one. */
export type VisualBind = { param: string } | { value: string; type: ColumnType };

/** How a statement is spelled for the database that runs it. */
export interface VisualDialect {
  /** A name quoted; a table's `schema.table` as two names. */
  id(name: string, table?: boolean): string;
  /** A typed value compared as `type` (null: as text, in a `like`). */
  value(value: string, type: ColumnType | null): string;
  /** A declared parameter's place. */
  param(code: string, type: ColumnType): string;
  bucket(bucket: DatasetDateBucket, expr: string): string;
  like(expr: string, operand: string): string;
}

const pgId = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The product's own tables: text for the guard (`:code` parameters, literal values). */
export const productDialect: VisualDialect = {
  id: pgId,
  value: (value, type) => `${literal(value)}${type && type !== 'text' ? `::${castOf(type)}` : ''}`,
  param: (code) => `:${code}`,
  bucket: (bucket, expr) => `date_trunc(${literal(bucket)}, ${expr})::date`,
  like: (expr, operand) => `${expr}::text ilike '%' || ${operand} || '%'`,
};

/** A data source's dialect, collecting what it binds into `binds` in placeholder order. */
export function sourceDialect(kind: 'postgres' | 'mysql', binds: VisualBind[]): VisualDialect {
  const split = (name: string, table: boolean | undefined, quote: (part: string) => string) =>
    table && name.includes('.') ? name.split('.').map(quote).join('.') : quote(name);
  if (kind === 'postgres') {
    const place = (bind: VisualBind, type: ColumnType | null) => {
      binds.push(bind);
      return type && type !== 'text' ? `($${binds.length}::${castOf(type)})` : `$${binds.length}::text`;
    };
    return {
      id: (name, table) => split(name, table, pgId),
      value: (value, type) => place({ value, type: type ?? 'text' }, type),
      param: (code, type) => place({ param: code }, type),
      bucket: productDialect.bucket,
      like: productDialect.like,
    };
  }
  const quote = (part: string) => `\`${part.replaceAll('`', '``')}\``;
  const place = (bind: VisualBind, type: ColumnType | null) => {
    binds.push(bind);
    if (type === 'number') return 'cast(? as decimal(65,10))';
    if (type === 'date') return 'cast(? as date)';
    if (type === 'datetime') return 'cast(? as datetime)';
    return '?';
  };
  const FORMAT: Record<DatasetDateBucket, string> = { year: '%Y-01-01', month: '%Y-%m-01', day: '%Y-%m-%d' };
  return {
    id: (name, table) => split(name, table, quote),
    value: (value, type) => place({ value, type: type ?? 'text' }, type),
    param: (code, type) => place({ param: code }, type),
    bucket: (bucket, expr) => `cast(date_format(${expr}, '${FORMAT[bucket]}') as date)`,
    like: (expr, operand) => `cast(${expr} as char) like concat('%', ${operand}, '%')`,
  };
}

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
  dialect: VisualDialect = productDialect,
): { sql: string } | { problems: VisualProblems } {
  const id = (name: string) => dialect.id(name);
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
    joins.push(
      `left join ${dialect.id(target.name, true)} as ${id(join.via)} on ${id(join.via)}.id = t0.${id(join.via)}`,
    );
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
      expr = dialect.bucket(item.bucket, expr);
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
      const type = declared.get(filter.param)?.type ?? 'text';
      operand = dialect.param(filter.param, type === 'boolean' ? 'boolean' : type);
    } else if (filter.value !== undefined && filter.value !== '') {
      if (filter.op !== 'like' && !valueSuits(found.column.type, filter.value)) {
        problems[`${path}.value`] = 'dataset.valueType';
        return;
      }
      // A typed value compares as the column's type; a `like` as text.
      operand = dialect.value(filter.value, filter.op === 'like' ? null : found.column.type);
    } else {
      problems[`${path}.value`] = 'dataset.filterValue';
      return;
    }
    if (filter.op === 'like') where.push(dialect.like(found.sql, operand));
    else where.push(`${found.sql} ${OPS[filter.op]} ${operand}`);
  });

  const order: string[] = [];
  visual.sort.forEach((item, i) => {
    if (!aliases.has(item.alias)) problems[`visual.sort.${i}.alias`] = 'dataset.unknownColumn';
    else order.push(`${id(item.alias)} ${item.order}`);
  });

  if (Object.keys(problems).length) return { problems };
  const lines = [`select ${select.join(', ')}`, `from ${dialect.id(main.name, true)} as t0`, ...joins];
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
