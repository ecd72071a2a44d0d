// The designer's pure part: a model field as its default control, the canvas as one ordered list
// of fields and section headers (a field belongs to the header above it), and a refused save's
// paths (`draft.form.fields.3.type`) turned into the places of the designer that show them.
import {
  type DataModelDefinition,
  type DataModelField,
  type DataModelNames,
  DESIGN_CONTROLS,
  type FormField,
  type FormFieldType,
  type FormSchema,
  type FormSection,
  type FormSectionKind,
  type Locale,
  nameInLocale,
} from '@srm/contracts/core';

/** A design's or a model's name in the user's language (its Chinese name where it has none there). */
export function namesIn(names: DataModelNames, locale: Locale): string {
  return nameInLocale(locale, names['zh-CN'], names['en-US'], names['zh-TW']);
}

export type CanvasItem = { kind: 'field'; field: FormField } | { kind: 'section'; section: FormSection };

/** The dnd-kit id of a canvas item: field names and section keys never meet (`f:` / `s:`). */
export function itemId(item: CanvasItem): string {
  return item.kind === 'field' ? `f:${item.field.name}` : `s:${item.section.key}`;
}

/** The form as the canvas draws it: fields outside every section first, then each section and its fields. */
export function toItems(form: Pick<FormSchema, 'fields' | 'sections'>): CanvasItem[] {
  const sections = form.sections ?? [];
  const keys = new Set(sections.map((s) => s.key));
  const items: CanvasItem[] = form.fields
    .filter((f) => !f.section || !keys.has(f.section))
    .map((field) => ({ kind: 'field', field: { ...field, section: undefined } }));
  for (const section of sections) {
    items.push({ kind: 'section', section });
    for (const field of form.fields) if (field.section === section.key) items.push({ kind: 'field', field });
  }
  return items;
}

/** The canvas back as the form's fields (in canvas order, each in the section above it) and sections. */
export function toForm(items: readonly CanvasItem[]): Pick<FormSchema, 'fields' | 'sections'> {
  const fields: FormField[] = [];
  const sections: FormSection[] = [];
  let current: string | undefined;
  for (const item of items) {
    if (item.kind === 'section') {
      sections.push(item.section);
      current = item.section.key;
    } else {
      const { section: _old, ...field } = item.field;
      fields.push(current ? { ...field, section: current } : field);
    }
  }
  return { fields, sections };
}

/** The item moved from one place of the list to another. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const out = [...items];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved as T);
  return out;
}

/** The controls a model field may be shown with (a `lines` field is its sub-table). */
export function controlsFor(field: Pick<DataModelField, 'kind'>): readonly FormFieldType[] {
  return field.kind === 'lines' ? ['table'] : DESIGN_CONTROLS[field.kind];
}

const OTHER_LOCALES = ['en-US', 'zh-TW'] as const;

/** A model field dropped on the canvas: its default control, labels, required, dictionary and default. */
export function fieldFromModel(
  field: DataModelField,
  linesModels: Readonly<Record<string, DataModelDefinition>>,
): FormField {
  const type = controlsFor(field)[0] as FormFieldType;
  const labels = Object.fromEntries(
    OTHER_LOCALES.filter((l) => field.names[l]).map((l) => [l, field.names[l] as string]),
  );
  const out: FormField = {
    name: field.code,
    type,
    label: field.names['zh-CN'],
    ...(Object.keys(labels).length ? { labels } : {}),
    span: type === 'table' || type === 'textarea' ? 24 : 12,
  };
  if (field.required) out.required = true;
  if (field.defaultValue !== undefined && field.defaultValue !== null) out.defaultValue = field.defaultValue;
  if (field.kind === 'text') out.maxLength = field.length;
  if (field.kind === 'decimal') out.precision = field.scale;
  if (field.kind === 'money') out.precision = 2;
  if (field.kind === 'select' || field.kind === 'multiSelect') out.dictionary = field.dictType;
  if (field.kind === 'multiSelect' && type === 'select') out.multiple = true;
  if (field.kind === 'lines') {
    const lines = linesModels[field.model];
    out.columns = (lines?.fields ?? [])
      .filter((f) => f.kind !== 'lines')
      .map((f) => ({ ...fieldFromModel(f, linesModels), span: undefined }));
  }
  return out;
}

