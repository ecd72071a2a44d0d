// Computed form fields, worked out the same way on both sides: the form shows the value while the
// user types, the server computes it again on save (the only value that counts). A computation is
// one of:
// - `sum(table.column)`: a column's total over a sub-table's rows;
// - `leaveDays(start, startHalf, end, endHalf)`: a leave's days in half days;
// - arithmetic over numbers and fields with + - * / and parentheses (`quality * 0.4 + price * 0.6`);
//   inside a sub-table a column names its row's cells as `table.column`;
// - `grade(score, 90, 80, 70)`: a grade letter from a number field by descending thresholds (A at
//   90 or more, B at 80, C at 70, D below; one more letter than thresholds), for a choice or text
//   field whose options are the letters (a supplier evaluation's grade from its weighted score).
import { leaveDays } from '../validation/rules.core';
import type { FormField } from './flow-model.core';

type Node =
  | { k: 'num'; v: number }
  | { k: 'ref'; table?: string; name: string }
  | { k: 'neg'; a: Node }
  | { k: 'op'; op: '+' | '-' | '*' | '/'; a: Node; b: Node };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)|([-+*/()]))/y;

/** Parses arithmetic; null when the text is not one (an unknown word, a dangling operator). */
export function parseArithmetic(text: string): Node | null {
  if (text.length > 200) return null;
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) return null;
    tokens.push((m[1] ?? m[2] ?? m[3]) as string);
    at = TOKEN.lastIndex;
  }
  let i = 0;
  const peek = () => tokens[i];
  const factor = (): Node | null => {
    const t = tokens[i++];
    if (t === undefined) return null;
    if (t === '(') {
      const inner = expr();
      return inner && tokens[i++] === ')' ? inner : null;
    }
    if (t === '-') {
      const a = factor();
      return a ? { k: 'neg', a } : null;
    }
    if (/^\d/.test(t)) return { k: 'num', v: Number(t) };
    if (/^[A-Za-z_]/.test(t)) {
      const [first, second] = t.split('.') as [string, string | undefined];
      return second === undefined ? { k: 'ref', name: first } : { k: 'ref', table: first, name: second };
    }
    return null;
  };
  const term = (): Node | null => {
    let a = factor();
    while (a && (peek() === '*' || peek() === '/')) {
      const op = tokens[i++] as '*' | '/';
      const b = factor();
      a = b ? { k: 'op', op, a, b } : null;
    }
    return a;
  };
  const expr = (): Node | null => {
    let a = term();
    while (a && (peek() === '+' || peek() === '-')) {
      const op = tokens[i++] as '+' | '-';
      const b = term();
      a = b ? { k: 'op', op, a, b } : null;
    }
    return a;
  };
  const tree = expr();
  return tree && i === tokens.length ? tree : null;
}

/** The fields an arithmetic computation reads (`table.column` for a row's cells). */
export function arithmeticRefs(node: Node): { table?: string; name: string }[] {
  switch (node.k) {
    case 'num':
      return [];
    case 'ref':
      return [node.table === undefined ? { name: node.name } : { table: node.table, name: node.name }];
    case 'neg':
      return arithmeticRefs(node.a);
    default:
      return [...arithmeticRefs(node.a), ...arithmeticRefs(node.b)];
  }
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v ?? 0) || 0);
const round = (n: number, precision = 2) => Math.round(n * 10 ** precision) / 10 ** precision;

function evaluate(node: Node, read: (ref: { table?: string; name: string }) => unknown): number {
  switch (node.k) {
    case 'num':
      return node.v;
    case 'ref':
      return num(read(node));
    case 'neg':
      return -evaluate(node.a, read);
    default: {
      const a = evaluate(node.a, read);
      const b = evaluate(node.b, read);
      if (node.op === '+') return a + b;
      if (node.op === '-') return a - b;
      if (node.op === '*') return a * b;
      return b === 0 ? 0 : a / b;
    }
  }
}

const SUM_EXPR = /^\s*sum\((\w+)\.(\w+)\)\s*$/;
const GRADE_EXPR = /^\s*grade\(\s*(\w+)((?:\s*,\s*\d+(?:\.\d+)?){1,9})\s*\)\s*$/;

/** A `grade(…)` computation's number field and thresholds; null when it is not one (or they do not descend). */
export function parseGrade(text: string): { field: string; thresholds: number[] } | null {
  const m = GRADE_EXPR.exec(text);
  if (!m) return null;
  const thresholds = (m[2] as string)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (thresholds.some((t, i) => i > 0 && t >= (thresholds[i - 1] as number))) return null;
  return { field: m[1] as string, thresholds };
}

