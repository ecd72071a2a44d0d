import {
  type DataModelDefinition,
  type DataModelField,
  type DataModelFieldKind,
  type DataModelNames,
  DM_KINDS_WITH_DEFAULT,
  identifierProblem,
  type Locale,
  nameInLocale,
  validationMessage,
} from '@srm/contracts/core';
import type { Rule } from 'antd/es/form';

/**
 * A model's or field's code in the form: the identifier rule the server checks (data-model.core.ts),
 * said at the field as the user leaves it. Codes used twice are the server's to say (at the row).
 */
export const codeRules = (language: Locale, column: boolean): Rule[] => [
  { required: true, message: validationMessage('validation.required', language) },
  {
    validator: (_, value: string) => {
      const problem = value ? identifierProblem(value.trim(), { column }) : null;
      return problem ? Promise.reject(new Error(validationMessage(problem, language))) : Promise.resolve();
    },
  },
];

/** A model's or field's name in the reader's language (the Chinese one when not given). */
export const modelName = (language: Locale, names: DataModelNames) =>
  nameInLocale(language, names['zh-CN'], names['en-US'], names['zh-TW']);

/** A row of the field grid: every part a kind may have, the ones it does not have left empty. */
export interface FieldRow {
  code: string;
  names: DataModelNames;
  kind: DataModelFieldKind;
  length?: number | null;
  precision?: number | null;
  scale?: number | null;
  required?: boolean;
  unique?: boolean;
  defaultValue?: string | number | boolean | null;
  dictType?: string | null;
  model?: string | null;
}

export interface IndexRow {
  fields: string[];
  unique?: boolean;
}

export interface ModelFormValues {
  code: string;
  names: DataModelNames;
  isTree: boolean;
  isLines: boolean;
  fields: FieldRow[];
  indexes: IndexRow[];
}

/** Which parts of the grid a kind has. */
export const kindHas = (kind: DataModelFieldKind) => ({
  length: kind === 'text',
  digits: kind === 'decimal',
  dictType: kind === 'select' || kind === 'multiSelect',
  model: kind === 'reference' || kind === 'lines',
  default: DM_KINDS_WITH_DEFAULT.includes(kind),
  // Lines are rows of another model, not a column: neither required nor unique.
  required: kind !== 'lines',
  unique: !['lines', 'multiSelect', 'file', 'longText'].includes(kind),
});

/** Kinds whose fields an index can take (data-model.ts NOT_INDEXABLE). */
export const indexable = (kind: DataModelFieldKind) => kindHas(kind).unique;

/** A new row of a kind, with the sizes the trade starts from. */
export function newField(kind: DataModelFieldKind = 'text'): FieldRow {
  return { code: '', names: { 'zh-CN': '' }, kind, ...sizesOf(kind), required: false, unique: false };
}