/** A field's control changed to another its kind allows: what only the old one meant goes. */
export function withControl(field: FormField, type: FormFieldType, modelField?: DataModelField): FormField {
  const out: FormField = { ...field, type };
  if (type !== 'select') delete out.multiple;
  if (type === 'select' && modelField?.kind === 'multiSelect') out.multiple = true;
  return out;
}

/** A new section's key: the kind and the first free number (`group1`, `tab2`). */
export function newSection(kind: FormSectionKind, items: readonly CanvasItem[], title: string): FormSection {
  const taken = new Set(items.flatMap((i) => (i.kind === 'section' ? [i.section.key] : [])));
  let n = 1;
  while (taken.has(`${kind}${n}`)) n += 1;
  return { key: `${kind}${n}`, kind, title: `${title} ${n}` };
}

/** Where a refused save's problems are shown. */
export interface PlacedProblems {
  /** The basic settings' form fields (`names.en-US` → `nameEn`). */
  basic: Record<string, string>;
  /** By canvas item id (a field, a column of its sub-table, a section). */
  items: Record<string, string[]>;
  /** The form as a whole (a required model field left off it). */
  form: string[];
  /** By linkage rule index. */
  linkage: Record<number, string[]>;
  /** The list step: `columns.2`, `query.0`, `sort`, `tree`, `pageSize`, `columns` … */
  list: Record<string, string[]>;
}

export const BASIC_FIELD_OF: Record<string, string> = {
  'names.zh-CN': 'name',
  'names.en-US': 'nameEn',
  'names.zh-TW': 'nameTw',
  names: 'name',
  category: 'category',
  modelId: 'modelId',
  kind: 'name',
};

/** A 400's `data.fields` placed on the designer, `sent` being the form the save sent. */
export function placeProblems(fields: Readonly<Record<string, string>>, sent: FormSchema): PlacedProblems {
  const out: PlacedProblems = { basic: {}, items: {}, form: [], linkage: {}, list: {} };
  const push = <K extends string | number>(map: Record<K, string[]>, key: K, message: string) => {
    map[key] = [...(map[key] ?? []), message];
  };
  for (const [path, message] of Object.entries(fields)) {
    const parts = path.split('.');
    if (parts[0] !== 'draft') {
      out.basic[BASIC_FIELD_OF[path] ?? BASIC_FIELD_OF[parts[0] as string] ?? 'name'] = message;
      continue;
    }
    if (parts[1] === 'list') {
      const [, , what, index] = parts;
      const key = index !== undefined && /^\d+$/.test(index) ? `${what}.${index}` : (what ?? '');
      push(out.list, key, message);
      continue;
    }
    const [, , what, index] = parts;
    const i = Number(index);
    if (what === 'fields' && Number.isInteger(i) && sent.fields[i]) {
      push(out.items, `f:${sent.fields[i].name}`, message);
    } else if (what === 'sections' && Number.isInteger(i) && sent.sections?.[i]) {
      push(out.items, `s:${sent.sections[i].key}`, message);
    } else if (what === 'linkage' && Number.isInteger(i)) {
      push(out.linkage, i, message);
    } else out.form.push(message);
  }
  return out;
}

/** The step to show first for placed problems: basic settings, then the form, then the list. */
export function firstStep(placed: PlacedProblems): 0 | 1 | 2 | null {
  if (Object.keys(placed.basic).length) return 0;
  if (Object.keys(placed.items).length || placed.form.length || Object.keys(placed.linkage).length) return 1;
  if (Object.keys(placed.list).length) return 2;
  return null;
}
