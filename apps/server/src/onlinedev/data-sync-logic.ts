/**
 * The pure part of data sync (docs/data-sync.md): no database, no clock. How a source column
 * becomes a model field (the take-in), how a source value becomes the value a model field holds
 * (one canonical spelling, so a stored row and a read row compare equal when they mean the same),
 * which read rows insert, update or change nothing, how a batch read in the watermark's order ends
 * so that rows sharing a watermark value are never split, and what a sync's mapping must satisfy.
 */
import {
  DATA_SYNC_KEY_KINDS,
  DATA_SYNC_TARGET_KINDS,
  type DataModelField,
  type DataSyncMapping,
  type DataSyncMode,
  type DataSyncWatermarkType,
  DM_DECIMAL_PRECISION_MAX,
  DM_KINDS_WITH_DEFAULT,
  DM_MONEY,
  DM_TEXT_LENGTH_MAX,
  identifierProblem,
} from '@srm/contracts';

/** A value as a model field holds it: text for numbers and dates (exact), a boolean, or null. */
export type Canonical = string | boolean | null;

/** A message key of `dataSync.*` with its values: said in the reader's language when shown. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

// ---------------------------------------------------------------------------------------------------
// Taking a source table in as a model

/** A source column as information_schema describes it. */
export interface SourceColumnInfo {
  name: string;
  /** `data_type`, lower case: `varchar`, `character varying`, `numeric`, `tinyint` … */
  dataType: string;
  /** MySQL's `column_type` (`tinyint(1)`, `int(11) unsigned`), else the data type. */
  columnType: string;
  charLength: number | null;
  precision: number | null;
  scale: number | null;
}

/** A column's name as a field code: lower case, `_` for the rest; `src_` before one that cannot be. */
export function fieldCodeOf(column: string): string {
  let code = column
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_+/g, '_');
  if (!code) code = 'col';
  if (!/^[a-z]/.test(code) || identifierProblem(code, { column: true })) code = `src_${code}`;
  return code.slice(0, 30).replace(/_+$/, '');
}

const INTEGER =
  /^(tinyint|smallint|mediumint|int|integer|bigint|int2|int4|int8|serial|bigserial|smallserial)$/;
const DECIMAL = /^(decimal|numeric)$/;
const FLOAT = /^(float|double|double precision|real|float4|float8)$/;
const TEXT =
  /^(char|varchar|character|character varying|nchar|nvarchar|bpchar|enum|set|uuid|citext|inet|cidr)$/;
const LONG_TEXT = /^(text|tinytext|mediumtext|longtext|clob)$/;
const UNSUPPORTED_REASONS: [RegExp, string][] = [
  [/^(json|jsonb)$/, 'json'],
  [/blob|binary|bytea|^bit$|varbinary/, 'binary'],
  [
    /^(geometry|point|linestring|polygon|multi\w+|geometrycollection|geography|box|circle|line|lseg|path)$/,
    'spatial',
  ],
  [/^(array|user-defined)$/, 'structured'],
  [/^(time|time without time zone|time with time zone|interval|year)$/, 'time'],
];

/**
 * The model field a source column becomes (names: the column's name), or why it cannot be one:
 * a `dataSync.skip.*` reason.
 */
export function fieldForColumn(
  column: SourceColumnInfo,
  code: string,
): { field: DataModelField } | { skip: string } {
  const type = column.dataType.toLowerCase();
  const names = { 'zh-CN': column.name.slice(0, 50), 'en-US': column.name.slice(0, 50) };
  const base = { code, names };
  if (column.columnType.toLowerCase().startsWith('tinyint(1)') || type === 'boolean' || type === 'bool')
    return { field: { ...base, kind: 'boolean' } };
  if (type === 'bit' && column.precision === 1) return { field: { ...base, kind: 'boolean' } };
  if (INTEGER.test(type)) return { field: { ...base, kind: 'integer' } };
  if (DECIMAL.test(type)) {
    const precision = column.precision ?? 0;
    if (!precision || precision > DM_DECIMAL_PRECISION_MAX)
      return { field: { ...base, kind: 'decimal', precision: DM_DECIMAL_PRECISION_MAX, scale: 10 } };
    return { field: { ...base, kind: 'decimal', precision, scale: Math.min(column.scale ?? 0, precision) } };
  }
  if (FLOAT.test(type))
    return { field: { ...base, kind: 'decimal', precision: DM_DECIMAL_PRECISION_MAX, scale: 10 } };
  if (type === 'date') return { field: { ...base, kind: 'date' } };
  if (type === 'datetime' || type.startsWith('timestamp')) return { field: { ...base, kind: 'datetime' } };
  if (TEXT.test(type)) {
    const length =
      type === 'uuid' ? 36 : type === 'enum' || type === 'set' ? 255 : (column.charLength ?? 255);
    if (length > DM_TEXT_LENGTH_MAX) return { field: { ...base, kind: 'longText' } };
    return { field: { ...base, kind: 'text', length: Math.max(1, length) } };
  }
  if (LONG_TEXT.test(type)) return { field: { ...base, kind: 'longText' } };
  for (const [pattern, reason] of UNSUPPORTED_REASONS) if (pattern.test(type)) return { skip: reason };
  return { skip: 'unknown' };
}

