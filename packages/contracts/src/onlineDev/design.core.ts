// The zod-free part of the online designs (在线开发 › 表单设计): a design binds a form (the one
// `FormSchema`) and a list to a data model. Drafts change freely; publishing freezes the draft as a
// numbered version, which the model page (menu type 3) and flow forms use. The schemas are in design.ts.
import type { FormFieldType, FormSchema } from '../workflow/flow-model.core';
import type { DataModelFieldKind, DataModelNames } from './data-model.core';

export const DesignPerm = {
  /** The online development menu group. */
  onlineDev: 'onlineDev',
  webDesign: 'onlineDev.webDesign',
  webDesignAdd: 'onlineDev.webDesign.add',
  webDesignEdit: 'onlineDev.webDesign.edit',
  webDesignDelete: 'onlineDev.webDesign.delete',
  webDesignPublish: 'onlineDev.webDesign.publish',
} as const;
export type DesignPermCode = (typeof DesignPerm)[keyof typeof DesignPerm];

export const DesignApi = {
  /**
   * GET list; POST create; GET/PUT/DELETE `${design}/{id}`; POST `${design}/{id}/Actions/Publish`;
   * GET `${design}/{id}/Versions`; GET `${design}/{id}/Versions/{version}`; GET
   * `${design}/{id}/Actions/CodeGen` (the published design as a patch of the repository).
   */
  design: '/api/onlineDev/WebDesign',
} as const;

export const DESIGNS_PER_TENANT = 200;
export const DESIGN_LIST_COLUMNS_MAX = 50;
export const DESIGN_QUERY_FIELDS_MAX = 20;

/** Which controls may show a model field of each kind (the first is the designer's default). */
export const DESIGN_CONTROLS: Record<Exclude<DataModelFieldKind, 'lines'>, readonly FormFieldType[]> = {
  text: ['input', 'textarea', 'select', 'radio'],
  longText: ['textarea', 'input'],
  integer: ['number'],
  decimal: ['number', 'money'],
  money: ['money', 'number'],
  date: ['date'],
  datetime: ['datetime'],
  boolean: ['switch'],
  select: ['select', 'radio'],
  multiSelect: ['checkbox', 'select'],
  user: ['user'],
  department: ['dept'],
  supplier: ['supplier'],
  file: ['upload'],
  // A row of the referenced model, looked up through the model page's `Options/{field}`.
  reference: ['reference'],
};

export const LIST_COLUMN_FORMATS = ['text', 'number', 'money', 'percent', 'date', 'datetime'] as const;
export type ListColumnFormat = (typeof LIST_COLUMN_FORMATS)[number];

export const LIST_BUTTONS = [
  'add',
  'edit',
  'detail',
  'delete',
  'batchDelete',
  'import',
  'export',
  'launchFlow',
] as const;
export type ListButton = (typeof LIST_BUTTONS)[number];

export const LIST_QUERY_OPS = ['eq', 'like', 'between', 'in'] as const;
export type ListQueryOp = (typeof LIST_QUERY_OPS)[number];

export interface ListColumn {
  /** A field code of the model. */
  field: string;
  width?: number | undefined;
  fixed?: 'left' | 'right' | undefined;
  sortable?: boolean | undefined;
  format?: ListColumnFormat | undefined;
}

export interface ListQueryField {
  field: string;
  op: ListQueryOp;
}

export interface ListDesign {
  columns: ListColumn[];
  query: ListQueryField[];
  sort?: { field: string; order: 'asc' | 'desc' } | undefined;
  pageSize: 10 | 20 | 50 | 100;
  buttons: ListButton[];
  /** A tree model's page: the tree beside the list (its `field` labels the nodes). */
  tree?: { field: string } | undefined;
}

/** What a draft holds and a published version freezes. */
export interface DesignContent {
  form: FormSchema;
  list: ListDesign;
}

export type DesignKind = 'web' | 'app';

export interface DesignSummary {
  id: string;
  names: DataModelNames;
  /** An item code of the design-category dictionary. */
  category: string;
  kind: DesignKind;
  modelId: string;
  modelCode: string;
  /** 0 while never published. */
  publishedVersion: number;
  /** The draft holds changes not yet published. */
  changed: boolean;
  updatedAt: number | null;
}

export interface Design extends DesignSummary {
  draft: DesignContent;
}

export interface DesignVersion {
  version: number;
  content: DesignContent;
  /** The model's version the design was checked against when it was published. */
  modelVersion: number;
  publishedBy: string | null;
  publishedByName: string;
  publishedAt: number;
}

