// The zod-free part of datasets (在线开发 › 数据集, decisions §11): a dataset is a named,
// parameterised query, built visually or written as SQL by an administrator, that reports, portals,
// screens and data interfaces read. Whatever its kind, what runs is one SELECT checked by
// PostgreSQL's own parser, in a read-only transaction with a statement timeout and a row cap,
// over the tables of the caller's tenant under his data rules (docs/datasets.md). The schemas are
// in dataset.ts.
import type { DataModelNames } from './data-model.core';

export const DatasetPerm = {
  dataset: 'onlineDev.dataSet',
  datasetAdd: 'onlineDev.dataSet.add',
  datasetEdit: 'onlineDev.dataSet.edit',
  datasetDelete: 'onlineDev.dataSet.delete',
} as const;
export type DatasetPermCode = (typeof DatasetPerm)[keyof typeof DatasetPerm];

export const DatasetApi = {
  /**
   * GET list; POST create; GET/PUT/DELETE `${dataset}/{id}`; POST `${dataset}/{id}/Actions/Run`
   * (the saved dataset with parameter values); POST `${dataset}/Actions/Preview` (a definition not
   * saved yet); GET `${dataset}/Tables` (the tables a dataset can read, with their columns;
   * `?sourceId=` a data source's); GET `${dataset}/Sources` (the data sources a dataset may read).
   */
  dataset: '/api/onlineDev/DataSet',
} as const;

export const DATASETS_PER_TENANT = 500;
/** Rows a run answers at most; a result cut there says so (`truncated`). */
export const DATASET_ROW_CAP = 10_000;
/** Rows a preview shows. */
export const DATASET_PREVIEW_ROWS = 100;
export const DATASET_SQL_MAX = 20_000;
export const DATASET_PARAMS_MAX = 20;
export const DATASET_COLUMNS_MAX = 50;
export const DATASET_FILTERS_MAX = 20;
export const DATASET_JOINS_MAX = 5;

export type DatasetParamType = 'text' | 'number' | 'date' | 'boolean';
export const DATASET_PARAM_TYPES = ['text', 'number', 'date', 'boolean'] as const;

/** A parameter: `:code` in the SQL, or a visual filter's value; bound, never spliced. */
export interface DatasetParam {
  code: string;
  names: DataModelNames;
  type: DatasetParamType;
  required: boolean;
  /** Taken when the caller gives no value. */
  defaultValue?: string;
}

export const DATASET_AGGREGATES = ['count', 'countDistinct', 'sum', 'avg', 'min', 'max'] as const;
export type DatasetAggregate = (typeof DATASET_AGGREGATES)[number];
/** A date column cut to its year, month or day (date_trunc), to group by. */
export const DATASET_DATE_BUCKETS = ['year', 'month', 'day'] as const;
export type DatasetDateBucket = (typeof DATASET_DATE_BUCKETS)[number];
export const DATASET_FILTER_OPS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'isNull', 'notNull'] as const;
export type DatasetFilterOp = (typeof DATASET_FILTER_OPS)[number];

/**
 * A visually built query. A column is `column` of the main table or `via.column` of the table a
 * join reaches through the main table's reference column `via`. With an aggregate anywhere, the
 * other columns are the groups.
 */
export interface VisualDataset {
  table: string;
  joins: { via: string }[];
  columns: { column: string; alias: string; aggregate?: DatasetAggregate; bucket?: DatasetDateBucket }[];
  filters: { column: string; op: DatasetFilterOp; param?: string; value?: string }[];
  sort: { alias: string; order: 'asc' | 'desc' }[];
}

export type DatasetKind = 'visual' | 'sql';

export interface DatasetDefinition {
  kind: DatasetKind;
  /**
   * A data source of the tenant (系统数据 › 数据连接) whose tables the dataset reads instead of the
   * product's: visual only, read-only, outside the product's data rules (docs/datasets.md).
   */
  sourceId?: string;
  /** kind `sql`: one SELECT over the tables of `Tables`, parameters as `:code`. */
  sql?: string;
  /** kind `visual`. */
  visual?: VisualDataset;
  params: DatasetParam[];
}

/** A table a dataset reads: a data model of the tenant, or one of the product's. */
export interface DatasetTable {
  name: string;
  names: DataModelNames;
  /** `source`: a table of a data source, named `schema.table`. */
  source: 'model' | 'product' | 'source';
  columns: DatasetTableColumn[];
}

export interface DatasetTableColumn {
  name: string;
  names: DataModelNames;
  type: 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'id' | 'json';
  /** A column holding a row id of another table (what a visual join follows). */
  references?: string;
}

/** A data source as the dataset designer offers it: no connection details. */
export interface DatasetSourceChoice {
  id: string;
  code: string;
  name: string;
  kind: 'postgres' | 'mysql';
}

export interface DatasetResultColumn {
  name: string;
  type: 'text' | 'number' | 'boolean';
}

export interface DatasetResult {
  columns: DatasetResultColumn[];
  rows: Record<string, unknown>[];
  /** More rows matched than were answered (the row cap, or a preview's rows). */
  truncated: boolean;
  /** The statement that ran, for the designer (the parameters as $1, $2…). */
  statement?: string;
}

export interface DatasetSummary {
  id: string;
  code: string;
  names: DataModelNames;
  kind: DatasetKind;
  /** The data source it reads, when not the product's tables. */
  sourceName?: string;
  updatedAt: number | null;
  updatedByName: string;
}

export interface Dataset extends DatasetSummary {
  definition: DatasetDefinition;
}
