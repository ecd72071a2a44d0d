// The zod-free part of the data models (系统数据 › 数据建模): codes, paths, limits, the identifier
// rules both sides check, and the wire types. The schemas are in data-model.ts.

export const DataModelPerm = {
  dataModel: 'systemData.dataModel',
  dataModelAdd: 'systemData.dataModel.add',
  dataModelEdit: 'systemData.dataModel.edit',
  dataModelDelete: 'systemData.dataModel.delete',
} as const;
export type DataModelPermCode = (typeof DataModelPerm)[keyof typeof DataModelPerm];

export const DataModelApi = {
  /** GET list; POST create; GET/PUT/DELETE `${dataModel}/{id}`; GET `${dataModel}/{id}/Versions`. */
  dataModel: '/api/systemData/DataModel',
} as const;

/** Model and field codes become PostgreSQL identifiers: at most this long (a table name stays within 63). */
export const DM_IDENTIFIER_MAX = 30;
export const DM_FIELDS_MAX = 200;
export const DM_INDEXES_MAX = 20;
export const DM_INDEX_FIELDS_MAX = 5;
export const DM_MODELS_PER_TENANT = 100;
/** Longest `text` field (varchar); longer values are `longText`. */
export const DM_TEXT_LENGTH_MAX = 4000;
export const DM_DECIMAL_PRECISION_MAX = 38;
export const DM_NAME_MAX = 50;

export const DM_FIELD_KINDS = [
  'text',
  'longText',
  'integer',
  'decimal',
  'money',
  'date',
  'datetime',
  'boolean',
  'select',
  'multiSelect',
  'user',
  'department',
  'supplier',
  'file',
  'reference',
  'lines',
] as const;
export type DataModelFieldKind = (typeof DM_FIELD_KINDS)[number];

/** Kinds whose value is typed in and may have a default (the others pick a row or a file). */
export const DM_KINDS_WITH_DEFAULT: readonly DataModelFieldKind[] = [
  'text',
  'longText',
  'integer',
  'decimal',
  'money',
  'date',
  'datetime',
  'boolean',
  'select',
];

/** Money is a fixed decimal of two places (amounts across the product are). */
export const DM_MONEY = { precision: 18, scale: 2 } as const;

/**
 * Columns every model table has, or may have, that the product writes itself: the row id, the
 * tenant, the audit columns, the tree's parent and the lines' master, and those the flow forms
 * will add (kept out now so that no field takes them first).
 */
export const DM_SYSTEM_COLUMNS: readonly string[] = [
  'id',
  'tenant_id',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
  'parent_id',
  'master_id',
  'sort_code',
  'flow_id',
  'flow_task_id',
  'flow_state',
  'row_version',
  'deleted_at',
];

/**
 * PostgreSQL's reserved key words (its documentation's appendix of key words, "reserved" and
 * "reserved (can be function or type)"), and the non-reserved ones that cannot be a column name.
 * Every identifier is quoted anyway; refusing these keeps generated code and hand-written SQL plain.
 */
export const PG_RESERVED_WORDS: ReadonlySet<string> = new Set(
  `all analyse analyze and any array as asc asymmetric authorization binary both case cast check
  collate collation column concurrently constraint create cross current_catalog current_date
  current_role current_schema current_time current_timestamp current_user default deferrable desc
  distinct do else end except false fetch for foreign freeze from full grant group having ilike in
  initially inner intersect into is isnull join lateral leading left like limit localtime
  localtimestamp natural not notnull null offset on only or order outer overlaps placing primary
  references returning right select session_user similar some symmetric system_user table
  tablesample then to trailing true union unique user using variadic verbose when where window with
  between bigint bit boolean char character coalesce dec decimal exists extract float greatest
  grouping inout int integer interval least national nchar none normalize numeric out overlay
  position precision real row setof smallint substring time timestamp treat trim values varchar
  xmlattributes xmlconcat xmlelement xmlexists xmlforest xmlnamespaces xmlparse xmlpi xmlroot
  xmlserialize xmltable`
    .split(/\s+/)
    .filter(Boolean),
);

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

export type IdentifierProblem =
  | 'validation.dmIdentifier'
  | 'validation.dmIdentifierLength'
  | 'validation.dmReservedWord'
  | 'validation.dmSystemColumn';

/** Why a model or field code cannot be an identifier, or null when it can. */
export function identifierProblem(
  code: string,
  options: { column?: boolean } = {},
): IdentifierProblem | null {
  if (!IDENTIFIER.test(code)) return 'validation.dmIdentifier';
  if (code.length > DM_IDENTIFIER_MAX) return 'validation.dmIdentifierLength';
  if (PG_RESERVED_WORDS.has(code)) return 'validation.dmReservedWord';
  if (options.column && DM_SYSTEM_COLUMNS.includes(code)) return 'validation.dmSystemColumn';
  return null;
}

export interface DataModelNames {
  'zh-CN': string;
  'en-US'?: string | undefined;
  'zh-TW'?: string | undefined;
}

interface FieldBase {
  code: string;
  names: DataModelNames;
  required?: boolean | undefined;
  unique?: boolean | undefined;
  defaultValue?: string | number | boolean | null | undefined;
}

export type DataModelField =
  | (FieldBase & { kind: 'text'; length: number })
  | (FieldBase & { kind: 'decimal'; precision: number; scale: number })
  | (FieldBase & { kind: 'select' | 'multiSelect'; dictType: string })
  | (FieldBase & { kind: 'reference' | 'lines'; model: string })
  | (FieldBase & {
      kind: Exclude<
        DataModelFieldKind,
        'text' | 'decimal' | 'select' | 'multiSelect' | 'reference' | 'lines'
      >;
    });

export interface DataModelIndex {
  fields: string[];
  unique?: boolean | undefined;
}

/** A model as designed: what POST and PUT take and what each version stores. */
export interface DataModelDefinition {
  code: string;
  names: DataModelNames;
  /** A tree: rows have a parent row (`parent_id`). */
  isTree?: boolean | undefined;
  /** Sub-table rows: each belongs to a row of the model whose `lines` field names this one (`master_id`). */
  isLines?: boolean | undefined;
  fields: DataModelField[];
  indexes?: DataModelIndex[] | undefined;
}

export interface DataModel {
  id: string;
  code: string;
  names: DataModelNames;
  /** The PostgreSQL table holding the rows. */
  tableName: string;
  version: number;
  definition: DataModelDefinition;
  createdAt: number | null;
  updatedAt: number | null;
}

export interface DataModelSummary {
  id: string;
  code: string;
  names: DataModelNames;
  version: number;
  isTree: boolean;
  isLines: boolean;
  fieldCount: number;
  /** Who made the current version (its creator for version 1). */
  updatedByName: string;
  updatedAt: number | null;
}

export interface DataModelVersion {
  version: number;
  definition: DataModelDefinition;
  statements: string[];
  createdBy: string | null;
  createdByName: string;
  createdAt: number;
}

/** What a change would lose: per field (or `_tree`, `_lines`), the rows holding values it drops or changes. */
export const DM_LOSS_KINDS = [
  'dropField',
  'kindChange',
  'narrowText',
  'longTextToText',
  'narrowDecimal',
  'integerToDecimal',
  'treeOff',
  'linesOff',
] as const;
export type DataModelLossKind = (typeof DM_LOSS_KINDS)[number];

export interface DataModelLoss {
  kind: DataModelLossKind;
  field: string;
  rows: number;
}
