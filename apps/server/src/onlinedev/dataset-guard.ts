/**
 * The SQL guard of datasets (decisions §11, docs/datasets.md): an administrator's SQL is parsed by
 * PostgreSQL's own parser (libpg-query, the server's parser compiled to WebAssembly) and must be
 * exactly one SELECT that reads only the tables a dataset may read, calls only functions of an
 * allow-list and locks nothing. What passes still runs in a READ ONLY transaction with a statement
 * timeout and a row cap (dataset-run.ts): a walk of the tree alone is not a guarantee, the
 * transaction is the second wall. Pure: no database here.
 */
import type { DatasetParamType } from '@srm/contracts';
import { parse, scan } from 'libpg-query';

/** A refusal, with its message key (dataset.*) and what the message names. */
export class DatasetSqlError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'DatasetSqlError';
  }
}

/**
 * Functions a dataset may call, by their unqualified name (the parser writes some of SQL's own
 * syntax as `pg_catalog.<name>`: extract, substring, trim, position, overlay, AT TIME ZONE).
 * Reading files, settings, other databases, sleeping, sequences and the catalog stay out.
 */
const ALLOWED_FUNCTIONS = new Set([
  // aggregates and window functions
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'string_agg',
  'array_agg',
  'bool_and',
  'bool_or',
  'every',
  'stddev',
  'stddev_samp',
  'stddev_pop',
  'variance',
  'var_samp',
  'var_pop',
  'percentile_cont',
  'percentile_disc',
  'mode',
  'json_agg',
  'jsonb_agg',
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
  // numbers
  'abs',
  'ceil',
  'ceiling',
  'floor',
  'round',
  'trunc',
  'mod',
  'power',
  'sqrt',
  'sign',
  'div',
  'exp',
  'ln',
  'log',
  'width_bucket',
  // text
  'lower',
  'upper',
  'length',
  'char_length',
  'character_length',
  'substring',
  'substr',
  'btrim',
  'ltrim',
  'rtrim',
  'left',
  'right',
  'replace',
  'concat',
  'concat_ws',
  'position',
  'strpos',
  'split_part',
  'lpad',
  'rpad',
  'initcap',
  'reverse',
  'overlay',
  'translate',
  'starts_with',
  'to_char',
  'to_number',
  'to_date',
  'to_timestamp',
  'like_escape',
  'regexp_replace',
  // dates
  'now',
  'date_trunc',
  'date_part',
  'extract',
  'age',
  'make_date',
  'make_timestamp',
  'make_interval',
  'justify_days',
  'justify_interval',
  'timezone',
  'date_bin',
  'isfinite',
  'generate_series',
  // json
  'jsonb_extract_path_text',
  'json_extract_path_text',
  'jsonb_array_length',
  'json_array_length',
  'jsonb_typeof',
  'json_typeof',
  'to_json',
  'to_jsonb',
  'jsonb_build_object',
  'json_build_object',
  'jsonb_array_elements',
  'jsonb_array_elements_text',
  'json_array_elements',
  'json_array_elements_text',
]);

/** SQL's value functions a dataset may read: the date and time, never who the database user is. */
const ALLOWED_VALUE_FUNCTIONS = new Set([
  'SVFOP_CURRENT_DATE',
  'SVFOP_CURRENT_TIME',
  'SVFOP_CURRENT_TIME_N',
  'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME',
  'SVFOP_LOCALTIME_N',
  'SVFOP_LOCALTIMESTAMP',
  'SVFOP_LOCALTIMESTAMP_N',
]);

/** The cast a bound parameter gets, so that it compares as its declared type. */
export const PARAM_CASTS: Record<DatasetParamType, string> = {
  text: 'text',
  number: 'numeric',
  date: 'date',
  boolean: 'boolean',
};

export interface GuardedSql {
  /** The SQL cut at its parameters: pieces.length === params.length + 1. */
  pieces: string[];
  /** The parameter code at each cut, in order (a code used twice is bound twice). */
  params: string[];
  /** The catalog tables it reads (each becomes a tenant- and rule-scoped CTE). */
  tables: Set<string>;
  /** The output column names where the SQL names them; null where a `*` leaves them to the tables. */
  outputNames: string[] | null;
}

interface GuardInput {
  sql: string;
  /** The tables a dataset may read (dataset-catalog.ts). */
  tables: ReadonlySet<string>;
  /** The declared parameters with their types. */
  params: ReadonlyMap<string, DatasetParamType>;
}

type Node = Record<string, unknown>;

