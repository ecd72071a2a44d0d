import {
  PORTAL_COLUMNS,
  PORTAL_DATASET_WIDGETS,
  PORTAL_ROWS_MAX,
  PORTAL_Y_MAX,
  type Portal,
  type PortalDefinition,
  type PortalPlace,
  type PortalWidget,
  type PortalWidgetType,
  type ReportAggregate,
  type ReportChartType,
  type ReportFormat,
} from '@srm/contracts/core';
import { type ColumnFormValues, chartHasSeries, cleanNames, type FormNames } from '../dataReport/report-form';

/** A widget as the editor's form holds it: every part a type may have, the others left undefined. */
export interface WidgetFormValues extends PortalPlace {
  id: string;
  type: PortalWidgetType;
  names: FormNames;
  /** The list widgets' and the table's rows. */
  rows?: number;
  datasetId?: string;
  params?: Record<string, unknown>;
  chart?: { type: ReportChartType; x?: string; y?: string[]; series?: string; mapId?: string };
  field?: string;
  aggregate?: ReportAggregate;
  format?: ReportFormat;
  columns?: ColumnFormValues[];
  menuIds?: string[];
  html?: FormNames;
}

export interface PortalFormValues {
  code: string;
  names: FormNames;
  widgets: WidgetFormValues[];
}

export const NEW_PORTAL: PortalFormValues = { code: '', names: { 'zh-CN': '' }, widgets: [] };

export const isDatasetType = (type: PortalWidgetType | undefined) =>
  !!type && PORTAL_DATASET_WIDGETS.includes(type);

/** The size a new widget of a type starts with (columns × rows of PORTAL_ROW_HEIGHT). */
const START_SIZE: Record<PortalWidgetType, { w: number; h: number }> = {
  todo: { w: 6, h: 7 },
  unread: { w: 6, h: 7 },
  notices: { w: 6, h: 7 },
  chart: { w: 6, h: 8 },
  number: { w: 3, h: 3 },
  table: { w: 12, h: 8 },
  shortcuts: { w: 6, h: 4 },
  text: { w: 6, h: 4 },
};

