import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { zEnCode } from '../validation/rules';
import { flowDefinitionSaveSchema } from './flow-model';
import { FLOW_DEFINITION_STATE } from './flow-model.core';

export * from './flow-engine-api.core';

export const flowDefinitionStateSchema = z.union([
  z.literal(FLOW_DEFINITION_STATE.draft),
  z.literal(FLOW_DEFINITION_STATE.released),
  z.literal(FLOW_DEFINITION_STATE.stopped),
]);

/** A definition in lists and selectors. */
export const flowDefinitionSummarySchema = z.object({
  id: z.string(),
  enCode: z.string(),
  fullName: z.string(),
  fullNameEn: z.string(),
  fullNameTw: z.string(),
  category: z.string(),
  icon: z.string(),
  iconBackground: z.string(),
  formName: z.string(),
  /** Suppliers' users may launch it too (staff only when false). */
  openToSuppliers: z.boolean(),
  description: z.string(),
  sortCode: z.number().int(),
  state: flowDefinitionStateSchema,
  /** The latest released version; 0 before the first release. */
  currentVersion: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type FlowDefinitionSummary = z.infer<typeof flowDefinitionSummarySchema>;

/** info/{id}: the summary, the draft tree and who may launch, and the released versions. */
export const flowDefinitionDetailSchema = flowDefinitionSummarySchema.extend({
  launchers: flowDefinitionSaveSchema.shape.launchers.unwrap(),
  flowTemplateJson: z.unknown(),
  versions: z.array(z.object({ version: z.number().int(), createdAt: z.number() })),
});
export type FlowDefinitionDetail = z.infer<typeof flowDefinitionDetailSchema>;

export const flowDefinitionListQuerySchema = pageQuerySchema.extend({
  category: z.string().trim().max(50).optional(),
});
export const flowSelectorQuerySchema = z.object({ type: z.string().trim().max(50).optional() });
export const flowCodeParamSchema = z.object({ code: zEnCode({ max: 50 }) });
export const flowIdParamSchema = z.object({ id: idSchema });
/** A released version of a definition: `{id}/{version}`. */
export const flowVersionParamSchema = z.object({
  id: idSchema,
  version: z.coerce.number().int().min(1).max(1_000_000),
});

/** One reason a release or import was refused, on the node the designer marks. */
export const flowTreeErrorSchema = z.object({ nodeId: z.string(), code: z.string(), message: z.string() });
export type FlowTreeErrorItem = z.infer<typeof flowTreeErrorSchema>;

/** ExportData's document, which import takes back. */
export const flowExportSchema = flowDefinitionSaveSchema;

const labelsSchema = z.object({ 'zh-CN': z.string(), 'en-US': z.string(), 'zh-TW': z.string() });

const flowFormFieldBase = z.object({
  name: z.string(),
  type: z.string(),
  /** The label in each language (the main label where the form has none in that language). */
  labels: labelsSchema,
  required: z.boolean(),
  multiple: z.boolean(),
  computed: z.boolean(),
  /** Fixed options (value and labels). */
  options: z.array(z.object({ value: z.union([z.string(), z.number()]), labels: labelsSchema })).optional(),
  /** The dictionary code of its options. */
  dictionary: z.string().optional(),
});

/** GET {id}/FormDataFields: a field of the flow's form; a sub-table's columns under it. */
export const flowFormFieldSchema = flowFormFieldBase.extend({
  columns: z.array(flowFormFieldBase).optional(),
});
export type FlowFormField = z.infer<typeof flowFormFieldSchema>;

export const flowFormFieldsSchema = z.object({
  formName: z.string(),
  titles: labelsSchema,
  fields: z.array(flowFormFieldSchema),
});
export type FlowFormFields = z.infer<typeof flowFormFieldsSchema>;

/** GET {id}/FieldDataSelect: the options of a choice field (`lines.unit` for a sub-table's column). */
export const flowFieldOptionsSchema = z.array(
  z.object({
    field: z.string(),
    options: z.array(
      z.object({ value: z.union([z.string(), z.number()]), label: z.string(), labels: labelsSchema }),
    ),
  }),
);
export type FlowFieldOptions = z.infer<typeof flowFieldOptionsSchema>;