/** A problem of a design against its model, at its path in the design (`form.fields.3.type`). */
export interface DesignProblem {
  path: (string | number)[];
  key: string;
  params?: Record<string, string> | undefined;
}

interface ModelLike {
  isTree?: boolean | undefined;
  fields: readonly {
    code: string;
    kind: DataModelFieldKind;
    required?: boolean | undefined;
    defaultValue?: unknown;
    model?: string;
  }[];
}

const QUERY_OPS_BY_KIND: Partial<Record<DataModelFieldKind, readonly ListQueryOp[]>> = {
  text: ['eq', 'like', 'in'],
  longText: ['like'],
  integer: ['eq', 'between'],
  decimal: ['eq', 'between'],
  money: ['eq', 'between'],
  date: ['eq', 'between'],
  datetime: ['between'],
  boolean: ['eq'],
  select: ['eq', 'in'],
  multiSelect: ['in'],
  user: ['eq', 'in'],
  department: ['eq', 'in'],
  supplier: ['eq', 'in'],
  reference: ['eq', 'in'],
};

/**
 * What a design asks of its model that the model does not have: form fields and list columns that
 * name no field of it, controls that do not suit a field's kind, sub-tables that are not its lines,
 * a required field without a default left off the form, a tree beside a model that is not a tree.
 * `linesModels` are the models its `lines` fields name, by code.
 */
export function designProblems(
  content: DesignContent,
  model: ModelLike,
  linesModels: Readonly<Record<string, ModelLike>>,
): DesignProblem[] {
  const problems: DesignProblem[] = [];
  const byCode = new Map(model.fields.map((f) => [f.code, f]));
  const checkFields = (
    fields: FormSchema['fields'],
    of: ModelLike,
    at: (string | number)[],
    allowLines: boolean,
  ) => {
    const codes = new Map(of.fields.map((f) => [f.code, f]));
    fields.forEach((field, i) => {
      const modelField = codes.get(field.name);
      if (!modelField) {
        problems.push({ path: [...at, i, 'name'], key: 'validation.designNotInModel' });
        return;
      }
      if (modelField.kind === 'lines') {
        const lines = modelField.model ? linesModels[modelField.model] : undefined;
        if (!allowLines || field.type !== 'table' || !lines) {
          problems.push({ path: [...at, i, 'type'], key: 'validation.designKindMismatch' });
          return;
        }
        checkFields(field.columns ?? [], lines, [...at, i, 'columns'], false);
        return;
      }
      if (!DESIGN_CONTROLS[modelField.kind].includes(field.type))
        problems.push({ path: [...at, i, 'type'], key: 'validation.designKindMismatch' });
    });
    const onForm = new Set(fields.map((f) => f.name));
    for (const f of of.fields) {
      if (
        f.required &&
        f.kind !== 'lines' &&
        (f.defaultValue === undefined || f.defaultValue === null) &&
        !onForm.has(f.code)
      )
        problems.push({ path: at, key: 'validation.designRequiredMissing', params: { field: f.code } });
    }
  };
  checkFields(content.form.fields, model, ['form', 'fields'], true);

  const listable = (code: string) => {
    const f = byCode.get(code);
    return f !== undefined && f.kind !== 'lines' && f.kind !== 'file';
  };
  content.list.columns.forEach((column, i) => {
    if (!listable(column.field))
      problems.push({ path: ['list', 'columns', i, 'field'], key: 'validation.designNotInModel' });
  });
  content.list.query.forEach((q, i) => {
    const f = byCode.get(q.field);
    if (!f || !listable(q.field))
      problems.push({ path: ['list', 'query', i, 'field'], key: 'validation.designNotInModel' });
    else if (!QUERY_OPS_BY_KIND[f.kind]?.includes(q.op))
      problems.push({ path: ['list', 'query', i, 'op'], key: 'validation.designKindMismatch' });
  });
  const sort = content.list.sort;
  if (sort && !listable(sort.field))
    problems.push({ path: ['list', 'sort', 'field'], key: 'validation.designNotInModel' });
  const tree = content.list.tree;
  if (tree && (!model.isTree || !listable(tree.field)))
    problems.push({
      path: ['list', 'tree', 'field'],
      key: model.isTree ? 'validation.designNotInModel' : 'validation.designNotTree',
    });
  return problems;
}

/** The query operators a model field's kind offers (the list designer's choices). */
export function queryOpsOf(kind: DataModelFieldKind): readonly ListQueryOp[] {
  return QUERY_OPS_BY_KIND[kind] ?? [];
}
