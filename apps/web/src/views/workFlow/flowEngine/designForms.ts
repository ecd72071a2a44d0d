import {
  DesignApi,
  type DesignSummary,
  type DesignVersion,
  FlowEngineApi,
  type FlowFormField,
  type FlowFormFields,
  type FormField,
  type FormSchema,
  type Locale,
  nameInLocale,
} from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/request';
import { formByName, isDesignedFormName, rememberDesignedForm } from './forms';

/**
 * The tenant's published designs as flow forms (`Design<id>`): the picker's choices come from the
 * designer's list (`/api/onlineDev/WebDesign`, which needs its page: without it none are offered
 * but a saved flow's own), a chosen one's fields from its published version, or for the saved flow
 * from `FormDataFields` (the flow designer's own permission).
 */
export const designFormKeys = {
  list: () => ['workFlow', 'flowEngine', 'designForms'] as const,
  form: (name: string, flowId: string | undefined) =>
    ['workFlow', 'flowEngine', 'designForm', name, flowId] as const,
};

export interface DesignedFormOption {
  name: string;
  title: (locale: Locale) => string;
}

const designName = (d: DesignSummary) => `Design${d.id}`;

/** The published designs the caller may read, as form choices. */
export function useDesignedForms(): DesignSummary[] {
  const q = useQuery({
    queryKey: designFormKeys.list(),
    queryFn: () => http.get<{ list: DesignSummary[] }>(DesignApi.design, { kind: 'web' }, { silent: true }),
    retry: false,
    staleTime: 60_000,
  });
  return (q.data?.list ?? []).filter((d) => d.publishedVersion > 0);
}

export function designedFormOptions(designs: readonly DesignSummary[], locale: Locale) {
  return designs.map((d) => ({
    value: designName(d),
    label: nameInLocale(locale, d.names['zh-CN'], d.names['en-US'] ?? '', d.names['zh-TW'] ?? ''),
  }));
}

/** A field of FormDataFields as the designer's form schema reads it. */
function fieldOf(f: Omit<FlowFormField, 'columns'> & { columns?: FlowFormField['columns'] }): FormField {
  return {
    name: f.name,
    type: f.type as FormField['type'],
    label: f.labels['zh-CN'],
    labels: f.labels,
    required: f.required,
    multiple: f.multiple,
    ...(f.computed ? { computed: 'server' } : {}),
    ...(f.options
      ? { options: f.options.map((o) => ({ value: o.value, label: o.labels['zh-CN'], labels: o.labels })) }
      : {}),
    ...(f.dictionary ? { dictionary: f.dictionary } : {}),
    ...(f.columns ? { columns: f.columns.map(fieldOf) } : {}),
  };
}

export function schemaOfFields(fields: FlowFormFields): FormSchema {
  return {
    name: fields.formName,
    title: fields.titles['zh-CN'],
    titles: fields.titles,
    fields: fields.fields.map(fieldOf),
  };
}

/**
 * The schema of the flow's form: a coded one at once, a designed one once loaded (then also known to
 * `formByName`, so the node summaries and condition sentences name its fields).
 */
export function useFlowFormSchema(
  formName: string | undefined,
  flow: { id?: string | undefined; savedFormName?: string | undefined },
  designs: readonly DesignSummary[],
): FormSchema | undefined {
  const coded = formByName(formName);
  const designed = formName !== undefined && isDesignedFormName(formName);
  const summary = designs.find((d) => designName(d) === formName);
  const ownFlow = flow.id !== undefined && flow.savedFormName === formName;
  const q = useQuery({
    queryKey: designFormKeys.form(formName ?? '', ownFlow ? flow.id : undefined),
    enabled: designed && (ownFlow || summary !== undefined),
    staleTime: 60_000,
    queryFn: async (): Promise<FormSchema> => {
      const schema =
        summary !== undefined
          ? (
              await http.get<DesignVersion>(
                `${DesignApi.design}/${summary.id}/Versions/${summary.publishedVersion}`,
                undefined,
                { silent: true },
              )
            ).content.form
          : schemaOfFields(
              await http.get<FlowFormFields>(
                `${FlowEngineApi.base}/${flow.id}/${FlowEngineApi.formDataFields}`,
              ),
            );
      rememberDesignedForm({ ...schema, name: formName as string });
      return { ...schema, name: formName as string };
    },
  });
  return coded ?? q.data;
}