const UPDATED_AT =
  /^(updated?_?(at|time|on|date|ts)|modif(y|ied)_?(at|time|on|date)|last_?(modified|update[ds]?)(_?(at|time|on))?|gmt_?modified|mtime|update_?time|changed_?(at|on))$/i;

/**
 * The watermark proposed for a table: an updated-at-like date-time column, else a single whole-number
 * primary key, else a whole-number column named `id`; null when none is there.
 */
export function proposeWatermark(
  columns: readonly { name: string; kind: DataModelField['kind'] }[],
  primaryKey: readonly string[],
): { column: string; type: DataSyncWatermarkType } | null {
  const updated = columns.find((c) => c.kind === 'datetime' && UPDATED_AT.test(c.name));
  if (updated) return { column: updated.name, type: 'timestamp' };
  const single = primaryKey.length === 1 ? columns.find((c) => c.name === primaryKey[0]) : undefined;
  if (single?.kind === 'integer') return { column: single.name, type: 'number' };
  const id = columns.find((c) => c.kind === 'integer' && c.name.toLowerCase() === 'id');
  return id ? { column: id.name, type: 'number' } : null;
}

// ---------------------------------------------------------------------------------------------------
// Values

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The offset of a time zone at an instant, in minutes east of UTC. */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** A wall-clock time of a time zone as an instant (the offset found twice, for the days clocks change). */
export function wallTimeToInstant(wallUtc: number, timeZone: string): number {
  let instant = wallUtc - zoneOffsetMinutes(wallUtc, timeZone) * 60_000;
  instant = wallUtc - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return instant;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A date-time as an ISO instant (`2026-11-01T02:00:00.000Z`), or null when it is none. Text
 * without a zone (MySQL's DATETIME) is a wall-clock time of `timeZone`; fractions past the
 * millisecond are dropped.
 */
export function instantOf(value: unknown, timeZone: string): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== 'string') return null;
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = m;
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (Number.isNaN(wall)) return null;
  const check = new Date(wall);
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1) return null;
  let instant: number;
  if (!zone) instant = wallTimeToInstant(wall, timeZone);
  else if (zone.toUpperCase() === 'Z') instant = wall;
  else {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0);
    instant = wall - sign * minutes * 60_000;
  }
  return new Date(instant).toISOString();
}

/** A decimal's text rounded half away from zero to `scale` places, or null when it is no number. */
export function decimalText(value: unknown, scale: number): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = value.toFixed(Math.min(scale + 2, 20));
  } else if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'string') text = value.trim();
  else return null;
  const m = /^([+-]?)(\d+)(?:\.(\d*))?$|^([+-]?)\.(\d+)$/.exec(text);
  if (!m) return null;
  const negative = (m[1] ?? m[4]) === '-';
  const whole = m[2] ?? '0';
  const fraction = m[3] ?? m[5] ?? '';
  const digits = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  const rest = fraction.slice(scale);
  const rounded = rest && Number(rest[0]) >= 5 ? digits + 1n : digits;
  let out = rounded.toString().padStart(scale + 1, '0');
  if (scale > 0) out = `${out.slice(0, -scale)}.${out.slice(-scale)}`;
  const zero = /^[0.]+$/.test(out);
  return negative && !zero ? `-${out}` : out;
}

const BIGINT_MAX = 9_223_372_036_854_775_807n;

/**
 * A source value as `field` holds it, or the problem (`dataSync.value.*`). Empty text is null for
 * every kind but text; a value the field cannot take is a problem, never cut or guessed.
 */