/** A widget id: letters and digits, unique within the portal. */
export function newWidgetId(taken: readonly string[]): string {
  for (;;) {
    const id = `w${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.includes(id)) return id;
  }
}

/** The first row below every widget: where a new one goes (the grid packs it upwards). */
export function bottomOf(places: readonly PortalPlace[]): number {
  return places.reduce((max, p) => Math.max(max, p.y + p.h), 0);
}

/** A new widget of `type`, below the others, with the type's starting settings. */
export function newWidget(type: PortalWidgetType, others: readonly WidgetFormValues[]): WidgetFormValues {
  const place = { x: 0, y: Math.min(bottomOf(others), PORTAL_Y_MAX), ...START_SIZE[type] };
  const base = { id: newWidgetId(others.map((w) => w.id)), type, names: { 'zh-CN': '' }, ...place };
  if (type === 'todo' || type === 'unread' || type === 'notices') return { ...base, rows: 5 };
  if (type === 'chart') return { ...base, params: {}, chart: { type: 'bar', y: [] } };
  if (type === 'number') return { ...base, params: {}, aggregate: 'sum', format: 'number' };
  if (type === 'table') return { ...base, params: {}, columns: [], rows: 10 };
  if (type === 'shortcuts') return { ...base, menuIds: [] };
  return { ...base, html: { 'zh-CN': '' } };
}

export function toFormValues(portal: Portal): PortalFormValues {
  return {
    code: portal.code,
    names: { ...portal.names },
    widgets: portal.definition.widgets.map((w) => structuredClone(w) as WidgetFormValues),
  };
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The fixed parameter values to save: the empty ones left out (the dataset's default then holds). */
function paramValues(params: Record<string, unknown> | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [code, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'number' || typeof value === 'boolean') out[code] = value;
    else if (String(value).trim() !== '') out[code] = String(value).trim();
  }
  return out;
}

/**
 * One widget of the definition the form describes, half-filled parts included (the server then
 * names what is missing at its field rather than the part vanishing).
 */
export function toWidget(w: WidgetFormValues): PortalWidget {
  const base = { id: w.id, names: cleanNames(w.names), x: w.x, y: w.y, w: w.w, h: w.h };
  const dataset = { ...base, datasetId: w.datasetId ?? '', params: paramValues(w.params) };
  switch (w.type) {
    case 'todo':
    case 'unread':
    case 'notices':
      return { ...base, type: w.type, rows: w.rows ?? 5 };
    case 'chart': {
      const chart = w.chart ?? { type: 'bar' };
      const series = chartHasSeries(chart.type) ? text(chart.series) : '';
      return {
        ...dataset,
        type: 'chart',
        chart: {
          type: chart.type,
          x: text(chart.x),
          y: (chart.y ?? []).map(text).filter(Boolean),
          ...(series ? { series } : {}),
          ...(chart.type === 'map' && chart.mapId ? { mapId: chart.mapId } : {}),
        },
      };
    }
    case 'number':
      return {
        ...dataset,
        type: 'number',
        field: text(w.field),
        aggregate: w.aggregate ?? 'sum',
        format: w.format ?? 'number',
      };
    case 'table':
      return {
        ...dataset,
        type: 'table',
        rows: w.rows ?? 10,
        columns: (w.columns ?? []).map((c) => ({
          field: text(c?.field),
          names: cleanNames(c?.names),
          format: c?.format ?? 'text',
        })),
      };
    case 'shortcuts':
      return { ...base, type: 'shortcuts', menuIds: [...(w.menuIds ?? [])] };
    default:
      return {
        ...base,
        type: 'text',
        html: {
          'zh-CN': w.html?.['zh-CN'] ?? '',
          ...(w.html?.['en-US'] ? { 'en-US': w.html['en-US'] } : {}),
          ...(w.html?.['zh-TW'] ? { 'zh-TW': w.html['zh-TW'] } : {}),
        },
      };
  }
}

export const toDefinition = (values: PortalFormValues): PortalDefinition => ({
  widgets: (values.widgets ?? []).filter(Boolean).map(toWidget),
});

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));

/** A place typed in by keyboard, kept on the grid: inside its 12 columns and its row limits. */
export function clampPlace(place: PortalPlace, changed: keyof PortalPlace): PortalPlace {
  const w = clamp(place.w || 1, 1, PORTAL_COLUMNS);
  const h = clamp(place.h || 1, 1, PORTAL_ROWS_MAX);
  const y = clamp(place.y || 0, 0, PORTAL_Y_MAX);
  // The one typed in gives way last: a wider widget moves left, a widget moved right narrows.
  if (changed === 'x') {
    const x = clamp(place.x || 0, 0, PORTAL_COLUMNS - 1);
    return { x, y, w: Math.min(w, PORTAL_COLUMNS - x), h };
  }
  return { x: clamp(place.x || 0, 0, PORTAL_COLUMNS - w), y, w, h };
}

type FormPath = (string | number)[];

const LOCALE = /^(zh-CN|en-US|zh-TW)$/;
const PLACE = new Set(['x', 'y', 'w', 'h']);
const SIMPLE = new Set(['rows', 'datasetId', 'field', 'aggregate', 'format', 'menuIds']);

/** Where a widget's server path (after `definition.widgets.N.`) is in its settings, or null. */
function widgetPath(parts: (string | number)[]): FormPath | null {
  const [a, b, c, d] = parts;
  if (typeof a !== 'string') return null;
  if (PLACE.has(a) || SIMPLE.has(a)) return parts.length === 1 || a === 'menuIds' ? [a] : null;
  if ((a === 'names' || a === 'html') && typeof b === 'string' && LOCALE.test(b)) return [a, b];
  if (a === 'params' && typeof b === 'string' && parts.length === 2) return ['params', b];
  if (a === 'chart') {
    if (b === 'y') return ['chart', 'y'];
    if (b === 'type' || b === 'x' || b === 'series' || b === 'mapId') return ['chart', b];
    return null;
  }
  if (a === 'columns' && typeof b === 'number') {
    if (c === 'field' || c === 'format') return ['columns', b, c];
    if (c === 'names' && typeof d === 'string' && LOCALE.test(d)) return ['columns', b, 'names', d];
  }
  return null;
}

/**
 * Where a server path (`definition.widgets.2.chart.x`, `names.zh-CN`) is in the form, or null for
 * one the form has no field for (said above the form instead).
 */
export function formPathOf(path: string): FormPath | null {
  const parts = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (path === 'code') return ['code'];
  if (parts[0] === 'names' && parts.length === 2 && LOCALE.test(String(parts[1]))) return parts;
  if (parts[0] !== 'definition' || parts[1] !== 'widgets' || typeof parts[2] !== 'number') return null;
  const inWidget = widgetPath(parts.slice(3));
  return inWidget ? ['widgets', parts[2], ...inWidget] : null;
}
