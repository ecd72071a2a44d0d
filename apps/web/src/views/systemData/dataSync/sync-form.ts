import {
  DATA_SYNC_BATCH,
  DATA_SYNC_MAX_ROWS,
  DATA_SYNC_RETRY,
  DATA_SYNC_RETRY_DELAY,
  type DataModelNames,
  type DataSync,
  type DataSyncMapping,
  type DataSyncMode,
  type DataSyncSave,
  type DataSyncSourceKind,
  type DataSyncWatermarkType,
  DEFAULT_TASK_TIME_ZONE,
} from '@srm/contracts/core';
import type { FormPath } from '../../../components/editorForm';

/** The sync editor's values: the source table as one choice (`[schema, table]` as JSON). */
export interface SyncFormValues {
  code: string;
  names: DataModelNames;
  sourceKind: DataSyncSourceKind;
  sourceId?: string | undefined;
  table?: string | undefined;
  modelId?: string | undefined;
  mapping: DataSyncMapping[];
  keyColumns: string[];
  mode: DataSyncMode;
  watermarkColumn?: string | null | undefined;
  watermarkType?: DataSyncWatermarkType | null | undefined;
  batchSize: number;
  maxRows: number;
  cron: string;
  timeZone: string;
  retryLimit: number;
  retryDelaySeconds: number;
  enabled: boolean;
}

export const tableKey = (schema: string, table: string) => JSON.stringify([schema, table]);

export function splitTableKey(key: string | undefined): { schema: string; table: string } {
  if (!key) return { schema: '', table: '' };
  try {
    const [schema = '', table = ''] = JSON.parse(key) as string[];
    return { schema, table };
  } catch {
    return { schema: '', table: '' };
  }
}

export const NEW_SYNC: SyncFormValues = {
  code: '',
  names: { 'zh-CN': '', 'en-US': '', 'zh-TW': '' },
  sourceKind: 'table',
  mapping: [],
  keyColumns: [],
  mode: 'incremental',
  watermarkType: 'timestamp',
  batchSize: DATA_SYNC_BATCH.default,
  maxRows: DATA_SYNC_MAX_ROWS.default,
  cron: '',
  timeZone: DEFAULT_TASK_TIME_ZONE,
  retryLimit: DATA_SYNC_RETRY.default,
  retryDelaySeconds: DATA_SYNC_RETRY_DELAY.default,
  enabled: true,
};

export function toFormValues(sync: DataSync): SyncFormValues {
  return {
    code: sync.code,
    names: { 'en-US': '', 'zh-TW': '', ...sync.names },
    sourceKind: sync.sourceKind,
    sourceId: sync.sourceId,
    table: sync.sourceKind === 'table' ? tableKey(sync.sourceSchema, sync.sourceTable) : undefined,
    modelId: sync.modelId,
    mapping: sync.mapping,
    keyColumns: sync.keyColumns,
    mode: sync.mode,
    watermarkColumn: sync.watermarkColumn,
    watermarkType: sync.watermarkType ?? 'timestamp',
    batchSize: sync.batchSize,
    maxRows: sync.maxRows,
    cron: sync.cron ?? '',
    timeZone: sync.timeZone,
    retryLimit: sync.retryLimit,
    retryDelaySeconds: sync.retryDelaySeconds,
    enabled: sync.enabled,
  };
}

export function toSaveBody(values: SyncFormValues): DataSyncSave {
  const { schema, table } = splitTableKey(values.table);
  const incremental = values.mode === 'incremental';
  return {
    code: values.code.trim(),
    names: {
      'zh-CN': values.names['zh-CN'],
      ...(values.names['en-US'] ? { 'en-US': values.names['en-US'] } : {}),
      ...(values.names['zh-TW'] ? { 'zh-TW': values.names['zh-TW'] } : {}),
    },
    sourceKind: values.sourceKind,
    sourceId: values.sourceId ?? '',
    sourceSchema: values.sourceKind === 'table' ? schema : '',
    sourceTable: values.sourceKind === 'table' ? table : '',
    modelId: values.modelId ?? '',
    mapping: values.mapping.filter((m) => m.column && m.field),
    keyColumns: values.keyColumns,
    mode: values.mode,
    watermarkColumn: incremental ? (values.watermarkColumn ?? null) : null,
    watermarkType: incremental ? (values.watermarkType ?? null) : null,
    batchSize: values.batchSize,
    maxRows: values.maxRows,
    cron: values.cron.trim() || null,
    timeZone: values.timeZone,
    retryLimit: values.retryLimit,
    retryDelaySeconds: values.retryDelaySeconds,
    enabled: values.enabled,
  };
}

/** Where a server path's message goes in the form (`sourceSchema` and `sourceTable` at the table). */
export function formPathOf(path: string): FormPath | null {
  if (path === 'sourceTable' || path === 'sourceSchema') return ['table'];
  const m = /^mapping\.(\d+)\.(column|field)$/.exec(path);
  if (m) return ['mapping', Number(m[1]), m[2] as string];
  if (/^keyColumns(\.\d+)?$/.test(path)) return ['keyColumns'];
  if (/^names\.(zh-CN|en-US|zh-TW)$/.test(path)) return ['names', path.slice(6)];
  const top = [
    'code',
    'sourceKind',
    'sourceId',
    'modelId',
    'mode',
    'watermarkColumn',
    'watermarkType',
    'batchSize',
    'maxRows',
    'cron',
    'timeZone',
    'retryLimit',
    'retryDelaySeconds',
  ];
  return top.includes(path) ? [path] : null;
}

/** A source column's field by name: the same code, or the code a take-in gives it (`src_…`). */
export function fieldFor(column: string, fields: readonly { code: string }[]): string | undefined {
  const code = column.toLowerCase().replace(/[^a-z0-9_]+/g, '_');
  return fields.find((f) => f.code === code || f.code === `src_${code}`)?.code;
}
