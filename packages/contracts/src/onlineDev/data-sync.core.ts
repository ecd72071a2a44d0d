// The zod-free part of data sync (系统数据 › 数据同步, issue 39 §5, docs/data-sync.md): a job that
// copies a data source's table or a dataset of the tenant into a data model, in full or
// incrementally by a watermark column, with a dry run, a run log, retries and a schedule. The
// schemas are in data-sync.ts.
import type { DataModelDefinition, DataModelNames } from './data-model.core';

export const DataSyncPerm = {
  dataSync: 'systemData.dataSync',
  dataSyncAdd: 'systemData.dataSync.add',
  dataSyncEdit: 'systemData.dataSync.edit',
  dataSyncDelete: 'systemData.dataSync.delete',
  dataSyncExecute: 'systemData.dataSync.execute',
} as const;
export type DataSyncPermCode = (typeof DataSyncPerm)[keyof typeof DataSyncPerm];

export const DataSyncApi = {
  /**
   * GET list; POST create; GET/PUT/DELETE `${dataSync}/{id}`; GET `${dataSync}/{id}/Runs` (the run
   * log, newest first); POST `${dataSync}/{id}/Actions/Execute` (a run now: answers its id);
   * POST `${dataSync}/{id}/Actions/DryRun` (reads and compares, writes nothing);
   * POST `${dataSync}/Actions/ProposeModel` (a source table as a model definition to take in).
   */
  dataSync: '/api/systemData/DataSync',
} as const;

export const DATA_SYNC_SOURCE_KINDS = ['table', 'dataset'] as const;
export type DataSyncSourceKind = (typeof DATA_SYNC_SOURCE_KINDS)[number];
export const DATA_SYNC_MODES = ['full', 'incremental'] as const;
export type DataSyncMode = (typeof DATA_SYNC_MODES)[number];
export const DATA_SYNC_WATERMARK_TYPES = ['number', 'timestamp'] as const;
export type DataSyncWatermarkType = (typeof DATA_SYNC_WATERMARK_TYPES)[number];
export const DATA_SYNC_RUN_STATUSES = ['queued', 'running', 'retrying', 'success', 'failure'] as const;
export type DataSyncRunStatus = (typeof DATA_SYNC_RUN_STATUSES)[number];
export type DataSyncTrigger = 'manual' | 'schedule';

export const DATA_SYNCS_PER_TENANT = 50;
export const DATA_SYNC_MAPPING_MAX = 200;
export const DATA_SYNC_KEY_MAX = 5;
/** Rows read and written in one transaction: the default and the bounds. */
export const DATA_SYNC_BATCH = { default: 500, min: 1, max: 5_000 } as const;
/** Rows one run reads at most: the default and the bounds. */
export const DATA_SYNC_MAX_ROWS = { default: 100_000, min: 1, max: 1_000_000 } as const;
/** Retries of a failed run (the job's policy) and the seconds before the first. */
export const DATA_SYNC_RETRY = { default: 2, max: 10 } as const;
export const DATA_SYNC_RETRY_DELAY = { default: 60, min: 1, max: 3_600 } as const;
/** Rows a dry run reads at most, and rows of each kind it shows. */
export const DATA_SYNC_DRY_RUN_ROWS = 5_000;
export const DATA_SYNC_SAMPLE_ROWS = 20;
/** Runs kept per sync: older ones are deleted after each run. */
export const DATA_SYNC_RUNS_KEPT = 200;

/**
 * The model field kinds a source column may be copied into: values typed in, nothing that names a
 * row or a file of the product (a source's ids are not the product's).
 */
export const DATA_SYNC_TARGET_KINDS = [
  'text',
  'longText',
  'integer',
  'decimal',
  'money',
  'date',
  'datetime',
  'boolean',
  'select',
] as const;
/** Kinds a key field may have: values compared exactly as text. */
export const DATA_SYNC_KEY_KINDS = ['text', 'integer', 'decimal', 'money', 'date', 'select'] as const;

export interface DataSyncMapping {
  /** The source's column (a table's column, or a dataset's output name). */
  column: string;
  /** The model's field code. */
  field: string;
}

export interface DataSyncRunSummary {
  id: string;
  status: DataSyncRunStatus;
  startedAt: number | null;
  endedAt: number | null;
}

export interface DataSync {
  id: string;
  code: string;
  names: DataModelNames;
  sourceKind: DataSyncSourceKind;
  /** The data source (a table) or the dataset read. */
  sourceId: string;
  sourceName: string;
  /** The table's schema (PostgreSQL) or database (MySQL); empty for a dataset. */
  sourceSchema: string;
  sourceTable: string;
  modelId: string;
  modelName: string;
  mapping: DataSyncMapping[];
  /** Source columns (each mapped) whose values find the model's row to update instead of inserting. */
  keyColumns: string[];
  mode: DataSyncMode;
  watermarkColumn: string | null;
  watermarkType: DataSyncWatermarkType | null;
  /** The last watermark written (as the source wrote it); null before the first incremental run. */
  watermark: string | null;
  batchSize: number;
  maxRows: number;
  /** A cron expression (minute hour day month weekday), or null when it only runs by hand. */
  cron: string | null;
  timeZone: string;
  retryLimit: number;
  retryDelaySeconds: number;
  enabled: boolean;
  nextRunAt: number | null;
  lastRun: DataSyncRunSummary | null;
  updatedAt: number | null;
  updatedByName: string;
}

export interface DataSyncRun {
  id: string;
  syncId: string;
  trigger: DataSyncTrigger;
  status: DataSyncRunStatus;
  attempt: number;
  startedAt: number | null;
  endedAt: number | null;
  rowsRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  watermarkBefore: string | null;
  watermarkAfter: string | null;
  /** What went wrong, in the reader's language ('' when nothing did). */
  message: string;
  createdAt: number;
}

export interface DataSyncRowChange {
  /** The key's values, joined by ' / '. */
  key: string;
  /** Field code → value as the model would hold it. */
  values: Record<string, string | number | boolean | null>;
  /** For an update, field code → value the model holds now, for the fields that change. */
  before?: Record<string, string | number | boolean | null>;
}

export interface DataSyncDiff {
  rowsRead: number;
  toInsert: number;
  toUpdate: number;
  unchanged: number;
  watermarkBefore: string | null;
  watermarkAfter: string | null;
  /** More rows were waiting than a dry run reads (DATA_SYNC_DRY_RUN_ROWS). */
  truncated: boolean;
  inserts: DataSyncRowChange[];
  updates: DataSyncRowChange[];
}

/** A source table as a model to take in (the take-in action of the data source screen). */
export interface DataSyncModelProposal {
  definition: DataModelDefinition;
  /** The column each proposed field copies. */
  mapping: DataSyncMapping[];
  /** Columns left out, with their type and the reason (a message in the caller's language). */
  skipped: { column: string; dbType: string; reason: string }[];
  /** The table's primary key columns (proposed as the sync's key). */
  primaryKey: string[];
  /** An updated-at or id-like column proposed as the watermark, or null. */
  watermark: { column: string; type: DataSyncWatermarkType } | null;
}