/** Checks `input.sql`; throws DatasetSqlError saying why it is refused. */
export async function guardSql(input: GuardInput): Promise<GuardedSql> {
  const { pieces, params, parseable } = await cutParameters(input.sql, input.params);
  let tree: { stmts?: { stmt?: Node }[] };
  try {
    tree = (await parse(parseable)) as unknown as { stmts?: { stmt?: Node }[] };
  } catch (error) {
    const details = (error as { sqlDetails?: { message?: string; cursorPosition?: number } }).sqlDetails;
    throw new DatasetSqlError('dataset.sqlSyntax', {
      message: details?.message ?? (error as Error).message,
      position: originalPosition(details?.cursorPosition ?? 0, input.sql, parseable),
    });
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) throw new DatasetSqlError('dataset.oneStatement');
  const root = statements[0]?.stmt ?? {};
  const select = root.SelectStmt as Node | undefined;
  if (!select) throw new DatasetSqlError('dataset.selectOnly', { kind: statementKind(root) });
  const tables = new Set<string>();
  walkSelect(select, new Set(), input.tables, tables);
  return { pieces, params, tables, outputNames: outputNames(select) };
}

/**
 * `:code` parameters, found by PostgreSQL's scanner (so never inside a string, a comment or a
 * `::cast`), cut out of the SQL; `parseable` has `($n::type)` in their place. A `$1` written by hand
 * is refused: parameters are named.
 */
async function cutParameters(sqlText: string, declared: ReadonlyMap<string, DatasetParamType>) {
  let tokens: { start: number; end: number; text: string; tokenName: string }[];
  try {
    tokens = (await scan(sqlText)).tokens;
  } catch (error) {
    throw new DatasetSqlError('dataset.sqlSyntax', { message: (error as Error).message, position: 0 });
  }
  const pieces: string[] = [];
  const params: string[] = [];
  let parseable = '';
  let from = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    if (token.tokenName === 'PARAM')
      throw new DatasetSqlError('dataset.positionalParam', { name: token.text });
    const next = tokens[i + 1];
    if (token.text !== ':' || !next || next.start !== token.end || !/^[a-z][a-z0-9_]*$/i.test(next.text))
      continue;
    const code = next.text.toLowerCase();
    const type = declared.get(code);
    if (!type) throw new DatasetSqlError('dataset.undeclaredParam', { name: code });
    pieces.push(sqlText.slice(from, token.start));
    params.push(code);
    parseable += `${sqlText.slice(from, token.start)}($${params.length}::${PARAM_CASTS[type]})`;
    from = next.end;
    i++;
  }
  pieces.push(sqlText.slice(from));
  parseable += sqlText.slice(from);
  return { pieces, params, parseable };
}

/** A parser position in `parseable` as a position in what the administrator wrote (roughly). */
function originalPosition(position: number, original: string, parseable: string): number {
  return Math.min(original.length, Math.max(0, position - (parseable.length - original.length)));
}

function statementKind(root: Node): string {
  const key = Object.keys(root)[0] ?? '';
  return key.replace(/Stmt$/, '').toUpperCase() || 'UNKNOWN';
}

/**
 * A SELECT and everything in it, with the CTE names visible at this point (`visible`): a relation
 * is one of them or a catalog table, never a schema-qualified or another table. A CTE's own query
 * sees the CTEs before it, as PostgreSQL resolves them.
 */
function walkSelect(
  select: Node,
  visible: ReadonlySet<string>,
  catalog: ReadonlySet<string>,
  used: Set<string>,
) {
  if (select.intoClause) throw new DatasetSqlError('dataset.selectInto');
  if (Array.isArray(select.lockingClause) && select.lockingClause.length)
    throw new DatasetSqlError('dataset.locking');
  const scope = new Set(visible);
  const withClause = select.withClause as Node | undefined;
  if (withClause) {
    if (withClause.recursive) throw new DatasetSqlError('dataset.recursive');
    for (const item of (withClause.ctes as Node[] | undefined) ?? []) {
      const cte = item.CommonTableExpr as Node | undefined;
      if (!cte) continue;
      const name = String(cte.ctename ?? '');
      const query = cte.ctequery as Node | undefined;
      const inner = query?.SelectStmt as Node | undefined;
      if (!inner) throw new DatasetSqlError('dataset.selectOnly', { kind: statementKind(query ?? {}) });
      walkSelect(inner, scope, catalog, used);
      scope.add(name);
    }
  }
  for (const [key, value] of Object.entries(select)) {
    if (key === 'withClause') continue;
    // A UNION's sides are SELECTs written without their node name.
    if ((key === 'larg' || key === 'rarg') && value && typeof value === 'object') {
      walkSelect(value as Node, scope, catalog, used);
      continue;
    }
    walkValue(value, scope, catalog, used);
  }
}

