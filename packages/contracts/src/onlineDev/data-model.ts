import { z } from 'zod';
import {
  type DataModel,
  type DataModelDefinition,
  type DataModelField,
  type DataModelSummary,
  type DataModelVersion,
  DM_DECIMAL_PRECISION_MAX,
  DM_FIELDS_MAX,
  DM_INDEX_FIELDS_MAX,
  DM_INDEXES_MAX,
  DM_KINDS_WITH_DEFAULT,
  DM_LOSS_KINDS,
  DM_MONEY,
  DM_NAME_MAX,
  DM_TEXT_LENGTH_MAX,
  identifierProblem,
} from './data-model.core';

export * from './data-model.core';

/** A model or field code: checked by the one rule of data-model.core.ts, each failure its own message. */
const zIdentifier = (options: { column?: boolean } = {}) =>
  z.string({ error: 'validation.required' }).superRefine((value, ctx) => {
    const problem = identifierProblem(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const zLabel = z.string().trim().max(DM_NAME_MAX, { error: 'validation.tooLong' });

export const dataModelNamesSchema = z.object({
  'zh-CN': zLabel.min(1, { error: 'validation.required' }),
  'en-US': zLabel.optional(),
  'zh-TW': zLabel.optional(),
});

const int = (min: number, max: number) =>
  z
    .number({ error: 'validation.required' })
    .int('validation.wholeNumber')
    .min(min, 'validation.numberMin')
    .max(max, 'validation.numberMax');

const base = {
  code: zIdentifier({ column: true }),
  names: dataModelNamesSchema,
  required: z.boolean().optional(),
  unique: z.boolean().optional(),
  defaultValue: z.union([z.string().max(DM_TEXT_LENGTH_MAX), z.number(), z.boolean(), z.null()]).optional(),
};

/** A dictionary type code (`sys_dict_type.en_code`): checked against the tenant's types by the server. */
const zDictType = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1)
  .max(50, { error: 'validation.tooLong' });

const fieldSchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('text'), length: int(1, DM_TEXT_LENGTH_MAX) }),
  z.object({
    ...base,
    kind: z.literal('decimal'),
    precision: int(1, DM_DECIMAL_PRECISION_MAX),
    scale: int(0, DM_DECIMAL_PRECISION_MAX),
  }),
  z.object({ ...base, kind: z.enum(['select', 'multiSelect']), dictType: zDictType }),
  z.object({ ...base, kind: z.enum(['reference', 'lines']), model: zIdentifier() }),
  z.object({
    ...base,
    kind: z.enum([
      'longText',
      'integer',
      'money',
      'date',
      'datetime',
      'boolean',
      'user',
      'department',
      'supplier',
      'file',
    ]),
  }),
]);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why a field's default does not suit its kind, or null. */
function defaultProblem(field: DataModelField): string | null {
  const value = field.defaultValue;
  if (value === undefined || value === null) return null;
  if (!DM_KINDS_WITH_DEFAULT.includes(field.kind)) return 'validation.dmNoDefault';
  switch (field.kind) {
    case 'text':
      if (typeof value !== 'string') return 'validation.invalid';
      return value.length > field.length ? 'validation.dmDefaultTooLong' : null;
    case 'longText':
    case 'select':
      return typeof value === 'string' ? null : 'validation.invalid';
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? null : 'validation.wholeNumber';
    case 'decimal':
    case 'money': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'validation.invalid';
      const { precision, scale } = field.kind === 'decimal' ? field : DM_MONEY;
      const [whole = '', fraction = ''] = Math.abs(value).toString().split('.');
      return whole.length > precision - scale || fraction.length > scale || /e/i.test(value.toString())
        ? 'validation.dmDefaultDigits'
        : null;
    }
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : 'validation.invalid';
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : 'validation.invalid';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'validation.invalid';
    default:
      return 'validation.dmNoDefault';
  }
}

/** Kinds without a column of their own (lines live in the sub-table) or that no index can sort. */
const NOT_INDEXABLE = new Set(['lines', 'multiSelect', 'file', 'longText']);

/**
 * A data model as designed (POST and PUT of the model screen, and each stored version). A bad part
 * is answered at its path: `fields.3.code`, `indexes.0.fields.1`.
 */
