import {
  DATA_SCREEN_DATASET_WIDGETS,
  DATA_SCREEN_HEIGHT,
  DATA_SCREEN_MIN_SIDE,
  DATA_SCREEN_REFRESH_DEFAULT,
  DATA_SCREEN_WIDTH,
  type DataScreen,
  type DataScreenDefinition,
  type DataScreenPlace,
  type DataScreenTheme,
  type DataScreenWidget,
  type DataScreenWidgetType,
} from '@srm/contracts/core';
import { cleanNames, type FormNames } from '../dataReport/report-form';
import {
  newWidgetId,
  formPathOf as portalFormPathOf,
  toWidget,
  type WidgetFormValues,
} from '../visualPortal/portal-form';

/** A widget as the editor's form holds it: a portal widget's parts, and a text's or a clock's. */
export interface ScreenWidgetFormValues extends Omit<WidgetFormValues, 'type' | 'format'> {
  type: DataScreenWidgetType;
  text?: FormNames;
  fontSize?: number;
  align?: 'left' | 'center' | 'right';
  /** A number's or table's value format, or a clock's. */
  format?: string;
}

export interface ScreenFormValues {
  code: string;
  names: FormNames;
  theme: DataScreenTheme;
  background: string;
  refreshSeconds: number;
  widgets: ScreenWidgetFormValues[];
}

export const THEME_BACKGROUND: Record<DataScreenTheme, string> = { dark: '#06122b', light: '#f0f4fa' };

export const NEW_SCREEN: ScreenFormValues = {
  code: '',
  names: { 'zh-CN': '' },
  theme: 'dark',
  background: THEME_BACKGROUND.dark,
  refreshSeconds: DATA_SCREEN_REFRESH_DEFAULT,
  widgets: [],
};

export const isScreenDatasetType = (type: DataScreenWidgetType | undefined) =>
  !!type && DATA_SCREEN_DATASET_WIDGETS.includes(type);

/** The size a new widget of a type starts with, in design pixels. */
const START_SIZE: Record<DataScreenWidgetType, { w: number; h: number }> = {
  title: { w: 1920, h: 100 },
  text: { w: 480, h: 120 },
  number: { w: 360, h: 180 },
  chart: { w: 800, h: 420 },
  table: { w: 800, h: 420 },
  clock: { w: 360, h: 80 },
};

/** Where a new widget goes: below the lowest one, or at the top once the canvas is full. */
function startPlace(type: DataScreenWidgetType, others: readonly DataScreenPlace[]): DataScreenPlace {
  const { w, h } = START_SIZE[type];
  const bottom = others.reduce((max, p) => Math.max(max, p.y + p.h), 0);
  const y = bottom + h <= DATA_SCREEN_HEIGHT ? bottom : 0;
  return { x: 0, y, w, h };
}

/** A new widget of `type` with the type's starting settings. */
export function newScreenWidget(
  type: DataScreenWidgetType,
  others: readonly ScreenWidgetFormValues[],
): ScreenWidgetFormValues {
  const base = {
    id: newWidgetId(others.map((w) => w.id)),
    type,
    names: { 'zh-CN': '' },
    ...startPlace(type, others),
  };
  if (type === 'title') return { ...base, text: { 'zh-CN': '' }, fontSize: 48, align: 'center' };
  if (type === 'text') return { ...base, text: { 'zh-CN': '' }, fontSize: 24, align: 'left' };
  if (type === 'clock') return { ...base, format: 'datetime', fontSize: 28 };
  if (type === 'chart') return { ...base, params: {}, chart: { type: 'bar', y: [] } };
  if (type === 'number') return { ...base, params: {}, aggregate: 'sum', format: 'number' };
  return { ...base, params: {}, columns: [], rows: 10 };
}

export function toScreenFormValues(screen: DataScreen): ScreenFormValues {
  const { widgets, ...canvas } = screen.definition;
  return {
    code: screen.code,
    names: { ...screen.names },
    ...canvas,
    widgets: widgets.map((w) => structuredClone(w) as ScreenWidgetFormValues),
  };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n || 0)));

/**
 * A place kept on the canvas: inside 1920×1080 and at least DATA_SCREEN_MIN_SIDE a side. The one
 * typed in gives way last: a widget moved right narrows, a wider one moves left.
 */
export function clampScreenPlace(place: DataScreenPlace, changed?: keyof DataScreenPlace): DataScreenPlace {
  const fit = (pos: number, side: number, size: number, posChanged: boolean) => {
    const s = clamp(side, DATA_SCREEN_MIN_SIDE, size);
    if (posChanged) {
      const p = clamp(pos, 0, size - DATA_SCREEN_MIN_SIDE);
      return [p, Math.min(s, size - p)] as const;
    }
    return [clamp(pos, 0, size - s), s] as const;
  };
  const [x, w] = fit(place.x, place.w, DATA_SCREEN_WIDTH, changed === 'x');
  const [y, h] = fit(place.y, place.h, DATA_SCREEN_HEIGHT, changed === 'y');
  return { x, y, w, h };
}

const trimmed = (names: FormNames | undefined) => {
  const clean = cleanNames(names);
  return { ...clean, 'zh-CN': clean['zh-CN'] ?? '' };
};

/** One widget of the definition the form describes (half-filled parts included: the server names them). */
export function toScreenWidget(w: ScreenWidgetFormValues): DataScreenWidget {
  const base = { id: w.id, names: cleanNames(w.names), x: w.x, y: w.y, w: w.w, h: w.h };
  if (w.type === 'title' || w.type === 'text')
    return {
      ...base,
      type: w.type,
      text: trimmed(w.text),
      fontSize: w.fontSize ?? 24,
      align: w.align ?? 'left',
    };
  if (w.type === 'clock')
    return {
      ...base,
      type: 'clock',
      format: (w.format as 'datetime' | 'date' | 'time' | undefined) ?? 'datetime',
      fontSize: w.fontSize ?? 28,
    };
  // A number, chart or table has a portal widget's parts.
  return toWidget(w as WidgetFormValues) as DataScreenWidget;
}

export const toScreenDefinition = (values: ScreenFormValues): DataScreenDefinition => ({
  theme: values.theme,
  background: values.background,
  refreshSeconds: values.refreshSeconds,
  widgets: (values.widgets ?? []).filter(Boolean).map(toScreenWidget),
});

type FormPath = (string | number)[];
const CANVAS = new Set(['theme', 'background', 'refreshSeconds']);

/** Where a server path (`definition.widgets.2.text.en-US`, `definition.background`) is in the form, or null. */
export function screenFormPathOf(path: string): FormPath | null {
  const portal = portalFormPathOf(path);
  if (portal) return portal;
  const parts = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (parts[0] !== 'definition') return null;
  if (parts.length === 2 && CANVAS.has(String(parts[1]))) return [String(parts[1])];
  if (parts[1] !== 'widgets' || typeof parts[2] !== 'number') return null;
  const [, , index, field, locale] = parts;
  if ((field === 'fontSize' || field === 'align') && parts.length === 4) return ['widgets', index, field];
  if (field === 'text' && typeof locale === 'string' && /^(zh-CN|en-US|zh-TW)$/.test(locale))
    return ['widgets', index, 'text', locale];
  return null;
}
