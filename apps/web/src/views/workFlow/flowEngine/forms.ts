import {
  type ConditionRule,
  type FlowFormName,
  type FormField,
  type FormSchema,
  type Locale,
  formTitle as schemaTitle,
} from '@srm/contracts/core';
import { FLOW_FORMS } from '@srm/contracts/forms';

/**
 * The business forms, from the contracts' registry (the server registers the same schemas): the
 * top-level fields are what conditions read and node field rights apply to.
 */
const isFormName = (name: string | undefined): name is FlowFormName =>
  name !== undefined && Object.hasOwn(FLOW_FORMS, name);

/**
 * The forms a new flow may bind. The supplier forms (admission, changes) belong to the flows their
 * domain starts itself; such a flow's own form is offered when it is edited.
 */
export const DESIGNER_FORMS: readonly FormSchema[] = [FLOW_FORMS.PurchaseRequisition, FLOW_FORMS.LeaveApply];

/** The designed forms (`Design<id>`) loaded so far in this session, by name (`designForms.ts`). */
const DESIGNED = new Map<string, FormSchema>();

/** A designed form's name (a published design of the tenant's, `Design<id>`). */
export const isDesignedFormName = (name: string) => /^Design\d+$/.test(name);

export function rememberDesignedForm(schema: FormSchema): void {
  DESIGNED.set(schema.name, schema);
}

export function formByName(name: string | undefined): FormSchema | undefined {
  if (isFormName(name)) return FLOW_FORMS[name];
  return name === undefined ? undefined : DESIGNED.get(name);
}

/**
 * The form picker's choices: the general forms, and the saved flow's own form when it is another
 * (still offered after the picker moved away from it).
 */
export function designerFormOptions(
  saved: string | undefined,
  locale: Locale,
  designed: readonly { value: string; label: string }[] = [],
) {
  const forms = [...DESIGNER_FORMS];
  const own = formByName(saved);
  if (own && !forms.includes(own) && !isDesignedFormName(own.name)) forms.push(own);
  const options = forms.map((f) => ({ value: f.name, label: formTitle(f.name, locale) }));
  const designs = [...designed];
  // A saved flow's designed form the caller cannot list (no designer page) is still offered.
  if (saved && isDesignedFormName(saved) && !designs.some((d) => d.value === saved))
    designs.push({ value: saved, label: formTitle(saved, locale) });
  return designs.length ? [...options, ...designs] : options;
}

export function fieldLabel(f: FormField, locale: Locale): string {
  return f.labels?.[locale] ?? f.label;
}

/**
 * What a condition rule keeps of its field's label: the main (simplified-Chinese) one and the
 * others, so its sentence reads in each reader's language whoever designed it.
 */
export function ruleLabels(f: FormField): Pick<ConditionRule, 'label' | 'labels'> {
  return {
    label: fieldLabel(f, 'zh-CN'),
    labels: { 'en-US': fieldLabel(f, 'en-US'), 'zh-TW': fieldLabel(f, 'zh-TW') },
  };
}

/**
 * A form's name in a language: its code when the registry does not know it, nothing for a designed
 * form not loaded here (its flow's name says what it is).
 */
export function formTitle(name: string, locale: Locale): string {
  const form = formByName(name);
  if (form) return schemaTitle(form, locale);
  return isDesignedFormName(name) ? '' : name;
}

/** Fields a condition can compare: not tables or attachments. */
export function conditionFields(form: FormSchema | undefined): FormField[] {
  return (form?.fields ?? []).filter((f) => f.type !== 'table' && f.type !== 'upload');
}

export const NUMERIC_TYPES: readonly FormField['type'][] = ['number', 'money'];