export const dataModelDefinitionSchema = z
  .object({
    code: zIdentifier(),
    names: dataModelNamesSchema,
    isTree: z.boolean().optional(),
    isLines: z.boolean().optional(),
    fields: z
      .array(fieldSchema)
      .min(1, { error: 'validation.dmNoFields' })
      .max(DM_FIELDS_MAX, { error: 'validation.dmTooManyFields' }),
    indexes: z
      .array(
        z.object({
          fields: z
            .array(z.string())
            .min(1, { error: 'validation.required' })
            .max(DM_INDEX_FIELDS_MAX, { error: 'validation.dmTooManyIndexFields' }),
          unique: z.boolean().optional(),
        }),
      )
      .max(DM_INDEXES_MAX, { error: 'validation.dmTooManyIndexes' })
      .optional(),
  })
  .superRefine((model, ctx) => {
    const seen = new Map<string, number>();
    model.fields.forEach((field, i) => {
      if (seen.has(field.code))
        ctx.addIssue({ code: 'custom', message: 'validation.dmDuplicateCode', path: ['fields', i, 'code'] });
      seen.set(field.code, i);
      if (field.kind === 'decimal' && field.scale > field.precision)
        ctx.addIssue({ code: 'custom', message: 'validation.dmScale', path: ['fields', i, 'scale'] });
      if (field.kind === 'lines' && (field.required || field.unique || field.defaultValue != null))
        ctx.addIssue({ code: 'custom', message: 'validation.dmLinesPlain', path: ['fields', i, 'kind'] });
      if (field.unique && NOT_INDEXABLE.has(field.kind))
        ctx.addIssue({ code: 'custom', message: 'validation.dmNotIndexable', path: ['fields', i, 'unique'] });
      if (field.kind === 'lines' && field.model === model.code)
        ctx.addIssue({ code: 'custom', message: 'validation.dmLinesSelf', path: ['fields', i, 'model'] });
      const problem = defaultProblem(field as DataModelField);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['fields', i, 'defaultValue'] });
    });
    const indexKeys = new Set<string>();
    (model.indexes ?? []).forEach((index, i) => {
      index.fields.forEach((code, j) => {
        const at = seen.get(code);
        const field = at === undefined ? undefined : model.fields[at];
        if (!field)
          ctx.addIssue({
            code: 'custom',
            message: 'validation.dmUnknownField',
            path: ['indexes', i, 'fields', j],
          });
        else if (NOT_INDEXABLE.has(field.kind))
          ctx.addIssue({
            code: 'custom',
            message: 'validation.dmNotIndexable',
            path: ['indexes', i, 'fields', j],
          });
        if (index.fields.indexOf(code) !== j)
          ctx.addIssue({
            code: 'custom',
            message: 'validation.dmDuplicateCode',
            path: ['indexes', i, 'fields', j],
          });
      });
      const key = `${index.unique ? 'u' : 'i'}:${index.fields.join(',')}`;
      if (indexKeys.has(key))
        ctx.addIssue({ code: 'custom', message: 'validation.dmDuplicateIndex', path: ['indexes', i] });
      indexKeys.add(key);
    });
  });

/** PUT: the model as it should be, and `confirm: true` once the caller has seen what it would lose. */
export const dataModelUpdateSchema = z.object({
  definition: dataModelDefinitionSchema,
  confirm: z.boolean().optional(),
});
export type DataModelUpdate = z.input<typeof dataModelUpdateSchema>;

export const dataModelListQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
});

const ms = z.number().nullable();

export const dataModelSchema = z.object({
  id: z.string(),
  code: z.string(),
  names: dataModelNamesSchema,
  tableName: z.string(),
  version: z.number().int(),
  definition: dataModelDefinitionSchema,
  createdAt: ms,
  updatedAt: ms,
}) satisfies z.ZodType<DataModel>;

export const dataModelSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  names: dataModelNamesSchema,
  version: z.number().int(),
  isTree: z.boolean(),
  isLines: z.boolean(),
  fieldCount: z.number().int(),
  updatedByName: z.string(),
  updatedAt: ms,
}) satisfies z.ZodType<DataModelSummary>;

export const dataModelVersionSchema = z.object({
  version: z.number().int(),
  definition: dataModelDefinitionSchema,
  statements: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.number(),
}) satisfies z.ZodType<DataModelVersion>;

export const dataModelLossSchema = z.object({
  kind: z.enum(DM_LOSS_KINDS),
  field: z.string(),
  rows: z.number().int(),
});

// The stored versions are read back through the schema: the type the code uses is the schema's.
export type DataModelDefinitionParsed = z.output<typeof dataModelDefinitionSchema> & DataModelDefinition;
