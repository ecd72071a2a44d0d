import {
  type FlowFieldOptions,
  type FlowFormField,
  type FlowFormFields,
  type FormField,
  type FormSchema,
  nameInLocale,
} from '@srm/contracts';
import { notFound } from '../core/errors';
import type { FlowContext } from './definition-service';
import { formFor } from './forms';

/**
 * What the flow designer reads of a flow's form (spec §7 `FormDataFields`, `FieldDataSelect`): its
 * fields with their labels in the three languages, for conditions and node field rights, and the
 * options of its choice fields (fixed, or the tenant's dictionary items by the field's code).
 */

const ID = /^\d{1,18}$/;

type Labels = FlowFormField['labels'];
const labelsOf = (main: string, labels?: Partial<Labels>): Labels => ({
  'zh-CN': labels?.['zh-CN'] || main,
  'en-US': labels?.['en-US'] || main,
  'zh-TW': labels?.['zh-TW'] || main,
});

function fieldOf(f: FormField) {
  return {
    name: f.name,
    type: f.type,
    labels: labelsOf(f.label, f.labels),
    required: f.required === true,
    multiple: f.multiple === true,
    computed: Boolean(f.computed),
    ...(f.options
      ? { options: f.options.map((o) => ({ value: o.value, labels: labelsOf(o.label, o.labels) })) }
      : {}),
    ...(f.dictionary ? { dictionary: f.dictionary } : {}),
  };
}

/** The tenant's flow (404 when not his) and its form (404 when the form is unknown to the tenant). */
async function flowForm(ctx: FlowContext, id: string): Promise<{ formName: string; schema: FormSchema }> {
  if (!ID.test(id)) throw notFound();
  const def = await ctx.db
    .selectFrom('flow_definition')
    .select('form_name')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!def) throw notFound();
  const form = await formFor(ctx.db, ctx.tenantId, def.form_name);
  if (!form) throw notFound();
  return { formName: def.form_name, schema: form.schema };
}

export async function formDataFields(ctx: FlowContext, id: string): Promise<FlowFormFields> {
  const { formName, schema } = await flowForm(ctx, id);
  return {
    formName,
    titles: labelsOf(schema.title, schema.titles),
    fields: schema.fields.map((f) => ({
      ...fieldOf(f),
      ...(f.type === 'table' ? { columns: (f.columns ?? []).map(fieldOf) } : {}),
    })),
  };
}

const CHOICES = new Set(['select', 'radio', 'checkbox']);

export async function fieldDataSelect(ctx: FlowContext, id: string): Promise<FlowFieldOptions> {
  const { schema } = await flowForm(ctx, id);
  const choices: { path: string; field: FormField }[] = [];
  for (const f of schema.fields) {
    if (CHOICES.has(f.type)) choices.push({ path: f.name, field: f });
    if (f.type === 'table')
      for (const c of f.columns ?? [])
        if (CHOICES.has(c.type)) choices.push({ path: `${f.name}.${c.name}`, field: c });
  }
  const codes = [...new Set(choices.flatMap((c) => (c.field.dictionary ? [c.field.dictionary] : [])))];
  const items = codes.length
    ? await ctx.db
        .selectFrom('sys_dict_item as i')
        .innerJoin('sys_dict_type as ty', 'ty.id', 'i.type_id')
        .select(['ty.en_code as type', 'i.en_code', 'i.full_name', 'i.full_name_en', 'i.full_name_tw'])
        .where('ty.tenant_id', '=', ctx.tenantId)
        .where('i.tenant_id', '=', ctx.tenantId)
        .where('ty.en_code', 'in', codes)
        .where('i.enabled', '=', true)
        .orderBy('i.order_num')
        .orderBy('i.id')
        .execute()
    : [];
  const byType = new Map<string, typeof items>();
  for (const item of items) byType.set(item.type, [...(byType.get(item.type) ?? []), item]);
  return choices.map(({ path, field }) => ({
    field: path,
    options: field.dictionary
      ? (byType.get(field.dictionary) ?? []).map((i) => ({
          value: i.en_code,
          label: nameInLocale(ctx.locale, i.full_name, i.full_name_en, i.full_name_tw),
          labels: labelsOf(i.full_name, { 'en-US': i.full_name_en, 'zh-TW': i.full_name_tw }),
        }))
      : (field.options ?? []).map((o) => {
          const labels = labelsOf(o.label, o.labels);
          return { value: o.value, label: labels[ctx.locale], labels };
        }),
  }));
}
