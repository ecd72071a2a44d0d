// Linkage rules and cascading options of a form schema: which fields are hidden, required or
// read-only for the values at hand, and which options a narrowed field offers. One code for both
// sides: the web renderer draws with it, the server validator refuses with it (a field the rules
// hide is not required, one they require is), so the two never disagree.

import type {
  FormField,
  FormFieldOption,
  FormSchema,
  LinkageCondition,
  LinkageRule,
} from './flow-model.core';
import { computedProblem } from './form-compute.core';

export interface FieldStates {
  hidden: Set<string>;
  required: Set<string>;
  disabled: Set<string>;
}

export interface FormStates {
  /** The form's own fields. */
  form: FieldStates;
  /** Per sub-table: its columns as a whole (rules whose conditions read only the form's fields). */
  columns: Record<string, FieldStates>;
  /** Per sub-table, per row (same order as the rows): rules whose conditions read that row. */
  rows: Record<string, FieldStates[]>;
}

const emptyStates = (): FieldStates => ({ hidden: new Set(), required: new Set(), disabled: new Set() });

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

const same = (a: unknown, b: unknown) => a === b || String(a) === String(b);

function compare(a: unknown, b: unknown): number | null {
  if (isEmptyValue(a) || isEmptyValue(b)) return null;
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y) && typeof a !== 'boolean') return x - y;
  // Dates and datetimes are ISO texts: their order is their text's.
  const s = String(a);
  const t = String(b);
  return s < t ? -1 : s > t ? 1 : 0;
}

/** Whether one condition holds for a value (a multiple choice holds `eq` when it contains the value). */
export function conditionHolds(condition: Pick<LinkageCondition, 'op' | 'value'>, value: unknown): boolean {
  const wanted = condition.value;
  const list = Array.isArray(wanted) ? wanted : wanted === undefined ? [] : [wanted];
  const values = Array.isArray(value) ? value : [value];
  switch (condition.op) {
    case 'empty':
      return isEmptyValue(value);
    case 'notEmpty':
      return !isEmptyValue(value);
    case 'eq':
      return !isEmptyValue(value) && values.some((v) => same(v, wanted));
    case 'ne':
      return !values.some((v) => same(v, wanted));
    case 'in':
      return values.some((v) => list.some((w) => same(v, w)));
    case 'notIn':
      return !values.some((v) => list.some((w) => same(v, w)));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const c = compare(value, wanted);
      if (c === null) return false;
      return condition.op === 'gt'
        ? c > 0
        : condition.op === 'gte'
          ? c >= 0
          : condition.op === 'lt'
            ? c < 0
            : c <= 0;
    }
  }
}

/** `table.column` → ['table', 'column']; a form field → [null, field]. */
export function splitFieldPath(path: string): [string | null, string] {
  const dot = path.indexOf('.');
  return dot < 0 ? [null, path] : [path.slice(0, dot), path.slice(dot + 1)];
}

/** The sub-table a rule is evaluated per row of (its conditions read a column), or null. */
export function ruleRowTable(rule: LinkageRule): string | null {
  for (const c of rule.when) {
    const [table] = splitFieldPath(c.field);
    if (table) return table;
  }
  return null;
}

function holds(rule: LinkageRule, read: (path: string) => unknown): boolean {
  if (rule.when.length === 0) return false;
  const each = (c: LinkageCondition) => conditionHolds(c, read(c.field));
  return rule.match === 'any' ? rule.when.some(each) : rule.when.every(each);
}

function apply(states: FieldStates, rule: LinkageRule, held: boolean, name: string): void {
  if (rule.effect === 'show' && !held) states.hidden.add(name);
  if (rule.effect === 'hide' && held) states.hidden.add(name);
  if (rule.effect === 'require' && held) states.required.add(name);
  if (rule.effect === 'disable' && held) states.disabled.add(name);
}

const rowsOf = (values: Record<string, unknown>, table: string): Record<string, unknown>[] => {
  const rows = values[table];
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
};

/** The fields' states for the values at hand: every rule of the schema applied. */
export function linkageStates(
  schema: Pick<FormSchema, 'linkage'>,
  values: Record<string, unknown>,
): FormStates {
  const out: FormStates = { form: emptyStates(), columns: {}, rows: {} };
  for (const rule of schema.linkage ?? []) {
    const rowTable = ruleRowTable(rule);
    if (rowTable === null) {
      const held = holds(rule, (path) => {
        const [table, column] = splitFieldPath(path);
        return table ? undefined : values[column];
      });
      for (const target of rule.fields) {
        const [table, column] = splitFieldPath(target);
        if (table) {
          out.columns[table] ??= emptyStates();
          apply(out.columns[table], rule, held, column);
        } else apply(out.form, rule, held, column);
      }
      continue;
    }
    const rows = rowsOf(values, rowTable);
    out.rows[rowTable] ??= [];
    const perRow = out.rows[rowTable];
    rows.forEach((row, index) => {
      perRow[index] ??= emptyStates();
      const held = holds(rule, (path) => {
        const [table, column] = splitFieldPath(path);
        return table ? row[column] : values[column];
      });
      for (const target of rule.fields) {
        const [table, column] = splitFieldPath(target);
        if (table === rowTable) apply(perRow[index] as FieldStates, rule, held, column);
      }
    });
  }
  return out;
}

