import type {
  Dataset,
  DatasetDefinition,
  DatasetParam,
  DatasetParamType,
  VisualDataset,
} from '@srm/contracts/core';

/** The editor's form: the definition with the visual joins as a list of reference columns. */
export interface DatasetFormValues {
  code: string;
  names: { 'zh-CN': string; 'en-US'?: string; 'zh-TW'?: string };
  kind: 'visual' | 'sql';
  /** A data source the dataset reads instead of the product's tables ('' for the product's). */
  sourceId: string;
  sql: string;
  visual: {
    table?: string;
    joins: string[];
    columns: VisualDataset['columns'];
    filters: {
      column: string;
      op: VisualDataset['filters'][number]['op'];
      source: 'value' | 'param';
      value?: string;
      param?: string;
    }[];
    sort: VisualDataset['sort'];
  };
  params: { code: string; name: string; type: DatasetParamType; required: boolean; defaultValue?: string }[];
}

export const NEW_DATASET: DatasetFormValues = {
  code: '',
  names: { 'zh-CN': '' },
  kind: 'visual',
  sourceId: '',
  sql: '',
  visual: { joins: [], columns: [], filters: [], sort: [] },
  params: [],
};

export function toFormValues(dataset: Dataset): DatasetFormValues {
  const { definition } = dataset;
  const visual = definition.visual;
  return {
    code: dataset.code,
    names: { ...dataset.names },
    kind: definition.kind,
    sourceId: definition.sourceId ?? '',
    sql: definition.sql ?? '',
    visual: {
      table: visual?.table,
      joins: visual?.joins.map((j) => j.via) ?? [],
      columns: visual?.columns ?? [],
      filters: (visual?.filters ?? []).map((f) => ({ ...f, source: f.param ? 'param' : 'value' })),
      sort: visual?.sort ?? [],
    },
    params: definition.params.map((p) => ({
      code: p.code,
      name: p.names['zh-CN'],
      type: p.type,
      required: p.required,
      ...(p.defaultValue !== undefined ? { defaultValue: p.defaultValue } : {}),
    })),
  };
}

const clean = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as T;

export function toDefinition(values: DatasetFormValues): DatasetDefinition {
  const params: DatasetParam[] = (values.params ?? []).map((p) =>
    clean({
      code: p.code,
      names: { 'zh-CN': p.name },
      type: p.type,
      required: Boolean(p.required),
      defaultValue: p.defaultValue,
    }),
  );
  if (values.kind === 'sql' && !values.sourceId) return { kind: 'sql', sql: values.sql ?? '', params };
  const v = values.visual;
  return {
    kind: 'visual',
    ...(values.sourceId ? { sourceId: values.sourceId } : {}),
    params,
    visual: {
      table: v.table ?? '',
      joins: (v.joins ?? []).map((via) => ({ via })),
      columns: (v.columns ?? []).map((c) => clean(c)),
      filters: (v.filters ?? []).map(({ source, value, param, ...rest }) =>
        clean(source === 'param' ? { ...rest, param } : { ...rest, value }),
      ),
      sort: v.sort ?? [],
    },
  };
}

type FormPath = (string | number)[];

/**
 * Where a server path (`definition.visual.columns.2.column`) is in the form, or null for one the
 * form has no field for (said above the form instead).
 */
export function formPathOf(path: string): FormPath | null {
  const parts = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (path === 'code') return ['code'];
  if (parts[0] === 'names' && parts.length === 2) return parts;
  if (parts[0] !== 'definition') return null;
  const rest = parts.slice(1);
  if (rest[0] === 'sql' && rest.length === 1) return ['sql'];
  if ((rest[0] === 'kind' || rest[0] === 'sourceId') && rest.length === 1) return [rest[0]];
  if (rest[0] === 'params' && rest.length === 3)
    return ['params', rest[1] as number, rest[2] === 'names' ? 'name' : (rest[2] as string)];
  if (rest[0] === 'visual') {
    if (rest[1] === 'table') return ['visual', 'table'];
    if (rest[1] === 'joins') return ['visual', 'joins'];
    if ((rest[1] === 'columns' || rest[1] === 'filters' || rest[1] === 'sort') && rest.length === 4)
      return ['visual', rest[1], rest[2] as number, rest[3] as string];
  }
  return null;
}