export function canonicalValue(
  field: DataModelField,
  value: unknown,
  timeZone: string,
): { value: Canonical } | { problem: Problem } {
  if (value === null || value === undefined) return { value: null };
  if (typeof value === 'string' && value === '' && field.kind !== 'text' && field.kind !== 'longText')
    return { value: null };
  const bad = (key: string, params?: Record<string, string | number>) => ({
    problem: { key: `dataSync.value.${key}`, ...(params ? { params } : {}) },
  });
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'select': {
      const text =
        typeof value === 'string'
          ? value
          : value instanceof Date
            ? value.toISOString()
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value);
      const max = field.kind === 'text' ? field.length : field.kind === 'select' ? 100 : 100_000;
      return [...text].length > max ? bad('tooLong', { max }) : { value: text };
    }
    case 'integer': {
      const text = decimalText(value, 0);
      const exact = decimalText(value, 6);
      if (text === null || exact === null || !/^-?\d+\.0+$/.test(exact)) return bad('notWhole');
      const n = BigInt(text);
      return n > BIGINT_MAX || n < -BIGINT_MAX - 1n ? bad('tooBig') : { value: text };
    }
    case 'decimal':
    case 'money': {
      const { precision, scale } = field.kind === 'decimal' ? field : DM_MONEY;
      const text = decimalText(value, scale);
      if (text === null) return bad('notNumber');
      const whole = text.replace(/^-/, '').split('.')[0] ?? '';
      return whole.replace(/^0+/, '').length > precision - scale
        ? bad('digits', { digits: precision - scale })
        : { value: text };
    }
    case 'date': {
      if (value instanceof Date)
        return { value: `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}` };
      const text = String(value).trim();
      const m = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(text);
      if (!m?.[1] || instantOf(m[1], 'UTC') === null) return bad('notDate');
      return { value: m[1] };
    }
    case 'datetime': {
      const instant = instantOf(value, timeZone);
      return instant === null ? bad('notDateTime') : { value: instant };
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { value };
      const text = String(value).trim().toLowerCase();
      if (['1', 't', 'true', 'y', 'yes', 'on'].includes(text)) return { value: true };
      if (['0', 'f', 'false', 'n', 'no', 'off'].includes(text)) return { value: false };
      return bad('notBoolean');
    }
    default:
      return bad('kind');
  }
}

// ---------------------------------------------------------------------------------------------------
// Comparing with the model

export interface IncomingRow {
  /** The key's canonical values, joined (`keyText`). */
  key: string;
  values: Record<string, Canonical>;
}

export interface StoredRow {
  id: string;
  values: Record<string, Canonical>;
}

/** One spelling of a key's values (a separator no value of a key kind holds). */
export const keyText = (values: readonly Canonical[]) => values.map((v) => String(v ?? '')).join('\u0001');

export interface RowsDiff {
  inserts: IncomingRow[];
  updates: {
    id: string;
    key: string;
    values: Record<string, Canonical>;
    before: Record<string, Canonical>;
  }[];
  unchanged: number;
}

/**
 * What a batch does to the model: a row whose key no stored row has inserts, one whose mapped
 * fields differ from the stored row's updates (`before`: the stored values of the fields that
 * change), the rest leave it as it is. A key that comes twice in the batch counts once, as its last
 * row (the source's order: the later row is the newer).
 */
