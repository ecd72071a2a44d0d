// The model page's pure part (menu type 3): the designed list's columns and how a row's value reads
// in them, the query form's values as the `/List` query, the table's sort as the server's, and a
// refused save's paths as the form's fields.
import {
  type FormSchema,
  formatDate,
  type ListColumn,
  type ListColumnFormat,
  type ListDesign,
  type ListQueryField,
  type Locale,
  type ModelImportResult,
  type ModelPageField,
  type ModelPageListQuery,
  type ModelPageQueryValue,
  type ModelRow,
  nameInLocale,
} from '@srm/contracts/core';

/** A model field's name in the reader's language (its Chinese name where it has none there). */
export function fieldTitle(field: ModelPageField | undefined, code: string, locale: Locale): string {
  if (!field) return code;
  return nameInLocale(locale, field.names['zh-CN'], field.names['en-US'], field.names['zh-TW']) || code;
}

/** How a cell reads: a designed format, or what the field's kind implies. */
export type CellFormat = ListColumnFormat | 'boolean' | 'dict' | 'label';

/** The designed format, else the kind's own (a money field as money, a date as a date). */
export function cellFormatOf(
  column: Pick<ListColumn, 'format'>,
  field: ModelPageField | undefined,
): CellFormat {
  if (column.format && column.format !== 'text') return column.format;
  switch (field?.kind) {
    case 'integer':
    case 'decimal':
      return column.format === 'text' ? 'text' : 'number';
    case 'money':
      return column.format === 'text' ? 'text' : 'money';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'boolean':
      return 'boolean';
    case 'select':
    case 'multiSelect':
      return 'dict';
    case 'user':
    case 'department':
    case 'supplier':
    case 'reference':
      return 'label';
    default:
      return 'text';
  }
}

/** What a cell needs beyond the row: the language, dictionary item names and the yes/no words. */
export interface CellContext {
  locale: Locale;
  /** An item's name by dictionary type and code (the code itself when unknown). */
  dictName: (dictType: string, code: string) => string;
  yes: string;
  no: string;
}

const empty = (v: unknown) => v === undefined || v === null || v === '';
const listSeparator = (locale: Locale) => (locale === 'en-US' ? ', ' : '、');

function toNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A time as ms: a number as it is, an ISO text parsed (NaN when it is none). */
function msOf(value: unknown): number {
  return typeof value === 'number' ? value : Date.parse(String(value));
}

/** A time in the reader's zone in a pattern, or the value as it came when it is no time. */
function timeText(value: unknown, pattern: string): string {
  return formatDate(msOf(value), pattern) || String(value);
}

/** `2026-12-31` stays as it is (a date has no time zone); a time is shown in the reader's zone. */
function dayOf(value: unknown): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return timeText(value, 'yyyy-MM-dd');
}

/** A value as text in one format; '' for no value. */
export function formatValue(
  value: unknown,
  format: CellFormat,
  field: ModelPageField | undefined,
  ctx: CellContext,
): string {
  if (empty(value) || (Array.isArray(value) && value.length === 0)) return '';
  switch (format) {
    case 'number': {
      const n = toNumber(value);
      if (n === null) return String(value);
      const digits = field?.kind === 'integer' ? 0 : field?.scale;
      return new Intl.NumberFormat(ctx.locale, {
        minimumFractionDigits: digits ?? 0,
        maximumFractionDigits: digits ?? 8,
      }).format(n);
    }
    case 'money': {
      const n = toNumber(value);
      if (n === null) return String(value);
      return new Intl.NumberFormat(ctx.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        n,
      );
    }
    case 'percent': {
      // A ratio: 0.125 reads 12.5%.
      const n = toNumber(value);
      if (n === null) return String(value);
      return new Intl.NumberFormat(ctx.locale, { style: 'percent', maximumFractionDigits: 2 }).format(n);
    }
    case 'date':
      return dayOf(value);
    case 'datetime':
      return timeText(value, 'yyyy-MM-dd HH:mm');
    case 'boolean':
      return value === true || value === 'true'
        ? ctx.yes
        : value === false || value === 'false'
          ? ctx.no
          : '';
    case 'dict': {
      const codes = Array.isArray(value) ? value : [value];
      const type = field?.dictType;
      return codes
        .filter((c) => !empty(c))
        .map((c) => (type ? ctx.dictName(type, String(c)) : String(c)))
        .join(listSeparator(ctx.locale));
    }
    default:
      return Array.isArray(value) ? value.map(String).join(listSeparator(ctx.locale)) : String(value);
  }
}

/** A row's cell as text: the server's label for ids (a user's name), else the value formatted. */
export function cellText(
  row: Pick<ModelRow, 'data' | 'labels'>,
  column: Pick<ListColumn, 'field' | 'format'>,
  field: ModelPageField | undefined,
  ctx: CellContext,
): string {
  const label = row.labels[column.field];
  if (label !== undefined && label !== '') return label;
  return formatValue(row.data[column.field], cellFormatOf(column, field), field, ctx);
}

export type SortOrder = 'ascend' | 'descend';

/** A column as the table draws it: its title, least width, pinning, alignment and sort state. */
export interface ColumnSpec {
  key: string;
  title: string;
  width?: number | undefined;
  fixed?: 'left' | 'right' | undefined;
  sortable: boolean;
  sortOrder: SortOrder | null;
  align?: 'right' | undefined;
  column: ListColumn;
  field: ModelPageField | undefined;
}

const NUMERIC: readonly CellFormat[] = ['number', 'money', 'percent'];

