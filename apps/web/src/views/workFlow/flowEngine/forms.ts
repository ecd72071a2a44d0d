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

export function formByName(name: string | undefined): FormSchema | undefined {
  return isFormName(name) ? FLOW_FORMS[name] : undefined;
}

/**
 * The form picker's choices: the general forms, and the saved flow's own form when it is another
 * (still offered after the picker moved away from it).
 */
export function designerFormOptions(saved: string | undefined, locale: Locale) {
  const forms = [...DESIGNER_FORMS];
  const own = formByName(saved);
  if (own && !forms.includes(own)) forms.push(own);
  return forms.map((f) => ({ value: f.name, label: formTitle(f.name, locale) }));
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

/** A form's name in a language (its code when the registry does not know it). */
export function formTitle(name: string, locale: Locale): string {
  const form = formByName(name);
  return form ? schemaTitle(form, locale) : name;
}

/** Fields a condition can compare: not tables or attachments. */
export function conditionFields(form: FormSchema | undefined): FormField[] {
  return (form?.fields ?? []).filter((f) => f.type !== 'table' && f.type !== 'upload');
}

export const NUMERIC_TYPES: readonly FormField['type'][] = ['number', 'money'];
