import type { FieldRight, FormField, Locale } from '@srm/contracts/core';

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

// The computations are the contracts' own (the server works them out again on save).
export { computeField, computeRow } from '@srm/contracts/core';

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