/** The designed columns, titled in the reader's language; `sort` is the one sort in force. */
export function columnSpecs(
  list: Pick<ListDesign, 'columns'>,
  fields: readonly ModelPageField[],
  locale: Locale,
  sort: ModelPageListQuery['sort'],
): ColumnSpec[] {
  const byCode = new Map(fields.map((f) => [f.code, f]));
  return list.columns.map((column) => {
    const field = byCode.get(column.field);
    const sortable = column.sortable === true;
    return {
      key: column.field,
      title: fieldTitle(field, column.field, locale),
      width: column.width,
      fixed: column.fixed,
      sortable,
      sortOrder:
        sortable && sort?.field === column.field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
      align: NUMERIC.includes(cellFormatOf(column, field)) ? 'right' : undefined,
      column,
      field,
    };
  });
}

/** The table's sorter (antd's `onChange`) as the server's sort; none when the sort is cleared. */
export function sortOf(
  sorter: { columnKey?: unknown; order?: SortOrder | null } | readonly unknown[],
): ModelPageListQuery['sort'] {
  const one = (Array.isArray(sorter) ? sorter[0] : sorter) as
    | { columnKey?: unknown; order?: SortOrder | null }
    | undefined;
  if (!one?.order || typeof one.columnKey !== 'string') return undefined;
  return { field: one.columnKey, order: one.order === 'ascend' ? 'asc' : 'desc' };
}

/** What the query form holds for one field (a text, a number, a choice, a `[from, to]`, a list). */
type QueryInput = unknown;

function scalarOf(value: QueryInput): string | number | boolean | null | undefined {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  return undefined;
}

/** An end of a range, or a list item: a text or a number, `null` for an open end. */
function itemOf(value: QueryInput): string | number | null {
  const s = scalarOf(value);
  return s === undefined || typeof s === 'boolean' ? null : s;
}

/**
 * The query form's values as `/List`'s `query`: only the designed query fields, each as its operator
 * takes it (`between` a `[from, to]` with an open end as null, `in` a list); empty ones are left out,
 * and no query at all is `undefined`.
 */
export function buildQuery(
  values: Readonly<Record<string, QueryInput>>,
  queryFields: readonly ListQueryField[],
): Record<string, ModelPageQueryValue> | undefined {
  const query: Record<string, ModelPageQueryValue> = {};
  for (const { field, op } of queryFields) {
    const value = values[field];
    if (op === 'between') {
      if (!Array.isArray(value)) continue;
      const range: (string | number | null)[] = [itemOf(value[0]), itemOf(value[1])];
      if (range[0] === null && range[1] === null) continue;
      query[field] = range;
    } else if (op === 'in') {
      const list = (Array.isArray(value) ? value : [value]).map(itemOf).filter((v) => v !== null);
      if (list.length > 0) query[field] = list;
    } else {
      const scalar = scalarOf(value);
      if (scalar !== undefined) query[field] = scalar;
    }
  }
  return Object.keys(query).length > 0 ? query : undefined;
}

/** The export's query string: the list's query as JSON and its sort (what `/List` takes, without paging). */
export function exportParams(
  query: ModelPageListQuery['query'],
  sort: ModelPageListQuery['sort'],
): Record<string, string | undefined> {
  return {
    query: query ? JSON.stringify(query) : undefined,
    sort: sort?.field,
    order: sort?.order,
  };
}

/**
 * A refused save's `data.fields`, split: the paths of the form's fields (`data.lines.0.qty` or
 * `lines.0.qty` → `['lines', 0, 'qty']`) and the messages of everything else (shown above the form).
 */
export function placeRowProblems(
  fields: Readonly<Record<string, string>>,
  schema: Pick<FormSchema, 'fields'>,
): { onForm: { name: (string | number)[]; errors: string[] }[]; other: string[] } {
  const names = new Set(schema.fields.map((f) => f.name));
  const onForm: { name: (string | number)[]; errors: string[] }[] = [];
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const parts = path
      .replace(/^data\./, '')
      .split('.')
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    if (typeof parts[0] === 'string' && names.has(parts[0])) onForm.push({ name: parts, errors: [message] });
    else other.push(message);
  }
  return { onForm, other };
}

/**
 * The names the form renderer shows for the ids a row holds (`user:{id}`, `dept:{id}`,
 * `reference:{id}`), from the row's labels (field → name).
 */
export function formLabelsOf(
  row: Pick<ModelRow, 'data' | 'labels'>,
  fields: readonly ModelPageField[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const prefix =
      field.kind === 'user'
        ? 'user'
        : field.kind === 'department'
          ? 'dept'
          : field.kind === 'reference'
            ? 'reference'
            : null;
    const id = row.data[field.code];
    const label = row.labels[field.code];
    if (prefix && label && (typeof id === 'string' || typeof id === 'number')) out[`${prefix}:${id}`] = label;
  }
  return out;
}

export interface ErrorLine {
  key: string;
  row: number;
  field: string;
  message: string;
}

/** The refused rows as one line per field (the row's number in the sheet, the field's name, why). */
export function errorLines(
  result: Pick<ModelImportResult, 'errors'>,
  fields: readonly ModelPageField[],
  locale: Locale,
): ErrorLine[] {
  const byCode = new Map(fields.map((f) => [f.code, f]));
  return result.errors.flatMap((e) =>
    Object.entries(e.fields).map(([code, message]) => ({
      key: `${e.row}-${code}`,
      row: e.row,
      field: byCode.has(code) ? fieldTitle(byCode.get(code), code, locale) : code,
      message,
    })),
  );
}
