import { type FieldRight, type FormField, type Locale, leaveDays } from '@srm/contracts/core';

/** A field's label in the reader's language (the schema's main label otherwise). */
export function fieldLabel(field: FormField, locale: Locale): string {
  return field.labels?.[locale] ?? field.label;
}

/** The right a field has at this node: what the node names, else the node's default. */
export function rightOf(
  field: FormField,
  rights: Readonly<Record<string, string>>,
  defaultRight: FieldRight,
): FieldRight {
  if (field.computed) return rights[field.name] === 'hidden' ? 'hidden' : 'readonly';
  return (rights[field.name] as FieldRight | undefined) ?? defaultRight;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v ?? 0) || 0);
const round = (n: number, precision = 2) => Math.round(n * 10 ** precision) / 10 ** precision;

const ROW_EXPR = /^\s*(\w+)\.(\w+)\s*([-+*/])\s*(\w+)\.(\w+)\s*$/;
const SUM_EXPR = /^\s*sum\((\w+)\.(\w+)\)\s*$/;
/** A leave's days from its dates and halves (contracts `leaveDays`, as the server works them out). */
const LEAVE_EXPR = /^\s*leaveDays\(\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*\)\s*$/;

/**
 * A column computed from its row (`lines.quantity * lines.price`), shown while the user types; the
 * server computes it again on save (the only value that counts).
 */
export function computeRow(column: FormField, row: Record<string, unknown>): number | undefined {
  const m = column.computed ? ROW_EXPR.exec(column.computed) : null;
  if (!m) return undefined;
  const a = num(row[m[2] as string]);
  const b = num(row[m[5] as string]);
  const value = m[3] === '+' ? a + b : m[3] === '-' ? a - b : m[3] === '*' ? a * b : b === 0 ? 0 : a / b;
  return round(value, column.precision);
}

/** A date field's value as `yyyy-MM-dd` (the form holds a dayjs while the user picks one). */
function day(value: unknown): unknown {
  if (value && typeof value === 'object' && 'format' in value && typeof value.format === 'function')
    return (value as { format(f: string): string }).format('YYYY-MM-DD');
  return value;
}

/** A top-level computed field (`sum(lines.amount)`) over the current values. */
export function computeField(
  field: FormField,
  fields: readonly FormField[],
  values: Record<string, unknown>,
): number | undefined {
  const leave = field.computed ? LEAVE_EXPR.exec(field.computed) : null;
  if (leave) {
    const [, a, b, c, d] = leave as unknown as [string, string, string, string, string];
    const days = leaveDays(day(values[a]), values[b], day(values[c]), values[d]);
    return days !== undefined && days > 0 ? days : undefined;
  }
  const m = field.computed ? SUM_EXPR.exec(field.computed) : null;
  if (!m) return undefined;
  const table = fields.find((f) => f.name === m[1]);
  const column = table?.columns?.find((c) => c.name === m[2]);
  const rows = Array.isArray(values[m[1] as string])
    ? (values[m[1] as string] as Record<string, unknown>[])
    : [];
  const total = rows.reduce((sum, row) => {
    const cell = column?.computed ? computeRow(column, row ?? {}) : num(row?.[m[2] as string]);
    return sum + (cell ?? 0);
  }, 0);
  return round(total, field.precision);
}

/** A number as the reader's locale writes it, with the field's digits. */
export function formatNumber(value: unknown, precision: number | undefined, locale: Locale): string {
  if (value === undefined || value === null || value === '') return '';
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: precision ?? 0,
    maximumFractionDigits: precision ?? 8,
  }).format(num(value));
}

/** A server field path (`lines.0.quantity`) as an antd Form name path. */
export function namePath(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The values a save sends: only the fields the node lets this user change (the server keeps the rest). */
export function editableValues(
  fields: readonly FormField[],
  values: Record<string, unknown>,
  rights: Readonly<Record<string, string>>,
  defaultRight: FieldRight,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const right = rightOf(field, rights, defaultRight);
    if ((right === 'editable' || right === 'required') && values[field.name] !== undefined)
      out[field.name] = values[field.name];
  }
  return out;
}
