import type {
  DataModelNames,
  Report,
  ReportAggregate,
  ReportChart,
  ReportChartType,
  ReportDefinition,
  ReportFormat,
} from '@srm/contracts/core';

/** Names as the form holds them: the optional languages may be empty strings. */
export interface FormNames {
  'zh-CN': string;
  'en-US'?: string;
  'zh-TW'?: string;
}

export interface ColumnFormValues {
  field?: string;
  names: FormNames;
  format: ReportFormat;
}

export interface ChartFormValues {
  type: ReportChartType;
  names: FormNames;
  x?: string;
  y: string[];
  series?: string;
  mapId?: string;
}

/**
 * The editor's form: the definition, with the pivot kept while it is switched off (turning it back
 * on finds what was chosen) and the fields not chosen yet left undefined.
 */
export interface ReportFormValues {
  code: string;
  names: FormNames;
  datasetId?: string;
  table: { columns: ColumnFormValues[]; groupBy: string[]; subtotals: boolean };
  pivotOn: boolean;
  pivot: { rows: string[]; column?: string; value?: string; aggregate: ReportAggregate };
  charts: ChartFormValues[];
}

export const NEW_COLUMN: ColumnFormValues = { names: { 'zh-CN': '' }, format: 'text' };
export const NEW_CHART: ChartFormValues = { type: 'bar', names: { 'zh-CN': '' }, y: [] };

export const NEW_REPORT: ReportFormValues = {
  code: '',
  names: { 'zh-CN': '' },
  table: { columns: [], groupBy: [], subtotals: false },
  pivotOn: false,
  pivot: { rows: [], aggregate: 'sum' },
  charts: [],
};

/** Bar and line charts split by a series field; a pie and a scatter do not. */
export const chartHasSeries = (type: ReportChartType | undefined) => type === 'bar' || type === 'line';

export function toFormValues(report: Report): ReportFormValues {
  const { definition } = report;
  return {
    code: report.code,
    names: { ...report.names },
    datasetId: definition.datasetId,
    table: {
      columns: definition.table.columns.map((c) => ({
        field: c.field,
        names: { ...c.names },
        format: c.format,
      })),
      groupBy: [...definition.table.groupBy],
      subtotals: definition.table.subtotals,
    },
    pivotOn: definition.pivot !== null,
    pivot: definition.pivot ? { ...definition.pivot, rows: [...definition.pivot.rows] } : NEW_REPORT.pivot,
    charts: definition.charts.map((c) => ({ ...c, names: { ...c.names }, y: [...c.y] })),
  };
}

/** Names without the empty optional languages (the server stores '' for them anyway). */
export function cleanNames(names: FormNames | undefined): DataModelNames {
  const zh = names?.['zh-CN']?.trim() ?? '';
  const en = names?.['en-US']?.trim();
  const tw = names?.['zh-TW']?.trim();
  return { 'zh-CN': zh, ...(en ? { 'en-US': en } : {}), ...(tw ? { 'zh-TW': tw } : {}) };
}

const text = (value: string | undefined) => (value ?? '').trim();

/**
 * The definition the form describes. It is also what the preview draws while the form is being
 * edited, so half-filled rows (no field yet) are left out rather than drawn as empty columns.
 */
export function toDefinition(values: ReportFormValues): ReportDefinition {
  const table = values.table ?? NEW_REPORT.table;
  const columns = (table.columns ?? [])
    .filter((c) => text(c?.field))
    .map((c) => ({ field: text(c.field), names: cleanNames(c.names), format: c.format ?? 'text' }));
  const pivot = values.pivot ?? NEW_REPORT.pivot;
  const charts: ReportChart[] = (values.charts ?? [])
    .filter((c) => c && text(c.x) && (c.y ?? []).length > 0 && (c.type !== 'map' || c.mapId))
    .map(chartOf);
  return {
    datasetId: values.datasetId ?? '',
    table: { columns, groupBy: table.groupBy ?? [], subtotals: Boolean(table.subtotals) },
    pivot: values.pivotOn
      ? {
          rows: pivot.rows ?? [],
          column: text(pivot.column),
          value: text(pivot.value),
          aggregate: pivot.aggregate ?? 'sum',
        }
      : null,
    charts,
  };
}

/**
 * What is saved: the definition as the form holds it, half-filled rows included, so that the
 * server names what is missing at its field instead of the row silently vanishing.
 */
export function toSaveDefinition(values: ReportFormValues): ReportDefinition {
  const preview = toDefinition(values);
  return {
    ...preview,
    table: {
      ...preview.table,
      columns: (values.table?.columns ?? []).map((c) => ({
        field: text(c?.field),
        names: cleanNames(c?.names),
        format: c?.format ?? 'text',
      })),
    },
    charts: (values.charts ?? []).map(chartOf),
  };
}

/** A chart as the form holds it: a series for bar and line only, a map for a map only. */
function chartOf(c: ChartFormValues): ReportChart {
  const series = chartHasSeries(c.type) ? text(c.series) : '';
  return {
    type: c.type,
    names: cleanNames(c.names),
    x: text(c.x),
    y: (c.y ?? []).map(text).filter(Boolean),
    ...(series ? { series } : {}),
    ...(c.type === 'map' && c.mapId ? { mapId: c.mapId } : {}),
  };
}

type FormPath = (string | number)[];

/**
 * Where a server path (`definition.table.columns.2.field`, `names.zh-CN`) is in the form, or null
 * for one the form has no field for (said above the form instead).
 */
export function formPathOf(path: string): FormPath | null {
  const parts = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (path === 'code') return ['code'];
  if (parts[0] === 'names' && parts.length === 2) return parts;
  if (parts[0] !== 'definition') return null;
  const [section, a, b, c] = parts.slice(1);
  if (section === 'datasetId') return ['datasetId'];
  if (section === 'table') {
    if (a === 'groupBy') return ['table', 'groupBy'];
    if (a === 'columns' && typeof b === 'number') {
      if (c === 'field' || c === 'format') return ['table', 'columns', b, c];
      if (c === 'names' && parts.length === 6) return ['table', 'columns', b, 'names', parts[5] as string];
    }
    return null;
  }
  if (section === 'pivot') {
    if (a === 'rows') return ['pivot', 'rows'];
    if (a === 'column' || a === 'value' || a === 'aggregate') return ['pivot', a];
    return null;
  }
  if (section === 'charts' && typeof a === 'number') {
    if (b === 'y') return ['charts', a, 'y'];
    if (b === 'type' || b === 'x' || b === 'series') return ['charts', a, b];
    if (b === 'names' && parts.length === 5) return ['charts', a, 'names', parts[4] as string];
  }
  return null;
}
