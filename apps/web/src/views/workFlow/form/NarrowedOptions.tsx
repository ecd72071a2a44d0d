import { type FormField, filterOptions } from '@srm/contracts/core';
import { Form } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A choice narrowed by another field (`optionFilter`: a city under its province): draws the field
 * with only the options under that field's value (none until it has one) and empties a choice the
 * new value no longer offers. The server refuses such a choice too (`workflow/forms.ts`).
 * `name` is the field's own path; `parent` the path of the field it is narrowed by.
 */
export function NarrowedOptions({
  field,
  name,
  parent,
  children,
}: {
  field: FormField;
  name: NamePath;
  parent: NamePath;
  children: (narrowed: FormField) => ReactNode;
}) {
  const form = Form.useFormInstance();
  const parentValue = Form.useWatch(parent, { form, preserve: true }) as unknown;
  const options = filterOptions(field.options ?? [], field, parentValue);
  const first = useRef(true);
  const key = JSON.stringify(parentValue ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the narrowing value changes (its text), not when the options array is rebuilt
  useEffect(() => {
    // The stored choice of an opened form is kept as it came; only a change of the other field empties it.
    if (first.current) {
      first.current = false;
      return;
    }
    const own = form.getFieldValue(name) as unknown;
    const chosen = Array.isArray(own) ? own : own === undefined || own === null ? [] : [own];
    if (chosen.some((v) => !options.some((o) => o.value === v))) form.setFieldValue(name, undefined);
  }, [key]);
  return <>{children({ ...field, options })}</>;
}

/** The path a narrowed field reads: a column of the same line first, else a field of the form. */
export function parentPath(field: FormField, table?: { field: FormField; index: number }): NamePath {
  const by = field.optionFilter?.field ?? '';
  if (table?.field.columns?.some((c) => c.name === by)) return [table.field.name, table.index, by];
  return [by];
}