export function diffRows(
  fields: readonly string[],
  incoming: readonly IncomingRow[],
  stored: ReadonlyMap<string, StoredRow>,
): RowsDiff {
  const last = new Map<string, IncomingRow>();
  for (const row of incoming) {
    last.delete(row.key);
    last.set(row.key, row);
  }
  const out: RowsDiff = { inserts: [], updates: [], unchanged: 0 };
  for (const row of last.values()) {
    const have = stored.get(row.key);
    if (!have) {
      out.inserts.push(row);
      continue;
    }
    const before: Record<string, Canonical> = {};
    for (const f of fields)
      if ((have.values[f] ?? null) !== (row.values[f] ?? null)) before[f] = have.values[f] ?? null;
    if (Object.keys(before).length)
      out.updates.push({ id: have.id, key: row.key, values: row.values, before });
    else out.unchanged += 1;
  }
  out.unchanged += incoming.length - last.size;
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Watermarks

/**
 * Orders two watermark values: numbers by value (any length, exactly), timestamps by instant
 * (text that is no date-time after the rest, by its text). Negative when `a` comes first.
 */
export function compareWatermarks(
  a: string,
  b: string,
  type: DataSyncWatermarkType,
  timeZone = 'UTC',
): number {
  if (type === 'number') {
    const x = decimalText(a, 12);
    const y = decimalText(b, 12);
    if (x === null || y === null) return x === y ? a.localeCompare(b) : x === null ? 1 : -1;
    const scaled = (s: string) => BigInt(s.replace('.', ''));
    const d = scaled(x) - scaled(y);
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  const x = instantOf(a, timeZone);
  const y = instantOf(b, timeZone);
  if (x === null || y === null) return x === y ? a.localeCompare(b) : x === null ? 1 : -1;
  return x < y ? -1 : x > y ? 1 : a.length - b.length || a.localeCompare(b);
}

export type BatchEnd =
  /** Apply the first `take` rows; the watermark is then `watermark`; `done`: nothing more waits. */
  | { kind: 'take'; take: number; watermark: string | null; done: boolean }
  /** Every row read shares one watermark value: read all the rows of `value` at once, then go on after it. */
  | { kind: 'tie'; value: string };

/**
 * Where a batch read in the watermark's order (`wm > last order by wm limit batchSize`) ends. A
 * short batch is the last: all of it. A full one may stop in the middle of the rows sharing its
 * last value, so those rows are left for the next read (which starts after the value before them);
 * when the whole batch shares one value, those rows are read together (`tie`), so the watermark
 * always moves on and no row of a value is skipped.
 */
export function batchEnd(values: readonly string[], batchSize: number, before: string | null): BatchEnd {
  const lastValue = values.at(-1);
  if (values.length < batchSize || lastValue === undefined)
    return { kind: 'take', take: values.length, watermark: lastValue ?? before, done: true };
  const first = values.indexOf(lastValue);
  if (first === 0) return { kind: 'tie', value: lastValue };
  return { kind: 'take', take: first, watermark: values[first - 1] ?? before, done: false };
}

/**
 * A dataset's rows for an incremental run: those after the watermark (none without a value), in the
 * watermark's order; a full run takes them as they come.
 */
export function rowsAfter<T extends Record<string, unknown>>(
  rows: readonly T[],
  column: string,
  type: DataSyncWatermarkType,
  after: string | null,
  timeZone: string,
): { row: T; watermark: string }[] {
  const out: { row: T; watermark: string }[] = [];
  for (const row of rows) {
    const raw = row[column];
    if (raw === null || raw === undefined || raw === '') continue;
    const watermark = raw instanceof Date ? raw.toISOString() : String(raw);
    if (after !== null && compareWatermarks(watermark, after, type, timeZone) <= 0) continue;
    out.push({ row, watermark });
  }
  return out.sort((a, b) => compareWatermarks(a.watermark, b.watermark, type, timeZone));
}

// ---------------------------------------------------------------------------------------------------
// Checking a sync against its source and model

export interface SyncShape {
  mapping: readonly DataSyncMapping[];
  keyColumns: readonly string[];
  mode: DataSyncMode;
  watermarkColumn?: string | null | undefined;
  watermarkType?: DataSyncWatermarkType | null | undefined;
}

/** A source column and its type as the browse or the dataset's output tells. */
export interface ShapeColumn {
  name: string;
  type: 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'json';
}

/**
 * What a sync's mapping asks that its source or model does not give, by body path: a column not in
 * the source, a field not in the model or of a kind nothing is copied into, a key field of a kind
 * not compared exactly, a required field without a default left unmapped, a watermark column not
 * in the source or of another type. Empty when the sync can run.
 */
export function shapeProblems(
  shape: SyncShape,
  columns: readonly ShapeColumn[] | null,
  fields: readonly DataModelField[],
): Record<string, Problem> {
  const out: Record<string, Problem> = {};
  const byColumn = new Map((columns ?? []).map((c) => [c.name, c]));
  const byField = new Map(fields.map((f) => [f.code, f]));
  const targets: readonly string[] = DATA_SYNC_TARGET_KINDS;
  shape.mapping.forEach((m, i) => {
    const column = byColumn.get(m.column);
    if (columns && !column)
      out[`mapping.${i}.column`] = { key: 'dataSync.unknownColumn', params: { column: m.column } };
    else if (column?.type === 'json') out[`mapping.${i}.column`] = { key: 'dataSync.columnJson' };
    const field = byField.get(m.field);
    if (!field) out[`mapping.${i}.field`] = { key: 'dataSync.unknownField', params: { field: m.field } };
    else if (!targets.includes(field.kind)) out[`mapping.${i}.field`] = { key: 'dataSync.fieldKind' };
  });
  const keyKinds: readonly string[] = DATA_SYNC_KEY_KINDS;
  shape.keyColumns.forEach((c, i) => {
    const m = shape.mapping.find((x) => x.column === c);
    const field = m ? byField.get(m.field) : undefined;
    if (field && !keyKinds.includes(field.kind)) out[`keyColumns.${i}`] = { key: 'dataSync.keyKind' };
  });
  const mapped = new Set(shape.mapping.map((m) => m.field));
  const missing = fields.filter(
    (f) =>
      f.required &&
      !mapped.has(f.code) &&
      (f.defaultValue === undefined || f.defaultValue === null || !DM_KINDS_WITH_DEFAULT.includes(f.kind)),
  );
  if (missing.length && !out.mapping)
    out.mapping = {
      key: 'dataSync.requiredUnmapped',
      params: { fields: missing.map((f) => f.code).join(', ') },
    };
  if (shape.mode === 'incremental' && shape.watermarkColumn && columns) {
    const column = byColumn.get(shape.watermarkColumn);
    if (!column)
      out.watermarkColumn = { key: 'dataSync.unknownColumn', params: { column: shape.watermarkColumn } };
    else {
      const fits =
        shape.watermarkType === 'number'
          ? column.type === 'number'
          : column.type === 'datetime' || column.type === 'date' || column.type === 'text';
      if (!fits) out.watermarkType = { key: 'dataSync.watermarkType' };
    }
  }
  return out;
}