/** The sizes a kind starts with when chosen (a text 100 long, a decimal of 18 digits and 2 places). */
export function sizesOf(kind: DataModelFieldKind): Pick<FieldRow, 'length' | 'precision' | 'scale'> {
  if (kind === 'text') return { length: 100, precision: null, scale: null };
  if (kind === 'decimal') return { length: null, precision: 18, scale: 2 };
  return { length: null, precision: null, scale: null };
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

function names(n: DataModelNames): DataModelNames {
  return {
    'zh-CN': (n['zh-CN'] ?? '').trim(),
    ...(n['en-US']?.trim() ? { 'en-US': n['en-US'].trim() } : {}),
    ...(n['zh-TW']?.trim() ? { 'zh-TW': n['zh-TW'].trim() } : {}),
  };
}

/** A grid row as the server takes it: only the parts its kind has. */
export function toField(row: FieldRow): DataModelField {
  const has = kindHas(row.kind);
  const out: Record<string, unknown> = {
    code: (row.code ?? '').trim(),
    names: names(row.names),
    kind: row.kind,
  };
  if (has.length) out.length = row.length;
  if (has.digits) {
    out.precision = row.precision;
    out.scale = row.scale;
  }
  if (has.dictType) out.dictType = row.dictType ?? '';
  if (has.model) out.model = row.model ?? '';
  if (has.required && row.required) out.required = true;
  if (has.unique && row.unique) out.unique = true;
  if (has.default && !blank(row.defaultValue)) out.defaultValue = row.defaultValue;
  return out as unknown as DataModelField;
}

export function toDefinition(values: ModelFormValues): DataModelDefinition {
  return {
    code: (values.code ?? '').trim(),
    names: names(values.names),
    ...(values.isTree ? { isTree: true } : {}),
    ...(values.isLines ? { isLines: true } : {}),
    fields: (values.fields ?? []).map(toField),
    indexes: (values.indexes ?? []).map((x) => ({
      fields: x.fields ?? [],
      ...(x.unique ? { unique: true } : {}),
    })),
  };
}

export function toFormValues(definition: DataModelDefinition): ModelFormValues {
  return {
    code: definition.code,
    names: {
      'zh-CN': definition.names['zh-CN'],
      'en-US': definition.names['en-US'] ?? '',
      'zh-TW': definition.names['zh-TW'] ?? '',
    },
    isTree: Boolean(definition.isTree),
    isLines: Boolean(definition.isLines),
    fields: definition.fields.map((f) => ({
      ...sizesOf(f.kind),
      ...f,
      names: { 'zh-CN': f.names['zh-CN'], 'en-US': f.names['en-US'] ?? '', 'zh-TW': f.names['zh-TW'] ?? '' },
      required: Boolean(f.required),
      unique: Boolean(f.unique),
    })),
    indexes: (definition.indexes ?? []).map((x) => ({ fields: [...x.fields], unique: Boolean(x.unique) })),
  };
}

export type FormPath = (string | number)[];

/**
 * Where a server message of a 400 goes in the form: `definition.fields.3.code` (PUT) and
 * `fields.3.code` (POST) are the grid's cell `['fields', 3, 'code']`; an index's field
 * (`indexes.0.fields.1`) or the index itself is its fields' picker. Null for a path the form has no
 * cell for (`fields`: no field at all), which the editor lists above the grid.
 */
export function formPathOf(path: string): FormPath | null {
  const parts: FormPath = path
    .replace(/^definition\./, '')
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [head, at, leaf, sub] = parts;
  if (head === 'code' && parts.length === 1) return ['code'];
  if (head === 'names' && typeof at === 'string') return ['names', at];
  if (head === 'fields' && typeof at === 'number' && typeof leaf === 'string') {
    if (leaf === 'names' && typeof sub === 'string') return ['fields', at, 'names', sub];
    const cells = [
      'code',
      'kind',
      'length',
      'precision',
      'scale',
      'required',
      'unique',
      'defaultValue',
      'dictType',
      'model',
    ];
    return cells.includes(leaf) ? ['fields', at, leaf] : null;
  }
  if (head === 'indexes' && typeof at === 'number') return ['indexes', at, 'fields'];
  return null;
}

/**
 * A statement as the versions list shows it: a `create table` with one column per line (the planner
 * writes each statement on one line, data-model-service.ts keeps them so); other statements, one
 * change each, as they are.
 */
export function readableSql(statement: string): string {
  if (!/^create table /i.test(statement)) return statement;
  let out = '';
  let depth = 0;
  let quote: string | null = null;
  for (const ch of statement) {
    if (quote) {
      out += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      out += ch;
    } else if (ch === '(') {
      depth += 1;
      out += depth === 1 ? '(\n  ' : ch;
    } else if (ch === ')') {
      depth -= 1;
      out += depth === 0 ? '\n)' : ch;
    } else if (ch === ',' && depth === 1) {
      out += ',\n ';
    } else out += ch;
  }
  return out;
}