/** The letter of a number by descending thresholds: A at the first or more, B at the second… */
export function gradeOf(value: number, thresholds: readonly number[]): string {
  const at = thresholds.findIndex((t) => value >= t);
  return String.fromCharCode(65 + (at < 0 ? thresholds.length : at));
}
const LEAVE_EXPR = /^\s*leaveDays\(\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*\)\s*$/;

/** A date field's value as `yyyy-MM-dd` (a form holds a date object with `format` while picking). */
function day(value: unknown): unknown {
  if (value && typeof value === 'object' && 'format' in value && typeof value.format === 'function')
    return (value as { format(f: string): string }).format('YYYY-MM-DD');
  return value;
}

/** A sub-table column computed from its row (`lines.quantity * lines.price`). */
export function computeRow(column: FormField, row: Record<string, unknown>): number | undefined {
  const tree = column.computed ? parseArithmetic(column.computed) : null;
  if (!tree) return undefined;
  return round(
    evaluate(tree, (ref) => row[ref.name]),
    column.precision,
  );
}

/** A top-level computed field over the form's current values. */
export function computeField(
  field: FormField,
  fields: readonly FormField[],
  values: Record<string, unknown>,
): number | string | undefined {
  if (!field.computed) return undefined;
  const graded = parseGrade(field.computed);
  if (graded) {
    const source = fields.find((f) => f.name === graded.field);
    // A computed source (the weighted score) is worked out here too: a form's store does not hold it.
    const value =
      source?.computed && source !== field ? computeField(source, fields, values) : values[graded.field];
    if (value === undefined || value === null || value === '' || !Number.isFinite(Number(value)))
      return undefined;
    return gradeOf(Number(value), graded.thresholds);
  }
  const leave = LEAVE_EXPR.exec(field.computed);
  if (leave) {
    const [, a, b, c, d] = leave as unknown as [string, string, string, string, string];
    const days = leaveDays(day(values[a]), values[b], day(values[c]), values[d]);
    return days !== undefined && days > 0 ? days : undefined;
  }
  const m = SUM_EXPR.exec(field.computed);
  if (m) {
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
  const tree = parseArithmetic(field.computed);
  if (!tree) return undefined;
  // Fields read as they are: computeForm fills computed ones in form order, so one may use another above it.
  const read = (ref: { table?: string; name: string }) =>
    ref.table === undefined ? values[ref.name] : undefined;
  return round(evaluate(tree, read), field.precision);
}

/** The data with every computed field and sub-table column filled (what the server stores). */
export function computeForm(
  fields: readonly FormField[],
  data: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const field of fields) {
    if (field.type !== 'table' || !Array.isArray(out[field.name])) continue;
    const computedColumns = (field.columns ?? []).filter((c) => c.computed);
    if (!computedColumns.length) continue;
    out[field.name] = (out[field.name] as Record<string, unknown>[]).map((row) => {
      const next = { ...row };
      for (const c of computedColumns) next[c.name] = computeRow(c, next);
      return next;
    });
  }
  for (const field of fields) {
    if (!field.computed || field.type === 'table') continue;
    const value = computeField(field, fields, out);
    if (value === undefined) delete out[field.name];
    else out[field.name] = value;
  }
  return out;
}

/**
 * Why a computation cannot be worked out in this form, as a message key, or null: it must parse,
 * and name only number or money fields (`table.column` of a sub-table for a column's own row).
 */
export function computedProblem(
  field: FormField,
  fields: readonly FormField[],
  table?: FormField,
): 'validation.computedInvalid' | null {
  const text = field.computed;
  if (!text) return null;
  const numeric = (f: FormField | undefined) =>
    f !== undefined && (f.type === 'number' || f.type === 'money');
  if (!table) {
    const leave = LEAVE_EXPR.exec(text);
    if (leave) return null;
    if (/^\s*grade\(/.test(text)) {
      const graded = parseGrade(text);
      const source = graded ? fields.find((f) => f.name === graded.field) : undefined;
      const letters = ['select', 'radio', 'input'].includes(field.type);
      return graded && letters && numeric(source) && source !== field ? null : 'validation.computedInvalid';
    }
    const m = SUM_EXPR.exec(text);
    if (m) {
      const t = fields.find((f) => f.name === m[1] && f.type === 'table');
      return numeric(t?.columns?.find((c) => c.name === m[2])) ? null : 'validation.computedInvalid';
    }
  }
  const tree = parseArithmetic(text);
  if (!tree) return 'validation.computedInvalid';
  for (const ref of arithmeticRefs(tree)) {
    const target = table
      ? ref.table === table.name
        ? table.columns?.find((c) => c.name === ref.name)
        : undefined
      : ref.table === undefined
        ? fields.find((f) => f.name === ref.name)
        : undefined;
    if (!numeric(target) || target === field) return 'validation.computedInvalid';
  }
  return null;
}