/** One cell's state: the column's as a whole and its row's together. */
export function cellStates(
  states: FormStates,
  table: string,
  index: number,
  column: string,
): { hidden: boolean; required: boolean; disabled: boolean } {
  const whole = states.columns[table];
  const row = states.rows[table]?.[index];
  const has = (key: keyof FieldStates) => Boolean(whole?.[key].has(column) || row?.[key].has(column));
  return { hidden: has('hidden'), required: has('required'), disabled: has('disabled') };
}

/**
 * The value an `optionFilter` narrows by: the named field of the same row first (inside a
 * sub-table), then of the form.
 */
export function optionFilterValue(
  field: Pick<FormField, 'optionFilter'>,
  values: Record<string, unknown>,
  row?: Record<string, unknown>,
): unknown {
  const by = field.optionFilter?.field;
  if (!by) return undefined;
  if (row && by in row) return row[by];
  return values[by];
}

/** The options a narrowed field offers: those under the other field's value (none until it has one). */
export function filterOptions<T extends Pick<FormFieldOption, 'parent'>>(
  options: readonly T[],
  field: Pick<FormField, 'optionFilter'>,
  parentValue: unknown,
): T[] {
  if (!field.optionFilter) return [...options];
  if (isEmptyValue(parentValue)) return [];
  return options.filter((o) => o.parent !== undefined && same(o.parent, parentValue));
}

/** A problem of a schema's sections, linkage or filters, at its path (`linkage.2.fields.0`). */
export interface FormSchemaProblem {
  path: (string | number)[];
  key: string;
}

/**
 * What a schema's sections, linkage rules and option filters name that does not fit it: unknown
 * fields or sections, a rule whose conditions read two sub-tables or whose per-row effect targets
 * something outside its table, a field narrowed by itself. Keys are the contracts' `validation.*`.
 */
export function formSchemaProblems(schema: FormSchema): FormSchemaProblem[] {
  const problems: FormSchemaProblem[] = [];
  const fields = new Map(schema.fields.map((f) => [f.name, f]));
  const sectionKeys = new Set<string>();
  (schema.sections ?? []).forEach((section, i) => {
    if (sectionKeys.has(section.key))
      problems.push({ path: ['sections', i, 'key'], key: 'validation.dmDuplicateCode' });
    sectionKeys.add(section.key);
  });
  const names = new Set<string>();
  schema.fields.forEach((field, i) => {
    if (names.has(field.name))
      problems.push({ path: ['fields', i, 'name'], key: 'validation.dmDuplicateCode' });
    names.add(field.name);
    if (field.section !== undefined && !sectionKeys.has(field.section))
      problems.push({ path: ['fields', i, 'section'], key: 'validation.formUnknownSection' });
    const by = field.optionFilter?.field;
    if (by !== undefined && (by === field.name || !fields.has(by)))
      problems.push({ path: ['fields', i, 'optionFilter', 'field'], key: 'validation.formUnknownField' });
    const computed = computedProblem(field, schema.fields);
    if (computed) problems.push({ path: ['fields', i, 'computed'], key: computed });
    (field.columns ?? []).forEach((column, j) => {
      const columnComputed = computedProblem(column, schema.fields, field);
      if (columnComputed)
        problems.push({ path: ['fields', i, 'columns', j, 'computed'], key: columnComputed });
      const cb = column.optionFilter?.field;
      const known =
        cb !== undefined &&
        cb !== column.name &&
        (fields.has(cb) || field.columns?.some((c) => c.name === cb));
      if (cb !== undefined && !known)
        problems.push({
          path: ['fields', i, 'columns', j, 'optionFilter', 'field'],
          key: 'validation.formUnknownField',
        });
    });
  });
  const exists = (path: string) => {
    const [table, column] = splitFieldPath(path);
    if (!table) return fields.has(column) && fields.get(column)?.type !== 'table';
    return Boolean(fields.get(table)?.columns?.some((c) => c.name === column));
  };
  (schema.linkage ?? []).forEach((rule, i) => {
    if (rule.when.length === 0) problems.push({ path: ['linkage', i, 'when'], key: 'validation.required' });
    if (rule.fields.length === 0)
      problems.push({ path: ['linkage', i, 'fields'], key: 'validation.required' });
    const rowTable = ruleRowTable(rule);
    rule.when.forEach((c, j) => {
      const [table] = splitFieldPath(c.field);
      if (!exists(c.field))
        problems.push({ path: ['linkage', i, 'when', j, 'field'], key: 'validation.formUnknownField' });
      else if (table && table !== rowTable)
        problems.push({ path: ['linkage', i, 'when', j, 'field'], key: 'validation.formLinkageTables' });
      const needsValue = c.op !== 'empty' && c.op !== 'notEmpty';
      if (needsValue && (c.value === undefined || (Array.isArray(c.value) && c.value.length === 0)))
        problems.push({ path: ['linkage', i, 'when', j, 'value'], key: 'validation.required' });
    });
    rule.fields.forEach((target, j) => {
      const [table] = splitFieldPath(target);
      if (!exists(target))
        problems.push({ path: ['linkage', i, 'fields', j], key: 'validation.formUnknownField' });
      else if (rowTable !== null && table !== rowTable)
        problems.push({ path: ['linkage', i, 'fields', j], key: 'validation.formLinkageTables' });
    });
  });
  return problems;
}