function walkValue(
  value: unknown,
  scope: ReadonlySet<string>,
  catalog: ReadonlySet<string>,
  used: Set<string>,
) {
  if (Array.isArray(value)) {
    for (const item of value) walkValue(item, scope, catalog, used);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value as Node)) {
    if (/^[A-Z]/.test(key)) checkNode(key, inner as Node, scope, catalog, used);
    else walkValue(inner, scope, catalog, used);
  }
}

function checkNode(
  kind: string,
  node: Node,
  scope: ReadonlySet<string>,
  catalog: ReadonlySet<string>,
  used: Set<string>,
) {
  switch (kind) {
    case 'SelectStmt':
      walkSelect(node, scope, catalog, used);
      return;
    case 'RangeVar': {
      const name = String(node.relname ?? '');
      if (node.schemaname || node.catalogname)
        throw new DatasetSqlError('dataset.qualifiedTable', {
          name: [node.catalogname, node.schemaname, name].filter(Boolean).join('.'),
        });
      if (scope.has(name)) return;
      if (!catalog.has(name)) throw new DatasetSqlError('dataset.unknownTable', { name });
      used.add(name);
      return;
    }
    case 'FuncCall': {
      const names = ((node.funcname as Node[] | undefined) ?? []).map((n) =>
        String((n.String as Node | undefined)?.sval ?? ''),
      );
      const name = names[names.length - 1] ?? '';
      const qualifier = names.length > 1 ? names.slice(0, -1).join('.') : '';
      if ((qualifier && qualifier !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(name.toLowerCase()))
        throw new DatasetSqlError('dataset.function', { name: names.join('.') });
      break;
    }
    case 'SQLValueFunction':
      if (!ALLOWED_VALUE_FUNCTIONS.has(String(node.op)))
        throw new DatasetSqlError('dataset.function', {
          name: String(node.op)
            .replace(/^SVFOP_/, '')
            .toLowerCase(),
        });
      return;
    case 'TypeCast':
    case 'TypeName': {
      const typeName = (kind === 'TypeCast' ? (node.typeName as Node | undefined) : node) ?? {};
      const names = ((typeName.names as Node[] | undefined) ?? []).map((n) =>
        String((n.String as Node | undefined)?.sval ?? ''),
      );
      // The reg* types look objects up by name: a way into the catalog.
      if (names.some((n) => /^reg/i.test(n)))
        throw new DatasetSqlError('dataset.cast', { name: names.join('.') });
      break;
    }
    case 'ParamRef':
      // Only the parameters cut out above are numbered; they are ours.
      return;
    case 'RangeTableFunc':
    case 'XmlExpr':
    case 'XmlSerialize':
    case 'CurrentOfExpr':
      throw new DatasetSqlError('dataset.function', { name: kind });
    default:
      if (kind.endsWith('Stmt'))
        throw new DatasetSqlError('dataset.selectOnly', { kind: statementKind({ [kind]: node }) });
  }
  walkValue(node, scope, catalog, used);
}

/** The names PostgreSQL gives the output columns, where the SQL decides them. */
function outputNames(select: Node): string[] | null {
  let top = select;
  while (top.op && top.op !== 'SETOP_NONE' && top.larg) top = top.larg as Node;
  const names: string[] = [];
  for (const item of (top.targetList as Node[] | undefined) ?? []) {
    const target = item.ResTarget as Node | undefined;
    if (!target) return null;
    if (target.name) {
      names.push(String(target.name));
      continue;
    }
    const val = (target.val ?? {}) as Node;
    const column = val.ColumnRef as Node | undefined;
    if (column) {
      const fields = (column.fields as Node[] | undefined) ?? [];
      const last = fields[fields.length - 1] ?? {};
      if (last.A_Star) return null;
      names.push(String((last.String as Node | undefined)?.sval ?? '?column?'));
      continue;
    }
    const call = val.FuncCall as Node | undefined;
    if (call) {
      const parts = (call.funcname as Node[] | undefined) ?? [];
      names.push(String((parts[parts.length - 1]?.String as Node | undefined)?.sval ?? '?column?'));
      continue;
    }
    names.push('?column?');
  }
  return names;
}
