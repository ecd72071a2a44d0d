import { type FormSchema, type FormStates, linkageStates } from '@srm/contracts/core';
import { Form, type FormInstance } from 'antd';
import { useMemo } from 'react';

type Plain = { form: Lists; columns: Record<string, Lists>; rows: Record<string, Lists[]> };
type Lists = { hidden: string[]; required: string[]; disabled: string[] };

const toLists = (s: FormStates['form']): Lists => ({
  hidden: [...s.hidden].sort(),
  required: [...s.required].sort(),
  disabled: [...s.disabled].sort(),
});
const plainOf = (s: FormStates): Plain => ({
  form: toLists(s.form),
  columns: Object.fromEntries(Object.entries(s.columns).map(([k, v]) => [k, toLists(v)])),
  rows: Object.fromEntries(Object.entries(s.rows).map(([k, v]) => [k, v.map(toLists)])),
});
const toSets = (l: Lists | undefined): FormStates['form'] => ({
  hidden: new Set(l?.hidden),
  required: new Set(l?.required),
  disabled: new Set(l?.disabled),
});

/**
 * The fields' states under the schema's linkage rules (contracts `linkageStates`, the code the
 * server validates with), for the values being typed. The form re-renders only when a state
 * changes, not at every key: the watch hands back the states as text.
 */
export function useLinkageStates(schema: FormSchema, form: FormInstance): FormStates | null {
  const has = (schema.linkage?.length ?? 0) > 0;
  const text = Form.useWatch(
    (values: Record<string, unknown> | undefined) => {
      if (!has) return '';
      return JSON.stringify(plainOf(linkageStates(schema, values ?? {})));
    },
    { form, preserve: true },
  );
  return useMemo(() => {
    if (!has) return null;
    // Before the first watch (no values yet) the rules see an empty form.
    const plain = text ? (JSON.parse(text) as Plain) : plainOf(linkageStates(schema, {}));
    return {
      form: toSets(plain.form),
      columns: Object.fromEntries(Object.entries(plain.columns).map(([k, v]) => [k, toSets(v)])),
      rows: Object.fromEntries(Object.entries(plain.rows).map(([k, v]) => [k, v.map(toSets)])),
    };
  }, [has, text, schema]);
}
